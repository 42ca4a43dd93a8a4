package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/input"
)

// Source says who made a decision.
type Source string

// Decision sources.
const (
	FromModel  Source = "model"
	FromPolicy Source = "policy"
)

// Prompt is what Decide asks a model.
type Prompt struct {
	// Name names the decision in events and traces, e.g. "NextAction".
	// Defaults to the Go type name of T.
	Name     string
	System   string
	User     string
	Messages []Message // extra history placed between System and User
	// Timeout bounds the whole model exchange including repairs; zero
	// means the context's deadline only.
	Timeout time.Duration
	// MaxRepairs is how many times an invalid reply is sent back with the
	// validation error. As everywhere in Cairn, zero means none (negative
	// too); the systems ask for 2.
	MaxRepairs  int
	Temperature *float64
	MaxTokens   int
	// Think turns a reasoning model's thinking on or off; nil leaves the
	// server's default.
	Think *bool
	// Enums restricts string fields to values known only at run time (the
	// tools on offer, the legal moves), keyed by dotted JSON property path:
	// "action", "stops.kind" (arrays and maps are crossed without a path
	// element). A reply outside the set is invalid and repaired. Static sets
	// belong in an `enum:"a,b,c"` struct tag instead.
	Enums map[string][]string
}

// Decision is a decided value and how it was reached.
type Decision[T any] struct {
	Value     T
	Source    Source
	Reasoning string
	// Fallback says why the policy decided (no model, timeout, transport
	// error, invalid output after repairs); empty when the model did.
	Fallback string
	Attempts int   // model calls made
	Usage    Usage // summed over attempts
}

// Validator is implemented by decision types with rules a JSON Schema cannot
// express (a move into a wall, an action not in the allowed set). Decide
// treats a Validate error like a schema violation: it is sent back to the
// model as a repair request.
type Validator interface {
	Validate() error
}

// Reasoner is implemented by decision types that carry their own reasoning
// field; Decide copies it into Decision.Reasoning.
type Reasoner interface {
	Reason() string
}

// Decide asks m for a T, using a JSON Schema derived from T as the
// structured-output format; it validates the reply, sends validation errors
// back at most MaxRepairs times, and otherwise returns policy(ctx). A nil m
// means no model: the policy decides. Decide returns an error only when the
// policy itself fails or ctx is cancelled; a deadline (Prompt.Timeout or
// ctx's) only ends the model's turn.
//
// It emits one event.Usage per model call and one event.Decision.
func Decide[T any](ctx context.Context, m Model, p Prompt, policy func(context.Context) (T, error)) (Decision[T], error) {
	start := time.Now()
	name := p.Name
	if name == "" {
		name = typeName[T]()
	}
	var d Decision[T]
	if err := ctx.Err(); errors.Is(err, context.Canceled) {
		return d, fmt.Errorf("decision %s: %w", name, err)
	}
	reason := "no model configured"
	if m != nil {
		if reason = ask(ctx, m, p, name, &d); reason == "" {
			emitDecision(ctx, name, m, d, start)
			return d, nil
		}
	}
	if err := ctx.Err(); errors.Is(err, context.Canceled) {
		return d, fmt.Errorf("decision %s: %w", name, err)
	}
	if policy == nil {
		return d, fmt.Errorf("decision %s: no policy and the model did not decide (%s)", name, reason)
	}
	v, err := policy(ctx)
	if err != nil {
		return d, fmt.Errorf("decision %s: policy: %w", name, err)
	}
	d.Value, d.Source, d.Fallback, d.Reasoning = v, FromPolicy, reason, reasonOf(&v)
	if m != nil {
		slog.DebugContext(ctx, "policy decided", "decision", name, "model", m.Name(), "reason", reason)
	}
	emitDecision(ctx, name, m, d, start)
	return d, nil
}

// ask runs the model exchange. It returns "" when d holds the model's
// decision, else the reason the policy must decide.
func ask[T any](ctx context.Context, m Model, p Prompt, name string, d *Decision[T]) string {
	ts, err := schemaFor[T]()
	if err == nil && len(p.Enums) > 0 {
		ts, err = ts.withEnums(p.Enums)
	}
	if err != nil {
		return "no schema: " + err.Error()
	}
	parent := ctx
	if p.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.Timeout)
		defer cancel()
	}
	req := Request{
		Messages:    prompts(p, ts),
		Schema:      ts.raw,
		SchemaName:  name,
		Temperature: p.Temperature,
		MaxTokens:   p.MaxTokens,
		Think:       p.Think,
	}
	repairs := max(p.MaxRepairs, 0)
	var lastErr error
	for range repairs + 1 {
		resp, err := Chat(ctx, m, req)
		d.Attempts++
		d.Usage = d.Usage.Add(resp.Usage)
		if err != nil {
			if parent.Err() == nil && ctx.Err() != nil {
				return fmt.Sprintf("model timeout: no valid reply within %s (%d attempts)", p.Timeout, d.Attempts)
			}
			return transportReason(err)
		}
		v, reasoning, err := parseReply[T](ts, resp.Message)
		if err == nil {
			d.Value, d.Source, d.Reasoning = v, FromModel, reasoning
			if r := reasonOf(&v); r != "" {
				d.Reasoning = r
			}
			return ""
		}
		lastErr = err
		req.Messages = append(req.Messages,
			Message{Role: Assistant, Content: resp.Message.Content},
			Message{Role: User, Content: "Your reply was not accepted: " + err.Error() +
				"\nReply again with only the corrected JSON, no other text."})
	}
	return fmt.Sprintf("invalid model output after %d attempts: %v", d.Attempts, lastErr)
}

