package flow_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

func TestInfoDescribesTheGraph(t *testing.T) {
	nop := func(ctx context.Context, s St) (St, error) { return s, nil }
	g := flow.New[St]("review")
	g.MaxSteps = 40
	for _, n := range []string{"begin", "a", "b", "judge", "fix"} {
		g.Node(n, nop)
	}
	g.Start("begin")
	g.Parallel("begin", []string{"a", "b"}, "judge")
	g.Branch("judge", func(St) string { return flow.End }, "fix", flow.End)
	g.Edge("fix", "judge")
	g.Limit("judge", 3)
	g.OnLimit("judge", flow.End)
	g.Settings("fix", flow.NodeSettings{Timeout: 2 * time.Second, Retry: flow.Retry{Attempts: 3, Backoff: time.Second, If: func(error) bool { return true }}})
	g.OnError("fix", func(s St, err error) (St, error) { return s, nil })
	flow.Reduce(g, "total", func(b int, o []int) int { return b })
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	info := r.Info()
	if info.Name != "review" || info.Start != "begin" || info.MaxSteps != 40 {
		t.Errorf("name, start, max steps = %q, %q, %d", info.Name, info.Start, info.MaxSteps)
	}
	var names []string
	for _, n := range info.Nodes {
		names = append(names, n.Name)
	}
	if !slices.Equal(names, []string{"begin", "a", "b", "judge", "fix"}) {
		t.Errorf("nodes %v, want declaration order", names)
	}
	if n := info.Nodes[3]; n.Limit != 3 {
		t.Errorf("judge: %+v, want limit 3", n)
	}
	if n := info.Nodes[4]; n.Timeout != 2*time.Second || n.Attempts != 3 || n.Backoff != time.Second || !n.RetryIf || !n.OnError {
		t.Errorf("fix settings: %+v", n)
	}
	want := []flow.EdgeInfo{
		{From: "begin", To: "a", Kind: flow.EdgeParallel},
		{From: "begin", To: "b", Kind: flow.EdgeParallel},
		{From: "a", To: "judge", Kind: flow.EdgeJoin},
		{From: "b", To: "judge", Kind: flow.EdgeJoin},
		{From: "judge", To: "fix", Kind: flow.EdgeBranch},
		{From: "judge", To: flow.End, Kind: flow.EdgeBranch},
		{From: "judge", To: flow.End, Kind: flow.EdgeLimit},
		{From: "fix", To: "judge", Kind: flow.EdgeAlways},
	}
	if !slices.Equal(info.Edges, want) {
		t.Errorf("edges:\n%v\nwant\n%v", info.Edges, want)
	}
	if !slices.Equal(info.Reducers, []string{"total"}) {
		t.Errorf("reducers %v", info.Reducers)
	}
	// It marshals (no function values) and reads back the same.
	raw, err := json.Marshal(info)
	if err != nil {
		t.Fatal(err)
	}
	var back flow.Info
	if err := json.Unmarshal(raw, &back); err != nil || !slices.Equal(back.Edges, info.Edges) || !slices.Equal(back.Nodes, info.Nodes) {
		t.Errorf("JSON round trip: %v\n%s", err, raw)
	}
	// The description is a copy: changing it changes nothing built.
	info.Edges[0].To = "b"
	if r.Info().Edges[0].To != "a" {
		t.Error("Info shares its slices with the runner")
	}
}
