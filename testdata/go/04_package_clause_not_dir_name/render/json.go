// Package rendering lives in directory render.
package rendering

import "encoding/json"

func JSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func Text(s string) []byte { return []byte(s) }
