package cart_test

import "example.com/shop/cart"

func filled(n int) *cart.Cart {
	c := cart.New()
	for i := 0; i < n; i++ {
		c.Add(10)
	}
	return c
}
