module example.com/desk

go 1.19
