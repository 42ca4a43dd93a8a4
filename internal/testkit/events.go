package testkit

import (
	"sync"

	"github.com/cairn-agents/cairn/event"
)

// Events records the events sent to its Sink; it is safe for concurrent
// use and its zero value is ready.
type Events struct {
	mu  sync.Mutex
	all []event.Event
}

// Sink records e; pass it to event.WithSink.
func (r *Events) Sink(e event.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.all = append(r.all, e)
}

// Kind returns the recorded events of kind k, in the order they came.
func (r *Events) Kind(k event.Kind) []event.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []event.Event
	for _, e := range r.all {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}
