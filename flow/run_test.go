package flow_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// St is the test state.
type St struct {
	Path  []string          `json:"path"`
	N     int               `json:"n"`
	A     string            `json:"a,omitempty"`
	B     string            `json:"b,omitempty"`
	C     string            `json:"c,omitempty"`
	Tags  map[string]string `json:"tags,omitempty"`
	Total int               `json:"total"`
}

// visit returns a node that appends its name to Path.
func visit(name string) flow.NodeFunc[St] {
	return func(ctx context.Context, s St) (St, error) {
		s.Path = append(s.Path, name)
		s.N++
		return s, nil
	}
}

func build(t testing.TB, g *flow.Graph[St]) *flow.Runner[St] {
	t.Helper()
	r, err := g.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return r
}

func kinds(evs []event.Event) []string {
	var out []string
	for _, e := range evs {
		s := string(e.Kind)
		if e.Node != "" {
			s += ":" + e.Node
		}
		out = append(out, s)
	}
	return out
}

func TestLinear(t *testing.T) {
	g := flow.New[St]("linear")
	for _, n := range []string{"a", "b", "c"} {
		g.Node(n, visit(n))
	}
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", "c")
	g.Edge("c", flow.End)
	s, evs, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "b", "c"}; !slices.Equal(s.Path, want) {
		t.Errorf("path = %v, want %v", s.Path, want)
	}
	want := []string{
		"run_start",
		"node_start:a", "node_end:a", "state:a",
		"node_start:b", "node_end:b", "state:b",
		"node_start:c", "node_end:c", "state:c",
		"run_end",
	}
	if got := kinds(evs); !slices.Equal(got, want) {
		t.Errorf("events:\n got %v\nwant %v", got, want)
	}
	runID := evs[0].RunID
	for _, e := range evs {
		if e.RunID != runID || runID == "" {
			t.Fatalf("event %v has run ID %q, want %q", e.Kind, e.RunID, runID)
		}
	}
	if evs[len(evs)-1].Message != "done" {
		t.Errorf("RunEnd message = %q", evs[len(evs)-1].Message)
	}
}

func TestBranch(t *testing.T) {
	g := flow.New[St]("branch")
	g.Node("start", visit("start"))
	g.Node("even", visit("even"))
	g.Node("odd", visit("odd"))
	g.Start("start")
	g.Branch("start", func(s St) string {
		if s.Total%2 == 0 {
			return "even"
		}
		return "odd"
	}, "even", "odd")
	g.Edge("even", flow.End)
	g.Edge("odd", flow.End)
	r := build(t, g)
	for total, want := range map[int]string{2: "even", 3: "odd"} {
		s, _, err := r.RunToEnd(t.Context(), St{Total: total})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Path; !slices.Equal(got, []string{"start", want}) {
			t.Errorf("total %d: path %v, want [start %s]", total, got, want)
		}
	}
}

func TestBoundedCycleTakesLimitEdge(t *testing.T) {
	g := flow.New[St]("loop")
	g.Node("think", visit("think"))
	g.Node("giveup", visit("giveup"))
	g.Start("think")
	// The branch always wants another round; only the limit ends the loop.
	g.Branch("think", func(St) string { return "think" }, "think", flow.End)
	g.Limit("think", 3)
	g.OnLimit("think", "giveup")
	g.Edge("giveup", flow.End)
	s, evs, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"think", "think", "think", "giveup"}; !slices.Equal(s.Path, want) {
		t.Errorf("path = %v, want %v", s.Path, want)
	}
	var note string
	for _, e := range evs {
		if e.Kind == event.Note && strings.Contains(e.Message, "limit") {
			note = e.Message
		}
	}
	if note != "limit 3 reached: think -> giveup" {
		t.Errorf("limit note = %q", note)
	}
}

