package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

type Server struct{ name string }

func health(w http.ResponseWriter, r *http.Request) {}

func (s *Server) listOrders(w http.ResponseWriter, r *http.Request) { s.log("list") }

func (s *Server) log(msg string) {}

func (s *Server) close() error { return nil }

// Handlers passed as values: a function, a method value, a function literal.
func Register(mux *http.ServeMux, s *Server) {
	http.HandleFunc("/health", health)
	mux.HandleFunc("/orders", s.listOrders)
	mux.HandleFunc("/ping", func(w http.ResponseWriter, r *http.Request) {
		s.log("ping")
	})
}

// The same through the router module, which a replace puts in this repository.
func Routes(s *Server) http.Handler {
	r := chi.NewRouter()
	r.Get("/orders", s.listOrders)
	return r
}

// A method expression: (*Server).close is a func(*Server) error.
func Shutdown(servers []*Server) []error {
	return each(servers, (*Server).close)
}

func each(servers []*Server, f func(*Server) error) []error {
	var errs []error
	for _, s := range servers {
		if err := f(s); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func (s Server) label() string { return s.name }

// A method expression on a value receiver: Server.label is a func(Server) string.
func Labels(servers []Server) []string {
	label := Server.label
	out := make([]string, 0, len(servers))
	for _, s := range servers {
		out = append(out, label(s))
	}
	return out
}
