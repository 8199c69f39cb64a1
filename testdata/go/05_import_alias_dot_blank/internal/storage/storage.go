package storage

type Store struct{ dsn string }

func Open(dsn string) *Store { return &Store{dsn: dsn} }
