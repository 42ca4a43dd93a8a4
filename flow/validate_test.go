package flow_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/flow"
)

func TestBuildErrors(t *testing.T) {
	nop := func(ctx context.Context, s St) (St, error) { return s, nil }
	always := func(to string) func(St) string { return func(St) string { return to } }
	tests := []struct {
		name  string
		build func(g *flow.Graph[St])
		want  []string // each must appear in the error
	}{
		{"no entry", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Edge("a", flow.End)
		}, []string{"no entry node"}},
		{"unknown entry", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("nope")
			g.Edge("a", flow.End)
		}, []string{`entry node "nope"`}},
		{"duplicate node", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
		}, []string{`node "a" declared twice`}},
		{"reserved name", func(g *flow.Graph[St]) {
			g.Node(flow.End, nop)
		}, []string{`node "END": the name is reserved`}},
		{"edge to unknown node", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", "ghost")
		}, []string{`edge "a" -> "ghost": unknown node "ghost"`}},
		{"edge from unknown node", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			g.Edge("ghost", "a")
		}, []string{`edge "ghost" -> "a": unknown node "ghost"`}},
		{"branch to unknown node", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Branch("a", always(flow.End), flow.End, "ghost")
		}, []string{`branch "a" -> "ghost": unknown node "ghost"`}},
		{"two outgoing declarations", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			g.Branch("a", always(flow.End), flow.End)
		}, []string{`Branch from "a": node already has Edge "a" -> "END"`}},
		{"unreachable node", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("island", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			g.Edge("island", flow.End)
		}, []string{`node "island" is unreachable from entry "a"`}},
		{"no outgoing edge", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("b", nop)
			g.Start("a")
			g.Branch("a", always("b"), "b", flow.End)
		}, []string{`node "b" has no outgoing edge`}},
		{"end unreachable", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("b", nop)
			g.Start("a")
			g.Edge("a", "b")
			g.Edge("b", "a")
			g.Limit("a", 2)
			g.OnLimit("a", "b")
		}, []string{`no path from entry "a" to End`}},
		{"unbounded cycle", func(g *flow.Graph[St]) {
			g.Node("s", nop)
			g.Node("a", nop)
			g.Node("b", nop)
			g.Node("c", nop)
			g.Start("s")
			g.Branch("s", always(flow.End), "a", flow.End)
			g.Edge("a", "b")
			g.Edge("b", "c")
			g.Edge("c", "a")
		}, []string{`cycle through nodes "a", "b", "c" has no Limit and no Branch leaving it`}},
		{"cycle whose branch stays inside", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("b", nop)
			g.Node("done", nop)
			g.Start("done")
			g.Edge("done", "a")
			g.Edge("a", "b")
			g.Branch("b", always("a"), "a", "b")
		}, []string{`cycle through nodes "a", "b"`}},
		{"limit whose edge stays in the cycle", func(g *flow.Graph[St]) {
			g.Node("s", nop)
			g.Node("a", nop)
			g.Node("b", nop)
			g.Start("s")
			g.Branch("s", always(flow.End), "a", flow.End)
			g.Edge("a", "b")
			g.Edge("b", "a")
			g.Limit("a", 2)
			g.OnLimit("a", "b")
		}, []string{`cycle through nodes "a", "b" has no Limit`}},
		{"limit without target", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Branch("a", always("a"), "a", flow.End)
			g.Limit("a", 3)
		}, []string{`Limit("a", 3) without OnLimit`}},
		{"limit target unknown", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Branch("a", always("a"), "a", flow.End)
			g.Limit("a", 3)
			g.OnLimit("a", "ghost")
		}, []string{`OnLimit edge "a" -> "ghost": unknown node "ghost"`}},
		{"zero limit", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			g.Limit("a", 0)
		}, []string{`Limit("a", 0): the limit must be positive`}},
		{"parallel branch unknown", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("b", nop)
			g.Start("a")
			g.Parallel("a", []string{"b", "ghost"}, flow.End)
		}, []string{`parallel "a" -> "ghost": unknown node "ghost"`}},
		{"parallel join unknown", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("b", nop)
			g.Node("c", nop)
			g.Start("a")
			g.Parallel("a", []string{"b", "c"}, "ghost")
		}, []string{`parallel "a" join "ghost": unknown node "ghost"`}},
		{"parallel branch with own edge", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Node("b", nop)
			g.Node("c", nop)
			g.Start("a")
			g.Parallel("a", []string{"b", "c"}, flow.End)
			g.Edge("b", flow.End)
		}, []string{`branch node "b" must not declare its own Edge`}},
		{"parallel of one", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Parallel("a", []string{"a"}, flow.End)
		}, []string{`Parallel from "a": needs at least two branches`}},
		{"reducer for unknown field", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			flow.Reduce(g, "nope", func(b int, o []int) int { return b })
		}, []string{`Reduce("nope"): flow_test.St has no JSON field "nope"`}},
		{"reducer of wrong type", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			flow.Reduce(g, "total", func(b string, o []string) string { return b })
		}, []string{`Reduce("total"): field has type int, reducer takes string`}},
		{"policy for unknown node", func(g *flow.Graph[St]) {
			g.Node("a", nop)
			g.Start("a")
			g.Edge("a", flow.End)
			g.Policy("ghost", flow.Policy{})
		}, []string{`Policy for unknown node "ghost"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := flow.New[St]("bad")
			tc.build(g)
			r, err := g.Build()
			if err == nil || r != nil {
				t.Fatalf("Build succeeded, want error containing %q", tc.want)
			}
			if !errors.Is(err, flow.ErrInvalidGraph) {
				t.Errorf("err does not wrap ErrInvalidGraph: %v", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
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

func TestBuildReportsEveryProblem(t *testing.T) {
	g := flow.New[St]("many")
	g.Node("a", func(ctx context.Context, s St) (St, error) { return s, nil })
	g.Edge("a", "ghost")
	_, err := g.Build()
	for _, w := range []string{"no entry node", `unknown node "ghost"`} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %q", err, w)
		}
	}
}
