package geo

type Shape interface {
	Area() float64
}

type Circle struct{ R float64 }

type Square struct{ S float64 }

func (c *Circle) Area() float64  { return 3.14 * c.R * c.R }
func (c *Circle) Radius() float64 { return c.R }
func (s Square) Area() float64    { return s.S * s.S }
func (s Square) Side() float64    { return s.S }
