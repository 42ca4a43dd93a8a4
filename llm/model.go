package llm

import (
	"context"
	"encoding/json"
	"time"
)

// Role is who wrote a message.
type Role string

// Message roles, as the chat APIs name them.
const (
	System    Role = "system"
	User      Role = "user"
	Assistant Role = "assistant"
	ToolRole  Role = "tool"
)

// Message is one chat message.
type Message struct {
	Role       Role       `json:"role"`
	Content    string     `json:"content"`
	Thinking   string     `json:"thinking,omitempty"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"` // for Role == ToolRole
	Name       string     `json:"name,omitempty"`         // tool name for Role == ToolRole
}

// ToolDef is a tool the model may call.
type ToolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"` // JSON Schema of the arguments
}

// schema is Parameters, or an object schema with no properties when it
// is empty, as both wire formats send one for every tool.
func (t ToolDef) schema() json.RawMessage {
	if len(t.Parameters) == 0 {
		return json.RawMessage(`{"type":"object","properties":{}}`)
	}
	return t.Parameters
}

// ToolCall is a model's request to call a tool.
type ToolCall struct {
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// Request is one chat call. The deadline comes from ctx.
type Request struct {
	Messages []Message `json:"messages"`
	Tools    []ToolDef `json:"tools,omitempty"`
	// Schema, when set, asks for structured output matching this JSON Schema.
	Schema      json.RawMessage `json:"schema,omitempty"`
	SchemaName  string          `json:"schema_name,omitempty"`
	Temperature *float64        `json:"temperature,omitempty"`
	MaxTokens   int             `json:"max_tokens,omitempty"`
	// Think turns a reasoning model's thinking on or off; nil leaves the
	// server's default.
	Think *bool `json:"think,omitempty"`
}

// Usage is what one call cost.
type Usage struct {
	Model            string        `json:"model"`
	PromptTokens     int           `json:"prompt_tokens"`
	CompletionTokens int           `json:"completion_tokens"`
	Latency          time.Duration `json:"latency_ns"`
}

// Add returns the sum of u and v; the model name of u wins when set.
func (u Usage) Add(v Usage) Usage {
	if u.Model == "" {
		u.Model = v.Model
	}
	u.PromptTokens += v.PromptTokens
	u.CompletionTokens += v.CompletionTokens
	u.Latency += v.Latency
	return u
}

// Response is a model's reply.
type Response struct {
	Message Message `json:"message"`
	Usage   Usage   `json:"usage"`
}

// Model is a chat model. Implementations must be safe for concurrent use.
type Model interface {
	// Name identifies the model, e.g. "ollama:qwen3:8b".
	Name() string
	Chat(ctx context.Context, req Request) (Response, error)
}
