package store

// Open is exported, but internal/ is no public API.
func Open() error { return nil }
