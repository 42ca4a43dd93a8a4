package temporal_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/internal/temporaltest"
)

// noisy is a graph whose nodes emit events of their own, with a parallel
// fan-out: what a system's run looks like to a trace.
func noisy(t testing.TB) *flow.Runner[Doc] {
	g := flow.New[Doc]("noisy")
	say := func(name string) flow.NodeFunc[Doc] {
		return func(ctx context.Context, d Doc) (Doc, error) {
			event.Emit(ctx, event.Event{Kind: event.Note, Message: "hello from " + name})
			d.Log = append(d.Log, name)
			return d, nil
		}
	}
	g.Node("split", say("split"))
	g.Node("a", func(ctx context.Context, d Doc) (Doc, error) { d.A++; return say("a")(ctx, d) })
	g.Node("b", func(ctx context.Context, d Doc) (Doc, error) { d.B++; return d, nil })
	g.Node("end", say("end"))
	g.Start("split")
	g.Parallel("split", []string{"a", "b"}, "end")
	flow.Reduce(g, "Log", flow.Appended[string])
	g.Edge("end", flow.End)
	return build(t, g)
}

// shape is what a trace reader sees of an event, times and IDs aside.
func shape(evs []event.Event) []string {
	var out []string
	for _, e := range evs {
		s := fmt.Sprintf("%s %s %d %s %s", e.Kind, e.Node, e.Step, e.Message, e.Err)
		if e.Kind == event.StateSet || e.Kind == event.RunEnd || e.Kind == event.RunStart {
			s += " " + string(e.State)
		}
		out = append(out, s)
	}
	return out
}

// TestEngine runs systems' way: a runner given the Engine, whose Invoke
// and Run go to the cluster. The events reach the caller as in process
// (same kinds, nodes, steps, messages and states, in order); a batch
// makes its runs children of one parent workflow.
func TestEngine(t *testing.T) {
	local := noisy(t)
	s, eng := hosted(t, "engine-test", local, chain(t))
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	remote := local.WithEngine(eng)

	lctx, levs := event.Collect(ctx)
	want, err := local.Invoke(lctx, Doc{})
	if err != nil {
		t.Fatal(err)
	}
	rctx, revs := event.Collect(ctx)
	got, err := remote.Invoke(rctx, Doc{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("final state on the cluster %+v, in process %+v", got, want)
	}
	// Parallel branches interleave their events in any order, in process
	// too: compare them as sets, with the ends in place.
	gs, ws := shape(revs()), shape(levs())
	if len(gs) > 0 && (gs[0] != ws[0] || gs[len(gs)-1] != ws[len(ws)-1]) {
		t.Errorf("first and last events on the cluster %q, %q; in process %q, %q", gs[0], gs[len(gs)-1], ws[0], ws[len(ws)-1])
	}
	slices.Sort(gs)
	slices.Sort(ws)
	if !reflect.DeepEqual(gs, ws) {
		t.Errorf("events on the cluster:\n%s\nin process:\n%s", strings.Join(gs, "\n"), strings.Join(ws, "\n"))
	}
	// The stream: RunEnd last, with the run's ID, which is the workflow's.
	var last event.Event
	n := 0
	for ev, err := range remote.RunWithID(ctx, "engine-stream-1", Doc{}) {
		if err != nil {
			t.Fatal(err)
		}
		last = ev
		n++
	}
	if last.Kind != event.RunEnd || last.RunID != "engine-stream-1" || n != len(levs()) {
		t.Errorf("stream: %d events, last %s of run %q; want %d, RunEnd of engine-stream-1", n, last.Kind, last.RunID, len(levs()))
	}
	if _, err := s.Client.DescribeWorkflowExecution(ctx, "engine-stream-1", ""); err != nil {
		t.Errorf("the run is not on the cluster under its run ID: %v", err)
	}

	// A batch: 6 runs at once, children of one parent.
	b, err := eng.StartBatch(ctx, "engine-batch-1")
	if err != nil {
		t.Fatal(err)
	}
	bctx := b.Context(ctx)
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range 6 {
		wg.Go(func() {
			var d Doc
			d, errs[i] = remote.WithEngine(eng).Invoke(bctx, Doc{Score: i})
			if errs[i] == nil && (d.Score != i || d.A != 1) {
				errs[i] = fmt.Errorf("run %d: %+v", i, d)
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(ctx); err != nil {
		t.Fatal(err)
	}
	var sum struct{ Started int }
	if err := s.Client.GetWorkflow(ctx, b.ID(), "").Get(ctx, &sum); err != nil || sum.Started != 6 {
		t.Errorf("batch: %+v, %v; want 6 started", sum, err)
	}
}

// hosted starts a dev server and a worker of queue hosting runners, and
// returns the server and an Engine that sends runs to that worker.
func hosted(t *testing.T, queue string, runners ...flow.AnyRunner) (*temporaltest.Server, *temporal.Engine) {
	s := temporaltest.Start(t)
	w := temporal.NewWorker(s.Client, queue, runners, temporal.Options{})
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Stop)
	return s, &temporal.Engine{Client: s.Client, TaskQueue: queue, PollEvery: 50 * time.Millisecond}
}

// TestDialUnreachable: a wrong address fails fast, naming it.
func TestDialUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	start := time.Now()
	c, err := temporal.Dial(t.Context(), temporal.Connection{Address: addr, DialTimeout: 2 * time.Second})
	if err == nil {
		c.Close()
		t.Fatal("dialled a closed port")
	}
	if !errors.Is(err, temporal.ErrUnreachable) || !strings.Contains(err.Error(), addr) {
		t.Errorf("error %q: want ErrUnreachable naming %s", err, addr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to fail", d)
	}
}
