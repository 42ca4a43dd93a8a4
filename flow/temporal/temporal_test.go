package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/converter"
	sdktemporal "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
)

// Doc is the state of the test graphs.
type Doc struct {
	Log    []string
	Score  int
	A, B   int
	Failed string
}

func step(name string) flow.NodeFunc[Doc] {
	return func(_ context.Context, d Doc) (Doc, error) {
		d.Log = append(d.Log, name)
		return d, nil
	}
}

func build(t testing.TB, g *flow.Graph[Doc]) *flow.Runner[Doc] {
	t.Helper()
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func chain(t testing.TB) *flow.Runner[Doc] {
	g := flow.New[Doc]("chain")
	for _, n := range []string{"a", "b", "c"} {
		g.Node(n, step(n))
	}
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", "c")
	g.Edge("c", flow.End)
	return build(t, g)
}

// loop writes and judges until the score reaches 3; Limit stops it at 5
// judgements whatever the branch says.
func loop(t testing.TB, pass int) *flow.Runner[Doc] {
	g := flow.New[Doc]("loop")
	g.Node("write", func(_ context.Context, d Doc) (Doc, error) {
		d.Score++
		d.Log = append(d.Log, fmt.Sprint("write", d.Score))
		return d, nil
	})
	g.Node("judge", step("judge"))
	g.Node("publish", step("publish"))
	g.Start("write")
	g.Edge("write", "judge")
	g.Branch("judge", func(d Doc) string {
		if d.Score >= pass {
			return "publish"
		}
		return "write"
	}, "write", "publish")
	g.Limit("judge", 5)
	g.OnLimit("judge", flow.End)
	g.Edge("publish", flow.End)
	return build(t, g)
}

func fan(t testing.TB) *flow.Runner[Doc] {
	g := flow.New[Doc]("fan")
	g.Node("split", step("split"))
	g.Node("a", func(_ context.Context, d Doc) (Doc, error) { d.A = 1; d.Log = append(d.Log, "a"); return d, nil })
	g.Node("b", func(_ context.Context, d Doc) (Doc, error) { d.B = 2; d.Log = append(d.Log, "b"); return d, nil })
	g.Node("join", step("join"))
	g.Start("split")
	g.Parallel("split", []string{"a", "b"}, "join")
	g.Edge("join", flow.End)
	flow.Reduce(g, "Log", func(base []string, outs [][]string) []string {
		for _, o := range outs {
			base = append(base, o[len(base):]...)
		}
		return base
	})
	return build(t, g)
}

// flaky fails its first fails calls, then works; calls counts them.
func flaky(t testing.TB, name string, fails int32, attempts int, onError bool, calls *atomic.Int32) *flow.Runner[Doc] {
	g := flow.New[Doc](name)
	g.Node("start", step("start"))
	g.Node("call", func(_ context.Context, d Doc) (Doc, error) {
		if calls.Add(1) <= fails {
			return d, errors.New("upstream 503")
		}
		d.Log = append(d.Log, "call")
		return d, nil
	})
	g.Start("start")
	g.Edge("start", "call")
	g.Edge("call", flow.End)
	g.Settings("call", flow.NodeSettings{Retry: flow.Retry{Attempts: attempts, Backoff: 10 * time.Millisecond}})
	if onError {
		g.OnError("call", func(d Doc, err error) (Doc, error) {
			d.Failed = err.Error()
			return d, nil
		})
	}
	return build(t, g)
}

// onTemporal runs r's graph from s0 in the SDK's test workflow
// environment and returns the final state, the error, and the number of
// activity executions.
func onTemporal(t *testing.T, r *flow.Runner[Doc], s0 Doc) (Doc, error, int) {
	t.Helper()
	var ts testsuite.WorkflowTestSuite
	env := ts.NewTestWorkflowEnvironment()
	temporal.Register(env, r, temporal.Options{})
	var started atomic.Int32
	env.SetOnActivityStartedListener(func(*activity.Info, context.Context, converter.EncodedValues) { started.Add(1) })
	in, _ := json.Marshal(s0)
	env.ExecuteWorkflow(temporal.WorkflowName(r.Name()), json.RawMessage(in))
	if !env.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	var out json.RawMessage
	if err := env.GetWorkflowError(); err != nil {
		return Doc{}, err, int(started.Load())
	}
	if err := env.GetWorkflowResult(&out); err != nil {
		t.Fatal(err)
	}
	var d Doc
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	return d, nil, int(started.Load())
}

func TestSameFinalStateAsInProcess(t *testing.T) {
	var c1, c2 atomic.Int32
	for _, tc := range []struct {
		name  string
		r     *flow.Runner[Doc]
		reset func()
		nodes int // activity executions, retries included
	}{
		{"chain", chain(t), nil, 3},
		{"branch loop", loop(t, 3), nil, 7},       // 3 × (write, judge), publish
		{"loop limit", loop(t, 99), nil, 10},      // stopped by Limit after 5 judgements
		{"parallel with reducer", fan(t), nil, 4}, // split, a, b, join
		{"retried node", flaky(t, "retried", 2, 3, false, &c1), func() { c1.Store(0) }, 4},
		{"failure to OnError", flaky(t, "onerror", 9, 2, true, &c2), func() { c2.Store(0) }, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.reset != nil {
				tc.reset()
			}
			want, err := tc.r.Invoke(t.Context(), Doc{})
			if err != nil {
				t.Fatalf("in process: %v", err)
			}
			if tc.reset != nil {
				tc.reset()
			}
			got, err, n := onTemporal(t, tc.r, Doc{})
			if err != nil {
				t.Fatalf("on Temporal: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("on Temporal: %+v\nin process: %+v", got, want)
			}
			if n != tc.nodes {
				t.Errorf("%d activity executions, want %d", n, tc.nodes)
			}
		})
	}
}

func TestNodeFailureFailsRun(t *testing.T) {
	var calls atomic.Int32
	r := flaky(t, "broken", 9, 2, false, &calls)
	_, want := r.Invoke(t.Context(), Doc{})
	calls.Store(0)
	_, err, n := onTemporal(t, r, Doc{})
	if err == nil || want == nil {
		t.Fatalf("on Temporal: %v; in process: %v; want both to fail", err, want)
	}
	if !strings.Contains(err.Error(), want.Error()) {
		t.Errorf("on Temporal: %v\nwant it to say %q", err, want)
	}
	if n != 3 || calls.Load() != 2 {
		t.Errorf("%d activity executions, %d node calls; want start + 2 attempts", n, calls.Load())
	}
}

func TestRetryIfStopsRetries(t *testing.T) {
	var calls atomic.Int32
	g := flow.New[Doc]("retryif")
	g.Node("call", func(_ context.Context, d Doc) (Doc, error) {
		calls.Add(1)
		return d, errors.New("bad request")
	})
	g.Start("call")
	g.Edge("call", flow.End)
	g.Settings("call", flow.NodeSettings{Retry: flow.Retry{Attempts: 5,
		If: func(err error) bool { return !strings.Contains(err.Error(), "bad request") }}})
	_, err, _ := onTemporal(t, build(t, g), Doc{})
	if err == nil || calls.Load() != 1 {
		t.Errorf("err %v after %d calls; want a failure after 1", err, calls.Load())
	}
}

func TestNodeTimeout(t *testing.T) {
	g := flow.New[Doc]("slow")
	g.Node("slow", func(ctx context.Context, d Doc) (Doc, error) {
		<-ctx.Done()
		return d, ctx.Err()
	})
	g.Start("slow")
	g.Edge("slow", flow.End)
	g.Settings("slow", flow.NodeSettings{Timeout: 50 * time.Millisecond})
	g.OnError("slow", func(d Doc, err error) (Doc, error) {
		d.Failed = fmt.Sprint(errors.Is(err, flow.ErrTimeout), " ", err)
		return d, nil
	})
	r := build(t, g)
	want, err := r.Invoke(t.Context(), Doc{})
	if err != nil {
		t.Fatal(err)
	}
	got, err, _ := onTemporal(t, r, Doc{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Failed != want.Failed || !strings.HasPrefix(got.Failed, "true ") {
		t.Errorf("on Temporal OnError saw %q\nin process %q", got.Failed, want.Failed)
	}
}

func TestCancelledWorkflowIsNotANodeFailure(t *testing.T) {
	var handled atomic.Bool
	g := flow.New[Doc]("cancel")
	g.Node("wait", func(ctx context.Context, d Doc) (Doc, error) {
		<-ctx.Done()
		return d, ctx.Err()
	})
	g.Node("after", step("after"))
	g.Start("wait")
	g.Edge("wait", "after")
	g.Edge("after", flow.End)
	g.OnError("wait", func(d Doc, err error) (Doc, error) {
		handled.Store(true)
		return d, nil
	})
	var ts testsuite.WorkflowTestSuite
	env := ts.NewTestWorkflowEnvironment()
	temporal.Register(env, build(t, g), temporal.Options{Heartbeat: time.Second})
	env.SetOnActivityStartedListener(func(*activity.Info, context.Context, converter.EncodedValues) {
		time.AfterFunc(50*time.Millisecond, env.CancelWorkflow)
	})
	env.ExecuteWorkflow(temporal.WorkflowName("cancel"), json.RawMessage(`{}`))
	err := env.GetWorkflowError()
	var ce *sdktemporal.CanceledError
	if !errors.As(err, &ce) {
		t.Errorf("workflow error %v, want a cancellation", err)
	}
	if handled.Load() {
		t.Error("OnError handled the cancellation as a node failure")
	}
}
