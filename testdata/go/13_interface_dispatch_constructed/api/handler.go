package api

import (
	"example.com/inventory/cache"
	"example.com/inventory/store"
)

type Handler struct {
	store store.Store
	cache cache.Cache
}

func New(dsn string) *Handler {
	return &Handler{store: store.Open(dsn), cache: cache.Default()}
}

// a field of interface type
func (h *Handler) Show(id string) (store.Item, error) {
	return h.store.Get(id)
}

// a parameter of interface type
func Save(s store.Store, it store.Item) error {
	return s.Put(it)
}

func (h *Handler) Cached(key string) string {
	v, _ := h.cache.Lookup(key)
	return v
}
