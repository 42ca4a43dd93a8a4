package trace

import (
	"slices"
	"strconv"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Summary counts what a run did. Add events to it one by one; the zero
// value is an empty summary. Token counts come from usage events (one per
// model call), so a decision that made no model call costs nothing.
type Summary struct {
	Runs             []string      `json:"runs,omitempty"` // run IDs, in order of appearance
	Events           int           `json:"events"`
	Nodes            int           `json:"nodes"` // node executions that started or ended
	Decisions        int           `json:"decisions"`
	ModelDecisions   int           `json:"model_decisions"`
	PolicyDecisions  int           `json:"policy_decisions"`
	ToolCalls        int           `json:"tool_calls"`
	CachedToolCalls  int           `json:"cached_tool_calls"`
	FailedToolCalls  int           `json:"failed_tool_calls"`
	ModelCalls       int           `json:"model_calls"`
	PromptTokens     int           `json:"prompt_tokens"`
	CompletionTokens int           `json:"completion_tokens"`
	Errors           int           `json:"errors"`
	Wall             time.Duration `json:"wall_ns"` // first to last event, or the run_end duration when longer
	// Tokens by model name, for runs that use more than one model.
	ByModel map[string]ModelUsage `json:"by_model,omitempty"`

	first, last time.Time
	open        map[string]bool // nodes started and not ended, by run/node/step
}

// ModelUsage is the model calls and tokens spent with one model.
type ModelUsage struct {
	Calls            int `json:"calls"`
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Tokens returns prompt plus completion tokens.
func (s *Summary) Tokens() int { return s.PromptTokens + s.CompletionTokens }

// Add counts e.
func (s *Summary) Add(e event.Event) {
	s.Events++
	if e.RunID != "" && !slices.Contains(s.Runs, e.RunID) {
		s.Runs = append(s.Runs, e.RunID)
	}
	if !e.Time.IsZero() {
		if s.first.IsZero() || e.Time.Before(s.first) {
			s.first = e.Time
		}
		if e.Time.After(s.last) {
			s.last = e.Time
		}
		s.Wall = max(s.Wall, s.last.Sub(s.first))
	}
	switch e.Kind {
	case event.RunEnd:
		s.Wall = max(s.Wall, e.Duration)
		if e.Err != "" {
			s.Errors++
		}
	case event.NodeStart:
		if s.open == nil {
			s.open = map[string]bool{}
		}
		s.open[nodeKey(e)] = true
		s.Nodes++
	case event.NodeEnd:
		if k := nodeKey(e); s.open[k] {
			delete(s.open, k)
		} else {
			s.Nodes++ // its start was not recorded
		}
		if e.Err != "" {
			s.Errors++
		}
	case event.Decision:
		s.Decisions++
		if d := e.Decision; d != nil {
			switch d.Source {
			case "model":
				s.ModelDecisions++
			case "policy":
				s.PolicyDecisions++
			}
		}
	case event.ToolCall:
		s.ToolCalls++
		if t := e.Tool; t != nil {
			if t.Cached {
				s.CachedToolCalls++
			}
			if t.Err != "" {
				s.FailedToolCalls++
			}
		}
	case event.Usage:
		if u := e.Usage; u != nil {
			s.ModelCalls++
			s.PromptTokens += u.PromptTokens
			s.CompletionTokens += u.CompletionTokens
			if s.ByModel == nil {
				s.ByModel = map[string]ModelUsage{}
			}
			m := s.ByModel[u.Model]
			m.Calls++
			m.PromptTokens += u.PromptTokens
			m.CompletionTokens += u.CompletionTokens
			s.ByModel[u.Model] = m
		}
	case event.Error:
		s.Errors++
	}
}

func nodeKey(e event.Event) string {
	return e.RunID + "\x00" + e.Node + "\x00" + strconv.Itoa(e.Step)
}
