package admin

import (
	"sync"

	"example.com/people/people"
)

// Admin reaches User's methods at depth 1 and Logger's at depth 2 (through
// Audit). Log is at both depths: User.Log, the shallower, is the one Go runs.
type Admin struct {
	*people.User
	people.Audit
	sync.Mutex
}

func Describe(a *Admin) string {
	a.Lock()
	defer a.Unlock()
	a.Log("described")
	a.Flush()
	return a.Name()
}

func Welcome(g people.Guest) string {
	return g.Name()
}
