package mapschat

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// A whole turn decided by a model: its legal decisions are taken, its
// native tool call runs, and the answer states what the tool result says.
func TestModelTurn(t *testing.T) {
	msg := func(cs CoordinatorState) llm.Response { return llm.Response{Message: llm.Message{Content: reply(cs)}} }
	m := &llm.Scripted{Replies: []llm.Response{
		msg(CoordinatorState{Status: Analyzing, Action: ActionTool, NextStep: ToolPlanning, Reasoning: "needs a search", ToolsToExecute: []ToolCall{}}),
		msg(CoordinatorState{Status: ToolPlanning, Action: ActionTool, NextStep: ToolExecuting, Reasoning: "search cafes",
			ToolsToExecute: []ToolCall{{Name: mapstool.SearchPlaces, Arguments: map[string]any{}}}}),
		{Message: llm.Message{ToolCalls: []llm.ToolCall{{Name: mapstool.SearchPlaces,
			Arguments: json.RawMessage(`{"query":"coffee","location":{"latitude":39.74595,"longitude":-75.54659},"radius":8000}`)}}}},
		msg(CoordinatorState{Status: ToolReflecting, Action: ActionComplete, NextStep: Completing, Reasoning: "found cafes",
			Reflection: "two cafes", ToolsToExecute: []ToolCall{}}),
	}}
	a := chat(t, Options{Models: oneModel{m}})
	id := session(t, a, "Wilmington, DE")
	s := send(t, a, id, "somewhere for a coffee around here?")
	ans := mustAnswer(t, s)
	checkWalk(t, s)
	if m.Calls() != 4 {
		t.Errorf("%d model calls", m.Calls())
	}
	if got := s.States[1].ToolsToExecute; len(got) != 1 || got[0].Arguments["radius"] != 8000.0 {
		t.Errorf("the model's tool call was not used: %+v", got)
	}
	if s.States[3].Reflection != "two cafes" || len(ans.Places) == 0 {
		t.Errorf("reflection %q, places %+v", s.States[3].Reflection, ans.Places)
	}
	for _, p := range ans.Places {
		if !strings.Contains(ans.Answer, p.Name) || p.PlaceID == "" {
			t.Errorf("place %+v not from the tool result / not in %q", p, ans.Answer)
		}
	}
}

// slowTool answers after its context's deadline.
type slowTool struct{ tool.Tool }

func (s slowTool) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	select {
	case <-time.After(5 * time.Second):
	case <-ctx.Done():
	}
	return s.Tool.Call(ctx, args)
}

// Every tool call has a timeout: a maps server that does not answer
// gives an answer saying so, in time.
func TestSlowMapsTimeOut(t *testing.T) {
	reg, base := offline(t)
	base.ToolTimeout = 50 * time.Millisecond
	a, err := New(reg.With(func(tl tool.Tool) tool.Tool { return slowTool{tl} }), base)
	if err != nil {
		t.Fatal(err)
	}
	id := session(t, a, "Wilmington, DE")
	start := time.Now()
	ans := mustAnswer(t, send(t, a, id, "pizza near here"))
	if !strings.Contains(ans.Answer, "did not answer in time") || time.Since(start) > 4*time.Second {
		t.Errorf("%q after %v", ans.Answer, time.Since(start))
	}
}

// Reading a message never fails, whatever it holds.
func FuzzReadMessage(f *testing.F) {
	for _, s := range append(benchTurns, "", "save  as ", "from to", "the 0th one", "#-1", "how high is", "and by bike?", "\x00\xff") {
		f.Add(s)
	}
	a := chat(f, Options{})
	mem := Memory{Results: []Place{{Name: "Grotto Pizza", PlaceID: "osm:w1", Location: LatLng{39.79, -75.55}}},
		Saved: []SavedPlace{{Label: "home", Place: Place{Name: "Newark"}}}}
	f.Fuzz(func(t *testing.T, s string) {
		tr := turn{Message: s, Center: &Center{Name: "Wilmington, DE"}, Memory: mem}
		r := a.read(context.Background(), &tr)
		if r.Kind == "" {
			t.Fatalf("%q: no kind", s)
		}
		if r.needsTools() {
			tr.Request = r
			plan := planPolicy(tr)
			if len(plan.ToolsToExecute) == 0 {
				t.Fatalf("%q: a %s request with no tools", s, r.Kind)
			}
		}
	})
}
