package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"
)

// DefaultOpenAIBaseURL is used when neither OpenAI.BaseURL nor
// OPENAI_BASE_URL is set.
const DefaultOpenAIBaseURL = "https://api.openai.com/v1"

// OpenAI is a Model served by any OpenAI-compatible chat-completions API
// (POST {BaseURL}/chat/completions): OpenAI itself, vLLM, llama.cpp server,
// LM Studio, Ollama's /v1 and others; and an Embedder through
// {BaseURL}/embeddings.
type OpenAI struct {
	// BaseURL is the API root including its version path, e.g.
	// "http://localhost:8000/v1"; empty means $OPENAI_BASE_URL, else
	// DefaultOpenAIBaseURL.
	BaseURL string
	// APIKey is sent as a bearer token; empty means $OPENAI_API_KEY, and no
	// Authorization header when that is empty too.
	APIKey string
	Model  string
	// Client sends the requests; nil means http.DefaultClient.
	Client *http.Client
	// Timeout bounds each call; zero means the context's deadline, or
	// DefaultCallTimeout when it has none.
	Timeout time.Duration
}

// Name returns "openai:" and the model name.
func (o *OpenAI) Name() string { return "openai:" + o.Model }

type oaFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
	// Arguments is a JSON string holding the arguments object.
	Arguments *string `json:"arguments,omitempty"`
}

type oaToolCall struct {
	ID       string     `json:"id,omitempty"`
	Type     string     `json:"type"`
	Function oaFunction `json:"function"`
}

type oaMessage struct {
	Role       string       `json:"role"`
	Content    *string      `json:"content"`
	ToolCalls  []oaToolCall `json:"tool_calls,omitempty"`
	ToolCallID string       `json:"tool_call_id,omitempty"`
	Name       string       `json:"name,omitempty"`
	// ReasoningContent is what some compatible servers (vLLM, DeepSeek) call
	// the thinking text; read only.
	ReasoningContent string `json:"reasoning_content,omitempty"`
	// Reasoning is the same under the name Ollama's /v1 and OpenRouter use.
	Reasoning string `json:"reasoning,omitempty"`
}

type oaSchemaFormat struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Strict bool            `json:"strict"`
}

type oaResponseFormat struct {
	Type       string          `json:"type"`
	JSONSchema *oaSchemaFormat `json:"json_schema,omitempty"`
}

type oaRequest struct {
	Model          string            `json:"model"`
	Messages       []oaMessage       `json:"messages"`
	Tools          []oaTool          `json:"tools,omitempty"`
	ResponseFormat *oaResponseFormat `json:"response_format,omitempty"`
	Temperature    *float64          `json:"temperature,omitempty"`
	MaxTokens      int               `json:"max_tokens,omitempty"`
}

type oaTool struct {
	Type     string     `json:"type"`
	Function oaFunction `json:"function"`
}

type oaResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message      oaMessage `json:"message"`
		FinishReason string    `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

var schemaNameRE = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

// schemaName makes s a valid response_format name: [a-zA-Z0-9_-]{1,64}.
func schemaName(s string) string {
	s = schemaNameRE.ReplaceAllString(s, "_")
	if len(s) > 64 {
		s = s[:64]
	}
	if s == "" {
		s = "reply"
	}
	return s
}

func (o *OpenAI) request(req Request) (oaRequest, error) {
	r := oaRequest{Model: o.Model, Temperature: req.Temperature, MaxTokens: req.MaxTokens}
	for _, m := range req.Messages {
		content := m.Content
		om := oaMessage{Role: string(m.Role), Content: &content, ToolCallID: m.ToolCallID}
		if m.Role == ToolRole {
			om.Name = m.Name
		}
		for _, tc := range m.ToolCalls {
			args, err := objectArgs(tc.Arguments)
			if err != nil {
				return r, fmt.Errorf("tool call %q: %w", tc.Name, err)
			}
			s := string(args)
			om.ToolCalls = append(om.ToolCalls, oaToolCall{ID: tc.ID, Type: "function", Function: oaFunction{Name: tc.Name, Arguments: &s}})
		}
		if len(om.ToolCalls) > 0 && content == "" {
			om.Content = nil
		}
		r.Messages = append(r.Messages, om)
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, oaTool{Type: "function", Function: oaFunction{Name: t.Name, Description: t.Description, Parameters: t.schema()}})
	}
	if len(req.Schema) > 0 {
		var s any
		if err := json.Unmarshal(req.Schema, &s); err != nil {
			return r, fmt.Errorf("response schema: %w", err)
		}
		root, _ := s.(map[string]any)
		r.ResponseFormat = &oaResponseFormat{Type: "json_schema", JSONSchema: &oaSchemaFormat{
			Name:   schemaName(req.SchemaName),
			Schema: req.Schema,
			Strict: root != nil && root["type"] == "object" && strictOK(s),
		}}
	}
	return r, nil
}

// strictOK reports whether schema s meets OpenAI's strict structured-output
// rules: every object lists all its properties as required and forbids
// additional ones (the root must also be an object). Other schemas are sent
// with strict=false.
func strictOK(s any) bool {
	switch v := s.(type) {
	case map[string]any:
		if props, ok := v["properties"].(map[string]any); ok {
			if ap, ok := v["additionalProperties"].(bool); !ok || ap {
				return false
			}
			req, _ := v["required"].([]any)
			if len(req) != len(props) {
				return false
			}
		}
		for _, c := range v {
			if !strictOK(c) {
				return false
			}
		}
	case []any:
		for _, c := range v {
			if !strictOK(c) {
				return false
			}
		}
	}
	return true
}

// Chat sends req to {BaseURL}/chat/completions.
func (o *OpenAI) Chat(ctx context.Context, req Request) (Response, error) {
	if o.Model == "" {
		return Response{}, fmt.Errorf("openai: no model name set")
	}
	base, h := o.endpoint()
	body, err := o.request(req)
	if err != nil {
		return Response{}, fmt.Errorf("openai %s: %w", o.Model, err)
	}
	b, err := json.Marshal(body)
	if err != nil {
		return Response{}, fmt.Errorf("openai %s: encoding request: %w", o.Model, err)
	}
	url := strings.TrimRight(base, "/") + "/chat/completions"
	ctx, cancel := withCallTimeout(ctx, o.Timeout)
	defer cancel()
	start := time.Now()
	resp, err := post(ctx, o.Client, url, b, h)
	if err != nil {
		return Response{}, fmt.Errorf("openai %s: %w", o.Model, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	if err != nil {
		return Response{}, fmt.Errorf("openai %s: reading reply: %w", o.Model, classify(ctx, url, err))
	}
	var out oaResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return Response{}, fmt.Errorf("openai %s: %w: %v in %s", o.Model, ErrBadReply, err, excerpt(string(raw)))
	}
	if len(out.Choices) == 0 {
		return Response{}, fmt.Errorf("openai %s: %w: no choices in %s", o.Model, ErrBadReply, excerpt(errorMessage(raw)))
	}
	om := out.Choices[0].Message
	msg := Message{Role: Assistant, Thinking: om.ReasoningContent + om.Reasoning}
	if om.Content != nil {
		msg.Content = *om.Content
	}
	for _, tc := range om.ToolCalls {
		args := emptyObject
		if tc.Function.Arguments != nil && strings.TrimSpace(*tc.Function.Arguments) != "" {
			args = json.RawMessage(*tc.Function.Arguments)
			if !json.Valid(args) {
				// Keep the model's text so a repair prompt can quote it.
				args, _ = json.Marshal(*tc.Function.Arguments)
			}
		}
		msg.ToolCalls = append(msg.ToolCalls, ToolCall{ID: tc.ID, Name: tc.Function.Name, Arguments: args})
	}
	u := Usage{Model: o.Name(), Latency: time.Since(start)}
	if out.Usage != nil {
		u.PromptTokens, u.CompletionTokens = out.Usage.PromptTokens, out.Usage.CompletionTokens
	}
	return Response{Message: msg, Usage: u}, nil
}

// endpoint returns the API root and the Authorization header (nil without a
// key), falling back to OPENAI_BASE_URL and OPENAI_API_KEY.
func (o *OpenAI) endpoint() (string, http.Header) {
	base := o.BaseURL
	if base == "" {
		base = os.Getenv("OPENAI_BASE_URL")
	}
	if base == "" {
		base = DefaultOpenAIBaseURL
	}
	key := o.APIKey
	if key == "" {
		key = os.Getenv("OPENAI_API_KEY")
	}
	if key == "" {
		return base, nil
	}
	return base, http.Header{"Authorization": {"Bearer " + key}}
}
