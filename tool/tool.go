// Package tool defines the Tool interface, a registry, typed call errors and
// middleware (cache, retry, timeout, concurrency limit).
package tool

import (
	"context"
	"encoding/json"
)

// Spec describes a tool to a model or an MCP host.
type Spec struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// Tool is a named function from JSON arguments to a JSON result.
// Implementations must be safe for concurrent use.
type Tool interface {
	Spec() Spec
	Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
}
