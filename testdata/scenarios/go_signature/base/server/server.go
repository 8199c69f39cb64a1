package server

import (
	"net/http"

	"example.com/shop/store"
)

type Handler interface {
	Serve(path string) error
}

type Base struct{}

func (b *Base) Log() {}

type Server struct {
	*Base
	db *storage.DB
}

var _ Handler = (*Server)(nil)

func New() *Server {
	db, _ := storage.Open()
	return &Server{db: db}
}

func (s *Server) Serve(path string) error {
	s.Log()
	return s.db.Query(path)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {}

func (s *Server) Routes() {
	http.HandleFunc("/x", s.handle)
}

func Run(h Handler) {
	h.Serve("/")
}
