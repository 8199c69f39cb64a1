package geo

func SumCircles(cs []*Circle) float64 {
	total := 0.0
	for _, c := range cs {
		total += c.Area()
	}
	return total
}

func SumSquares(byName map[string]Square) float64 {
	total := 0.0
	for _, s := range byName {
		total += s.Area()
	}
	return total
}

// a type switch binds v to each case's type
func Widest(shapes []Shape) float64 {
	w := 0.0
	for _, sh := range shapes {
		switch v := sh.(type) {
		case *Circle:
			w = 2 * v.Radius()
		case Square:
			w = v.Side()
		}
	}
	return w
}

// an assertion, with and without the comma-ok form
func Radius(sh Shape) float64 {
	if c, ok := sh.(*Circle); ok {
		return c.Radius()
	}
	return sh.(Square).Side()
}
