package worker

import (
	"net/http"
	"time"

	"example.com/desk/orders"
)

func CancelOrder(o *orders.Order) error {
	return o.Cancel()
}

// Go knows o is an *orders.Order; whether or not the resolver follows the
// channel's element type, Ticket.Cancel is never a certain target.
func Drain(queue <-chan *orders.Order) {
	for o := range queue {
		o.Stop()
	}
	o := <-queue
	_ = o.Cancel()
}

// a receiver of a standard library type: the repository's Stop methods are
// not candidates at all
func Wait(d time.Duration) {
	t := time.NewTimer(d)
	t.Stop()
}

// a chain of standard library types: *http.Request, its URL field, the
// url.Values that Query returns
func Query(r *http.Request) string {
	return r.URL.Query().Get("id")
}
