module example.com/thermo

go 1.19
