package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"example.com/shop/api"
	"example.com/shop/store"
)

func TestShow(t *testing.T) {
	h := api.New(store.NewMem())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/items?id=tea", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("status %d", rec.Code)
	}
}
