package web

import (
	"io"
	"net/http"
)

// Engine is an http.Handler; nothing in the repository names that interface.
type Engine struct{ routes map[string]string }

func New() *Engine { return &Engine{routes: map[string]string{}} }

func (e *Engine) ServeHTTP(w http.ResponseWriter, r *http.Request) {}

// Perform calls through the library's interface: what runs is a constructed
// type of the repository with a ServeHTTP of two parameters.
func Perform(h http.Handler, r *http.Request) {
	h.ServeHTTP(nil, r)
}

// Page writes through io.Writer; Buffer is one, and is constructed.
type Buffer struct{ data []byte }

func (b *Buffer) Write(p []byte) (int, error) { b.data = append(b.data, p...); return len(p), nil }

// Noisy has a Write of another shape: no io.Writer.
type Noisy struct{}

func (Noisy) Write(p []byte, again bool) {}

func Page(w io.Writer) {
	_, _ = w.Write([]byte("hi"))
}

var registry = map[string]string{}

// init fills the registry when the package is loaded.
func init() {
	register("home")
}

func register(name string) { registry[name] = name }

func use() {
	Page(&Buffer{})
	_ = Noisy{}
}
