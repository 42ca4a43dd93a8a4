package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
)

// The nodes, one per state. Each asks for its CoordinatorState (decide:
// the model when configured, the policy otherwise), acts on it and
// publishes it.

// analyzing reads the message and decides whether it needs map data.
func (a *Assistant) analyzing(ctx context.Context, t turn) (turn, error) {
	t.Request = a.read(ctx, &t)
	cs := a.decide(ctx, &t, Analyzing, func() CoordinatorState { return analyzePolicy(t) })
	publish(ctx, &t, cs)
	return t, nil
}

// responding answers what needs no map data: greetings, what it can do,
// a question asking where, follow-ups from the conversation's results.
func (a *Assistant) responding(ctx context.Context, t turn) (turn, error) {
	if r := t.Request; r.Missing != "" {
		// Ask where; the run waits for the answer (flow.Ask) and this
		// state runs again with it. Outside a run (a node test) the
		// question is the response.
		q := askWhere(r)
		ans, err := flow.Ask[string](ctx, q)
		switch {
		case errors.Is(err, flow.ErrInterrupted):
			publish(ctx, &t, asking(q))
			return t, err
		case err != nil:
			t.Unasked = q
		case err == nil:
			here := a.here(&t)
			if l := a.placeIn(&t, ans, here); l != nil {
				t.Request = fill(r, l)
			} else {
				t.Request.Missing, t.Request.Unresolved = "", ans
			}
		}
	}
	cs := a.decide(ctx, &t, Responding, func() CoordinatorState { return respondPolicy(t) })
	if cs.Source() == "model" && !t.Request.Kind.conversational() {
		// A model writes freely only where no place fact is stated.
		cs.Content = respondPolicy(t).Content
	}
	publish(ctx, &t, cs)
	return t, nil
}

// asking is the state that asks where q asks, shown while the run waits.
func asking(q string) CoordinatorState {
	return CoordinatorState{Status: Responding, Action: ActionRespond, Content: q, ToolsToExecute: []ToolCall{}, NextStep: ToolPlanning,
		Reasoning: "no place to look at and no map centre: ask where and wait for the answer", source: "policy"}
}

// toolPlanning chooses the maps tools and their arguments.
func (a *Assistant) toolPlanning(ctx context.Context, t turn) (turn, error) {
	policy := planPolicy(t)
	if t.Capped || t.Iterations >= a.o.MaxIterations {
		t.Capped = true
		cs := policy
		cs.ToolsToExecute = nil
		cs.Content = ""
		cs.Reasoning = fmt.Sprintf("the turn reached its cap of %d coordinator iterations; no tools are run", a.o.MaxIterations)
		cs.NextStep = ToolExecuting
		publish(ctx, &t, cs)
		return t, nil
	}
	cs := a.decide(ctx, &t, ToolPlanning, func() CoordinatorState { return policy })
	if cs.Source() == "model" {
		cs.ToolsToExecute = a.toolArguments(ctx, &t, cs, policy.ToolsToExecute)
	}
	publish(ctx, &t, cs)
	return t, nil
}

// toolExecuting runs the planned tools in order; a later call may use an
// earlier one's location ("$0"). A failure is kept as the call's error.
func (a *Assistant) toolExecuting(ctx context.Context, t turn) (turn, error) {
	plan := t.State.ToolsToExecute
	t.Results = t.Results[:0]
	for _, c := range plan {
		if err := ctx.Err(); err != nil {
			return t, err
		}
		call, err := resolveRefs(c, t.Results)
		if err != nil {
			t.Results = append(t.Results, ToolResult{Call: c, Err: err.Error()})
			continue
		}
		args, _ := json.Marshal(call.Arguments)
		res, err := a.tools.Call(ctx, call.Name, args)
		r := ToolResult{Call: call, Result: res}
		if err != nil {
			r.Result, r.Err = nil, err.Error()
		}
		t.Results = append(t.Results, r)
	}
	ok := 0
	for _, r := range t.Results {
		if r.Err == "" {
			ok++
		}
	}
	cs := CoordinatorState{
		Status: ToolExecuting, Action: ActionTool, NextStep: ToolReflecting,
		ToolsToExecute: plan,
		Content:        executingLine(t),
		Reasoning:      fmt.Sprintf("ran %d of %d planned tool calls without error", ok, len(plan)),
	}
	publish(ctx, &t, cs)
	return t, nil
}

// toolReflecting says what the results show; it always leads to
// completing.
func (a *Assistant) toolReflecting(ctx context.Context, t turn) (turn, error) {
	t.Memory = learn(t.Memory, t.Results)
	cs := a.decide(ctx, &t, ToolReflecting, func() CoordinatorState { return reflectPolicy(t) })
	publish(ctx, &t, cs)
	return t, nil
}

