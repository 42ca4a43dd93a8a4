package ocean

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// planCache keeps the results of recent plans for a short time, and runs
// a plan asked by several requests at once only once: under load the same
// questions come again and again, and a Parquet query costs tens of
// milliseconds of CPU. A result is at most TTL old, so new data ingested
// into a running server's store shows within TTL.
type planCache struct {
	ttl     time.Duration
	maxRows int // larger results are not kept
	maxKeys int
	now     func() time.Time // the clock; time.Now

	mu sync.Mutex
	m  map[string]*planEntry
}

type planEntry struct {
	done chan struct{} // closed when res and err are set
	res  *PlanResult
	err  error
	at   time.Time
}

func newPlanCache(ttl time.Duration) *planCache {
	return &planCache{ttl: ttl, maxRows: 2000, maxKeys: 512, now: time.Now, m: map[string]*planEntry{}}
}

// get returns the plan's result: a fresh kept one, the one being made
// for another request, or run's.
func (c *planCache) get(ctx context.Context, p QueryPlan, run func() (*PlanResult, error)) (*PlanResult, error) {
	if c == nil || c.ttl <= 0 {
		return run()
	}
	k := p
	k.Reasoning, k.Missing, k.Answer = "", nil, ""
	b, _ := json.Marshal(k)
	key := string(b)
	now := c.now()
	c.mu.Lock()
	e, ok := c.m[key]
	if ok && (e.done == nil || now.Sub(e.at) < c.ttl) {
		c.mu.Unlock()
		if e.done != nil {
			select {
			case <-e.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if e.err == nil {
			r := *e.res
			r.Plan = p // the asker's plan, answer kind and reasoning included
			return &r, nil
		}
		return run()
	}
	if len(c.m) >= c.maxKeys {
		for k, old := range c.m { // drop the stale, else any one
			select {
			case <-old.done:
				if now.Sub(old.at) >= c.ttl || len(c.m) >= c.maxKeys {
					delete(c.m, k)
				}
			default:
			}
		}
	}
	e = &planEntry{done: make(chan struct{}), at: now}
	c.m[key] = e
	c.mu.Unlock()

	e.res, e.err = run()
	close(e.done)
	if e.err != nil || len(e.res.Rows) > c.maxRows {
		c.mu.Lock()
		if c.m[key] == e {
			delete(c.m, key)
		}
		c.mu.Unlock()
	}
	return e.res, e.err
}
