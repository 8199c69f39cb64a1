package support

// Ticket is unrelated to Order but has methods of the same names.
type Ticket struct{ ID int }

func (t *Ticket) Cancel() error { return nil }
func (t *Ticket) Stop()         {}

// a function, not a method, of the same name
func Cancel(id int) error { return nil }
