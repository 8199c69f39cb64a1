package store_test

import (
	"testing"

	"example.com/shop/store"
)

// Nothing here runs MemStore: only the conservative selection, which takes
// every test file importing the changed package, picks this file.
func TestNewSQL(t *testing.T) {
	if store.NewSQL(nil) == nil {
		t.Fatal("no store")
	}
}
