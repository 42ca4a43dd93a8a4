package admit

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

func TestGateAdmitsInArrivalOrder(t *testing.T) {
	g := New(1)
	ctx := context.Background()
	if err := g.Enter(ctx); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	for i := range 5 {
		queued := make(chan struct{})
		wg.Go(func() {
			go func() { // queued once enter's waiter is in the queue
				for {
					g.mu.Lock()
					n := len(g.queue)
					g.mu.Unlock()
					if n == i+1 {
						close(queued)
						return
					}
					runtime.Gosched()
				}
			}()
			if err := g.Enter(ctx); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			g.Leave()
		})
		<-queued
	}
	g.Leave()
	wg.Wait()
	for i, v := range order {
		if v != i {
			t.Fatalf("admitted in order %v, want 0…4", order)
		}
	}
	if g.busy != 0 || len(g.queue) != 0 {
		t.Fatalf("busy %d, %d waiting after all left", g.busy, len(g.queue))
	}
}

func TestGateWaiterGivesUpWithItsContext(t *testing.T) {
	g := New(1)
	if err := g.Enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- g.Enter(ctx) }()
	for {
		g.mu.Lock()
		n := len(g.queue)
		g.mu.Unlock()
		if n == 1 {
			break
		}
		runtime.Gosched()
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("enter = %v, want context.Canceled", err)
	}
	g.Leave()
	if g.busy != 0 || len(g.queue) != 0 {
		t.Fatalf("busy %d, %d waiting", g.busy, len(g.queue))
	}
	if err := g.Enter(context.Background()); err != nil { // the place is free again
		t.Fatal(err)
	}
}
