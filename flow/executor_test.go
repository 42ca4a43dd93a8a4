package flow_test

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

// recordingExecutor runs steps through InProcess and records what the
// traversal handed it, as a remote executor would see it.
type recordingExecutor struct {
	mu    sync.Mutex
	steps []string
	next  flow.Executor[St]
}

func (e *recordingExecutor) Execute(ctx context.Context, st flow.Step[St]) (St, error) {
	e.mu.Lock()
	e.steps = append(e.steps, st.Node+"@"+st.Settings.Timeout.String())
	e.mu.Unlock()
	if st.RunID == "" || st.Index == 0 {
		return st.State, errors.New("step without run ID or index")
	}
	return e.next.Execute(ctx, st)
}

func TestCustomExecutor(t *testing.T) {
	rec := &recordingExecutor{next: flow.InProcess[St]{}}
	g := flow.New[St]("exec")
	g.Executor = rec
	g.Node("a", visit("a"))
	g.Node("b", visit("b"))
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", flow.End)
	g.Settings("b", flow.NodeSettings{Timeout: time.Second})
	s, _, err := build(t, g).RunToEnd(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rec.steps, " "); got != "a@0s b@1s" || len(s.Path) != 2 {
		t.Errorf("executor saw %q, state %+v", got, s)
	}
}

type unserialisable struct {
	C chan int `json:"c"`
}

func TestStateMustBeJSON(t *testing.T) {
	g := flow.New[unserialisable]("chan")
	g.Node("a", func(ctx context.Context, s unserialisable) (unserialisable, error) { return s, nil })
	g.Start("a")
	g.Edge("a", flow.End)
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	_, err = flow.Final[unserialisable](r.Run(t.Context(), unserialisable{C: make(chan int)}))
	if err == nil || !strings.Contains(err.Error(), "initial state is not JSON-serialisable") {
		t.Fatalf("err = %v", err)
	}
}

func TestResumeWithChangedGraph(t *testing.T) {
	store := &flow.MemStore{}
	fail := errors.New("stop here")
	g := flow.New[St]("v1")
	g.Store = store
	g.Node("a", visit("a"))
	g.Node("b", func(ctx context.Context, s St) (St, error) { return s, fail })
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", flow.End)
	if _, err := flow.Final[St](build(t, g).RunWithID(t.Context(), "v", St{})); !errors.Is(err, fail) {
		t.Fatal(err)
	}

	_, err := flow.Final[St](build(t, oneNode("v2", store)).Resume(t.Context(), "v"))
	if err == nil || !strings.Contains(err.Error(), `checkpoint is of graph "v1", not "v2"`) {
		t.Errorf("resume under another graph: %v", err)
	}

	renamed := flow.New[St]("v1")
	renamed.Store = store
	renamed.Node("a", visit("a"))
	renamed.Node("c", visit("c"))
	renamed.Start("a")
	renamed.Edge("a", "c")
	renamed.Edge("c", flow.End)
	_, err = flow.Final[St](build(t, renamed).Resume(t.Context(), "v"))
	if err == nil || !strings.Contains(err.Error(), `next node "b" is not in graph "v1"`) {
		t.Errorf("resume at a removed node: %v", err)
	}
}

// remote is an Executor that runs nodes as another process would: it
// sends the graph, node and state as JSON to a worker holding its own
// build of the same graph, and applies the node's settings itself.
type remote struct {
	worker *flow.Runner[St]
	mu     sync.Mutex
	sent   []string // graph/node@run-id-set
}

func (e *remote) Execute(ctx context.Context, st flow.Step[St]) (St, error) {
	e.mu.Lock()
	e.sent = append(e.sent, fmt.Sprintf("%s/%s@%v", st.Graph, st.Node, st.RunID != ""))
	e.mu.Unlock()
	in, err := json.Marshal(st.State)
	if err != nil {
		return st.State, err
	}
	var out json.RawMessage
	for a := 1; ; a++ {
		actx, cancel := context.WithTimeout(ctx, cmp.Or(st.Settings.Timeout, time.Minute))
		out, err = e.worker.CallNode(actx, st.Node, in)
		cancel()
		if err == nil {
			break
		}
		if a >= max(1, st.Settings.Retry.Attempts) {
			return st.State, &flow.NodeError{Node: st.Node, Attempts: a, Err: err}
		}
	}
	var s St
	return s, json.Unmarshal(out, &s)
}

func TestRemoteExecutorRunsNodesFromJSON(t *testing.T) {
	declare := func(calls *atomic.Int32) *flow.Graph[St] {
		g := flow.New[St]("remote")
		g.Node("a", visit("a"))
		g.Node("flaky", func(ctx context.Context, s St) (St, error) {
			if calls.Add(1) == 1 {
				return s, errors.New("first call fails")
			}
			s.B = "second call"
			return s, nil
		})
		g.Node("broken", func(ctx context.Context, s St) (St, error) { return s, errors.New("down") })
		g.Node("x", visit("x"))
		g.Node("y", func(ctx context.Context, s St) (St, error) { s.C = "y"; return s, nil })
		g.Start("a")
		g.Edge("a", "flaky")
		g.Edge("flaky", "broken")
		g.Parallel("broken", []string{"x", "y"}, flow.End)
		g.Settings("flaky", flow.NodeSettings{Retry: flow.Retry{Attempts: 2}})
		g.OnError("broken", func(s St, err error) (St, error) { s.A = "broken: " + errors.Unwrap(err).Error(); return s, nil })
		return g
	}
	var local, onClient, onWorker atomic.Int32
	want, err := build(t, declare(&local)).Invoke(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	client := declare(&onClient)
	ex := &remote{worker: build(t, declare(&onWorker))}
	client.Executor = ex
	got, err := build(t, client).Invoke(t.Context(), St{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("remote run ended in %+v, in process %+v", got, want)
	}
	if onClient.Load() != 0 || onWorker.Load() != 2 {
		t.Errorf("flaky ran %d times in the client and %d in the worker, want 0 and 2", onClient.Load(), onWorker.Load())
	}
	slices.Sort(ex.sent)
	if want := []string{"remote/a@true", "remote/broken@true", "remote/flaky@true", "remote/x@true", "remote/y@true"}; !slices.Equal(ex.sent, want) {
		t.Errorf("executor was sent %v, want %v", ex.sent, want)
	}
	if _, err := ex.worker.CallNode(t.Context(), "ghost", []byte(`{}`)); err == nil || !strings.Contains(err.Error(), `no node "ghost"`) {
		t.Errorf("CallNode of an unknown node: %v", err)
	}
	if _, err := ex.worker.CallNode(t.Context(), "a", []byte(`{"n":"x"}`)); err == nil || !strings.Contains(err.Error(), "does not decode") {
		t.Errorf("CallNode with a bad state: %v", err)
	}
}
