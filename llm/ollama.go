package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// DefaultOllamaHost is where Ollama listens unless OLLAMA_HOST says otherwise.
const DefaultOllamaHost = "http://127.0.0.1:11434"

// Ollama is a Model served by Ollama's native chat API (POST /api/chat),
// and an Embedder through its POST /api/embed.
// The zero value plus a Model name talks to OLLAMA_HOST.
type Ollama struct {
	// BaseURL is the server, e.g. "http://127.0.0.1:11434"; empty means
	// OllamaHost(os.Getenv("OLLAMA_HOST")).
	BaseURL string
	// Model is the Ollama model name, e.g. "qwen3:8b".
	Model string
	// KeepAlive is how long the server keeps the model loaded after a call:
	// a Go duration ("10m"), or seconds as an integer ("-1" keeps it loaded
	// forever). Empty leaves the server default.
	KeepAlive string
	// Stream asks for the NDJSON stream and assembles it; a long generation
	// then keeps the connection busy instead of idle. The result is the same.
	Stream bool
	// Client sends the requests; nil means http.DefaultClient.
	Client *http.Client
	// Timeout bounds each call; zero means the context's deadline, or
	// DefaultCallTimeout when it has none.
	Timeout time.Duration
}

// Name returns "ollama:" and the model name.
func (o *Ollama) Name() string { return "ollama:" + o.Model }

// OllamaHost turns an OLLAMA_HOST value into a base URL the way the Ollama
// CLI does: "" → http://127.0.0.1:11434, "0.0.0.0:11434" → http://0.0.0.0:11434,
// ":8080" → http://127.0.0.1:8080, "host" → http://host:11434, and a full
// "http(s)://host[:port][/path]" is kept.
func OllamaHost(v string) (string, error) {
	v = strings.TrimSpace(strings.Trim(strings.TrimSpace(v), `"'`))
	if v == "" {
		return DefaultOllamaHost, nil
	}
	scheme, hostport, ok := strings.Cut(v, "://")
	if !ok {
		scheme, hostport = "http", v
	}
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("OLLAMA_HOST %q: scheme %q is not http or https", v, scheme)
	}
	hostport, path, _ := strings.Cut(hostport, "/")
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		// No port given.
		host, port = hostport, ""
		if !ok {
			port = "11434"
		}
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("OLLAMA_HOST %q: bad port %q", v, port)
		}
		hostport = net.JoinHostPort(host, port)
	} else {
		hostport = host
		if strings.Contains(host, ":") {
			hostport = "[" + host + "]"
		}
	}
	u := &url.URL{Scheme: scheme, Host: hostport}
	if path = strings.Trim(path, "/"); path != "" {
		u.Path = "/" + path
	}
	if _, err := url.Parse(u.String()); err != nil {
		return "", fmt.Errorf("OLLAMA_HOST %q: %w", v, err)
	}
	return u.String(), nil
}

