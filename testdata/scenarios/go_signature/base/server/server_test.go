package server_test

import (
	"testing"

	"example.com/shop/server"
)

func TestServe(t *testing.T) {
	s := server.New()
	if err := s.Serve("/"); err != nil {
		t.Fatal(err)
	}
}
