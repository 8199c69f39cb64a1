package store

import "database/sql"

type SQLStore struct {
	db *sql.DB
}

func NewSQL(db *sql.DB) *SQLStore {
	return &SQLStore{db: db}
}

func (s *SQLStore) Get(id string) (Item, error) {
	var it Item
	err := s.db.QueryRow("SELECT id, cents FROM items WHERE id = ?", id).Scan(&it.ID, &it.Cents)
	return it, err
}

func (s *SQLStore) Put(it Item) error {
	_, err := s.db.Exec("INSERT INTO items (id, cents) VALUES (?, ?)", it.ID, it.Cents)
	return err
}
