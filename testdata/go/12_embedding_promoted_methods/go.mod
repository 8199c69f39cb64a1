module example.com/people

go 1.19
