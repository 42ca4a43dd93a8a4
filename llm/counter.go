package llm

import (
	"maps"
	"strings"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Counts is what a run spent on decisions and model calls.
type Counts struct {
	ModelDecisions   int           `json:"model_decisions"`
	PolicyDecisions  int           `json:"policy_decisions"`
	ModelCalls       int           `json:"model_calls"`
	FailedCalls      int           `json:"failed_calls"`
	PromptTokens     int           `json:"prompt_tokens"`
	CompletionTokens int           `json:"completion_tokens"`
	ModelLatency     time.Duration `json:"model_latency_ns"`
	// Fallbacks counts policy decisions by reason kind: "no model",
	// "timeout", "unreachable", "http", "invalid", "other".
	Fallbacks map[string]int `json:"fallbacks,omitempty"`
}

// Counter tallies decision and usage events. Install it on a run's context
// with event.WithSink(ctx, c.Observe); it is safe for concurrent use and its
// zero value is ready. Tool calls are counted by tool.Counter.
type Counter struct {
	mu sync.Mutex
	c  Counts
}

// Observe counts e when it is a decision or usage event; it has the
// signature of an event.Sink.
func (c *Counter) Observe(e event.Event) {
	switch {
	case e.Kind == event.Decision && e.Decision != nil:
		c.mu.Lock()
		defer c.mu.Unlock()
		if e.Decision.Source == string(FromModel) {
			c.c.ModelDecisions++
			return
		}
		c.c.PolicyDecisions++
		if c.c.Fallbacks == nil {
			c.c.Fallbacks = map[string]int{}
		}
		c.c.Fallbacks[fallbackKind(e.Decision.Fallback)]++
	case e.Kind == event.Usage && e.Usage != nil:
		c.mu.Lock()
		defer c.mu.Unlock()
		c.c.ModelCalls++
		if e.Err != "" {
			c.c.FailedCalls++
		}
		c.c.PromptTokens += e.Usage.PromptTokens
		c.c.CompletionTokens += e.Usage.CompletionTokens
		c.c.ModelLatency += e.Usage.Latency
	}
}

// Counts returns a copy of the tallies so far.
func (c *Counter) Counts() Counts {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.c
	out.Fallbacks = maps.Clone(c.c.Fallbacks)
	return out
}

// fallbackKind classifies a Decision.Fallback reason as Decide words it.
func fallbackKind(reason string) string {
	for _, k := range []struct{ prefix, kind string }{
		{"no model", "no model"},
		{"model timeout", "timeout"},
		{"model unreachable", "unreachable"},
		{"model HTTP", "http"},
		{"invalid model output", "invalid"},
	} {
		if strings.HasPrefix(reason, k.prefix) {
			return k.kind
		}
	}
	return "other"
}
