package mapschat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// graph builds the coordinator: one node per state, the edges exactly the
// transition table (checked here against the built graph's own
// description), branches choosing the state the node's CoordinatorState
// names.
func (a *Assistant) graph() (*flow.Runner[turn], error) {
	g := flow.New[turn]("mapschat")
	g.Node(string(Analyzing), a.analyzing)
	g.Node(string(Responding), a.responding)
	g.Node(string(ToolPlanning), a.toolPlanning)
	g.Node(string(ToolExecuting), a.toolExecuting)
	g.Node(string(ToolReflecting), a.toolReflecting)
	g.Node(string(Completing), a.completing)
	g.Node(string(Done), a.done)
	g.Start(string(Analyzing))
	for _, from := range stateOrder {
		to := transitions[from]
		switch len(to) {
		case 0:
			g.Edge(string(from), flow.End)
		case 1:
			g.Edge(string(from), string(to[0]))
		default:
			names := make([]string, len(to))
			for i, s := range to {
				names[i] = string(s)
			}
			g.Branch(string(from), a.next(from), names...)
		}
	}
	g.MaxSteps = len(stateOrder) + 1
	g.Store = ctxStore{} // the turn's own checkpoints, for flow.Ask
	r, err := g.Build()
	if err != nil {
		return nil, fmt.Errorf("mapschat: %w", err)
	}
	return r, checkTable(r.Info())
}

// checkTable verifies that the built graph's edges are the transition
// table, no more and no less.
func checkTable(info flow.Info) error {
	var errs []error
	seen := map[[2]string]bool{}
	for _, e := range info.Edges {
		from, to := e.From, e.To
		if to == flow.End {
			continue
		}
		seen[[2]string{from, to}] = true
		if !Legal(Status(from), Status(to)) {
			errs = append(errs, fmt.Errorf("mapschat: graph edge %s → %s is not a legal transition", from, to))
		}
	}
	for from, tos := range transitions {
		for _, to := range tos {
			if !seen[[2]string{string(from), string(to)}] {
				errs = append(errs, fmt.Errorf("mapschat: legal transition %s → %s has no graph edge", from, to))
			}
		}
	}
	return errors.Join(errs...)
}

// next is the branch after a state with a choice: the next state its
// CoordinatorState names, checked against the table again; an illegal
// one (a bug in a node) falls to the policy's choice.
func (a *Assistant) next(from Status) func(turn) string {
	return func(t turn) string {
		if t.State.Status == from && Legal(from, t.State.NextStep) {
			return string(t.State.NextStep)
		}
		return string(shortestToDone(from))
	}
}

// shortestToDone is the legal next state on the shortest way to done:
// where a capped turn goes.
func shortestToDone(from Status) Status {
	if Legal(from, Completing) {
		return Completing
	}
	if to := transitions[from]; len(to) > 0 {
		return to[0]
	}
	return Done
}

type stateSinkKey struct{}

// publish records a state in the turn, reports it to the turn's stream
// and emits it as a note with its reasoning (the progress line).
func publish(ctx context.Context, t *turn, cs CoordinatorState) {
	if cs.ToolsToExecute == nil {
		cs.ToolsToExecute = []ToolCall{}
	}
	t.State = cs
	t.States = append(t.States, cs)
	if f, ok := ctx.Value(stateSinkKey{}).(func(CoordinatorState)); ok {
		f(cs)
	}
	if event.Listening(ctx) {
		msg := string(cs.Status)
		if line := progressLine(cs); line != "" {
			msg += ": " + line
		}
		if cs.NextStep != "" {
			msg += " → " + string(cs.NextStep)
		}
		event.Emit(ctx, event.Event{Kind: event.Note, Message: msg})
	}
}

// progressLine is what a person watching sees of a state.
func progressLine(cs CoordinatorState) string {
	switch {
	case cs.Status == ToolPlanning && len(cs.ToolsToExecute) > 0:
		names := make([]string, len(cs.ToolsToExecute))
		for i, c := range cs.ToolsToExecute {
			names[i] = c.Name
		}
		return cs.Content + " [" + strings.Join(names, ", ") + "]"
	case cs.Content != "" && cs.Status != Completing:
		return cs.Content
	case cs.Reflection != "":
		return cs.Reflection
	}
	return cs.Reasoning
}

func toolNames(calls []ToolCall) []string {
	out := make([]string, 0, len(calls))
	for _, c := range calls {
		if !slices.Contains(out, c.Name) {
			out = append(out, c.Name)
		}
	}
	return out
}
