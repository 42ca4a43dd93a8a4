package tool

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Cache remembers successful tool results by tool name and canonical
// arguments (object keys sorted, no whitespace, numbers as written). Errors
// are never cached. Identical calls in flight at the same time are collapsed
// into one: the others wait for its result. It is safe for concurrent use
// and may be shared by many tools (the key includes the tool name).
type Cache struct {
	maxEntries int
	ttl        time.Duration
	now        func() time.Time

	mu       sync.Mutex
	lru      *list.List // of *cacheEntry, most recent first
	entries  map[string]*list.Element
	inflight map[string]*flight
	stats    CacheStats
}

// CacheStats counts what a Cache did.
type CacheStats struct {
	Hits    int64 // answered from a stored result
	Shared  int64 // answered by waiting on an identical call in flight
	Misses  int64 // went to the tool
	Entries int   // results stored now
}

type cacheEntry struct {
	key     string
	result  json.RawMessage
	expires time.Time // zero: never
}

type flight struct {
	done       chan struct{}
	result     json.RawMessage
	err        error
	callerGone bool // the call failed because its caller's context ended
}

// NewCache returns a cache holding at most maxEntries results (least
// recently used dropped first; <= 0 means 1024), each for ttl (<= 0 means
// until evicted).
func NewCache(maxEntries int, ttl time.Duration) *Cache {
	if maxEntries <= 0 {
		maxEntries = 1024
	}
	return &Cache{
		maxEntries: maxEntries,
		ttl:        ttl,
		now:        time.Now,
		lru:        list.New(),
		entries:    make(map[string]*list.Element),
		inflight:   make(map[string]*flight),
	}
}

// Stats returns the counts so far.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Entries = c.lru.Len()
	return s
}

// Middleware returns the middleware that answers calls from c.
func (c *Cache) Middleware() Middleware {
	return func(t Tool) Tool {
		spec := t.Spec()
		return &wrapped{spec: spec, call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			canon, err := canonicalJSON(args)
			if err != nil {
				// Not JSON: nothing to key on; let the tool say what is wrong.
				return t.Call(ctx, args)
			}
			return c.call(ctx, t, spec.Name+"\x00"+string(canon), args)
		}}
	}
}

func (c *Cache) call(ctx context.Context, t Tool, key string, args json.RawMessage) (json.RawMessage, error) {
	for {
		res, err, again := c.try(ctx, t, key, args)
		if !again {
			return res, err
		}
	}
}

// try answers one call. again reports that this caller waited on a call
// whose own caller gave up (its context ended) while this caller's context
// is still live, so it should try again itself.
func (c *Cache) try(ctx context.Context, t Tool, key string, args json.RawMessage) (_ json.RawMessage, _ error, again bool) {
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		e := el.Value.(*cacheEntry)
		if e.expires.IsZero() || c.now().Before(e.expires) {
			c.lru.MoveToFront(el)
			c.stats.Hits++
			c.mu.Unlock()
			markCached(ctx)
			return bytes.Clone(e.result), nil, false
		}
		c.lru.Remove(el)
		delete(c.entries, key)
	}
	if f, ok := c.inflight[key]; ok {
		c.stats.Shared++
		c.mu.Unlock()
		select {
		case <-f.done:
		case <-ctx.Done():
			return nil, fmt.Errorf("tool %s: gave up waiting for the same call in flight: %w", t.Spec().Name, ctx.Err()), false
		}
		if f.err != nil {
			return nil, f.err, f.callerGone && ctx.Err() == nil
		}
		markCached(ctx)
		return bytes.Clone(f.result), nil, false
	}
	f := &flight{done: make(chan struct{})}
	c.inflight[key] = f
	c.stats.Misses++
	c.mu.Unlock()

	finished := false
	defer func() {
		if !finished {
			// t.Call panicked: release the waiters, then let the panic go on.
			f.err = Permanent(t.Spec().Name, errors.New("tool panicked"))
			c.finish(key, f)
		}
	}()
	f.result, f.err = t.Call(ctx, args)
	f.callerGone = f.err != nil && ctx.Err() != nil
	finished = true
	c.finish(key, f)
	return f.result, f.err, false
}

// finish ends the flight f: a success is stored, and the waiters are woken.
func (c *Cache) finish(key string, f *flight) {
	c.mu.Lock()
	delete(c.inflight, key)
	if f.err == nil {
		// Keep a private copy: the caller owns the slice it gets back.
		c.store(key, bytes.Clone(f.result))
	}
	c.mu.Unlock()
	close(f.done)
}

// store adds a result; c.mu is held.
func (c *Cache) store(key string, result json.RawMessage) {
	e := &cacheEntry{key: key, result: result}
	if c.ttl > 0 {
		e.expires = c.now().Add(c.ttl)
	}
	c.entries[key] = c.lru.PushFront(e)
	for c.lru.Len() > c.maxEntries {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.entries, old.Value.(*cacheEntry).key)
	}
}
