package trace

import (
	"encoding/json"
	"time"

	"github.com/cairn-agents/cairn/event"
)

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// sampleRun is a small run as flow, llm and tool would report it: one
// policy decision, one model decision with usage, a cached tool call, a
// failed tool call and a failed node.
func sampleRun() []event.Event {
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	return []event.Event{
		{Time: at(0), RunID: "r1", Kind: event.RunStart, Message: "plan a trip"},
		{Time: at(1), RunID: "r1", Kind: event.NodeStart, Node: "orchestrate", Step: 1},
		{Time: at(2), RunID: "r1", Kind: event.Decision, Node: "orchestrate", Decision: &event.DecisionInfo{
			Name: "NextAction", Source: "policy", Reasoning: "need the route first", Fallback: "no model configured",
			Value: json.RawMessage(`{"action": "directions"}`)}},
		{Time: at(150), RunID: "r1", Kind: event.ToolCall, Node: "orchestrate", Tool: &event.ToolInfo{
			Name: "maps_directions", Args: json.RawMessage(`{"origin":"Boston","destination":"New York"}`),
			Result: json.RawMessage(`{"routes":[{"summary":"I-95 S"}]}`), Latency: 147 * time.Millisecond, Cached: true}},
		{Time: at(200), RunID: "r1", Kind: event.NodeEnd, Node: "orchestrate", Step: 1, Duration: 199 * time.Millisecond},
		{Time: at(210), RunID: "r1", Kind: event.NodeStart, Node: "worker", Step: 2},
		{Time: at(900), RunID: "r1", Kind: event.Usage, Node: "worker", Usage: &event.UsageInfo{
			Model: "qwen3:8b", PromptTokens: 120, CompletionTokens: 45, Latency: 680 * time.Millisecond}},
		{Time: at(901), RunID: "r1", Kind: event.Decision, Node: "worker", Decision: &event.DecisionInfo{
			Name: "ToolChoice", Source: "model", Model: "qwen3:8b", Attempts: 1, Reasoning: "elevation needed",
			Value: json.RawMessage(`{"tool":"maps_elevation"}`)}},
		{Time: at(950), RunID: "r1", Kind: event.ToolCall, Node: "worker", Tool: &event.ToolInfo{
			Name: "maps_elevation", Args: json.RawMessage(`{"locations":[]}`), Err: "no locations given", Latency: 2 * time.Millisecond}},
		{Time: at(960), RunID: "r1", Kind: event.NodeEnd, Node: "worker", Step: 2, Duration: 750 * time.Millisecond, Err: "worker gave up"},
		{Time: at(1000), RunID: "r1", Kind: event.RunEnd, Duration: time.Second},
	}
}
