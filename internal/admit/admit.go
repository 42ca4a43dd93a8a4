// Package admit admits work in arrival order, a few at a time.
package admit

import (
	"context"
	"sync"
)

// Gate admits work in arrival order, at most n at a time: on a loaded
// server a query waits its turn instead of sharing the cores with every
// other one (fifty queries at once each take fifty times as long as
// alone, and finish in no useful order). A nil *Gate admits everything.
type Gate struct {
	mu    sync.Mutex
	n     int
	busy  int
	queue []chan struct{} // waiters, oldest first
}

// New is a gate of n places (at least one).
func New(n int) *Gate { return &Gate{n: max(n, 1)} }

// Enter waits for a place, or for ctx to end (its error then); Leave
// must follow a nil error.
func (g *Gate) Enter(ctx context.Context) error {
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
		g.Leave()
		return ctx.Err()
	}
}

// Leave frees a place: the longest waiter takes it.
func (g *Gate) Leave() {
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
