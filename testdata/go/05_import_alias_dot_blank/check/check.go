package check

import "fmt"

func NotEmpty(s string) error {
	if s == "" {
		return fmt.Errorf("empty")
	}
	return nil
}
