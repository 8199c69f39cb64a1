package metrics

type Counter struct {
	name string
	n    int
}

// a pointer receiver ...
func (c *Counter) Inc() { c.n++ }

// ... and a value receiver: both are Counter.<name>
func (c Counter) Value() int { return c.n }

// the method's own receiver types its calls
func (c *Counter) Add(k int) {
	for i := 0; i < k; i++ {
		c.Inc()
	}
}

// Gauge has methods of the same names.
type Gauge struct{ v int }

func (g *Gauge) Inc()       { g.v++ }
func (g Gauge) Value() int { return g.v }
