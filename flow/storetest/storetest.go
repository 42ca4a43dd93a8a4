// Package storetest is the conformance suite every flow.Store must pass.
package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

// Run checks the flow.Store contract on stores made by newStore, one fresh
// store per subtest.
func Run(t *testing.T, newStore func(t *testing.T) flow.Store) {
	cp := func(run string, step int) flow.Checkpoint {
		return flow.Checkpoint{
			Version: 1, RunID: run, Graph: "g", Step: step, Next: fmt.Sprint("n", step),
			Counts: map[string]int{"n0": step}, State: json.RawMessage(fmt.Sprintf(`{"step":%d}`, step)),
			Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		}
	}

	t.Run("missing run", func(t *testing.T) {
		s := newStore(t)
		_, err := s.Load(t.Context(), "absent")
		if !errors.Is(err, flow.ErrNoCheckpoint) {
			t.Fatalf("Load of unknown run: err = %v, want ErrNoCheckpoint", err)
		}
	})

	t.Run("round trip", func(t *testing.T) {
		s := newStore(t)
		want := cp("r1", 3)
		want.Fanout, want.Next = "split", ""
		if err := s.Save(t.Context(), want); err != nil {
			t.Fatal(err)
		}
		got, err := s.Load(t.Context(), "r1")
		if err != nil {
			t.Fatal(err)
		}
		if got.RunID != want.RunID || got.Graph != want.Graph || got.Step != want.Step ||
			got.Next != want.Next || got.Fanout != want.Fanout || got.Counts["n0"] != 3 ||
			string(got.State) != string(want.State) || !got.Time.Equal(want.Time) {
			t.Errorf("loaded %+v\nsaved  %+v", got, want)
		}
	})

	t.Run("latest wins", func(t *testing.T) {
		s := newStore(t)
		for step := range 5 {
			if err := s.Save(t.Context(), cp("r1", step)); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Load(t.Context(), "r1")
		if err != nil || got.Step != 4 || string(got.State) != `{"step":4}` {
			t.Fatalf("Load = %+v, %v; want step 4", got, err)
		}
	})

	t.Run("runs are separate", func(t *testing.T) {
		s := newStore(t)
		if err := s.Save(t.Context(), cp("a", 1)); err != nil {
			t.Fatal(err)
		}
		if err := s.Save(t.Context(), cp("b", 2)); err != nil {
			t.Fatal(err)
		}
		a, errA := s.Load(t.Context(), "a")
		b, errB := s.Load(t.Context(), "b")
		if errA != nil || errB != nil || a.Step != 1 || b.Step != 2 {
			t.Fatalf("a=%+v (%v) b=%+v (%v)", a, errA, b, errB)
		}
	})

	t.Run("no aliasing", func(t *testing.T) {
		s := newStore(t)
		c := cp("r1", 1)
		if err := s.Save(t.Context(), c); err != nil {
			t.Fatal(err)
		}
		c.State[2] = 'X'
		c.Counts["n0"] = 99
		got, err := s.Load(t.Context(), "r1")
		if err != nil {
			t.Fatal(err)
		}
		if string(got.State) != `{"step":1}` || got.Counts["n0"] != 1 {
			t.Fatalf("store kept the caller's buffers: %+v", got)
		}
		got.State[2] = 'Y'
		again, _ := s.Load(t.Context(), "r1")
		if string(again.State) != `{"step":1}` {
			t.Fatalf("Load returned the store's own buffer: %s", again.State)
		}
	})

	t.Run("concurrent runs", func(t *testing.T) {
		s := newStore(t)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range 8 {
			wg.Go(func() {
				run := fmt.Sprint("run", i)
				for step := range 10 {
					if err := s.Save(t.Context(), cp(run, step)); err != nil {
						errs[i] = err
						return
					}
					if _, err := s.Load(t.Context(), run); err != nil {
						errs[i] = err
						return
					}
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		for i := range 8 {
			got, err := s.Load(t.Context(), fmt.Sprint("run", i))
			if err != nil || got.Step != 9 {
				t.Errorf("run%d: %+v, %v", i, got, err)
			}
		}
	})
}
