package llm_test

import (
	"context"
	"fmt"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/llm"
)

// NextAction is a decision type: its JSON Schema comes from the struct,
// descriptions from jsonschema tags, allowed values from the enum tag.
type NextAction struct {
	Action string `json:"action" enum:"search,answer" jsonschema:"what to do next"`
	Query  string `json:"query,omitempty" jsonschema:"search terms when action is search"`
}

// Validate adds a rule the schema cannot say.
func (a NextAction) Validate() error {
	if a.Action == "search" && a.Query == "" {
		return fmt.Errorf("action search needs a query")
	}
	return nil
}

func Example() {
	policy := func(context.Context) (NextAction, error) {
		return NextAction{Action: "answer"}, nil // real logic goes here
	}
	var counter llm.Counter
	ctx := event.WithSink(context.Background(), counter.Observe)

	// No model: the policy decides.
	d, _ := llm.Decide(ctx, nil, llm.Prompt{User: "Plan the next step.", MaxRepairs: 2}, policy)
	fmt.Println(d.Source, d.Value.Action, "|", d.Fallback)

	// A model whose first reply breaks the Validate rule and is repaired.
	m := llm.Script(
		`{"action":"search"}`,
		"```json\n{\"action\":\"search\",\"query\":\"Argo floats\",\"reasoning\":\"need data\"}\n```",
	)
	d, _ = llm.Decide(ctx, m, llm.Prompt{User: "Plan the next step.", MaxRepairs: 2}, policy)
	fmt.Println(d.Source, d.Value.Action, d.Value.Query, "|", d.Reasoning, "| attempts:", d.Attempts)

	// Per-role models from a spec string.
	roles, _ := llm.Config{}.Roles("orchestrator=ollama:gemma3:27b,worker=none")
	fmt.Println(roles.For("orchestrator").Name(), roles.For("worker") == nil)

	c := counter.Counts()
	fmt.Println("model:", c.ModelDecisions, "policy:", c.PolicyDecisions, "calls:", c.ModelCalls)
	// Output:
	// policy answer | no model configured
	// model search Argo floats | need data | attempts: 2
	// ollama:gemma3:27b true
	// model: 1 policy: 1 calls: 2
}
