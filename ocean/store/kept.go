package store

import (
	"container/list"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// keptResults keeps the results of templated statements on a read-only
// store, by statement text, arguments and row limit. A read-only store
// never changes: it reads a published snapshot (or a working directory
// whose writer DuckDB's lock keeps out), and its in-memory copy of the
// levels is made once at open, so the same statement with the same
// arguments has the same result for as long as the store is open. Many
// questions share statements: every question about one float lists the
// same profiles read, whatever it measures. A statement asked again
// while it runs waits for that run rather than running twice.
//
// Results are kept up to max cells in all (Options.KeepMB), the least
// recently used dropped first; a result larger than an eighth of that is
// not kept. Errors are never kept.
type keptResults struct {
	max   int // cells; 0 keeps nothing
	mu    sync.Mutex
	m     map[string]*keptResult
	lru   list.List // of *keptResult, most recent first; finished ones only
	cells int
	runs  int // statements run (not answered from what was kept), for tests
}

type keptResult struct {
	key  string
	done chan struct{} // closed when res or err is set
	res  *Result
	err  error
	el   *list.Element // nil while running or when not kept
}

// cellsPerMB is about how many result cells (a value in an interface,
// most of them numbers, times and short strings) make a megabyte.
const cellsPerMB = 1 << 20 / 40

// resultKey is a statement's key: its text, row limit and arguments with
// their types (1 and "1" differ).
func resultKey(stmt string, maxRows int, args []any) string {
	var b strings.Builder
	b.WriteString(stmt)
	b.WriteString("\x00")
	b.WriteString(strconv.Itoa(maxRows))
	for _, a := range args {
		b.WriteString("\x00")
		switch v := a.(type) {
		case time.Time:
			b.WriteString("time:" + v.UTC().Format(time.RFC3339Nano))
		default:
			fmt.Fprintf(&b, "%T:%v", a, a)
		}
	}
	return b.String()
}

// get returns the kept result of key, or waits for the run of it under
// way, or runs it with run. The caller may change the result it gets.
func (k *keptResults) get(ctx context.Context, key string, run func() (*Result, error)) (*Result, error) {
	start := time.Now()
	k.mu.Lock()
	if k.m == nil {
		k.m = map[string]*keptResult{}
	}
	if e, ok := k.m[key]; ok {
		if e.el != nil {
			k.lru.MoveToFront(e.el)
		}
		k.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if e.err != nil {
			// the run failed (perhaps its caller gave up): run it anew
			return k.runOwn(run)
		}
		return e.res.copyAt(time.Since(start)), nil
	}
	e := &keptResult{key: key, done: make(chan struct{})}
	k.m[key] = e
	k.runs++
	k.mu.Unlock()

	res, err := run()
	k.mu.Lock()
	e.res, e.err = res, err
	close(e.done)
	n := 0
	if err == nil {
		n = res.cells()
	}
	switch {
	case k.m[key] != e: // dropped meanwhile (the store closed)
	case err != nil || n > k.max/8:
		delete(k.m, key)
	default:
		e.el = k.lru.PushFront(e)
		k.cells += n
		for k.cells > k.max {
			old := k.lru.Remove(k.lru.Back()).(*keptResult)
			delete(k.m, old.key)
			k.cells -= old.res.cells()
		}
	}
	k.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return res.copyAt(res.Elapsed), nil
}

// drop forgets every kept result (the store closes: nothing is answered
// from a closed store).
func (k *keptResults) drop() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m, k.cells = nil, 0
	k.lru.Init()
}

// runOwn runs a statement for one caller, keeping nothing.
func (k *keptResults) runOwn(run func() (*Result, error)) (*Result, error) {
	k.mu.Lock()
	k.runs++
	k.mu.Unlock()
	return run()
}

func (r *Result) cells() int { return max(1, len(r.Rows)*len(r.Columns)) }

// copyAt is a copy of r whose rows the caller may change, with its
// elapsed time set (a kept result took no time to answer).
func (r *Result) copyAt(elapsed time.Duration) *Result {
	c := *r
	c.Columns = slices.Clone(r.Columns)
	if r.Rows != nil {
		c.Rows = make([][]any, len(r.Rows))
		for i, row := range r.Rows {
			c.Rows[i] = slices.Clone(row)
		}
	}
	c.Elapsed = elapsed
	return &c
}
