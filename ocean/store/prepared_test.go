package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
)

// TestTemplatedStatementsPreparedOnce: templated statements without
// arguments (those with arguments run with them written in, see
// inlineArgs) give the same rows as free ones when they are kept
// prepared, when more texts
// than are kept come in turn from many goroutines at once (statements
// dropped while another goroutine runs them), and after the store
// closes a kept statement is not run again.
func TestTemplatedStatementsPreparedOnce(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	s, err := Open(ctx, dir, Options{ReadOnly: true, KeepMB: -1}) // no results kept: every call runs
	if err != nil {
		t.Fatal(err)
	}
	// maxPrepared+40 texts, each asked by several goroutines
	texts := make([]string, maxPrepared+40)
	for i := range texts {
		texts[i] = fmt.Sprintf("SELECT count(*) + %d AS n FROM argo_profile_stations WHERE cycle >= 3", i)
	}
	free, err := s.Query(ctx, QueryOptions{}, "SELECT count(*) AS n FROM argo_profile_stations WHERE cycle >= $1", 3)
	if err != nil {
		t.Fatal(err)
	}
	base := free.Rows[0][0].(int64)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for k := range len(texts) {
				i := (k*7 + g*31) % len(texts)
				r, err := s.Query(ctx, QueryOptions{Templated: true}, texts[i])
				if err != nil {
					errs <- fmt.Errorf("%s: %w", texts[i], err)
					return
				}
				if got := r.Rows[0][0].(int64); got != base+int64(i) {
					errs <- fmt.Errorf("%s: %d, want %d", texts[i], got, base+int64(i))
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s.prepared.mu.Lock()
	kept := len(s.prepared.m)
	s.prepared.mu.Unlock()
	if kept == 0 || kept > maxPrepared {
		t.Errorf("%d statements kept, want 1..%d", kept, maxPrepared)
	}
	s.Close()
	if _, err := s.Query(ctx, QueryOptions{Templated: true}, texts[0]); err == nil {
		t.Error("a templated statement ran on a closed store")
	}
}

// TestPreparedDroppedWhileInUse: a kept statement dropped while in use
// (the kept ones start afresh) still runs for its user, and is closed
// when that user is done.
func TestPreparedDroppedWhileInUse(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	s, err := Open(ctx, dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := &s.prepared
	held, err := p.get(ctx, s.db, "SELECT count(*) FROM argo_profile_stations")
	if err != nil {
		t.Fatal(err)
	}
	for i := range maxPrepared { // fills the kept statements: held is dropped
		ps, err := p.get(ctx, s.db, fmt.Sprintf("SELECT %d", i))
		if err != nil {
			t.Fatal(err)
		}
		p.put(ps)
	}
	if !held.dropped {
		t.Fatal("filling the kept statements did not drop the first")
	}
	var n int64
	if err := held.stmt.QueryRowContext(ctx).Scan(&n); err != nil || n == 0 {
		t.Fatalf("a dropped statement in use: %d, %v", n, err)
	}
	p.put(held)
	if err := held.stmt.QueryRowContext(ctx).Scan(&n); err == nil {
		t.Error("a dropped statement still runs after its last user is done")
	}
}
