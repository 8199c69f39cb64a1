module example.com/geo

go 1.19
