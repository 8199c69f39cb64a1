package cart

import "testing"

// an internal test: same package, unexported names in reach
func TestRound(t *testing.T) {
	if round(14) != 10 {
		t.Fatal("round(14)")
	}
}
