package flow_test

import (
	"context"
	"errors"
	"strings"
	"sync"
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

	other := flow.New[St]("v2")
	other.Store = store
	other.Node("a", visit("a"))
	other.Start("a")
	other.Edge("a", flow.End)
	_, err := flow.Final[St](build(t, other).Resume(t.Context(), "v"))
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
