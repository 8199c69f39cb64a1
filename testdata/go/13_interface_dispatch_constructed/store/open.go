package store

func Open(dsn string) Store {
	if dsn == "" {
		return NewMem()
	}
	return new(SQLStore)
}
