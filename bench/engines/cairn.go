package main

import (
	"context"
	"fmt"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

// buildCairn writes each case as a flow graph and runs it with Invoke.
func buildCairn(_ context.Context, c string) (func(ctx context.Context) (state, error), error) {
	g := flow.New[state](c)
	switch c {
	case "chain10", "chain5x20":
		n, lag := chainLen, time.Duration(0)
		if c == "chain5x20" {
			n, lag = slowLen, slowLag
		}
		for i := range n {
			g.Node(fmt.Sprint("n", i), func(ctx context.Context, s state) (state, error) { return step(ctx, s, lag) })
			if i > 0 {
				g.Edge(fmt.Sprint("n", i-1), fmt.Sprint("n", i))
			}
		}
		g.Start("n0")
		g.Edge(fmt.Sprint("n", n-1), flow.End)
	case "loop100":
		g.Node("tick", func(ctx context.Context, s state) (state, error) { return step(ctx, s, 0) })
		g.Start("tick")
		g.Branch("tick", func(s state) string {
			if s.N >= loopLen {
				return flow.End
			}
			return "tick"
		}, "tick", flow.End)
		g.MaxSteps = loopLen
	case "parallel4x50":
		g.Node("split", func(ctx context.Context, s state) (state, error) { return step(ctx, s, 0) })
		var names []string
		for i := range 4 {
			name := fmt.Sprint("b", i)
			names = append(names, name)
			g.Node(name, func(ctx context.Context, s state) (state, error) { return branch(ctx, s, i) })
		}
		g.Node("join", func(ctx context.Context, s state) (state, error) { return s, nil })
		g.Start("split")
		g.Parallel("split", names, "join")
		g.Edge("join", flow.End)
	default:
		return nil, unknown(c)
	}
	r, err := g.Build()
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) (state, error) { return r.Invoke(ctx, state{}) }, nil
}
