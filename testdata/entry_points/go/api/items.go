package api

import (
	"net/http"

	"example.com/shop/internal/store"
)

func init() {
	store.Open()
}

// ListItems is a handler, and exported API of a library package.
func ListItems(w http.ResponseWriter, r *http.Request) {
	_ = store.Open()
}

func helper() {}
