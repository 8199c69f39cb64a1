package web

import "testing"

func TestRegistry(t *testing.T) {
	if registry["home"] != "home" {
		t.Fatal("not registered")
	}
}
