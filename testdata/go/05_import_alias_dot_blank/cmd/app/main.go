package main

import (
	"log"
	"os"

	. "example.com/app/check"
	_ "example.com/app/drivers/pg"
	cache "example.com/app/internal/storage"
)

func main() {
	dsn := os.Getenv("DSN")
	if err := NotEmpty(dsn); err != nil {
		log.Fatal(err)
	}
	s := cache.Open(dsn)
	_ = s
}
