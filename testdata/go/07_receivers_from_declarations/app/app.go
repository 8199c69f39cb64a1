package app

import "example.com/obs/metrics"

func ByVar() int {
	var c metrics.Counter
	c.Inc()
	return c.Value()
}

func ByLiteral() int {
	c := metrics.Counter{}
	c.Inc()
	return c.Value()
}

func ByAddress() int {
	c := &metrics.Counter{}
	c.Add(2)
	return c.Value()
}

func ByNew() int {
	g := new(metrics.Gauge)
	g.Inc()
	return g.Value()
}

func ByParameter(c *metrics.Counter, g metrics.Gauge) int {
	c.Inc()
	return g.Value()
}

// a var with an initialiser and its type written
func ByTypedVar() int {
	var g *metrics.Gauge = &metrics.Gauge{}
	g.Inc()
	return 0
}

// a method called on a composite literal
func ByLiteralReceiver() int {
	return metrics.Counter{}.Value()
}
