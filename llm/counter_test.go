package llm

import (
	"errors"
	"testing"

	"github.com/cairn-agents/cairn/event"
)

func TestCounter(t *testing.T) {
	var c Counter
	ctx := event.WithSink(t.Context(), c.Observe)
	fail := &Scripted{Errors: []error{errors.New("boom")}}
	if _, err := Decide(ctx, fail, Prompt{MaxRepairs: 2}, policyMove); err != nil {
		t.Fatal(err)
	}
	m := Script(`{"direction":"east","steps":2}`)
	m.Replies[0].Usage = Usage{PromptTokens: 7, CompletionTokens: 2}
	if _, err := Decide(ctx, m, Prompt{MaxRepairs: 2}, policyMove); err != nil {
		t.Fatal(err)
	}
	// Tool calls (tool.Counter counts them) and notes are not model calls.
	event.Emit(ctx, event.Event{Kind: event.ToolCall, Tool: &event.ToolInfo{Name: "maps", Err: "quota"}})
	event.Emit(ctx, event.Event{Kind: event.Note, Message: "ignored"})
	got := c.Counts()
	if got.ModelDecisions != 1 || got.PolicyDecisions != 1 || got.ModelCalls != 2 || got.FailedCalls != 1 ||
		got.PromptTokens != 7 || got.CompletionTokens != 2 ||
		got.Fallbacks["other"] != 1 || len(got.Fallbacks) != 1 {
		t.Errorf("counts = %+v", got)
	}
	// Counts is a copy.
	got.Fallbacks["other"] = 99
	if c.Counts().Fallbacks["other"] != 1 {
		t.Error("Counts shares its map")
	}
}

func TestFallbackKind(t *testing.T) {
	for reason, want := range map[string]string{
		"no model configured":                       "no model",
		"model timeout: no valid reply within 1s":   "timeout",
		"model unreachable: dial tcp":               "unreachable",
		"model HTTP 500: oops":                      "http",
		"invalid model output after 3 attempts: x":  "invalid",
		"no schema: JSON Schema for x: unsupported": "other",
	} {
		if got := fallbackKind(reason); got != want {
			t.Errorf("fallbackKind(%q) = %q, want %q", reason, got, want)
		}
	}
}
