package main

import (
	"context"
	"fmt"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/session"
	"google.golang.org/adk/v2/workflow"
	"google.golang.org/genai"
)

// buildADK writes each case as an adk-go workflow of FunctionNodes,
// built once with workflow.New (anonymous, so nothing is persisted) and
// driven with RunNode on a bare invocation context: no runner, session
// service or model, only the graph engine. The final state is the output
// of the last event that carries one.
func buildADK(_ context.Context, c string) (func(ctx context.Context) (state, error), error) {
	fn := func(name string, f func(ctx context.Context, s state) (state, error)) workflow.Node {
		return workflow.NewFunctionNode(name, func(ctx agent.Context, s state) (state, error) { return f(ctx, s) }, workflow.NodeConfig{})
	}
	var edges []workflow.Edge
	switch c {
	case "chain10", "chain5x20":
		n, lag := chainLen, 0*slowLag
		if c == "chain5x20" {
			n, lag = slowLen, slowLag
		}
		nodes := []workflow.Node{workflow.Start}
		for i := range n {
			nodes = append(nodes, fn(fmt.Sprint("n", i), func(ctx context.Context, s state) (state, error) { return step(ctx, s, lag) }))
		}
		edges = workflow.Chain(nodes...)
	case "loop100":
		// A node routes with the Routes of the event it emits.
		tick := workflow.NewEmittingFunctionNode("tick", func(ctx agent.Context, s state, emit func(*session.Event) error) (any, error) {
			s, err := step(ctx, s, 0)
			if err != nil {
				return nil, err
			}
			ev := session.NewEvent(ctx, ctx.InvocationID())
			ev.Output = s
			ev.Routes = []string{"again"}
			if s.N >= loopLen {
				ev.Routes = []string{"done"}
			}
			return nil, emit(ev)
		}, workflow.NodeConfig{})
		done := fn("done", func(_ context.Context, s state) (state, error) { return s, nil })
		edges = workflow.Concat(workflow.Chain(workflow.Start, tick), []workflow.Edge{
			{From: tick, To: tick, Route: workflow.StringRoute("again")},
			{From: tick, To: done, Route: workflow.StringRoute("done")},
		})
	case "parallel4x50":
		split := fn("split", func(ctx context.Context, s state) (state, error) { return step(ctx, s, 0) })
		join := workflow.NewJoinNode("join")
		// The join hands on its predecessors' outputs keyed by name.
		merge := workflow.NewFunctionNode("merge", func(_ agent.Context, in map[string]any) (state, error) {
			var outs []state
			for _, v := range in {
				s, ok := v.(state)
				if !ok {
					return state{}, fmt.Errorf("join gave %T", v)
				}
				outs = append(outs, s)
			}
			if len(outs) == 0 {
				return state{}, fmt.Errorf("join gave nothing")
			}
			return mergeFlags(outs[0], outs[1:]...), nil
		}, workflow.NodeConfig{})
		b := &workflow.EdgeBuilder{}
		b.Add(workflow.Start, split)
		var branches []workflow.Node
		for i := range 4 {
			branches = append(branches, fn(fmt.Sprint("b", i), func(ctx context.Context, s state) (state, error) { return branch(ctx, s, i) }))
		}
		b.AddFanOut(split, branches...)
		b.AddFanIn(join, branches...)
		b.Add(join, merge)
		edges = b.Build()
	default:
		return nil, unknown(c)
	}
	w, err := workflow.New("", edges)
	if err != nil {
		return nil, fmt.Errorf("adk %s: %w", c, err)
	}
	return func(ctx context.Context) (state, error) {
		var out state
		var got bool
		for ev, err := range w.RunNode(agent.Promote(&invocation{Context: ctx}), state{}) {
			if err != nil {
				return out, err
			}
			if s, ok := ev.Output.(state); ok {
				out, got = s, true
			}
		}
		if !got {
			return out, fmt.Errorf("adk %s: no output", c)
		}
		return out, nil
	}, nil
}

// invocation is the least agent.InvocationContext a workflow runs under:
// no agent, session, artifacts or memory.
type invocation struct {
	context.Context
}

func (*invocation) Agent() agent.Agent                                                  { return nil }
func (*invocation) Artifacts() agent.Artifacts                                          { return nil }
func (*invocation) Memory() agent.Memory                                                { return nil }
func (*invocation) Session() session.Session                                            { return nil }
func (*invocation) InvocationID() string                                                { return "bench" }
func (*invocation) Branch() string                                                      { return "" }
func (*invocation) IsolationScope() string                                              { return "" }
func (*invocation) UserContent() *genai.Content                                         { return nil }
func (*invocation) RunConfig() *agent.RunConfig                                         { return nil }
func (*invocation) EndInvocation()                                                      {}
func (*invocation) Ended() bool                                                         { return false }
func (*invocation) ResumedInput(string) (any, bool)                                     { return nil, false }
func (i *invocation) WithICDelta(*agent.InvocationContextDelta) agent.InvocationContext { return i }
func (i *invocation) WithContext(ctx context.Context) agent.InvocationContext {
	return &invocation{Context: ctx}
}