func fanoutGraph() *flow.Graph[St] {
	g := flow.New[St]("fan")
	g.Node("split", visit("split"))
	g.Node("x", func(ctx context.Context, s St) (St, error) {
		s.A = "from x"
		s.Path = append(s.Path, "x")
		s.Total += 10
		return s, nil
	})
	g.Node("y", func(ctx context.Context, s St) (St, error) {
		s.B = "from y"
		s.Path = append(s.Path, "y")
		s.Total += 100
		return s, nil
	})
	g.Node("z", func(ctx context.Context, s St) (St, error) {
		s.C = "from z"
		return s, nil
	})
	g.Node("join", visit("join"))
	g.Start("split")
	g.Parallel("split", []string{"x", "y", "z"}, "join")
	g.Edge("join", flow.End)
	return g
}

func TestParallelJoinWithReducer(t *testing.T) {
	g := flowNewSumGraph()
	s, evs, err := build(t, g).RunToEnd(t.Context(), St{Total: 1})
	if err != nil {
		t.Fatal(err)
	}
	if s.A != "from x" || s.B != "from y" || s.C != "from z" {
		t.Errorf("fields changed by one branch not merged: %+v", s)
	}
	if want := []string{"split", "x", "y", "join"}; !slices.Equal(s.Path, want) {
		t.Errorf("path = %v, want %v (Appended keeps branch order)", s.Path, want)
	}
	if s.Total != 111 {
		t.Errorf("total = %d, want 1+10+100", s.Total)
	}
	var started []string
	for _, e := range evs {
		if e.Kind == event.NodeStart {
			started = append(started, e.Node)
		}
	}
	slices.Sort(started[1:4])
	if want := []string{"split", "x", "y", "z", "join"}; !slices.Equal(started, want) {
		t.Errorf("started %v, want %v", started, want)
	}
}

// flowNewSumGraph is fanoutGraph with a sum reducer that adds each branch's
// delta to the base.
func flowNewSumGraph() *flow.Graph[St] {
	g := fanoutGraph()
	flow.Reduce(g, "path", flow.Appended[string])
	flow.Reduce(g, "total", func(base int, outs []int) int {
		sum := base
		for _, o := range outs {
			sum += o - base
		}
		return sum
	})
	return g
}

func TestParallelBranchesRunConcurrently(t *testing.T) {
	g := flow.New[St]("concurrent")
	g.Node("split", visit("split"))
	var inside, peak atomic.Int32
	for _, n := range []string{"p", "q", "r", "s"} {
		g.Node(n, func(ctx context.Context, s St) (St, error) {
			cur := inside.Add(1)
			for {
				old := peak.Load()
				if cur <= old || peak.CompareAndSwap(old, cur) {
					break
				}
			}
			// Emit from every branch at once; the stream must stay intact.
			for i := range 50 {
				event.Emit(ctx, event.Event{Kind: event.Note, Message: fmt.Sprint(n, i)})
			}
			time.Sleep(30 * time.Millisecond)
			inside.Add(-1)
			return s, nil
		})
	}
	g.Start("split")
	g.Parallel("split", []string{"p", "q", "r", "s"}, flow.End)
	_, evs, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if peak.Load() != 4 {
		t.Errorf("at most %d branches ran at once, want 4", peak.Load())
	}
	perNode := map[string]int{}
	for _, e := range evs {
		if e.Kind == event.Note && e.Message != "" && !strings.Contains(e.Message, "->") {
			perNode[e.Node]++
			if !strings.HasPrefix(e.Message, e.Node) {
				t.Fatalf("event %q stamped with node %q", e.Message, e.Node)
			}
		}
	}
	for _, n := range []string{"p", "q", "r", "s"} {
		if perNode[n] != 50 {
			t.Errorf("node %s: %d events in stream, want 50", n, perNode[n])
		}
	}
}

