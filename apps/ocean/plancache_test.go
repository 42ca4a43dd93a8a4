package ocean

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPlanCache: requests with the same plan at once run it once; a kept
// result is reused within the TTL and not after; a failure is not kept.
func TestPlanCache(t *testing.T) {
	c := newPlanCache(50 * time.Millisecond)
	// the cache's own clock, moved by the test: a loaded machine's
	// scheduling delays must not age the results
	var clockMu sync.Mutex
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c.now = func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return clock }
	advance := func(d time.Duration) { clockMu.Lock(); clock = clock.Add(d); clockMu.Unlock() }
	var runs atomic.Int32
	release := make(chan struct{})
	run := func() (*PlanResult, error) {
		runs.Add(1)
		<-release
		return &PlanResult{Rows: [][]any{{1.0}}}, nil
	}
	p := QueryPlan{Variable: "salinity", Aggregate: "max", Floats: []string{"2902269"}, Answer: "number"}
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			if r, err := c.get(context.Background(), p, run); err != nil || len(r.Rows) != 1 {
				t.Errorf("%v %v", r, err)
			}
		})
	}
	time.Sleep(20 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("10 concurrent requests ran the plan %d times", n)
	}
	q := p
	q.Answer, q.Reasoning = "table", "another wording"
	if r, _ := c.get(context.Background(), q, run); runs.Load() != 1 || r.Plan.Answer != "table" {
		t.Errorf("same plan, other wording: runs %d, plan %+v", runs.Load(), r.Plan)
	}
	advance(60 * time.Millisecond)
	c.get(context.Background(), p, run)
	if runs.Load() != 2 {
		t.Errorf("a result older than the TTL was reused")
	}
	fails := 0
	bad := func() (*PlanResult, error) { fails++; return nil, errors.New("store down") }
	other := QueryPlan{Variable: "temperature", Aggregate: "min", Answer: "number"}
	c.get(context.Background(), other, bad)
	c.get(context.Background(), other, bad)
	if fails != 2 {
		t.Errorf("a failure was kept (%d runs)", fails)
	}
}
