package main

import (
	"net/http"

	"example.com/shop/api"
)

var rootCmd = &Command{Use: "shop", RunE: serve}

// Command stands in for cobra's: a command's Run/RunE is what the CLI enters.
type Command struct {
	Use  string
	RunE func() error
}

func serve() error {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items", api.ListItems)
	http.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {})
	return http.ListenAndServe(":8080", mux)
}

func main() {
	_ = rootCmd.RunE()
}
