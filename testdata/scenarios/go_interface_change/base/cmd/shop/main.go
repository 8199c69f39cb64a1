package main

import (
	"database/sql"
	"log"
	"net/http"
	"os"

	"example.com/shop/api"
	"example.com/shop/store"
)

func main() {
	var s store.Store = store.NewMem()
	if dsn := os.Getenv("SHOP_DSN"); dsn != "" {
		db, err := sql.Open("sqlite", dsn)
		if err != nil {
			log.Fatal(err)
		}
		s = store.NewSQL(db)
	}
	h := api.New(s)
	http.HandleFunc("/items", h.ServeHTTP)
	log.Fatal(http.ListenAndServe(":8080", nil))
}
