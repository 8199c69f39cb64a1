package text

import "github.com/acme/slug"

func Permalink(title string) string {
	return "/posts/" + slug.Make(title) + normalize("")
}

func normalize(s string) string { return s }
