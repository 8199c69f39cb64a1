module example.com/core

go 1.19
