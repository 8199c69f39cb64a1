module example.com/kit/v2

go 1.19
