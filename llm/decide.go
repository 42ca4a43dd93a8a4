package llm

import (
	"context"
	"time"
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
	// validation error; zero means 2, negative means none.
	MaxRepairs  int
	Temperature *float64
	MaxTokens   int
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
// policy itself fails or ctx is done.
//
// PLACEHOLDER: until the llm work lands this always asks the policy.
func Decide[T any](ctx context.Context, m Model, p Prompt, policy func(context.Context) (T, error)) (Decision[T], error) {
	v, err := policy(ctx)
	if err != nil {
		return Decision[T]{}, err
	}
	d := Decision[T]{Value: v, Source: FromPolicy, Fallback: "no model configured"}
	if r, ok := any(v).(Reasoner); ok {
		d.Reasoning = r.Reason()
	}
	return d, nil
}
