package flow_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

// Approval is the answer the review graph's approve node asks for.
type Approval struct {
	Approve bool   `json:"approve"`
	Note    string `json:"note,omitempty"`
}

// counts counts node runs by name.
type counts struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *counts) inc(n string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]int{}
	}
	c.m[n]++
}

func (c *counts) get(n string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[n]
}

// review is plan -> approve -> publish -> End; approve asks for an
// Approval and publish records the decision. With wait set, approve's
// question has a deadline whose edge goes to timeout -> End.
func review(t testing.TB, store flow.Store, wait time.Duration, runs *counts) *flow.Runner[St] {
	t.Helper()
	g := flow.New[St]("review")
	g.Store = store
	g.Node("plan", func(ctx context.Context, s St) (St, error) {
		runs.inc("plan")
		s.Path = append(s.Path, "plan")
		return s, nil
	})
	g.Node("approve", func(ctx context.Context, s St) (St, error) {
		runs.inc("approve")
		a, err := flow.Ask[Approval](ctx, "Publish the shortlist?")
		if err != nil {
			return s, err
		}
		s.Path = append(s.Path, "approve")
		s.A = fmt.Sprint(a.Approve)
		s.B = a.Note
		return s, nil
	})
	g.Node("publish", func(ctx context.Context, s St) (St, error) {
		runs.inc("publish")
		s.Path = append(s.Path, "publish")
		return s, nil
	})
	g.Start("plan")
	g.Edge("plan", "approve")
	g.Edge("approve", "publish")
	g.Edge("publish", flow.End)
	if wait > 0 {
		g.Node("timeout", func(ctx context.Context, s St) (St, error) {
			runs.inc("timeout")
			s.Path = append(s.Path, "timeout")
			return s, nil
		})
		g.Edge("timeout", flow.End)
		g.OnNoAnswer("approve", wait, "timeout")
	}
	return build(t, g)
}

