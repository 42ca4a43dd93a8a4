package ocean

import (
	"bytes"
	"context"
	"sync"
	"time"
)

// answerCache keeps the HTTP API's encoded answers to recent questions
// for a short time, keyed by the question as asked (trimmed), and runs a
// question asked by several requests at once only once. Under load the
// same questions come again and again, and even an answer whose plan
// result is kept (planCache) costs the whole graph (routing, planning,
// the agents, synthesis) and its encoding: 4–6 ms of CPU a request. A
// kept answer is at most TTL old, carries "cached": true and the time it
// was made, and is kept only while its plots are still served.
type answerCache struct {
	ttl      time.Duration
	maxKeys  int
	maxBytes int              // larger answers are not kept
	now      func() time.Time // the clock; time.Now

	mu sync.Mutex
	m  map[string]*answerEntry
}

type answerEntry struct {
	done  chan struct{} // closed when body and ok are set
	body  []byte        // the encoded Answer, without "cached"
	plots []string      // its plots' IDs
	ok    bool
	at    time.Time
}

func newAnswerCache(ttl time.Duration) *answerCache {
	return &answerCache{ttl: ttl, maxKeys: 512, maxBytes: 1 << 20, now: time.Now, m: map[string]*answerEntry{}}
}

// get returns the question's HTTP status and encoded answer, and whether
// it is a kept one: a fresh kept answer whose plots are all still in ps,
// the one being made for another request, or answer's. Only a 200 is
// kept.
func (c *answerCache) get(ctx context.Context, q string, ps *plotStore, answer func() (code int, body []byte, plots []string)) (int, []byte, bool) {
	run := func() (int, []byte, bool) {
		code, b, _ := answer()
		return code, b, false
	}
	if c == nil || c.ttl <= 0 {
		return run()
	}
	now := c.now()
	c.mu.Lock()
	e, found := c.m[q]
	if found && (!closed(e.done) || now.Sub(e.at) < c.ttl) {
		c.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return run()
		}
		if e.ok && ps.hasAll(e.plots) {
			return 200, markCached(e.body), true
		}
		return run()
	}
	if len(c.m) >= c.maxKeys {
		for k, old := range c.m { // drop the stale, else any finished one
			if closed(old.done) && (now.Sub(old.at) >= c.ttl || len(c.m) >= c.maxKeys) {
				delete(c.m, k)
			}
		}
	}
	e = &answerEntry{done: make(chan struct{}), at: now}
	c.m[q] = e
	c.mu.Unlock()

	code, body, plots := answer()
	e.body, e.plots, e.ok = body, plots, code == 200 && len(body) <= c.maxBytes
	close(e.done)
	if !e.ok {
		c.mu.Lock()
		if c.m[q] == e {
			delete(c.m, q)
		}
		c.mu.Unlock()
	}
	return code, body, false
}

func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// markCached adds "cached": true to an encoded JSON object.
func markCached(body []byte) []byte {
	if len(body) < 2 || body[0] != '{' {
		return body
	}
	sep := ","
	if bytes.HasPrefix(bytes.TrimSpace(body[1:]), []byte("}")) {
		sep = ""
	}
	out := make([]byte, 0, len(body)+16)
	out = append(out, `{"cached":true`+sep...)
	return append(out, body[1:]...)
}
