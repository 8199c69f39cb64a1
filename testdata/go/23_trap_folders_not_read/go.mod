module example.com/blog

go 1.19

require github.com/acme/slug v1.0.0