// prompts builds the opening messages: the system prompt with the schema
// appended (structured output alone does not tell every model what the
// fields mean), the history, then the user prompt.
func prompts(p Prompt, ts *typeSchema) []Message {
	sys := p.System
	if sys != "" {
		sys += "\n\n"
	}
	sys += "Reply with only a JSON value matching this JSON Schema, no other text:\n" + string(ts.raw)
	msgs := make([]Message, 0, len(p.Messages)+2+2*3)
	msgs = append(msgs, Message{Role: System, Content: sys})
	msgs = append(msgs, p.Messages...)
	if p.User != "" {
		msgs = append(msgs, Message{Role: User, Content: p.User})
	}
	return msgs
}

// parseReply extracts, schema-validates, decodes and Validates a T from a
// reply. A top-level "reasoning" string the schema does not know is taken
// out and returned rather than rejected.
func parseReply[T any](ts *typeSchema, msg Message) (T, string, error) {
	var v T
	if msg.Content == "" && len(msg.ToolCalls) > 0 {
		return v, "", fmt.Errorf("reply called tool %q instead of answering with JSON", msg.ToolCalls[0].Name)
	}
	raw, err := extractJSON(msg.Content, ts.object)
	if err != nil {
		return v, "", err
	}
	var inst any
	if err := json.Unmarshal(raw, &inst); err != nil {
		return v, "", fmt.Errorf("reply is not valid JSON: %w", input.JSONError(raw, err))
	}
	var reasoning string
	if obj, ok := inst.(map[string]any); ok && !ts.reasoning {
		if r, has := obj["reasoning"]; has {
			reasoning, _ = r.(string)
			delete(obj, "reasoning")
		}
	}
	if err := ts.resolved.Validate(inst); err != nil {
		return v, "", fmt.Errorf("reply does not match the schema: %w", err)
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return v, "", fmt.Errorf("reply does not decode: %w", input.JSONError(raw, err))
	}
	if val, ok := any(v).(Validator); ok {
		err = val.Validate()
	} else if val, ok := any(&v).(Validator); ok {
		err = val.Validate()
	}
	if err != nil {
		return v, "", fmt.Errorf("reply is invalid: %w", err)
	}
	return v, reasoning, nil
}

// transportReason words a failed call as a fallback reason.
func transportReason(err error) string {
	var se *StatusError
	switch {
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return "model timeout: " + err.Error()
	case errors.Is(err, ErrUnreachable):
		return "model unreachable: " + err.Error()
	case errors.As(err, &se):
		return fmt.Sprintf("model HTTP %d: %s", se.Code, se.Body)
	default:
		return "model error: " + err.Error()
	}
}

func reasonOf[T any](v *T) string {
	if r, ok := any(*v).(Reasoner); ok {
		return r.Reason()
	}
	if r, ok := any(v).(Reasoner); ok {
		return r.Reason()
	}
	return ""
}

func typeName[T any]() string {
	t := reflect.TypeFor[T]()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Name() != "" {
		return t.Name()
	}
	return t.String()
}

func emitDecision[T any](ctx context.Context, name string, m Model, d Decision[T], start time.Time) {
	if !event.Listening(ctx) {
		return
	}
	info := &event.DecisionInfo{
		Name:      name,
		Source:    string(d.Source),
		Reasoning: d.Reasoning,
		Fallback:  d.Fallback,
		Attempts:  d.Attempts,
	}
	if m != nil {
		info.Model = m.Name()
	}
	if b, err := json.Marshal(d.Value); err == nil {
		info.Value = b
	}
	event.Emit(ctx, event.Event{Kind: event.Decision, Duration: time.Since(start), Decision: info})
}

// Chat calls m and emits one event.Usage for the call (with the error, if
// any). Code that talks to a model directly, outside Decide, should call
// models through it so runs count every call.
func Chat(ctx context.Context, m Model, req Request) (Response, error) {
	start := time.Now()
	resp, err := m.Chat(ctx, req)
	if resp.Usage.Model == "" {
		resp.Usage.Model = m.Name()
	}
	if resp.Usage.Latency == 0 {
		resp.Usage.Latency = time.Since(start)
	}
	e := event.Event{Kind: event.Usage, Duration: resp.Usage.Latency, Usage: &event.UsageInfo{
		Model:            resp.Usage.Model,
		PromptTokens:     resp.Usage.PromptTokens,
		CompletionTokens: resp.Usage.CompletionTokens,
		Latency:          resp.Usage.Latency,
	}}
	if err != nil {
		e.Err = err.Error()
	}
	event.Emit(ctx, e)
	return resp, err
}
