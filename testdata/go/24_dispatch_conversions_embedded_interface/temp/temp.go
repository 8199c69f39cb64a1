package temp

import "fmt"

type Formatter interface {
	Format() string
}

// Two named float types implement Formatter; only Celsius is ever made,
// by a conversion.
type Celsius float64

func (c Celsius) Format() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Fahrenheit float64

func (f Fahrenheit) Format() string { return fmt.Sprintf("%.1f°F", float64(f)) }

func FromSensor(raw float64) Formatter {
	return Celsius(raw)
}
