// Package pg registers itself; importers use it for that side effect only.
package pg

import "example.com/app/db"

func init() {
	db.Register("postgres", connect)
}

func connect(dsn string) error { return nil }
