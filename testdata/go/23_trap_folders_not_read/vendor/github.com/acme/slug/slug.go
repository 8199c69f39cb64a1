// Package slug is a vendored dependency: a copy of someone else's module.
package slug

import "strings"

func Make(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "-")) }
