// Package tool defines the Tool interface, a registry, typed tools built
// from Go funcs (input schema inferred, arguments validated), typed call
// errors, and middleware: a cache with concurrent-call collapsing, retry with
// backoff, per-call timeout, a concurrency limit, and tool-call events (with
// a Counter that counts a run's calls from them).
//
// See package mcp for tools of remote MCP servers and for serving a
// Registry over MCP.
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
