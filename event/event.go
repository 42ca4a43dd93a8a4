// Package event defines the run events every part of Cairn emits and a
// context-carried sink that collects them.
//
// It is the lowest layer: flow, llm and tool emit events here without knowing
// who listens; flow.Run yields them, trace writes them, the CLI and web UI
// render them.
package event

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// Kind names what an Event reports.
type Kind string

// The kinds of event a run emits.
const (
	RunStart   Kind = "run_start"
	RunEnd     Kind = "run_end"
	NodeStart  Kind = "node_start"
	NodeEnd    Kind = "node_end"
	Decision   Kind = "decision"
	ToolCall   Kind = "tool_call"
	StateSet   Kind = "state"
	Usage      Kind = "usage"
	Error      Kind = "error"
	Checkpoint Kind = "checkpoint"
	Note       Kind = "note" // free text: a thought, a progress line
	// Interrupt: a node asked a question and the run stopped to wait for
	// the answer (Event.Interrupt says what was asked).
	Interrupt Kind = "interrupt"
	// Resume: an answer to an interrupt arrived (Event.Interrupt carries
	// it), or its deadline passed.
	Resume Kind = "resume"
)

// Event is one thing that happened in a run. It is JSON-serialisable so the
// same value feeds JSONL traces, OpenTelemetry and the UI.
type Event struct {
	Time     time.Time     `json:"time"`
	RunID    string        `json:"run_id,omitempty"`
	Kind     Kind          `json:"kind"`
	Node     string        `json:"node,omitempty"`
	Step     int           `json:"step,omitempty"`
	Duration time.Duration `json:"duration_ns,omitempty"`
	Message  string        `json:"message,omitempty"`
	Err      string        `json:"error,omitempty"`

	Decision *DecisionInfo   `json:"decision,omitempty"`
	Tool     *ToolInfo       `json:"tool,omitempty"`
	Usage    *UsageInfo      `json:"usage,omitempty"`
	State    json.RawMessage `json:"state,omitempty"`

	Interrupt *InterruptInfo `json:"interrupt,omitempty"`
}

// InterruptInfo describes a question a run waits on, and its answer once
// given.
type InterruptInfo struct {
	ID       string          `json:"id"` // unique within the run
	Question string          `json:"question"`
	Options  []string        `json:"options,omitempty"`
	Schema   json.RawMessage `json:"schema,omitempty"` // JSON schema of the answer
	Deadline time.Time       `json:"deadline,omitzero"`
	Answer   json.RawMessage `json:"answer,omitempty"` // in a Resume event
}

// DecisionInfo describes a typed decision: what was decided, by whom and why.
type DecisionInfo struct {
	Name      string          `json:"name"`   // the decision type, e.g. "NextAction"
	Source    string          `json:"source"` // "model" or "policy"
	Reasoning string          `json:"reasoning,omitempty"`
	Fallback  string          `json:"fallback,omitempty"` // why the policy decided, when it did
	Attempts  int             `json:"attempts"`           // model calls made (0 when no model)
	Model     string          `json:"model,omitempty"`
	Value     json.RawMessage `json:"value,omitempty"`
}

// ToolInfo describes one tool call.
type ToolInfo struct {
	Name    string          `json:"name"`
	Args    json.RawMessage `json:"args,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Err     string          `json:"error,omitempty"`
	Latency time.Duration   `json:"latency_ns"`
	Cached  bool            `json:"cached,omitempty"`
}

// UsageInfo is the cost of one model call.
type UsageInfo struct {
	Model            string        `json:"model"`
	PromptTokens     int           `json:"prompt_tokens"`
	CompletionTokens int           `json:"completion_tokens"`
	Latency          time.Duration `json:"latency_ns"`
}

// Sink receives events. It must be safe for concurrent use: parallel
// branches emit at the same time.
type Sink func(Event)

type sinkKey struct{}

// WithSink returns a context whose events go to s, in addition to any sink
// already in ctx.
func WithSink(ctx context.Context, s Sink) context.Context {
	if prev, ok := ctx.Value(sinkKey{}).(Sink); ok && prev != nil {
		next := s
		s = func(e Event) { prev(e); next(e) }
	}
	return context.WithValue(ctx, sinkKey{}, s)
}

// WithOnlySink returns a context whose events go to s alone: sinks already
// in ctx no longer see them. A run uses it to stamp and forward its nodes'
// events itself, so outer sinks see each event once.
func WithOnlySink(ctx context.Context, s Sink) context.Context {
	return context.WithValue(ctx, sinkKey{}, s)
}

// Listening reports whether ctx has a sink, so emitters can skip building
// costly events nobody receives.
func Listening(ctx context.Context) bool {
	s, ok := ctx.Value(sinkKey{}).(Sink)
	return ok && s != nil
}

// Emit sends e to the sink in ctx, if any, stamping the time when unset.
func Emit(ctx context.Context, e Event) {
	s, ok := ctx.Value(sinkKey{}).(Sink)
	if !ok || s == nil {
		return
	}
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	s(e)
}

// Collect returns a context whose events are also kept in memory, and a
// function returning a copy of those kept so far. Tests and callers that
// want a run's events as a slice use it.
func Collect(ctx context.Context) (context.Context, func() []Event) {
	var mu sync.Mutex
	var evs []Event
	ctx = WithSink(ctx, func(e Event) {
		mu.Lock()
		evs = append(evs, e)
		mu.Unlock()
	})
	return ctx, func() []Event {
		mu.Lock()
		defer mu.Unlock()
		return append([]Event(nil), evs...)
	}
}
