package mapschat

import (
	"context"

	"github.com/cairn-agents/cairn/llm"
)

// Kind is what a message asks for.
type Kind string

func (k Kind) conversational() bool { return true }

// Loc is a place a request names or points at.
type Loc struct {
	Name  string  `json:"name,omitempty"`
	Point *LatLng `json:"point,omitempty"`
}

// Request is the policy's reading of a message.
type Request struct {
	Kind Kind `json:"kind"`
}

func (a *Assistant) read(ctx context.Context, t *turn) Request { return Request{Kind: "unknown"} }
func analyzePolicy(t turn) CoordinatorState {
	return CoordinatorState{Action: ActionRespond, NextStep: Responding, Reasoning: "not built yet"}
}
func respondPolicy(t turn) CoordinatorState {
	return CoordinatorState{Action: ActionRespond, NextStep: Completing, Reasoning: "not built yet"}
}
func planPolicy(t turn) CoordinatorState {
	return CoordinatorState{Action: ActionTool, NextStep: ToolExecuting, Reasoning: "not built yet"}
}
func reflectPolicy(t turn) CoordinatorState {
	return CoordinatorState{Action: ActionComplete, NextStep: Completing, Reasoning: "not built yet"}
}
func compose(t turn) (Answer, Memory) {
	return Answer{Answer: "not built yet", Places: []Place{}}, t.Memory
}
func learn(m Memory, rs []ToolResult) Memory                    { return m }
func resolveRefs(c ToolCall, rs []ToolResult) (ToolCall, error) { return c, nil }
func describeCall(c ToolCall) string                            { return c.Name }
func (a *Assistant) toolArguments(ctx context.Context, t *turn, cs CoordinatorState, policy []ToolCall) []ToolCall {
	return policy
}
func (a *Assistant) coordinatorPrompt(t *turn, st Status) (llm.Prompt, error) {
	return llm.Prompt{}, nil
}
