package flow_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/flow"
)

// Fan is the state of the spawner tests.
type Fan struct {
	Log []string
	A   int
	B   int
}

// serialSpawner runs a parallel step's branches one after another, in
// reverse, the way a coroutine scheduler may, and records each Spawn.
type serialSpawner struct {
	flow.InProcess[Fan]
	mu     sync.Mutex
	spawns []int
}

func (e *serialSpawner) Spawn(ctx context.Context, n int, fn func(context.Context, int)) {
	e.mu.Lock()
	e.spawns = append(e.spawns, n)
	e.mu.Unlock()
	for i := n - 1; i >= 0; i-- {
		fn(ctx, i)
	}
}

func fanGraph(t *testing.T, failB bool) *flow.Runner[Fan] {
	t.Helper()
	g := flow.New[Fan]("fan")
	g.Node("split", func(_ context.Context, s Fan) (Fan, error) { s.Log = append(s.Log, "split"); return s, nil })
	g.Node("a", func(_ context.Context, s Fan) (Fan, error) { s.A = 1; s.Log = append(s.Log, "a"); return s, nil })
	g.Node("b", func(_ context.Context, s Fan) (Fan, error) {
		if failB {
			return s, errors.New("b broke")
		}
		s.B = 2
		s.Log = append(s.Log, "b")
		return s, nil
	})
	g.Start("split")
	g.Parallel("split", []string{"a", "b"}, flow.End)
	flow.Reduce(g, "Log", func(base []string, outs [][]string) []string {
		for _, o := range outs {
			base = append(base, o[len(base):]...)
		}
		return base
	})
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSpawnerRunsParallelBranches(t *testing.T) {
	r := fanGraph(t, false)
	want, err := r.Invoke(t.Context(), Fan{})
	if err != nil {
		t.Fatal(err)
	}
	sp := &serialSpawner{}
	got, err := r.WithExecutor(sp).Invoke(t.Context(), Fan{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sp.spawns, []int{2}) {
		t.Errorf("Spawn calls = %v, want one of 2 branches", sp.spawns)
	}
	if got.A != want.A || got.B != want.B || !slices.Equal(got.Log, want.Log) {
		t.Errorf("with Spawner: %+v, in process: %+v", got, want)
	}
	// The original runner still runs on InProcess.
	if _, err := r.Invoke(t.Context(), Fan{}); err != nil || len(sp.spawns) != 1 {
		t.Errorf("WithExecutor changed the original runner: err %v, spawns %v", err, sp.spawns)
	}
}

func TestSpawnerBranchFailureFailsStep(t *testing.T) {
	_, err := fanGraph(t, true).WithExecutor(&serialSpawner{}).Invoke(t.Context(), Fan{})
	var ne *flow.NodeError
	if !errors.As(err, &ne) || ne.Node != "b" {
		t.Fatalf("err = %v, want the NodeError of branch b", err)
	}
}

func TestRunnerSettings(t *testing.T) {
	g := flow.New[Fan]("settings")
	g.Node("n", func(_ context.Context, s Fan) (Fan, error) { return s, nil })
	g.Start("n")
	g.Edge("n", flow.End)
	retryIf := func(error) bool { return false }
	g.Settings("n", flow.NodeSettings{Retry: flow.Retry{Attempts: 3, If: retryIf}})
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	set, ok := r.Settings("n")
	if !ok || set.Retry.Attempts != 3 || set.Retry.If == nil {
		t.Errorf("Settings(n) = %+v, %v", set, ok)
	}
	if _, ok := r.Settings("nope"); ok {
		t.Error("Settings of an unknown node reported ok")
	}
}
