package billing

import "strconv"

func round(cents int) int {
	return (cents + 5) / 10 * 10
}

func format(cents int) string {
	return strconv.Itoa(cents/100) + "." + strconv.Itoa(cents%100)
}
