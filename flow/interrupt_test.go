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
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
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
	lin := build(t, oneNode("linear", store))
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

// oneNode is graph name with store: a node "a" that visits, then End.
func oneNode(name string, store flow.Store) *flow.Graph[St] {
	g := flow.New[St](name)
	g.Store = store
	g.Node("a", visit("a"))
	g.Start("a")
	g.Edge("a", flow.End)
	return g
}

// fanout is split -> [x, y, z] -> join -> End; x and z ask for a string
// each, y does not ask.
func fanout(t testing.TB, store flow.Store, runs *counts) *flow.Runner[St] {
	t.Helper()
	g := flow.New[St]("fanout")
	g.Store = store
	g.Node("split", func(ctx context.Context, s St) (St, error) {
		runs.inc("split")
		s.N = 1
		return s, nil
	})
	asks := func(name string, set func(*St, string)) flow.NodeFunc[St] {
		return func(ctx context.Context, s St) (St, error) {
			runs.inc(name)
			v, err := flow.Ask[string](ctx, "value for "+name+"?")
			if err != nil {
				return s, err
			}
			set(&s, v)
			return s, nil
		}
	}
	g.Node("x", asks("x", func(s *St, v string) { s.A = v }))
	g.Node("y", func(ctx context.Context, s St) (St, error) {
		runs.inc("y")
		s.B = "y ran"
		return s, nil
	})
	g.Node("z", asks("z", func(s *St, v string) { s.C = v }))
	g.Node("join", func(ctx context.Context, s St) (St, error) {
		runs.inc("join")
		s.Path = append(s.Path, s.A+"+"+s.B+"+"+s.C)
		return s, nil
	})
	g.Start("split")
	g.Parallel("split", []string{"x", "y", "z"}, "join")
	g.Edge("join", flow.End)
	return build(t, g)
}

func TestParallelInterrupts(t *testing.T) {
	for sname, newStore := range stores(t) {
		t.Run(sname, func(t *testing.T) {
			var runs counts
			store := newStore()
			r := fanout(t, store, &runs)
			ctx, evs := event.Collect(t.Context())
			_, err := r.Invoke(ctx, St{})
			ie := interrupted(t, err, "x#2", "z#2")
			var asked []string
			for _, e := range evs() {
				if e.Kind == event.Interrupt {
					asked = append(asked, e.Node+": "+e.Interrupt.Question)
				}
			}
			if !slices.Equal(asked, []string{"x: value for x?", "z: value for z?"}) {
				t.Errorf("interrupt events %v", asked)
			}

			// One answer of two: the join still waits, nothing runs.
			_, err = r.Answer(t.Context(), ie.RunID, "z#2", "zed")
			interrupted(t, err, "x#2")
			if runs.get("x") != 1 || runs.get("z") != 1 || runs.get("join") != 0 {
				t.Errorf("after the first answer: runs %v", runs.m)
			}
			_, err = r.Answer(t.Context(), ie.RunID, "z#2", "again")
			if !errors.Is(err, flow.ErrNotWaiting) || !strings.Contains(err.Error(), "answered already") {
				t.Errorf("second answer to z#2: %v", err)
			}
			_, err = r.Answer(t.Context(), ie.RunID, "x#2", 42)
			if !errors.Is(err, flow.ErrBadAnswer) {
				t.Errorf("a number for a string: %v", err)
			}

			s, err := r.Answer(t.Context(), ie.RunID, "x#2", "ex")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(s.Path, []string{"ex+y ran+zed"}) || s.N != 1 {
				t.Errorf("final %+v", s)
			}
			// x and z asked, then ran with their answers; y finished the
			// first time and did not run again.
			if runs.get("split") != 1 || runs.get("x") != 2 || runs.get("y") != 1 || runs.get("z") != 2 || runs.get("join") != 1 {
				t.Errorf("runs %v", runs.m)
			}
		})
	}
}

