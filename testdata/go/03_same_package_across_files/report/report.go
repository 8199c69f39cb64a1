package report

import "fmt"

// round and format exist here too, under the same names.
func round(v int) int { return v }

func format(v int) string { return fmt.Sprint(v) }

func Format(v int) string {
	return "[" + format(round(v)) + "]"
}
