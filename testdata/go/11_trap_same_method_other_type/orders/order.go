package orders

type Order struct{ ID int }

func (o *Order) Cancel() error { return nil }
func (o *Order) Stop()         {}

func (o *Order) Get(key string) string { return key }
