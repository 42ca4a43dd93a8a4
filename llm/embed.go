package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Embedder is an embedding model: it turns texts into vectors, one per text,
// in order, all of one length. *Ollama and *OpenAI are Embedders;
// Config.Embedder opens one from a spec. Implementations must be safe for
// concurrent use.
type Embedder interface {
	// Name identifies the model, e.g. "ollama:nomic-embed-text"; vectors
	// from different models must not be compared.
	Name() string
	// Embed returns one vector per text and what the call cost (prompt
	// tokens only). No texts means no call.
	Embed(ctx context.Context, texts []string) ([][]float32, Usage, error)
}

// Embed calls e and emits one event.Usage for the call (with the error, if
// any), as Chat does for chat calls. No texts means no call and no event.
func Embed(ctx context.Context, e Embedder, texts []string) ([][]float32, Usage, error) {
	if len(texts) == 0 {
		return nil, Usage{Model: e.Name()}, nil
	}
	start := time.Now()
	vecs, u, err := e.Embed(ctx, texts)
	if u.Model == "" {
		u.Model = e.Name()
	}
	if u.Latency == 0 {
		u.Latency = time.Since(start)
	}
	ev := event.Event{Kind: event.Usage, Duration: u.Latency, Usage: &event.UsageInfo{
		Model:        u.Model,
		PromptTokens: u.PromptTokens,
		Latency:      u.Latency,
	}}
	if err != nil {
		ev.Err = err.Error()
	}
	event.Emit(ctx, ev)
	return vecs, u, err
}

// checkVectors reports a reply that does not hold one non-empty vector per
// text, all of the same length.
func checkVectors(vecs [][]float32, texts int) error {
	if len(vecs) != texts {
		return fmt.Errorf("%w: %d vectors for %d texts", ErrBadReply, len(vecs), texts)
	}
	for i, v := range vecs {
		if len(v) == 0 {
			return fmt.Errorf("%w: vector %d is empty", ErrBadReply, i)
		}
		if len(v) != len(vecs[0]) {
			return fmt.Errorf("%w: vector %d has %d dimensions, vector 0 has %d", ErrBadReply, i, len(v), len(vecs[0]))
		}
	}
	return nil
}

type ollamaEmbedRequest struct {
	Model     string   `json:"model"`
	Input     []string `json:"input"`
	KeepAlive any      `json:"keep_alive,omitempty"`
}

type ollamaEmbedResponse struct {
	Embeddings      [][]float32 `json:"embeddings"`
	PromptEvalCount int         `json:"prompt_eval_count"`
	Error           string      `json:"error"`
}

// Embed sends texts to /api/embed in one request.
func (o *Ollama) Embed(ctx context.Context, texts []string) ([][]float32, Usage, error) {
	fail := func(format string, args ...any) ([][]float32, Usage, error) {
		return nil, Usage{}, fmt.Errorf("ollama %s embed: "+format, append([]any{o.Model}, args...)...)
	}
	if o.Model == "" {
		return fail("no model name set")
	}
	if len(texts) == 0 {
		return nil, Usage{Model: o.Name()}, nil
	}
	base, err := o.base()
	if err != nil {
		return fail("%w", err)
	}
	ka, err := o.keepAlive()
	if err != nil {
		return fail("%w", err)
	}
	start := time.Now()
	var out ollamaEmbedResponse
	if _, err := postEmbed(ctx, o.Client, o.Timeout, strings.TrimRight(base, "/")+"/api/embed", nil,
		ollamaEmbedRequest{Model: o.Model, Input: texts, KeepAlive: ka}, &out); err != nil {
		return fail("%w", err)
	}
	if out.Error != "" {
		return fail("%w: server error: %s", ErrBadReply, excerpt(out.Error))
	}
	if err := checkVectors(out.Embeddings, len(texts)); err != nil {
		return fail("%w", err)
	}
	return out.Embeddings, Usage{Model: o.Name(), PromptTokens: out.PromptEvalCount, Latency: time.Since(start)}, nil
}

