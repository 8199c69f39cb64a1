package router

import "example.com/web/binding"

func Bind(contentType string) string {
	return binding.Default("POST", contentType).Name()
}
