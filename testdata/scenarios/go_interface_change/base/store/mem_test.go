package store_test

import (
	"testing"

	"example.com/shop/store"
)

func TestMemGet(t *testing.T) {
	m := store.NewMem()
	if err := m.Put(store.Item{ID: "tea", Cents: 250}); err != nil {
		t.Fatal(err)
	}
	it, err := m.Get("tea")
	if err != nil || it.Cents != 250 {
		t.Fatalf("Get(tea) = %v, %v", it, err)
	}
}

func TestMemPut(t *testing.T) {
	m := store.NewMem()
	if err := m.Put(store.Item{ID: "tea"}); err != nil {
		t.Fatal(err)
	}
}
