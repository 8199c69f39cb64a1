// Package chi is a tiny stand-in for github.com/go-chi/chi/v5: the two
// calls the example uses, with the real signatures.
package chi

import "net/http"

type Mux struct {
	routes map[string]http.HandlerFunc
}

func NewRouter() *Mux { return &Mux{routes: map[string]http.HandlerFunc{}} }

func (mx *Mux) Get(pattern string, handlerFn http.HandlerFunc) {
	mx.routes["GET "+pattern] = handlerFn
}

func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h, ok := mx.routes[r.Method+" "+r.URL.Path]; ok {
		h(w, r)
		return
	}
	http.NotFound(w, r)
}
