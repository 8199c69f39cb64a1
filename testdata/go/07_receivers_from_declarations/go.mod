module example.com/obs

go 1.19
