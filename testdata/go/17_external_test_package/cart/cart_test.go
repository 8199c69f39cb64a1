package cart_test

import (
	"fmt"
	"testing"

	"example.com/shop/cart"
)

func TestTotal(t *testing.T) {
	c := filled(2)
	if got := c.Total(); got != 20 {
		t.Fatalf("Total() = %d", got)
	}
}

func BenchmarkAdd(b *testing.B) {
	c := cart.New()
	for i := 0; i < b.N; i++ {
		c.Add(i)
	}
}

func ExampleNew() {
	c := cart.New()
	c.Add(10)
	fmt.Println(c.Total())
	// Output: 10
}
