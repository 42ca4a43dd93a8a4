package store

import (
	"context"
	"sync"
)

// gate admits queries in arrival order, at most n at a time: on a loaded
// server a query waits its turn instead of sharing the cores with every
// other one (fifty queries at once each take fifty times as long as
// alone, and finish in no useful order).
type gate struct {
	mu    sync.Mutex
	n     int
	busy  int
	queue []chan struct{} // waiters, oldest first
}

func newGate(n int) *gate { return &gate{n: n} }

// enter waits for a place; leave must follow a nil error.
func (g *gate) enter(ctx context.Context) error {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	if g.busy < g.n && len(g.queue) == 0 {
		g.busy++
		g.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	g.queue = append(g.queue, ch)
	g.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		g.mu.Lock()
		for i, c := range g.queue {
			if c == ch {
				g.queue = append(g.queue[:i], g.queue[i+1:]...)
				g.mu.Unlock()
				return ctx.Err()
			}
		}
		g.mu.Unlock()
		// admitted as ctx ended: hand the place on
		g.leave()
		return ctx.Err()
	}
}

// leave frees a place: the longest waiter takes it.
func (g *gate) leave() {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) > 0 {
		ch := g.queue[0]
		g.queue = g.queue[1:]
		close(ch) // the place passes to it: busy is unchanged
		return
	}
	g.busy--
}
