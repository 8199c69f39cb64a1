package billing

import "example.com/ledger/report"

type Invoice struct {
	Lines []int
}

func Total(inv Invoice) int {
	sum := 0
	for _, l := range inv.Lines {
		sum += round(l)
	}
	return sum
}

// Summary calls its own package's format and the report package's.
func Summary(inv Invoice) string {
	return format(Total(inv)) + report.Format(Total(inv))
}
