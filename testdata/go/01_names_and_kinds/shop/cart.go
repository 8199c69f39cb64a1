package shop

import "fmt"

// DefaultCurrency and MaxItems are package-level values, not nodes.
const MaxItems = 50

var DefaultCurrency = currencyFromEnv()

// Mode is a named non-struct type.
type Mode int

// Visitor is a named function type.
type Visitor func(item string)

// SKU is an alias.
type SKU = string

// Pricer is an interface with one method.
type Pricer interface {
	Price(sku SKU) int
}

// Cart is a struct type.
type Cart struct {
	items []SKU
	mode  Mode
}

// NewCart is a plain function.
func NewCart() *Cart {
	return &Cart{mode: Mode(1)}
}

// Add has a pointer receiver.
func (c *Cart) Add(sku SKU) {
	c.items = append(c.items, sku)
}

// Len has a value receiver.
func (c Cart) Len() int {
	return len(c.items)
}

func (c Cart) String() string {
	return fmt.Sprintf("cart of %d", c.Len())
}