func TestDeadline(t *testing.T) {
	t.Run("not passed", func(t *testing.T) {
		store := &flow.MemStore{}
		var runs counts
		r := review(t, store, time.Hour, &runs)
		_, err := r.Invoke(t.Context(), St{})
		q := interrupted(t, err, "approve#2").Requests[0]
		if d := q.Deadline.Sub(q.Asked); d != time.Hour {
			t.Errorf("deadline %s after the question, want 1h", d)
		}
		before := stored(t, store, interrupted(t, err, "approve#2").RunID)
		_, err = r.Expire(t.Context(), interrupted(t, err, "approve#2").RunID)
		ie := interrupted(t, err, "approve#2")
		if stored(t, store, ie.RunID) != before {
			t.Error("Expire before the deadline changed the checkpoint")
		}
		s, err := r.Answer(t.Context(), ie.RunID, "", Approval{Approve: true})
		if err != nil || !slices.Equal(s.Path, []string{"plan", "approve", "publish"}) {
			t.Errorf("answer in time: %+v, %v", s, err)
		}
	})
	t.Run("passed", func(t *testing.T) {
		store := &flow.MemStore{}
		var runs counts
		r := review(t, store, time.Millisecond, &runs)
		_, err := r.Invoke(t.Context(), St{})
		ie := interrupted(t, err, "approve#2")
		time.Sleep(5 * time.Millisecond)
		before := stored(t, store, ie.RunID)
		_, err = r.Answer(t.Context(), ie.RunID, "", Approval{Approve: true})
		if !errors.Is(err, flow.ErrDeadlinePassed) {
			t.Fatalf("late answer: %v, want ErrDeadlinePassed", err)
		}
		if stored(t, store, ie.RunID) != before {
			t.Error("a late answer changed the checkpoint")
		}
		ctx, evs := event.Collect(t.Context())
		s, err := r.Expire(ctx, ie.RunID)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.Path, []string{"plan", "timeout"}) {
			t.Errorf("after the deadline: %+v, want plan then the OnNoAnswer edge to timeout", s)
		}
		if runs.get("approve") != 1 || runs.get("publish") != 0 {
			t.Errorf("runs %v", runs.m)
		}
		var resumed *event.Event
		for _, e := range evs() {
			if e.Kind == event.Resume {
				resumed = &e
			}
		}
		if resumed == nil || resumed.Interrupt.ID != "approve#2" || !strings.Contains(resumed.Message, "approve -> timeout") {
			t.Errorf("resume event %+v", resumed)
		}
		if _, err := r.Expire(t.Context(), ie.RunID); !errors.Is(err, flow.ErrNotWaiting) {
			t.Errorf("second Expire: %v", err)
		}
	})
}

func TestCancelWaitingRun(t *testing.T) {
	for sname, newStore := range stores(t) {
		t.Run(sname, func(t *testing.T) {
			store := newStore()
			var runs counts
			r := review(t, store, 0, &runs)
			_, err := r.Invoke(t.Context(), St{})
			ie := interrupted(t, err, "approve#2")
			ctx, evs := event.Collect(t.Context())
			if err := r.Cancel(ctx, ie.RunID, "the person left"); err != nil {
				t.Fatal(err)
			}
			if k := kinds(evs()); !slices.Equal(k, []string{"run_start", "run_end"}) || evs()[1].Message != "cancelled" {
				t.Errorf("cancel events %v", evs())
			}
			if _, err := r.Answer(t.Context(), ie.RunID, "", Approval{}); !errors.Is(err, flow.ErrNotWaiting) || !strings.Contains(err.Error(), "the person left") {
				t.Errorf("answer after cancel: %v", err)
			}
			if err := r.Cancel(t.Context(), ie.RunID, ""); !errors.Is(err, flow.ErrNotWaiting) {
				t.Errorf("second cancel: %v", err)
			}
			s, err := flow.Final[St](r.Resume(t.Context(), ie.RunID))
			if !errors.Is(err, flow.ErrCancelled) || !slices.Equal(s.Path, []string{"plan"}) {
				t.Errorf("Resume of a cancelled run: %+v, %v", s, err)
			}
			if _, pending, err := r.Pending(t.Context(), ie.RunID); err != nil || len(pending) != 0 {
				t.Errorf("Pending after cancel: %v, %v", pending, err)
			}
			if runs.get("approve") != 1 || runs.get("publish") != 0 {
				t.Errorf("runs %v", runs.m)
			}
		})
	}
}