// completing writes the answer from the tool results and the memory.
func (a *Assistant) completing(ctx context.Context, t turn) (turn, error) {
	ans, mem := compose(t)
	t.Answer, t.Memory = ans, mem
	reason := "the answer states only what this conversation's tool results say"
	if t.Capped {
		reason = fmt.Sprintf("the turn reached its cap of %d coordinator iterations; answered from what is known", a.o.MaxIterations)
	}
	publish(ctx, &t, CoordinatorState{Status: Completing, Action: ActionComplete, Content: ans.Answer,
		NextStep: Done, Reasoning: reason})
	return t, nil
}

// done closes the turn.
func (a *Assistant) done(ctx context.Context, t turn) (turn, error) {
	publish(ctx, &t, CoordinatorState{Status: Done, Action: ActionComplete,
		Reasoning: fmt.Sprintf("turn finished after %d coordinator iterations", t.Iterations)})
	return t, nil
}

// Source says who decided a state: "model", "policy" or "" (a state
// with no decision). It is kept out of the JSON.
func (cs CoordinatorState) Source() string { return cs.source }

// decide asks for the CoordinatorState of a state: the model's, checked
// against the transition table (an illegal next state is sent back with
// the legal ones, at most MaxReasks times), else the policy's. Every ask
// is one iteration; at the cap the policy decides and the next state is
// the shortest legal way to done.
func (a *Assistant) decide(ctx context.Context, t *turn, st Status, policy func() CoordinatorState) CoordinatorState {
	pol := func() CoordinatorState {
		cs := policy()
		cs.Status = st
		cs.source = "policy"
		return cs
	}
	if t.Iterations >= a.o.MaxIterations {
		t.Capped = true
		cs := pol()
		cs.NextStep = shortestToDone(st)
		cs.Reasoning = fmt.Sprintf("cap of %d coordinator iterations reached: %s", a.o.MaxIterations, cs.Reasoning)
		return cs
	}
	m := a.model("coordinator")
	prompt, err := a.coordinatorPrompt(t, st)
	if err != nil {
		m = nil // a prompt that does not render leaves the policy
		a.note(ctx, t, "prompt: "+err.Error())
	}
	user := prompt.User
	for ask := 0; ; ask++ {
		t.Iterations++
		dec, err := llm.Decide(ctx, m, prompt, func(context.Context) (CoordinatorState, error) { return pol(), nil })
		if err != nil {
			// Only a cancelled context: the policy still answers.
			return pol()
		}
		cs := dec.Value
		if dec.Source != llm.FromModel {
			cs.source = "policy"
			return cs
		}
		cs.Status, cs.source = st, "model"
		if Legal(st, cs.NextStep) {
			return cs
		}
		legal := statusNames(transitions[st])
		a.note(ctx, t, fmt.Sprintf("model proposed illegal transition %s → %q; legal: %s", st, cs.NextStep, strings.Join(legal, ", ")))
		if ask >= a.o.MaxReasks || t.Iterations >= a.o.MaxIterations {
			cs := pol()
			if t.Iterations >= a.o.MaxIterations {
				t.Capped = true
				cs.NextStep = shortestToDone(st)
			}
			cs.Reasoning += fmt.Sprintf(" [policy: the model proposed %q from %s %d times]", cs.NextStep, st, ask+1)
			return cs
		}
		reply, _ := json.Marshal(dec.Value)
		prompt.User = user + fmt.Sprintf(
			"\n\nYour previous answer was %s\nnextStep %q is not a legal transition from %s. The legal next states are: %s. Answer again with one of them.",
			reply, cs.NextStep, st, strings.Join(legal, ", "))
	}
}

func statusNames(ss []Status) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return out
}

// note records something the trace should know.
func (a *Assistant) note(ctx context.Context, t *turn, msg string) {
	t.Notes = append(t.Notes, msg)
	event.Emit(ctx, event.Event{Kind: event.Note, Message: msg})
}

func (a *Assistant) model(role string) llm.Model {
	if a.o.Models == nil {
		return nil
	}
	if m := a.o.Models.For(role); m != nil {
		return m
	}
	if role != "coordinator" {
		return a.o.Models.For("coordinator")
	}
	return nil
}

// executingLine says what ran, in a person's words.
func executingLine(t turn) string {
	var parts []string
	for _, r := range t.Results {
		s := describeCall(r.Call)
		if r.Err != "" {
			s += " (failed)"
		}
		if !slices.Contains(parts, s) {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return "No tools to run."
	}
	return strings.Join(parts, "; ")
}
