package cart

type Cart struct{ cents []int }

func New() *Cart { return &Cart{} }

func (c *Cart) Add(cents int) { c.cents = append(c.cents, round(cents)) }

func (c *Cart) Total() int {
	t := 0
	for _, v := range c.cents {
		t += v
	}
	return t
}

func round(cents int) int { return (cents + 5) / 10 * 10 }