// postEmbed posts req as JSON to url and decodes the reply into out,
// returning the raw reply for error messages.
func postEmbed(ctx context.Context, c *http.Client, timeout time.Duration, url string, h http.Header, req, out any) ([]byte, error) {
	ctx, cancel := withCallTimeout(ctx, timeout)
	defer cancel()
	b, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("encoding request: %w", err)
	}
	resp, err := post(ctx, c, url, b, h)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxEmbedReply))
	if err != nil {
		return nil, fmt.Errorf("reading reply: %w", classify(ctx, url, err))
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return raw, fmt.Errorf("%w: %v in %s", ErrBadReply, err, excerpt(string(raw)))
	}
	return raw, nil
}

// maxEmbedReply bounds an embedding reply: 32 texts of 4096 dimensions
// printed as JSON take about 3 MB.
const maxEmbedReply = 256 << 20

type oaEmbedRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
}

type oaEmbedResponse struct {
	Data []struct {
		Index     *int      `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
	Usage *struct {
		PromptTokens int `json:"prompt_tokens"`
	} `json:"usage"`
}

// Embed sends texts to {BaseURL}/embeddings in one request and returns the
// vectors in the order of texts (the reply's index fields say which is which).
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, Usage, error) {
	fail := func(format string, args ...any) ([][]float32, Usage, error) {
		return nil, Usage{}, fmt.Errorf("openai %s embed: "+format, append([]any{o.Model}, args...)...)
	}
	if o.Model == "" {
		return nil, Usage{}, fmt.Errorf("openai embed: no model name set")
	}
	if len(texts) == 0 {
		return nil, Usage{Model: o.Name()}, nil
	}
	base, h := o.endpoint()
	// encoding_format is explicit: some clients default it to base64.
	start := time.Now()
	var out oaEmbedResponse
	raw, err := postEmbed(ctx, o.Client, o.Timeout, strings.TrimRight(base, "/")+"/embeddings", h,
		oaEmbedRequest{Model: o.Model, Input: texts, EncodingFormat: "float"}, &out)
	if err != nil {
		return fail("%w", err)
	}
	if out.Data == nil {
		return fail("%w: no data in %s", ErrBadReply, excerpt(errorMessage(raw)))
	}
	if len(out.Data) != len(texts) {
		return fail("%w: %d vectors for %d texts", ErrBadReply, len(out.Data), len(texts))
	}
	vecs := make([][]float32, len(texts))
	for i, d := range out.Data {
		at := i
		if d.Index != nil {
			at = *d.Index
		}
		if at < 0 || at >= len(vecs) {
			return fail("%w: data[%d] has index %d, want 0 to %d", ErrBadReply, i, at, len(vecs)-1)
		}
		if vecs[at] != nil {
			return fail("%w: data[%d] repeats index %d", ErrBadReply, i, at)
		}
		if d.Embedding == nil {
			d.Embedding = []float32{}
		}
		vecs[at] = d.Embedding
	}
	if err := checkVectors(vecs, len(texts)); err != nil {
		return fail("%w", err)
	}
	u := Usage{Model: o.Name(), Latency: time.Since(start)}
	if out.Usage != nil {
		u.PromptTokens = out.Usage.PromptTokens
	}
	return vecs, u, nil
}

// Embedder opens the embedding model a spec names, with the endpoints Model
// uses:
//
//	ollama:NAME    an Ollama model, e.g. ollama:nomic-embed-text (POST /api/embed)
//	openai:NAME    a model on an OpenAI-compatible server, e.g.
//	               openai:text-embedding-3-small (POST {base}/embeddings)
//	none or ""     no embedding model: a nil Embedder
func (c Config) Embedder(spec string) (Embedder, error) {
	s := strings.TrimSpace(spec)
	if provider, _, _ := strings.Cut(s, ":"); s != "" && s != "none" && provider != "ollama" && provider != "openai" {
		return nil, fmt.Errorf("%w %q: want ollama:NAME, openai:NAME or none for an embedding model", ErrBadSpec, spec)
	}
	m, err := c.Model(spec)
	if err != nil || m == nil {
		return nil, err
	}
	e, ok := m.(Embedder)
	if !ok {
		return nil, fmt.Errorf("%w %q: %s cannot embed", ErrBadSpec, spec, m.Name())
	}
	return e, nil
}
