module example.com/ci

go 1.19
