package flow_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/flow"
)

// nodes declares nodes that pass the state on.
func nodes(g *flow.Graph[St], names ...string) {
	for _, n := range names {
		g.Node(n, func(ctx context.Context, s St) (St, error) { return s, nil })
	}
}

func TestBuildErrors(t *testing.T) {
	always := func(to string) func(St) string { return func(St) string { return to } }
	tests := []struct {
		name  string
		build func(g *flow.Graph[St])
		kind  error  // the rule broken
		names string // what the error must name
	}{
		{"no entry", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Edge("a", flow.End)
		}, flow.ErrNoEntry, ""},
		{"unknown entry", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("nope")
			g.Edge("a", flow.End)
		}, flow.ErrUnknownNode, `"nope"`},
		{"duplicate node", func(g *flow.Graph[St]) {
			nodes(g, "a", "a")
			g.Start("a")
			g.Edge("a", flow.End)
		}, flow.ErrDuplicate, `"a"`},
		{"reserved name", func(g *flow.Graph[St]) {
			nodes(g, flow.End)
		}, flow.ErrBadDeclaration, `"END"`},
		{"edge to unknown node", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", "ghost")
		}, flow.ErrUnknownNode, `"a" -> "ghost"`},
		{"edge from unknown node", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			g.Edge("ghost", "a")
		}, flow.ErrUnknownNode, `"ghost" -> "a"`},
		{"branch to unknown node", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Branch("a", always(flow.End), flow.End, "ghost")
		}, flow.ErrUnknownNode, `"a" -> "ghost"`},
		{"two outgoing declarations", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			g.Branch("a", always(flow.End), flow.End)
		}, flow.ErrTwoOutgoing, `"a"`},
		{"unreachable node", func(g *flow.Graph[St]) {
			nodes(g, "a", "island")
			g.Start("a")
			g.Edge("a", flow.End)
			g.Edge("island", flow.End)
		}, flow.ErrUnreachable, `"island"`},
		{"no outgoing edge", func(g *flow.Graph[St]) {
			nodes(g, "a", "b")
			g.Start("a")
			g.Branch("a", always("b"), "b", flow.End)
		}, flow.ErrNoOutgoing, `"b"`},
		{"end unreachable", func(g *flow.Graph[St]) {
			nodes(g, "a", "b")
			g.Start("a")
			g.Edge("a", "b")
			g.Edge("b", "a")
			g.Limit("a", 2)
			g.OnLimit("a", "b")
		}, flow.ErrNoPathToEnd, `"a"`},
		{"unbounded cycle", func(g *flow.Graph[St]) {
			nodes(g, "s", "a", "b", "c")
			g.Start("s")
			g.Branch("s", always(flow.End), "a", flow.End)
			g.Edge("a", "b")
			g.Edge("b", "c")
			g.Edge("c", "a")
		}, flow.ErrUnboundedCycle, `"a", "b", "c"`},
		{"cycle whose branch stays inside", func(g *flow.Graph[St]) {
			nodes(g, "a", "b", "done")
			g.Start("done")
			g.Edge("done", "a")
			g.Edge("a", "b")
			g.Branch("b", always("a"), "a", "b")
		}, flow.ErrUnboundedCycle, `"a", "b"`},
		{"limit whose edge stays in the cycle", func(g *flow.Graph[St]) {
			nodes(g, "s", "a", "b")
			g.Start("s")
			g.Branch("s", always(flow.End), "a", flow.End)
			g.Edge("a", "b")
			g.Edge("b", "a")
			g.Limit("a", 2)
			g.OnLimit("a", "b")
		}, flow.ErrUnboundedCycle, `"a", "b"`},
		{"limit without target", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Branch("a", always("a"), "a", flow.End)
			g.Limit("a", 3)
		}, flow.ErrUnpairedLimit, `"a"`},
		{"limit target unknown", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Branch("a", always("a"), "a", flow.End)
			g.Limit("a", 3)
			g.OnLimit("a", "ghost")
		}, flow.ErrUnknownNode, `"a" -> "ghost"`},
		{"zero limit", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			g.Limit("a", 0)
		}, flow.ErrBadDeclaration, `"a"`},
		{"parallel branch unknown", func(g *flow.Graph[St]) {
			nodes(g, "a", "b")
			g.Start("a")
			g.Parallel("a", []string{"b", "ghost"}, flow.End)
		}, flow.ErrUnknownNode, `"ghost"`},
		{"parallel join unknown", func(g *flow.Graph[St]) {
			nodes(g, "a", "b", "c")
			g.Start("a")
			g.Parallel("a", []string{"b", "c"}, "ghost")
		}, flow.ErrUnknownNode, `"ghost"`},
		{"parallel branch with own edge", func(g *flow.Graph[St]) {
			nodes(g, "a", "b", "c")
			g.Start("a")
			g.Parallel("a", []string{"b", "c"}, flow.End)
			g.Edge("b", flow.End)
		}, flow.ErrBadBranchNode, `"b"`},
		{"parallel of one", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Parallel("a", []string{"a"}, flow.End)
		}, flow.ErrBadDeclaration, `"a"`},
		{"reducer for unknown field", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			flow.Reduce(g, "nope", func(b int, o []int) int { return b })
		}, flow.ErrBadReducer, `"nope"`},
		{"reducer of wrong type", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			flow.Reduce(g, "total", func(b string, o []string) string { return b })
		}, flow.ErrBadReducer, `"total"`},
		{"no nodes", func(g *flow.Graph[St]) {}, flow.ErrNoEntry, `"bad"`},
		{"nil function", func(g *flow.Graph[St]) {
			g.Node("a", nil)
		}, flow.ErrBadDeclaration, `"a"`},
		{"entry set twice", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Start("b")
			g.Edge("a", flow.End)
		}, flow.ErrDuplicate, `"b"`},
		{"on-limit without limit", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			g.OnLimit("a", flow.End)
		}, flow.ErrUnpairedLimit, `"a"`},
		{"node its own parallel branch", func(g *flow.Graph[St]) {
			nodes(g, "a", "b")
			g.Start("a")
			g.Parallel("a", []string{"a", "b"}, flow.End)
		}, flow.ErrBadBranchNode, `"a" -> "a"`},
		{"parallel branch with a limit", func(g *flow.Graph[St]) {
			nodes(g, "a", "b", "c")
			g.Start("a")
			g.Parallel("a", []string{"b", "c"}, flow.End)
			g.Limit("c", 2)
			g.OnLimit("c", flow.End)
		}, flow.ErrBadBranchNode, `"c"`},
		{"negative timeout", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			g.Settings("a", flow.NodeSettings{Timeout: -1})
		}, flow.ErrBadDeclaration, `"a"`},
		{"settings for unknown node", func(g *flow.Graph[St]) {
			nodes(g, "a")
			g.Start("a")
			g.Edge("a", flow.End)
			g.Settings("ghost", flow.NodeSettings{})
		}, flow.ErrUnknownNode, `"ghost"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := flow.New[St]("bad")
			tc.build(g)
			r, err := g.Build()
			if err == nil || r != nil {
				t.Fatalf("Build succeeded, want %v", tc.kind)
			}
			if !errors.Is(err, flow.ErrInvalidGraph) {
				t.Errorf("err is not ErrInvalidGraph: %v", err)
			}
			found := false
			for _, e := range problems(err) {
				found = found || errors.Is(e, tc.kind) && strings.Contains(e.Error(), tc.names)
			}
			if !found {
				t.Errorf("no problem is %v naming %s:\n%v", tc.kind, tc.names, err)
			}
		})
	}
}

func TestBuildAcceptsBoundedCycles(t *testing.T) {
	nop := func(ctx context.Context, s St) (St, error) { return s, nil }
	g := flow.New[St]("ok")
	g.Node("plan", nop)
	g.Node("act", nop)
	g.Node("check", nop)
	g.Node("fan1", nop)
	g.Node("fan2", nop)
	g.Start("plan")
	g.Edge("plan", "act")
	g.Parallel("act", []string{"fan1", "fan2"}, "check")
	// check either loops or leaves: a conditional exit bounds the cycle.
	g.Branch("check", func(St) string { return flow.End }, "plan", flow.End)
	if _, err := g.Build(); err != nil {
		t.Fatalf("Build: %v", err)
	}
}

// problems splits the error Build returns into one error per problem.
func problems(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestBuildReportsEveryProblemInOrder(t *testing.T) {
	build := func() error {
		g := flow.New[St]("many")
		nop := func(ctx context.Context, s St) (St, error) { return s, nil }
		g.Node("a", nop)
		g.Node("a", nop)
		g.Node("b", nop)
		g.Node("c", nop)
		g.Edge("a", "ghost")
		g.Edge("b", "c")
		g.Edge("c", "b")
		g.Limit("c", 0)
		flow.Reduce(g, "nope", flow.Appended[int])
		flow.Reduce(g, "alsonot", flow.Appended[int])
		flow.Reduce(g, "zzz", flow.Appended[int])
		_, err := g.Build()
		return err
	}
	err := build()
	want := []error{flow.ErrDuplicate, flow.ErrBadDeclaration, flow.ErrNoEntry, flow.ErrUnknownNode, flow.ErrBadReducer, flow.ErrBadReducer, flow.ErrBadReducer}
	got := problems(err)
	if len(got) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(got), len(want), err)
	}
	for i, w := range want {
		if !errors.Is(got[i], w) {
			t.Errorf("problem %d is %v, want %v", i, got[i], w)
		}
	}
	for range 20 { // map iteration must not reorder the report
		if again := build(); again.Error() != err.Error() {
			t.Fatalf("report changed between builds:\n%v\n---\n%v", err, again)
		}
	}
}

func TestRulesAreInvalidGraph(t *testing.T) {
	for _, r := range []error{flow.ErrBadDeclaration, flow.ErrDuplicate, flow.ErrNoEntry, flow.ErrUnknownNode,
		flow.ErrTwoOutgoing, flow.ErrNoOutgoing, flow.ErrUnreachable, flow.ErrNoPathToEnd, flow.ErrUnboundedCycle,
		flow.ErrUnpairedLimit, flow.ErrBadBranchNode, flow.ErrBadReducer} {
		if !errors.Is(r, flow.ErrInvalidGraph) {
			t.Errorf("%v does not wrap ErrInvalidGraph", r)
		}
	}
	if errors.Is(flow.ErrUnknownNode, flow.ErrUnboundedCycle) {
		t.Error("one rule is another")
	}
}