// Concurrent answers to one request: one continues the run, every other
// is refused, and the node after it runs once.
func TestConcurrentAnswers(t *testing.T) {
	store := &flow.MemStore{}
	var runs counts
	r := review(t, store, 0, &runs)
	_, err := r.Invoke(t.Context(), St{})
	ie := interrupted(t, err, "approve#2")
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			_, err := r.Answer(t.Context(), ie.RunID, "approve#2", Approval{Approve: i%2 == 0})
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, flow.ErrNotWaiting):
				refused.Add(1)
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 1 || refused.Load() != 7 || runs.get("publish") != 1 {
		t.Errorf("%d answers taken, %d refused, publish ran %d times", ok.Load(), refused.Load(), runs.get("publish"))
	}
}

func TestInterruptEvents(t *testing.T) {
	r := review(t, &flow.MemStore{}, 0, &counts{})
	ctx, evs := event.Collect(t.Context())
	_, err := flow.Final[St](r.RunWithID(ctx, "ev", St{}))
	interrupted(t, err, "approve#2")
	got := evs()
	var end, in event.Event
	for _, e := range got {
		switch e.Kind {
		case event.RunEnd:
			end = e
		case event.Interrupt:
			in = e
		case event.NodeEnd:
			if e.Node == "approve" && (e.Err != "" || !strings.Contains(e.Message, "waiting for answers to approve#2")) {
				t.Errorf("approve's NodeEnd %+v: an interrupt is not a failure", e)
			}
		}
	}
	if in.RunID != "ev" || in.Node != "approve" || in.Step != 2 || in.Interrupt == nil || in.Interrupt.ID != "approve#2" || len(in.Interrupt.Schema) == 0 {
		t.Errorf("interrupt event %+v", in)
	}
	if end.Err != "" || !strings.HasPrefix(end.Message, "interrupted: run \"ev\" waits for an answer: approve#2") {
		t.Errorf("run end %+v", end)
	}

	ctx, evs = event.Collect(t.Context())
	if _, err := r.Answer(ctx, "ev", "", json.RawMessage(`{"approve": true}`)); err != nil {
		t.Fatal(err)
	}
	want := []string{"run_start", "resume:approve", "node_start:approve", "node_end:approve", "state:approve", "checkpoint",
		"node_start:publish", "node_end:publish", "state:publish", "checkpoint", "run_end"}
	if k := kinds(evs()); !slices.Equal(k, want) {
		t.Errorf("answer's events\n got %v\nwant %v", k, want)
	}
	res := evs()[1]
	if res.RunID != "ev" || string(res.Interrupt.Answer) != `{"approve":true}` {
		t.Errorf("resume event %+v", res)
	}
}

// A node may ask several questions in turn; so may several nodes of one
// run.
func TestSeveralQuestions(t *testing.T) {
	g := flow.New[St]("trip")
	g.Store = &flow.MemStore{}
	var runs counts
	g.Node("where", func(ctx context.Context, s St) (St, error) {
		runs.inc("where")
		city, err := flow.Ask[string](ctx, "Which city?")
		if err != nil {
			return s, err
		}
		mode, err := flow.Ask[string](ctx, "How do you travel?", "car", "train")
		if err != nil {
			return s, err
		}
		s.A, s.B = city, mode
		return s, nil
	})
	g.Node("confirm", func(ctx context.Context, s St) (St, error) {
		runs.inc("confirm")
		ok, err := flow.Ask[bool](ctx, "Go?")
		if err != nil {
			return s, err
		}
		s.C = fmt.Sprint(ok)
		return s, nil
	})
	g.Start("where")
	g.Edge("where", "confirm")
	g.Edge("confirm", flow.End)
	r := build(t, g)

	_, err := r.Invoke(t.Context(), St{})
	id := interrupted(t, err, "where#1").RunID
	_, err = r.Answer(t.Context(), id, "", "Lyon")
	q := interrupted(t, err, "where#1.2").Requests[0]
	if !slices.Equal(q.Options, []string{"car", "train"}) {
		t.Errorf("options %v", q.Options)
	}
	if _, err := r.Answer(t.Context(), id, "", "bike"); !errors.Is(err, flow.ErrBadAnswer) {
		t.Errorf("an answer not among the options: %v", err)
	}
	_, err = r.Answer(t.Context(), id, "", "train")
	interrupted(t, err, "confirm#2")
	s, err := r.Answer(t.Context(), id, "confirm#2", true)
	if err != nil || s.A != "Lyon" || s.B != "train" || s.C != "true" {
		t.Errorf("final %+v, %v", s, err)
	}
	if runs.get("where") != 3 || runs.get("confirm") != 2 {
		t.Errorf("runs %v", runs.m)
	}
}

