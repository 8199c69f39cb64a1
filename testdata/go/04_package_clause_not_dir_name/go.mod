module example.com/site

go 1.19
