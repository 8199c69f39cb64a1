// Package url is the repository's own, not net/url.
package url

import "strings"

type URL struct {
	Host, Path string
}

// Parse is a package function ...
func Parse(raw string) (*URL, error) {
	host, path, _ := strings.Cut(raw, "/")
	return &URL{Host: host, Path: "/" + path}, nil
}

// ... and URL has methods of the same names.
func (u *URL) Parse(ref string) (*URL, error) {
	return &URL{Host: u.Host, Path: ref}, nil
}

func (u *URL) String() string { return u.Host + u.Path }
