package money

import "fmt"

type Amount struct{ Cents int64 }

func Parse(s string) (Amount, error) {
	var a Amount
	_, err := fmt.Sscanf(s, "%d", &a.Cents)
	return a, err
}

func (a Amount) String() string { return fmt.Sprintf("%d.%02d", a.Cents/100, a.Cents%100) }
