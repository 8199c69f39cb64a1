package api

import (
	"net/http"

	"example.com/site/render"
)

func Hello(w http.ResponseWriter, r *http.Request) {
	w.Write(rendering.JSON(map[string]string{"hello": "world"}))
}

func Plain(w http.ResponseWriter, r *http.Request) {
	w.Write(rendering.Text("hello"))
}
