package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/cairn-agents/cairn/internal/input"
)

// New returns a tool called name (1 to 128 of A-Z a-z 0-9 _ - ., as MCP
// requires) that runs fn. Its input schema is inferred
// from In, which must be a struct (or map) type so the schema is a JSON
// object; see jsonschema.For for the rules (fields without omitempty are
// required, unknown fields are rejected, a `jsonschema:"..."` tag is the
// field's description). Arguments are validated against the schema before
// fn runs: bad arguments are an *Error of kind ErrBadArgs naming the field.
// Out is marshalled to JSON as the result.
//
// An error from fn that already has a kind (see Transient, Permanent,
// BadArgs) keeps it; a deadline exceeded is ErrTransient; any other error
// is ErrPermanent.
func New[In, Out any](name, description string, fn func(context.Context, In) (Out, error)) (Tool, error) {
	if err := checkName(name); err != nil {
		return nil, fmt.Errorf("tool.New: %w", err)
	}
	if fn == nil {
		return nil, fmt.Errorf("tool.New %q: nil func", name)
	}
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		return nil, fmt.Errorf("tool.New %q: input schema: %w", name, err)
	}
	if schema.Type != "object" {
		return nil, fmt.Errorf("tool.New %q: input type must be a struct or map (schema type %q, want \"object\")", name, schema.Type)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("tool.New %q: resolve input schema: %w", name, err)
	}
	raw, err := json.Marshal(schema)
	if err != nil {
		return nil, fmt.Errorf("tool.New %q: marshal input schema: %w", name, err)
	}
	return &funcTool[In, Out]{
		spec:     Spec{Name: name, Description: description, InputSchema: raw},
		resolved: resolved,
		fn:       fn,
	}, nil
}

// checkName applies the MCP rule for tool names (1 to 128 of A-Z a-z 0-9 _
// - .), which model APIs accept too, so a tool can be served and offered
// to a model under its own name.
func checkName(name string) error {
	if name == "" {
		return errors.New("empty tool name")
	}
	if len(name) > 128 {
		return fmt.Errorf("tool name %q is %d bytes, at most 128", name[:32]+"...", len(name))
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
		if !ok {
			return fmt.Errorf("tool name %q: character %q not allowed (use A-Z a-z 0-9 _ - .)", name, r)
		}
	}
	return nil
}

// Must returns t, panicking if err is not nil. It suits tool sets built at
// start-up from code, where an error is a programming mistake:
//
//	add := tool.Must(tool.New("add", "Adds two numbers.", add))
func Must(t Tool, err error) Tool {
	if err != nil {
		panic(err)
	}
	return t
}

type funcTool[In, Out any] struct {
	spec     Spec
	resolved *jsonschema.Resolved
	fn       func(context.Context, In) (Out, error)
}

func (f *funcTool[In, Out]) Spec() Spec { return f.spec }

func (f *funcTool[In, Out]) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	name := f.spec.Name
	if len(strings.TrimSpace(string(args))) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	var m map[string]any
	if err := json.Unmarshal(args, &m); err != nil {
		return nil, BadArgs(name, fmt.Errorf("arguments are not a JSON object: %w", input.JSONError(args, err)))
	}
	if err := f.resolved.ApplyDefaults(&m); err != nil {
		return nil, BadArgs(name, err)
	}
	if err := f.resolved.Validate(m); err != nil {
		return nil, BadArgs(name, cleanValidation(err))
	}
	// Validation passed on the generic form; decoding into In can still
	// fail on what JSON Schema cannot say (an integer too big for int8).
	withDefaults, err := json.Marshal(m)
	if err != nil {
		return nil, BadArgs(name, err)
	}
	var in In
	if err := json.Unmarshal(withDefaults, &in); err != nil {
		return nil, BadArgs(name, input.JSONError(withDefaults, err))
	}
	out, err := f.fn(ctx, in)
	if err != nil {
		return nil, classify(name, err)
	}
	res, err := json.Marshal(out)
	if err != nil {
		return nil, Permanent(name, fmt.Errorf("marshal result: %w", err))
	}
	return res, nil
}

// classify gives err a kind, keeping one it already has.
func classify(name string, err error) error {
	switch {
	case errors.Is(err, ErrTransient), errors.Is(err, ErrPermanent),
		errors.Is(err, ErrBadArgs), errors.Is(err, ErrUnknownTool):
		return err
	case errors.Is(err, context.DeadlineExceeded):
		return Transient(name, err)
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("tool %s: %w", name, err)
	default:
		return Permanent(name, err)
	}
}

// cleanValidation drops the "validating root: " prefix the schema library
// puts on every message; the rest names the field.
func cleanValidation(err error) error {
	msg := strings.TrimPrefix(err.Error(), "validating root: ")
	return errors.New(msg)
}
