package calc

import "testing"

func TestCalc(t *testing.T) {
	t.Run("adds two", func(t *testing.T) {
		if Add(1, 1) != 2 {
			t.Fatal("add")
		}
	})
	t.Run("subtracts", func(t *testing.T) {
		if Sub(2, 1) != 1 {
			t.Fatal("sub")
		}
	})
	if Add(0, 0) != 0 {
		t.Fatal("zero")
	}
}