type ollamaFunction struct {
	Index       int             `json:"index,omitempty"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
	Arguments   json.RawMessage `json:"arguments,omitempty"`
}

type ollamaToolCall struct {
	ID       string         `json:"id,omitempty"`
	Function ollamaFunction `json:"function"`
}

type ollamaMessage struct {
	Role       string           `json:"role"`
	Content    string           `json:"content"`
	Thinking   string           `json:"thinking,omitempty"`
	ToolCalls  []ollamaToolCall `json:"tool_calls,omitempty"`
	ToolName   string           `json:"tool_name,omitempty"`
	ToolCallID string           `json:"tool_call_id,omitempty"`
}

type ollamaTool struct {
	Type     string         `json:"type"`
	Function ollamaFunction `json:"function"`
}

type ollamaOptions struct {
	Temperature *float64 `json:"temperature,omitempty"`
	NumPredict  int      `json:"num_predict,omitempty"`
}

type ollamaRequest struct {
	Model     string          `json:"model"`
	Messages  []ollamaMessage `json:"messages"`
	Tools     []ollamaTool    `json:"tools,omitempty"`
	Format    json.RawMessage `json:"format,omitempty"`
	Options   *ollamaOptions  `json:"options,omitempty"`
	Stream    bool            `json:"stream"`
	Think     *bool           `json:"think,omitempty"`
	KeepAlive any             `json:"keep_alive,omitempty"`
}

type ollamaResponse struct {
	Model           string        `json:"model"`
	Message         ollamaMessage `json:"message"`
	Done            bool          `json:"done"`
	DoneReason      string        `json:"done_reason"`
	PromptEvalCount int           `json:"prompt_eval_count"`
	EvalCount       int           `json:"eval_count"`
	Error           string        `json:"error"`
}

// emptyObject stands in for missing tool parameters and arguments: Ollama
// wants JSON objects there.
var emptyObject = json.RawMessage(`{}`)

func (o *Ollama) request(req Request) (ollamaRequest, error) {
	r := ollamaRequest{Model: o.Model, Think: req.Think, Format: req.Schema}
	for _, m := range req.Messages {
		om := ollamaMessage{Role: string(m.Role), Content: m.Content, Thinking: m.Thinking, ToolName: m.Name, ToolCallID: m.ToolCallID}
		for _, tc := range m.ToolCalls {
			args, err := objectArgs(tc.Arguments)
			if err != nil {
				return r, fmt.Errorf("tool call %q: %w", tc.Name, err)
			}
			om.ToolCalls = append(om.ToolCalls, ollamaToolCall{ID: tc.ID, Function: ollamaFunction{Name: tc.Name, Arguments: args}})
		}
		r.Messages = append(r.Messages, om)
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, ollamaTool{Type: "function", Function: ollamaFunction{Name: t.Name, Description: t.Description, Parameters: t.schema()}})
	}
	if req.Temperature != nil || req.MaxTokens > 0 {
		r.Options = &ollamaOptions{Temperature: req.Temperature, NumPredict: req.MaxTokens}
	}
	ka, err := o.keepAlive()
	if err != nil {
		return r, err
	}
	r.KeepAlive = ka
	return r, nil
}

// keepAlive is KeepAlive as the API wants it: whole seconds as a number, a
// duration as a string, nil when unset.
func (o *Ollama) keepAlive() (any, error) {
	k := strings.TrimSpace(o.KeepAlive)
	if k == "" {
		return nil, nil
	}
	if n, err := strconv.Atoi(k); err == nil {
		return n, nil
	}
	if _, err := time.ParseDuration(k); err == nil {
		return k, nil
	}
	return nil, fmt.Errorf("ollama keep_alive %q: want a duration like 10m or whole seconds", k)
}

// base is BaseURL, or the server OLLAMA_HOST names when it is empty.
func (o *Ollama) base() (string, error) {
	if o.BaseURL != "" {
		return o.BaseURL, nil
	}
	return OllamaHost(os.Getenv("OLLAMA_HOST"))
}

// objectArgs returns tool-call arguments as a JSON object, decoding the
// string form OpenAI-style histories carry.
func objectArgs(a json.RawMessage) (json.RawMessage, error) {
	a = json.RawMessage(strings.TrimSpace(string(a)))
	if len(a) == 0 || string(a) == "null" {
		return emptyObject, nil
	}
	if a[0] == '"' {
		var s string
		if err := json.Unmarshal(a, &s); err != nil {
			return nil, fmt.Errorf("arguments: %w", err)
		}
		a = json.RawMessage(s)
	}
	if !json.Valid(a) || a[0] != '{' {
		return nil, fmt.Errorf("arguments are not a JSON object: %s", excerpt(string(a)))
	}
	return a, nil
}

// Chat sends req to /api/chat and returns the whole reply (assembled from
// the stream when Stream is set).
func (o *Ollama) Chat(ctx context.Context, req Request) (Response, error) {
	out := Response{Message: Message{Role: Assistant}}
	for r, err := range o.chunks(ctx, req, o.Stream) {
		if err != nil {
			return Response{}, err
		}
		out.Message.Content += r.Message.Content
		out.Message.Thinking += r.Message.Thinking
		out.Message.ToolCalls = append(out.Message.ToolCalls, r.Message.ToolCalls...)
		if r.Usage.Model != "" {
			out.Usage = r.Usage
		}
	}
	return out, nil
}

// ChatStream sends req to /api/chat with streaming on and yields the reply as
// it arrives: each Response holds one chunk (a piece of content or
// thinking, or tool calls); the last one also carries Usage. Breaking out of
// the loop closes the connection. ChatStream does not emit usage events.
func (o *Ollama) ChatStream(ctx context.Context, req Request) iter.Seq2[Response, error] {
	return o.chunks(ctx, req, true)
}

// chunks yields the JSON objects of a /api/chat reply: one when stream is
// false, NDJSON lines when true; the one with done=true comes last.
func (o *Ollama) chunks(ctx context.Context, req Request, stream bool) iter.Seq2[Response, error] {
	return func(yield func(Response, error) bool) {
		fail := func(format string, args ...any) {
			yield(Response{}, fmt.Errorf("ollama %s: "+format, append([]any{o.Model}, args...)...))
		}
		if o.Model == "" {
			fail("no model name set")
			return
		}
		base, err := o.base()
		if err != nil {
			fail("%w", err)
			return
		}
		body, err := o.request(req)
		if err != nil {
			fail("%w", err)
			return
		}
		body.Stream = stream
		b, err := json.Marshal(body)
		if err != nil {
			fail("encoding request: %w", err)
			return
		}
		url := strings.TrimRight(base, "/") + "/api/chat"
		ctx, cancel := withCallTimeout(ctx, o.Timeout)
		defer cancel()
		start := time.Now()
		resp, err := post(ctx, o.Client, url, b, nil)
		if err != nil {
			fail("%w", err)
			return
		}
		defer resp.Body.Close()

		sc := bufio.NewScanner(io.LimitReader(resp.Body, maxReply))
		sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
		n, calls := 0, 0
		for sc.Scan() {
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			var part ollamaResponse
			if err := json.Unmarshal(line, &part); err != nil {
				fail("%w: %v in %s", ErrBadReply, err, excerpt(string(line)))
				return
			}
			if part.Error != "" {
				fail("%w: server error: %s", ErrBadReply, excerpt(part.Error))
				return
			}
			n++
			r := Response{Message: Message{Role: Assistant, Content: part.Message.Content, Thinking: part.Message.Thinking}}
			for _, tc := range part.Message.ToolCalls {
				id := tc.ID
				if id == "" {
					id = "call_" + strconv.Itoa(calls)
				}
				calls++
				args := tc.Function.Arguments
				if len(args) == 0 || string(args) == "null" {
					args = emptyObject
				}
				r.Message.ToolCalls = append(r.Message.ToolCalls, ToolCall{ID: id, Name: tc.Function.Name, Arguments: args})
			}
			if part.Done {
				r.Usage = Usage{
					Model:            o.Name(),
					PromptTokens:     part.PromptEvalCount,
					CompletionTokens: part.EvalCount,
					Latency:          time.Since(start),
				}
				yield(r, nil)
				return
			}
			if !yield(r, nil) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			fail("reading reply: %w", classify(ctx, url, err))
			return
		}
		if n == 0 {
			fail("%w: empty body", ErrBadReply)
			return
		}
		fail("%w: stream ended before done", ErrBadReply)
	}
}
