module example.com/orders

go 1.19

require github.com/go-chi/chi/v5 v5.0.0

replace github.com/go-chi/chi/v5 => ./forks/chi
