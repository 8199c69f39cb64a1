package handlers

import (
	"net/http"

	"example.com/core/money"
)

func Price(w http.ResponseWriter, r *http.Request) {
	a, err := money.Parse(r.URL.Query().Get("cents"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Write([]byte(a.String()))
}
