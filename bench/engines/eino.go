package main

import (
	"context"
	"fmt"

	"github.com/cloudwego/eino/compose"
)

func init() {
	// The join of parallel4x50 receives four states; eino merges fan-in
	// values with a function registered for their type.
	compose.RegisterValuesMergeFunc(func(outs []state) (state, error) {
		if len(outs) == 0 {
			return state{}, nil
		}
		// every branch started from the same state: keep its counter
		return mergeFlags(outs[0], outs[1:]...), nil
	})
}

// buildEino writes each case as an eino compose.Graph of lambda nodes,
// compiled once and run with Invoke. Graphs without cycles use the
// AllPredecessor trigger mode (eager, eino's mode for DAGs); the loop needs
// the default AnyPredecessor (Pregel) mode.
func buildEino(ctx context.Context, c string) (func(ctx context.Context) (state, error), error) {
	g := compose.NewGraph[state, state]()
	add := func(name string, fn func(ctx context.Context, s state) (state, error)) error {
		return g.AddLambdaNode(name, compose.InvokableLambda(fn))
	}
	var errs []error
	check := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	opts := []compose.GraphCompileOption{compose.WithNodeTriggerMode(compose.AllPredecessor)}
	switch c {
	case "chain10", "chain5x20":
		n, lag := chainLen, 0*slowLag
		if c == "chain5x20" {
			n, lag = slowLen, slowLag
		}
		prev := compose.START
		for i := range n {
			name := fmt.Sprint("n", i)
			check(add(name, func(ctx context.Context, s state) (state, error) { return step(ctx, s, lag) }))
			check(g.AddEdge(prev, name))
			prev = name
		}
		check(g.AddEdge(prev, compose.END))
	case "loop100":
		check(add("tick", func(ctx context.Context, s state) (state, error) { return step(ctx, s, 0) }))
		check(g.AddEdge(compose.START, "tick"))
		check(g.AddBranch("tick", compose.NewGraphBranch(func(ctx context.Context, s state) (string, error) {
			if s.N >= loopLen {
				return compose.END, nil
			}
			return "tick", nil
		}, map[string]bool{"tick": true, compose.END: true})))
		opts = []compose.GraphCompileOption{compose.WithMaxRunSteps(loopLen + 1)}
	case "parallel4x50":
		check(add("split", func(ctx context.Context, s state) (state, error) { return step(ctx, s, 0) }))
		check(add("join", func(ctx context.Context, s state) (state, error) { return s, nil }))
		check(g.AddEdge(compose.START, "split"))
		for i := range 4 {
			name := fmt.Sprint("b", i)
			check(add(name, func(ctx context.Context, s state) (state, error) { return branch(ctx, s, i) }))
			check(g.AddEdge("split", name))
			check(g.AddEdge(name, "join"))
		}
		check(g.AddEdge("join", compose.END))
	default:
		return nil, unknown(c)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("eino %s: %v", c, errs)
	}
	r, err := g.Compile(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("eino %s: %w", c, err)
	}
	return func(ctx context.Context) (state, error) { return r.Invoke(ctx, state{}) }, nil
}
