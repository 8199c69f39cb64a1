package crawl

import (
	"strings"

	"example.com/crawler/url"
)

type Page struct {
	current *url.URL
}

// The package: url.Parse is the function.
func Start(raw string) (*Page, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	return &Page{current: u}, nil
}

// A local variable named url shadows the package: url.Parse is the method.
func (p *Page) Follow(ref string) (*Page, error) {
	url := p.current
	next, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	return &Page{current: next}, nil
}

// A parameter named url shadows it too (its type is read before it does).
func Resolve(url *url.URL, ref string) string {
	next, _ := url.Parse(ref)
	return next.String()
}

// A local of a standard library type: no method of the repository fits.
func Join(parts []string) string {
	url := &strings.Builder{}
	for _, p := range parts {
		url.WriteString(p)
	}
	return url.String()
}
