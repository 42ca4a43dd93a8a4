package tool

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// resolvedSchemas caches compiled input schemas by their text: a
// system checks the arguments of the same few tools over and over.
var resolvedSchemas sync.Map // string -> schemaOrErr

type schemaOrErr struct {
	r   *jsonschema.Resolved
	err error
}

// CheckArgs reports whether args fit the input schema of s, so arguments
// written by a model can be checked before the call, whatever the tool
// (a typed one, an MCP server's). The error is an *Error of kind
// ErrBadArgs naming the field; a spec with no schema accepts any JSON
// object.
func CheckArgs(s Spec, args json.RawMessage) error {
	if len(strings.TrimSpace(string(args))) == 0 {
		args = json.RawMessage("{}")
	}
	var v any
	if err := json.Unmarshal(args, &v); err != nil {
		return BadArgs(s.Name, fmt.Errorf("arguments are not JSON: %w", err))
	}
	if _, ok := v.(map[string]any); !ok {
		return BadArgs(s.Name, fmt.Errorf("arguments are %s, not a JSON object", jsonKind(v)))
	}
	if len(s.InputSchema) == 0 {
		return nil
	}
	key := string(s.InputSchema)
	c, ok := resolvedSchemas.Load(key)
	if !ok {
		var sch jsonschema.Schema
		var se schemaOrErr
		if err := json.Unmarshal(s.InputSchema, &sch); err != nil {
			se.err = fmt.Errorf("input schema does not decode: %w", err)
		} else if se.r, err = sch.Resolve(nil); err != nil {
			se.err = fmt.Errorf("input schema does not resolve: %w", err)
		}
		c, _ = resolvedSchemas.LoadOrStore(key, se)
	}
	se := c.(schemaOrErr)
	if se.err != nil {
		return &Error{Tool: s.Name, Kind: ErrPermanent, Err: se.err}
	}
	if err := se.r.Validate(v); err != nil {
		return BadArgs(s.Name, cleanValidation(err))
	}
	return nil
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	}
	return fmt.Sprintf("%T", v)
}