// Ask[any] and Ask[json.RawMessage] take any JSON value.
func TestAskAnyJSON(t *testing.T) {
	g := flow.New[St]("any")
	g.Store = &flow.MemStore{}
	g.Node("a", func(ctx context.Context, s St) (St, error) {
		v, err := flow.Ask[any](ctx, "anything?")
		if err != nil {
			return s, err
		}
		raw, err := flow.Ask[json.RawMessage](ctx, "any JSON?")
		if err != nil {
			return s, err
		}
		s.A, s.B = fmt.Sprint(v), string(raw)
		return s, nil
	})
	g.Start("a")
	g.Edge("a", flow.End)
	r := build(t, g)
	_, err := r.Invoke(t.Context(), St{})
	id := interrupted(t, err, "a#1").RunID
	_, err = r.Answer(t.Context(), id, "", []any{1, "two"})
	interrupted(t, err, "a#1.2")
	if _, err := r.Answer(t.Context(), id, "", json.RawMessage(`{"x":`)); !errors.Is(err, flow.ErrBadAnswer) {
		t.Errorf("broken JSON: %v", err)
	}
	s, err := r.Answer(t.Context(), id, "", json.RawMessage(`{"x": [true, null]}`))
	if err != nil || s.A != "[1 two]" || s.B != `{"x":[true,null]}` {
		t.Errorf("%+v, %v", s, err)
	}
}

func TestAskNeeds(t *testing.T) {
	asker := func(ctx context.Context, s St) (St, error) {
		v, err := flow.Ask[string](ctx, "name?")
		s.A = v
		return s, err
	}
	t.Run("a Store", func(t *testing.T) {
		g := flow.New[St]("nostore")
		g.Node("a", asker)
		g.Start("a")
		g.Edge("a", flow.End)
		_, err := build(t, g).Invoke(t.Context(), St{})
		if err == nil || errors.Is(err, flow.ErrInterrupted) || !strings.Contains(err.Error(), "Graph.Store") {
			t.Errorf("Ask without a Store: %v", err)
		}
	})
	t.Run("no retry, no OnError", func(t *testing.T) {
		g := flow.New[St]("retry")
		g.Store = &flow.MemStore{}
		var n atomic.Int32
		g.Node("a", func(ctx context.Context, s St) (St, error) { n.Add(1); return asker(ctx, s) })
		g.Settings("a", flow.NodeSettings{Timeout: time.Minute, Retry: flow.Retry{Attempts: 3}})
		g.OnError("a", func(s St, err error) (St, error) { s.A = "handled"; return s, nil })
		g.Start("a")
		g.Edge("a", flow.End)
		r := build(t, g)
		_, err := r.Invoke(t.Context(), St{})
		ie := interrupted(t, err, "a#1")
		if n.Load() != 1 {
			t.Errorf("the asking node ran %d times", n.Load())
		}
		s, err := r.Answer(t.Context(), ie.RunID, "", "Ada")
		if err != nil || s.A != "Ada" {
			t.Errorf("%+v, %v", s, err)
		}
	})
	t.Run("a sub-graph asks through the enclosing run", func(t *testing.T) {
		inner := flow.New[St]("inner")
		inner.Node("i", asker)
		inner.Start("i")
		inner.Edge("i", flow.End)
		g := flow.New[St]("outer")
		g.Store = &flow.MemStore{}
		g.Node("sub", build(t, inner).AsNode())
		g.Start("sub")
		g.Edge("sub", flow.End)
		r := build(t, g)
		_, err := r.Invoke(t.Context(), St{})
		ie := interrupted(t, err, "sub#1")
		s, err := r.Answer(t.Context(), ie.RunID, "", "Grace")
		if err != nil || s.A != "Grace" {
			t.Errorf("%+v, %v", s, err)
		}
	})
}

