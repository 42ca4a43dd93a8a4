package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"
)

// TestKeptResults: a read-only store answers a templated statement it
// ran before from what it kept — the same rows as a run, a copy the
// caller may change, the arguments and the row limit part of the key —
// and runs a statement asked by many goroutines at once only once. A
// read-write store keeps nothing (an ingest changes its data), nor one
// told to keep nothing (KeepMB < 0), and a closed store answers nothing.
func TestKeptResults(t *testing.T) {
	dir, _ := ingested(t)
	ctx := context.Background()
	s, err := Open(ctx, dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	const q = "SELECT wmo, cycle, direction, \"time\" FROM argo_profile_stations WHERE cycle BETWEEN $1 AND 8 ORDER BY wmo, cycle, direction"
	free, err := s.Query(ctx, QueryOptions{}, q, 3)
	if err != nil {
		t.Fatal(err)
	}
	runs := func() int {
		s.kept.mu.Lock()
		defer s.kept.mu.Unlock()
		return s.kept.runs
	}
	first, err := s.Query(ctx, QueryOptions{Templated: true}, q, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first.Rows, free.Rows) || len(first.Rows) == 0 {
		t.Fatalf("templated: %d rows, free: %d rows, or they differ", len(first.Rows), len(free.Rows))
	}
	first.Rows[0][0] = "changed by the caller"
	again, err := s.Query(ctx, QueryOptions{Templated: true}, q, 3)
	if err != nil {
		t.Fatal(err)
	}
	if runs() != 1 {
		t.Errorf("the statement asked again ran again: %d runs", runs())
	}
	if !reflect.DeepEqual(again.Rows, free.Rows) {
		t.Error("a kept result was changed by what a caller did to its copy")
	}
	other, err := s.Query(ctx, QueryOptions{Templated: true}, q, 4)
	if err != nil {
		t.Fatal(err)
	}
	if runs() != 2 || len(other.Rows) >= len(free.Rows) {
		t.Errorf("other arguments: %d runs, %d rows (cycles 3-8: %d)", runs(), len(other.Rows), len(free.Rows))
	}
	if _, err := s.Query(ctx, QueryOptions{Templated: true}, q, "3"); err != nil || runs() != 3 {
		t.Errorf("an argument of another type is another key: %d runs, %v", runs(), err)
	}
	cut, err := s.Query(ctx, QueryOptions{Templated: true, MaxRows: 2}, q, 3)
	if err != nil || len(cut.Rows) != 2 || !cut.Truncated || runs() != 4 {
		t.Errorf("a row limit is part of the key: %d rows, truncated %v, %d runs, %v", len(cut.Rows), cut.Truncated, runs(), err)
	}

	// many goroutines, one statement, one run
	const q2 = "SELECT count(*) AS n, $1 AS k FROM argo_profile_stations"
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if r, err := s.Query(ctx, QueryOptions{Templated: true}, q2, "x"); err != nil || r.Rows[0][0].(int64) == 0 {
				t.Errorf("concurrent: %v", err)
			}
		})
	}
	wg.Wait()
	if runs() != 5 {
		t.Errorf("16 goroutines asking one statement at once: %d runs, want 5 in all", runs())
	}

	// an error is not kept
	bad := "SELECT nope FROM argo_profile_stations WHERE cycle = $1"
	for range 2 {
		if _, err := s.Query(ctx, QueryOptions{Templated: true}, bad, 1); err == nil {
			t.Fatal("a bad statement ran")
		}
	}
	if runs() != 7 {
		t.Errorf("a failed statement asked twice: %d runs in all, want 7", runs())
	}

	s.Close()
	if _, err := s.Query(ctx, QueryOptions{Templated: true}, q, 3); err == nil {
		t.Error("a closed store answered from what it kept")
	}

	none, err := Open(ctx, dir, Options{ReadOnly: true, KeepMB: -1})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := none.Query(ctx, QueryOptions{Templated: true}, q, 3); err != nil {
			t.Fatal(err)
		}
	}
	if none.kept.runs != 0 || len(none.kept.m) != 0 {
		t.Errorf("a store told to keep nothing kept %d results", len(none.kept.m))
	}
	none.Close()

	w, err := Open(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for range 2 {
		if _, err := w.Query(ctx, QueryOptions{Templated: true}, q, 3); err != nil {
			t.Fatal(err)
		}
	}
	if w.kept.runs != 0 || len(w.kept.m) != 0 {
		t.Errorf("a read-write store kept results: %d", len(w.kept.m))
	}
}

// TestKeptResultsBounded: the kept results stay under their bound, the
// least recently used dropped first, and a waiter whose run failed (its
// caller gave up) runs the statement itself.
func TestKeptResultsBounded(t *testing.T) {
	k := keptResults{max: DefaultKeepMB * cellsPerMB}
	ctx := context.Background()
	rows := func(n int) func() (*Result, error) {
		return func() (*Result, error) {
			r := &Result{Columns: []string{"a", "b"}}
			for i := range n {
				r.Rows = append(r.Rows, []any{int64(i), "x"})
			}
			return r, nil
		}
	}
	per := k.max / 8 / 2 // rows of the largest result kept
	for i := range 20 {
		if _, err := k.get(ctx, fmt.Sprint(i), rows(per)); err != nil {
			t.Fatal(err)
		}
		if i == 10 {
			k.get(ctx, "0", rows(per)) // 0 used again: kept over 1
		}
	}
	if k.cells > k.max {
		t.Errorf("%d cells kept, bound %d", k.cells, k.max)
	}
	_, has0 := k.m["0"]
	_, has1 := k.m["1"]
	_, has19 := k.m["19"]
	if has1 || !has19 {
		t.Errorf("least recently used not dropped first: 1 kept %v, 19 kept %v", has1, has19)
	}
	_ = has0
	if _, err := k.get(ctx, "big", rows(per+1)); err != nil {
		t.Fatal(err)
	}
	if _, ok := k.m["big"]; ok {
		t.Error("a result over an eighth of the bound was kept")
	}

	// a run that fails while another caller waits for it
	started := make(chan struct{})
	release := make(chan struct{})
	failed := errors.New("caller gave up")
	go k.get(ctx, "slow", func() (*Result, error) {
		close(started)
		<-release
		return nil, failed
	})
	<-started
	go func() { time.Sleep(20 * time.Millisecond); close(release) }()
	r, err := k.get(ctx, "slow", rows(3))
	if err != nil || len(r.Rows) != 3 {
		t.Errorf("the waiter of a failed run: %v, %v", r, err)
	}
}
