module example.com/streams

go 1.19