// A sub-graph with a Store of its own waits in its own run; the enclosing
// run cannot wait for it and fails, rather than end with an interrupt a
// caller would answer in the wrong run.
func TestSubGraphWithStoreCannotAsk(t *testing.T) {
	inner := flow.New[St]("inner")
	inner.Store = &flow.MemStore{}
	inner.Node("i", func(ctx context.Context, s St) (St, error) {
		_, err := flow.Ask[string](ctx, "name?")
		return s, err
	})
	inner.Start("i")
	inner.Edge("i", flow.End)
	g := flow.New[St]("outer")
	g.Store = &flow.MemStore{}
	g.Node("sub", build(t, inner).AsNode())
	g.Start("sub")
	g.Edge("sub", flow.End)
	_, err := build(t, g).Invoke(t.Context(), St{})
	if err == nil || errors.Is(err, flow.ErrInterrupted) || !strings.Contains(err.Error(), "did not ask") {
		t.Errorf("err = %v, want a failure naming the question the run did not ask", err)
	}
}

func TestOnNoAnswerBuild(t *testing.T) {
	ok := func(g *flow.Graph[St]) {
		g.Node("a", visit("a"))
		g.Node("b", visit("b"))
		g.Node("c", visit("c"))
		g.Start("a")
		g.Parallel("a", []string{"b", "c"}, flow.End)
	}
	for _, tc := range []struct {
		name string
		decl func(g *flow.Graph[St])
		rule error
		want string
	}{
		{"unknown node", func(g *flow.Graph[St]) { g.OnNoAnswer("x", time.Hour, flow.End) }, flow.ErrUnknownNode, `OnNoAnswer on unknown node "x"`},
		{"unknown target", func(g *flow.Graph[St]) { g.OnNoAnswer("a", time.Hour, "nowhere") }, flow.ErrUnknownNode, `OnNoAnswer edge "a" -> "nowhere"`},
		{"branch node", func(g *flow.Graph[St]) { g.OnNoAnswer("b", time.Hour, flow.End) }, flow.ErrBadBranchNode, `"b" is a parallel branch of "a"`},
		{"no wait", func(g *flow.Graph[St]) { g.OnNoAnswer("a", 0, flow.End) }, flow.ErrBadDeclaration, "wait must be positive"},
		{"twice", func(g *flow.Graph[St]) {
			g.OnNoAnswer("a", time.Hour, flow.End)
			g.OnNoAnswer("a", time.Hour, flow.End)
		}, flow.ErrDuplicate, "already declared"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := flow.New[St]("g")
			ok(g)
			tc.decl(g)
			_, err := g.Build()
			if !errors.Is(err, tc.rule) || !errors.Is(err, flow.ErrInvalidGraph) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Build: %v, want %v containing %q", err, tc.rule, tc.want)
			}
		})
	}
	// The deadline edge counts for reachability, and Info shows it.
	g := flow.New[St]("g")
	g.Node("ask", visit("ask"))
	g.Node("late", visit("late"))
	g.Start("ask")
	g.Edge("ask", flow.End)
	g.Edge("late", flow.End)
	g.OnNoAnswer("ask", 48*time.Hour, "late")
	r, err := g.Build()
	if err != nil {
		t.Fatalf("late is reachable through the deadline edge: %v", err)
	}
	info := r.Info()
	if !slices.Contains(info.Edges, flow.EdgeInfo{From: "ask", To: "late", Kind: flow.EdgeNoAnswer}) || info.Nodes[0].AnswerWithin != 48*time.Hour {
		t.Errorf("Info %+v", info)
	}
}
