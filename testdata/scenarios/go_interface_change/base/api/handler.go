package api

import (
	"encoding/json"
	"net/http"

	"example.com/shop/store"
)

type Handler struct {
	store store.Store
}

func New(s store.Store) *Handler {
	return &Handler{store: s}
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.show(w, r.URL.Query().Get("id"))
}

func (h *Handler) show(w http.ResponseWriter, id string) {
	it, err := h.store.Get(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	json.NewEncoder(w).Encode(it)
}