func TestParallelConflictWithoutReducer(t *testing.T) {
	g := fanoutGraph()
	_, _, err := build(t, g).RunToEnd(t.Context(), St{})
	var ce *flow.ConflictError
	if !errors.As(err, &ce) || !errors.Is(err, flow.ErrConflict) {
		t.Fatalf("err = %v, want a ConflictError", err)
	}
	// x and y both wrote path and total; z wrote only c.
	msg := err.Error()
	for _, want := range []string{`field "path"`, `field "total"`, `branches "x" and "y"`, `parallel after "split"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %s", msg, want)
		}
	}
	if strings.Contains(msg, `"z"`) {
		t.Errorf("error blames z, which wrote only its own field: %s", msg)
	}
}

func TestParallelAgreeingWritesDoNotConflict(t *testing.T) {
	g := flow.New[St]("agree")
	g.Node("split", visit("split"))
	g.Node("x", func(ctx context.Context, s St) (St, error) { s.A = "same"; s.B = "x"; return s, nil })
	g.Node("y", func(ctx context.Context, s St) (St, error) { s.A = "same"; return s, nil })
	g.Start("split")
	g.Parallel("split", []string{"x", "y"}, flow.End)
	s, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if s.A != "same" || s.B != "x" {
		t.Errorf("state %+v", s)
	}
}

func TestParallelBranchesGetIndependentCopies(t *testing.T) {
	g := flow.New[St]("copies")
	g.Node("split", func(ctx context.Context, s St) (St, error) {
		s.Tags = map[string]string{"k": "base"}
		return s, nil
	})
	// Both write into the same map in place; with shared maps this would
	// race (-race) and both would see each other's keys.
	g.Node("x", func(ctx context.Context, s St) (St, error) {
		s.Tags["x"] = "1"
		s.A = fmt.Sprint(len(s.Tags))
		return s, nil
	})
	g.Node("y", func(ctx context.Context, s St) (St, error) {
		s.Tags["y"] = "1"
		s.B = fmt.Sprint(len(s.Tags))
		return s, nil
	})
	g.Start("split")
	g.Parallel("split", []string{"x", "y"}, flow.End)
	flow.Reduce(g, "tags", func(base map[string]string, outs []map[string]string) map[string]string {
		m := map[string]string{}
		for _, o := range outs {
			for k, v := range o {
				m[k] = v
			}
		}
		return m
	})
	s, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if s.A != "2" || s.B != "2" || len(s.Tags) != 3 {
		t.Errorf("branches shared state: a=%s b=%s tags=%v", s.A, s.B, s.Tags)
	}
}

func TestParallelBranchFailureStopsSiblings(t *testing.T) {
	g := flow.New[St]("fail")
	g.Node("split", visit("split"))
	g.Node("bad", func(ctx context.Context, s St) (St, error) { return s, errors.New("disk on fire") })
	var started, sawCancel atomic.Bool
	g.Node("slow", func(ctx context.Context, s St) (St, error) {
		started.Store(true)
		select {
		case <-ctx.Done():
			sawCancel.Store(true)
			return s, ctx.Err()
		case <-time.After(5 * time.Second):
			return s, nil
		}
	})
	g.Start("split")
	g.Parallel("split", []string{"bad", "slow"}, flow.End)
	t0 := time.Now()
	_, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if err == nil || !strings.Contains(err.Error(), `branch "bad"`) || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("err = %v, want branch bad's error", err)
	}
	if strings.Contains(err.Error(), `branch "slow"`) {
		t.Errorf("error blames the cancelled sibling: %v", err)
	}
	// The executor returns at once on cancellation; a sibling that had
	// started notices soon, one not yet scheduled never starts.
	for i := 0; i < 100 && !sawCancel.Load() && (started.Load() || i < 5); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if time.Since(t0) > 2*time.Second || started.Load() && !sawCancel.Load() {
		t.Errorf("slow sibling not cancelled (took %s)", time.Since(t0))
	}
}

func TestUndeclaredBranchTarget(t *testing.T) {
	g := flow.New[St]("undeclared")
	g.Node("route", visit("route"))
	g.Node("ok", visit("ok"))
	g.Start("route")
	g.Branch("route", func(St) string { return "elsewhere" }, "ok", flow.End)
	g.Edge("ok", flow.End)
	_, evs, err := build(t, g).RunToEnd(t.Context(), St{})
	if !errors.Is(err, flow.ErrUndeclaredTarget) {
		t.Fatalf("err = %v, want ErrUndeclaredTarget", err)
	}
	for _, want := range []string{`"route"`, `"elsewhere"`, `"ok"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
	last := evs[len(evs)-1]
	if last.Kind != event.RunEnd || last.Message != "failed" || last.Err == "" {
		t.Errorf("last event = %+v, want a failed RunEnd", last)
	}
}

func TestNodeTimeout(t *testing.T) {
	g := flow.New[St]("timeout")
	// This node ignores its context: the run must not wait for it.
	g.Node("stuck", func(ctx context.Context, s St) (St, error) {
		time.Sleep(3 * time.Second)
		return s, nil
	})
	g.Start("stuck")
	g.Edge("stuck", flow.End)
	g.Settings("stuck", flow.NodeSettings{Timeout: 20 * time.Millisecond})
	t0 := time.Now()
	_, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if !errors.Is(err, flow.ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	var ne *flow.NodeError
	if !errors.As(err, &ne) || ne.Node != "stuck" || ne.Attempts != 1 {
		t.Errorf("err = %#v, want NodeError for stuck after 1 attempt", err)
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("run took %s; the timeout is 20ms", d)
	}
}

func TestNodeRetry(t *testing.T) {
	errFlaky := errors.New("flaky")
	errFatal := errors.New("fatal")
	newGraph := func(fail []error) (*flow.Graph[St], *atomic.Int32) {
		var calls atomic.Int32
		g := flow.New[St]("retry")
		g.Node("call", func(ctx context.Context, s St) (St, error) {
			i := int(calls.Add(1)) - 1
			if i < len(fail) {
				return s, fail[i]
			}
			s.N = i + 1
			return s, nil
		})
		g.Start("call")
		g.Edge("call", flow.End)
		g.Settings("call", flow.NodeSettings{Retry: flow.Retry{
			Attempts: 3, Backoff: time.Millisecond,
			If: func(err error) bool { return errors.Is(err, errFlaky) },
		}})
		return g, &calls
	}

	t.Run("succeeds on third attempt", func(t *testing.T) {
		g, calls := newGraph([]error{errFlaky, errFlaky})
		s, evs, err := build(t, g).RunToEnd(t.Context(), St{})
		if err != nil || s.N != 3 || calls.Load() != 3 {
			t.Fatalf("state %+v, calls %d, err %v", s, calls.Load(), err)
		}
		var retries []string
		for _, e := range evs {
			if e.Kind == event.Error {
				retries = append(retries, e.Message)
			}
		}
		if len(retries) != 2 || !strings.HasPrefix(retries[0], "attempt 1/3 failed") {
			t.Errorf("retry events %q", retries)
		}
	})
	t.Run("gives up after attempts", func(t *testing.T) {
		g, calls := newGraph([]error{errFlaky, errFlaky, errFlaky, errFlaky})
		_, _, err := build(t, g).RunToEnd(t.Context(), St{})
		var ne *flow.NodeError
		if !errors.As(err, &ne) || ne.Attempts != 3 || !errors.Is(err, errFlaky) || calls.Load() != 3 {
			t.Fatalf("err %v, calls %d", err, calls.Load())
		}
	})
	t.Run("does not retry other errors", func(t *testing.T) {
		g, calls := newGraph([]error{errFatal})
		_, _, err := build(t, g).RunToEnd(t.Context(), St{})
		if !errors.Is(err, errFatal) || calls.Load() != 1 {
			t.Fatalf("err %v, calls %d", err, calls.Load())
		}
	})
}

func TestTimeoutIsRetried(t *testing.T) {
	var calls atomic.Int32
	g := flow.New[St]("timeout-retry")
	g.Node("slow-then-fast", func(ctx context.Context, s St) (St, error) {
		if calls.Add(1) == 1 {
			<-ctx.Done()
			return s, ctx.Err()
		}
		s.N = 7
		return s, nil
	})
	g.Start("slow-then-fast")
	g.Edge("slow-then-fast", flow.End)
	g.Settings("slow-then-fast", flow.NodeSettings{Timeout: 10 * time.Millisecond, Retry: flow.Retry{Attempts: 2}})
	s, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil || s.N != 7 || calls.Load() != 2 {
		t.Fatalf("state %+v, calls %d, err %v", s, calls.Load(), err)
	}
}

func TestCancellation(t *testing.T) {
	g := flow.New[St]("cancel")
	started := make(chan struct{})
	g.Node("wait", func(ctx context.Context, s St) (St, error) {
		s.N = 1
		close(started)
		<-ctx.Done()
		return s, ctx.Err()
	})
	g.Node("never", visit("never"))
	g.Start("wait")
	g.Edge("wait", "never")
	g.Edge("never", flow.End)
	r := build(t, g)

	ctx, cancel := context.WithCancel(t.Context())
	go func() { <-started; cancel() }()
	t0 := time.Now()
	var last event.Event
	var lastErr error
	for ev, err := range r.Run(ctx, St{}) {
		last, lastErr = ev, err
		if ev.Node == "never" {
			t.Errorf("node after cancellation ran: %+v", ev)
		}
	}
	if time.Since(t0) > time.Second {
		t.Errorf("cancellation took %s", time.Since(t0))
	}
	if last.Kind != event.RunEnd || last.Message != "cancelled" {
		t.Errorf("last event %v %q, want RunEnd cancelled", last.Kind, last.Message)
	}
	if !errors.Is(lastErr, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", lastErr)
	}
}

func TestBreakStopsRun(t *testing.T) {
	var ran atomic.Int32
	g := flow.New[St]("break")
	g.Node("step", func(ctx context.Context, s St) (St, error) { ran.Add(1); return s, nil })
	g.Start("step")
	g.Branch("step", func(St) string { return "step" }, "step", flow.End)
	g.MaxSteps = 1000
	r := build(t, g)
	n := 0
	for ev := range r.Run(t.Context(), St{}) {
		if ev.Kind == event.NodeEnd {
			n++
			if n == 3 {
				break
			}
		}
	}
	after := ran.Load()
	time.Sleep(20 * time.Millisecond)
	// The runner may be a few buffered events ahead of the consumer, but
	// once the loop has returned the run has stopped.
	if ran.Load() != after || after > 3+64 {
		t.Errorf("run went on after break: %d then %d node runs", after, ran.Load())
	}
}

func TestStepLimit(t *testing.T) {
	g := flow.New[St]("forever")
	g.Node("again", visit("again"))
	g.Start("again")
	g.Branch("again", func(St) string { return "again" }, "again", flow.End)
	g.MaxSteps = 5
	s, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if !errors.Is(err, flow.ErrStepLimit) {
		t.Fatalf("err = %v, want ErrStepLimit", err)
	}
	if !strings.Contains(err.Error(), "5 steps") || !strings.Contains(err.Error(), `again`) {
		t.Errorf("error %q should give the limit and the next node", err)
	}
	if s.N != 5 {
		t.Errorf("final state after limit has N=%d, want the last good state (5)", s.N)
	}
}

func TestNodeEventsInOrder(t *testing.T) {
	g := flow.New[St]("emit")
	g.Node("talk", func(ctx context.Context, s St) (St, error) {
		event.Emit(ctx, event.Event{Kind: event.Decision, Decision: &event.DecisionInfo{Name: "Pick", Source: "policy"}})
		event.Emit(ctx, event.Event{Kind: event.ToolCall, Tool: &event.ToolInfo{Name: "maps"}})
		return s, nil
	})
	g.Start("talk")
	g.Edge("talk", flow.End)

	// A sink already in the caller's context sees the same events, once.
	var mu sync.Mutex
	var outer []event.Event
	ctx := event.WithSink(t.Context(), func(e event.Event) { mu.Lock(); outer = append(outer, e); mu.Unlock() })
	_, evs, err := build(t, g).RunToEnd(ctx, St{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"run_start", "node_start:talk", "decision:talk", "tool_call:talk", "node_end:talk", "state:talk", "run_end"}
	if got := kinds(evs); !slices.Equal(got, want) {
		t.Errorf("stream:\n got %v\nwant %v", got, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if got := kinds(outer); !slices.Equal(got, want) {
		t.Errorf("outer sink:\n got %v\nwant %v", got, want)
	}
}

func TestNodePanicIsError(t *testing.T) {
	g := flow.New[St]("panic")
	g.Node("boom", func(ctx context.Context, s St) (St, error) { panic("oops") })
	g.Start("boom")
	g.Edge("boom", flow.End)
	_, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if err == nil || !strings.Contains(err.Error(), `node "boom" panicked: oops`) {
		t.Fatalf("err = %v", err)
	}
}

func TestSubgraphAsNode(t *testing.T) {
	sub := flow.New[St]("sub")
	sub.Node("s1", visit("s1"))
	sub.Node("s2", visit("s2"))
	sub.Start("s1")
	sub.Edge("s1", "s2")
	sub.Edge("s2", flow.End)
	g := flow.New[St]("outer")
	g.Node("split", visit("split"))
	g.Node("chain", build(t, sub).AsNode())
	g.Node("other", func(ctx context.Context, s St) (St, error) { s.C = "other"; return s, nil })
	g.Start("split")
	g.Parallel("split", []string{"chain", "other"}, flow.End)
	s, evs, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Path, []string{"split", "s1", "s2"}) || s.C != "other" {
		t.Errorf("state %+v", s)
	}
	var inner int
	for _, e := range evs {
		if e.Kind == event.NodeEnd && (e.Node == "s1" || e.Node == "s2") {
			inner++
		}
	}
	if inner != 2 {
		t.Errorf("sub-graph node events in outer stream: %d, want 2", inner)
	}
	if last := evs[len(evs)-1]; last.Kind != event.RunEnd || last.RunID != evs[0].RunID {
		t.Errorf("last event %v of run %s, want the outer RunEnd", last.Kind, last.RunID)
	}
}

// loopGraph is a bounded loop of n steps through one node.
func loopGraph(n int) *flow.Graph[St] {
	g := flow.New[St]("loop")
	g.Node("tick", func(ctx context.Context, s St) (St, error) { s.N++; return s, nil })
	g.Start("tick")
	g.Branch("tick", func(St) string { return "tick" }, "tick", flow.End)
	g.Limit("tick", n)
	g.OnLimit("tick", flow.End)
	g.MaxSteps = n
	return g
}

func TestInvokeSendsTheStreamsEventsToSinks(t *testing.T) {
	g := flowNewSumGraph()
	r := build(t, g)
	var streamed []event.Event
	for ev, err := range r.Run(t.Context(), St{}) {
		if err != nil {
			t.Fatal(err)
		}
		streamed = append(streamed, ev)
	}
	want, err := flow.Final[St](r.Run(t.Context(), St{}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, got := event.Collect(t.Context())
	s, err := r.Invoke(ctx, St{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Path, want.Path) || s.Total != want.Total {
		t.Errorf("Invoke state %+v, Run's %+v", s, want)
	}
	invoked := got()
	// Parallel branches' events interleave differently from run to run:
	// compare them as multisets, and the run's order outside them.
	a, b := kinds(streamed), kinds(invoked)
	if !slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))) {
		t.Errorf("events differ:\nRun    %v\nInvoke %v", a, b)
	}
	if a[0] != "run_start" || b[0] != "run_start" || a[len(a)-1] != "run_end" || b[len(b)-1] != "run_end" {
		t.Errorf("first and last events: Run %v, Invoke %v", a, b)
	}
	for _, e := range invoked {
		if e.RunID != invoked[0].RunID || e.RunID == "" {
			t.Fatalf("event %v has run ID %q, want %q", e.Kind, e.RunID, invoked[0].RunID)
		}
	}
}

func TestInvokeWithoutListenerBuildsNothingPerStep(t *testing.T) {
	allocs := func(n int) float64 {
		r := build(t, loopGraph(n))
		return testing.AllocsPerRun(20, func() {
			if s, err := r.Invoke(t.Context(), St{}); err != nil || s.N != n {
				t.Fatal(s, err)
			}
		})
	}
	short, long := allocs(10), allocs(1000)
	if long-short > 2 {
		t.Errorf("a run of 1000 steps allocates %.0f times, one of 10 steps %.0f: something is made per step", long, short)
	}
	// and its nodes see no sink
	g := flow.New[St]("quiet")
	g.Node("look", func(ctx context.Context, s St) (St, error) {
		if event.Listening(ctx) {
			return s, errors.New("node has a sink though nobody listens")
		}
		return s, nil
	})
	g.Start("look")
	g.Edge("look", flow.End)
	if _, err := build(t, g).Invoke(t.Context(), St{}); err != nil {
		t.Fatal(err)
	}
}

func TestInvokeReturnsLastGoodStateOnFailure(t *testing.T) {
	boom := errors.New("boom")
	g := flow.New[St]("fail")
	g.Node("a", visit("a"))
	g.Node("b", func(ctx context.Context, s St) (St, error) { s.N = 99; return s, boom })
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", flow.End)
	s, err := build(t, g).Invoke(t.Context(), St{})
	var ne *flow.NodeError
	if !errors.Is(err, boom) || !errors.As(err, &ne) || ne.Node != "b" {
		t.Fatalf("err = %v", err)
	}
	if !slices.Equal(s.Path, []string{"a"}) || s.N != 1 {
		t.Errorf("state %+v, want the state after a", s)
	}
}

// TestParallelOneWriter: when one branch alone changes the state (the
// others return it as they got it), the join's state is that branch's,
// fields it cleared included, and a reducer is not applied to a field
// only it wrote; when no branch changes it, it is the fan-out's state.
func TestParallelOneWriter(t *testing.T) {
	g := flow.New[St]("one")
	g.Node("split", func(ctx context.Context, s St) (St, error) {
		s.A, s.Tags, s.Total = "set before", map[string]string{"k": "v"}, 5
		return s, nil
	})
	g.Node("w", func(ctx context.Context, s St) (St, error) {
		s.A, s.Tags, s.B = "", nil, "by w"
		s.Total += 10
		return s, nil
	})
	same := func(ctx context.Context, s St) (St, error) { return s, nil }
	g.Node("p", same)
	g.Node("q", same)
	g.Start("split")
	g.Parallel("split", []string{"p", "w", "q"}, flow.End)
	flow.Reduce(g, "total", func(base int, outs []int) int { return -1 })
	s, _, err := build(t, g).RunToEnd(t.Context(), St{N: 3})
	if err != nil {
		t.Fatal(err)
	}
	if want := (St{N: 3, B: "by w", Total: 15}); !reflect.DeepEqual(s, want) {
		t.Errorf("one writer: state %+v, want %+v", s, want)
	}

	none := flow.New[St]("none")
	none.Node("split", func(ctx context.Context, s St) (St, error) { s.C = "c"; return s, nil })
	none.Node("p", same)
	none.Node("q", same)
	none.Start("split")
	none.Parallel("split", []string{"p", "q"}, flow.End)
	s, _, err = build(t, none).RunToEnd(t.Context(), St{N: 1, Path: []string{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := (St{N: 1, Path: []string{"a"}, C: "c"}); !reflect.DeepEqual(s, want) {
		t.Errorf("no writer: state %+v, want %+v", s, want)
	}
}