// stores makes each kind of Store afresh.
func stores(t *testing.T) map[string]func() flow.Store {
	return map[string]func() flow.Store{
		"mem": func() flow.Store { return &flow.MemStore{} },
		"file": func() flow.Store {
			s, err := flow.NewFileStore(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	}
}

// interrupted checks err is an *InterruptedError waiting for ids.
func interrupted(t *testing.T, err error, ids ...string) *flow.InterruptedError {
	t.Helper()
	var ie *flow.InterruptedError
	if !errors.As(err, &ie) || !errors.Is(err, flow.ErrInterrupted) {
		t.Fatalf("err = %v, want an *InterruptedError", err)
	}
	var got []string
	for _, q := range ie.Requests {
		got = append(got, q.ID)
	}
	if !slices.Equal(got, ids) {
		t.Fatalf("waiting for %v, want %v", got, ids)
	}
	return ie
}

// stored is the run's checkpoint as JSON, to show a call changed nothing.
func stored(t *testing.T, s flow.Store, runID string) string {
	t.Helper()
	c, err := s.Load(t.Context(), runID)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestInterruptResume(t *testing.T) {
	type answer struct {
		value   any
		wantErr error // nil: the run goes on
	}
	for _, tc := range []struct {
		name    string
		answers []answer
		want    St // final state
	}{
		{name: "approve", answers: []answer{{value: Approval{Approve: true, Note: "ok"}}},
			want: St{Path: []string{"plan", "approve", "publish"}, A: "true", B: "ok"}},
		{name: "answer as JSON", answers: []answer{{value: json.RawMessage(`{"approve":false}`)}},
			want: St{Path: []string{"plan", "approve", "publish"}, A: "false"}},
		{name: "wrong type, then right", answers: []answer{
			{value: json.RawMessage(`{"approve":"yes"}`), wantErr: flow.ErrBadAnswer},
			{value: Approval{Approve: true}}},
			want: St{Path: []string{"plan", "approve", "publish"}, A: "true"}},
		{name: "unknown field, missing field, not JSON, then right", answers: []answer{
			{value: json.RawMessage(`{"approve":true,"publish":"now"}`), wantErr: flow.ErrBadAnswer},
			{value: json.RawMessage(`{"note":"hm"}`), wantErr: flow.ErrBadAnswer},
			{value: json.RawMessage(`{"approve":`), wantErr: flow.ErrBadAnswer},
			{value: "yes", wantErr: flow.ErrBadAnswer},
			{value: Approval{}}},
			want: St{Path: []string{"plan", "approve", "publish"}, A: "false"}},
	} {
		for sname, newStore := range stores(t) {
			t.Run(tc.name+"/"+sname, func(t *testing.T) {
				store := newStore()
				var runs counts
				r := review(t, store, 0, &runs)
				s, err := r.Invoke(t.Context(), St{})
				ie := interrupted(t, err, "approve#2")
				q := ie.Requests[0]
				if q.Node != "approve" || q.Step != 2 || q.Question != "Publish the shortlist?" || !bytes.Contains(q.Schema, []byte(`"approve"`)) {
					t.Errorf("request %+v", q)
				}
				if !slices.Equal(s.Path, []string{"plan"}) {
					t.Errorf("state at the interrupt %+v, want the state approve was given", s)
				}
				ps, pending, err := r.Pending(t.Context(), ie.RunID)
				if err != nil || len(pending) != 1 || pending[0].ID != q.ID || !slices.Equal(ps.Path, s.Path) {
					t.Fatalf("Pending = %+v, %+v, %v", ps, pending, err)
				}
				var final St
				for i, a := range tc.answers {
					before := stored(t, store, ie.RunID)
					out, err := r.Answer(t.Context(), ie.RunID, "", a.value)
					if a.wantErr != nil {
						if !errors.Is(err, a.wantErr) {
							t.Fatalf("answer %d (%v): err = %v, want %v", i, a.value, err, a.wantErr)
						}
						if !strings.Contains(err.Error(), "approve#2") {
							t.Errorf("error does not name the request: %v", err)
						}
						if after := stored(t, store, ie.RunID); after != before {
							t.Errorf("a refused answer changed the checkpoint:\n%s\n%s", before, after)
						}
						continue
					}
					if err != nil {
						t.Fatalf("answer %d: %v", i, err)
					}
					final = out
				}
				if !slices.Equal(final.Path, tc.want.Path) || final.A != tc.want.A || final.B != tc.want.B {
					t.Errorf("final %+v, want %+v", final, tc.want)
				}
				// plan ran once; approve asked, then ran again with the answer.
				if runs.get("plan") != 1 || runs.get("approve") != 2 || runs.get("publish") != 1 {
					t.Errorf("runs %v", runs.m)
				}

				// A second answer to the same interrupt changes nothing.
				before := stored(t, store, ie.RunID)
				_, err = r.Answer(t.Context(), ie.RunID, "approve#2", Approval{Approve: false})
				if !errors.Is(err, flow.ErrNotWaiting) || !strings.Contains(err.Error(), "finished") {
					t.Errorf("second answer: err = %v, want ErrNotWaiting (finished)", err)
				}
				if after := stored(t, store, ie.RunID); after != before {
					t.Errorf("second answer changed the checkpoint")
				}
				if runs.get("publish") != 1 {
					t.Errorf("second answer ran publish again")
				}
			})
		}
	}
}

func TestAnswerRefused(t *testing.T) {
	store := &flow.MemStore{}
	var runs counts
	r := review(t, store, 0, &runs)
	_, err := flow.Final[St](r.RunWithID(t.Context(), "waits", St{}))
	interrupted(t, err, "approve#2")
	if _, err := flow.Final[St](r.RunWithID(t.Context(), "waits", St{})); !errors.Is(err, flow.ErrRunExists) {
		t.Errorf("RunWithID of a waiting run: %v, want ErrRunExists", err)
	}
	lin := build(t, linearGraph(store))
	if _, err := flow.Final[St](lin.RunWithID(t.Context(), "finished", St{})); err != nil {
		t.Fatal(err)
	}
	before := stored(t, store, "waits")

	for _, tc := range []struct {
		name    string
		run     func() error
		wantErr error
		want    string
	}{
		{name: "unknown run", run: func() error {
			_, err := r.Answer(t.Context(), "no-such-run", "", Approval{})
			return err
		}, wantErr: flow.ErrNoCheckpoint},
		{name: "unknown request", run: func() error {
			_, err := r.Answer(t.Context(), "waits", "publish#3", Approval{})
			return err
		}, wantErr: flow.ErrNotWaiting, want: `waits for approve#2, not publish#3`},
		{name: "finished run", run: func() error {
			_, err := lin.Answer(t.Context(), "finished", "", Approval{})
			return err
		}, wantErr: flow.ErrNotWaiting, want: "finished"},
		{name: "cancel of a run that does not wait", run: func() error {
			return lin.Cancel(t.Context(), "finished", "")
		}, wantErr: flow.ErrNotWaiting},
		{name: "expire of a run without deadline", run: func() error {
			_, err := r.Expire(t.Context(), "waits")
			return err
		}, wantErr: flow.ErrInterrupted},
		{name: "crash resume of a waiting run", run: func() error {
			_, err := flow.Final[St](r.Resume(t.Context(), "waits"))
			return err
		}, wantErr: flow.ErrInterrupted},
		{name: "answer to a run of another graph", run: func() error {
			_, err := lin.Answer(t.Context(), "waits", "", Approval{})
			return err
		}, want: `checkpoint is of graph "review", not "linear"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil || tc.wantErr != nil && !errors.Is(err, tc.wantErr) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %v containing %q", err, tc.wantErr, tc.want)
			}
		})
	}
	if runs.get("approve") != 1 || runs.get("publish") != 0 {
		t.Errorf("a refused call ran nodes: %v", runs.m)
	}
	if after := stored(t, store, "waits"); after != before {
		t.Errorf("a refused call changed the checkpoint:\n%s\n%s", before, after)
	}
}

func linearGraph(store flow.Store) *flow.Graph[St] {
	g := flow.New[St]("linear")
	g.Store = store
	g.Node("a", visit("a"))
	g.Start("a")
	g.Edge("a", flow.End)
	return g
}
