module example.com/api

go 1.19

require example.com/core v0.0.0
