package temporal_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
)

// replayHistory is a run of replayGraph recorded on the dev server by
// TestDevServer with CAIRN_TEMPORAL_RECORD=1.
const replayHistory = "testdata/replay.history.json"

// replayGraph uses every kind of step the workflow schedules: a
// parallel fan-out with a reducer, a branch loop bounded by Limit, a node
// retried after failures.
func replayGraph(t testing.TB, calls *atomic.Int32) *flow.Runner[Doc] {
	g := flow.New[Doc]("replay")
	g.Node("split", step("split"))
	g.Node("a", func(_ context.Context, d Doc) (Doc, error) { d.A++; return d, nil })
	g.Node("b", func(_ context.Context, d Doc) (Doc, error) { d.B++; return d, nil })
	g.Node("write", func(_ context.Context, d Doc) (Doc, error) { d.Score++; return d, nil })
	g.Node("judge", step("judge"))
	g.Node("call", func(_ context.Context, d Doc) (Doc, error) {
		if calls.Add(1) <= 1 {
			return d, errTransient
		}
		d.Log = append(d.Log, "call")
		return d, nil
	})
	g.Start("split")
	g.Parallel("split", []string{"a", "b"}, "write")
	g.Edge("write", "judge")
	g.Branch("judge", func(d Doc) string {
		if d.Score >= 2 {
			return "call"
		}
		return "write"
	}, "write", "call")
	g.Limit("judge", 4)
	g.OnLimit("judge", flow.End)
	g.Edge("call", flow.End)
	g.Settings("call", flow.NodeSettings{Retry: flow.Retry{Attempts: 3, Backoff: 10 * time.Millisecond}})
	flow.Reduce(g, "Log", func(base []string, outs [][]string) []string {
		for _, o := range outs {
			base = append(base, o[len(base):]...)
		}
		return base
	})
	return build(t, g)
}

type transient struct{}

func (transient) Error() string { return "upstream 503" }

var errTransient error = transient{}

// replayer registers workflows only, as a worker.WorkflowReplayer does.
type replayer struct{ worker.WorkflowReplayer }

func (replayer) RegisterActivityWithOptions(any, activity.RegisterOptions) {}

func TestReplayRecordedHistory(t *testing.T) {
	rp := worker.NewWorkflowReplayer()
	temporal.Register(replayer{rp}, replayGraph(t, new(atomic.Int32)), temporal.Options{})
	if err := rp.ReplayWorkflowHistoryFromJSONFile(nil, replayHistory); err != nil {
		t.Fatalf("replay of %s: %v\n(a change broke determinism: runs in flight would fail; see the package doc)", replayHistory, err)
	}
}

// TestReplayCatchesChange shows the replay test can fail: the same graph
// name with one more node before the fan-out schedules another activity
// first.
func TestReplayCatchesChange(t *testing.T) {
	g := flow.New[Doc]("replay")
	g.Node("first", step("first"))
	g.Node("split", step("split"))
	g.Start("first")
	g.Edge("first", "split")
	g.Edge("split", flow.End)
	rp := worker.NewWorkflowReplayer()
	temporal.Register(replayer{rp}, build(t, g), temporal.Options{})
	err := rp.ReplayWorkflowHistoryFromJSONFile(nil, replayHistory)
	if err == nil || !strings.Contains(err.Error(), "TMPRL1100") { // the SDK's code for nondeterminism
		t.Fatalf("replay with a changed graph: %v, want a nondeterminism error", err)
	}
}
