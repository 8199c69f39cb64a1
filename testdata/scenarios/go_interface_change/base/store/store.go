package store

import "errors"

var ErrNotFound = errors.New("not found")

type Item struct {
	ID    string
	Cents int
}

// Store is what the handlers depend on.
type Store interface {
	Get(id string) (Item, error)
	Put(it Item) error
}
