package greet

import "example.com/lib/text"

func Hello(name string) string {
	return "Hello, " + text.Title(name)
}
