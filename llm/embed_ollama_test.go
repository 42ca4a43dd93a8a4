package llm_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/llm"
)

// TestEmbedRealOllama embeds with a real Ollama server through both of its
// APIs, native /api/embed and OpenAI-compatible /v1/embeddings (a tiny
// random-weight model: the vectors are meaningless, the protocols are real).
func TestEmbedRealOllama(t *testing.T) {
	srv := ollamatest.Start(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	var counter llm.Counter
	ctx = event.WithSink(ctx, counter.Observe)

	c := llm.Config{OllamaHost: srv.URL, OpenAIBaseURL: srv.URL + "/v1", KeepAlive: "-1"}
	texts := []string{"QC flag 4 means bad data.", "Data mode D is delayed mode.", "QC flag 4 means bad data."}
	var dims []int
	for _, spec := range []string{"ollama:" + srv.Model, "openai:" + srv.Model} {
		e, err := c.Embedder(spec)
		if err != nil {
			t.Fatal(err)
		}
		vecs, u, err := llm.Embed(ctx, e, texts)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if len(vecs) != len(texts) || len(vecs[0]) == 0 {
			t.Fatalf("%s: %d vectors of %d dimensions", spec, len(vecs), len(vecs[0]))
		}
		if u.Model != spec || u.PromptTokens <= 0 {
			t.Errorf("%s: usage %+v", spec, u)
		}
		// Same text, same model: same vector; different text: another one.
		if !slices.Equal(vecs[0], vecs[2]) || slices.Equal(vecs[0], vecs[1]) {
			t.Errorf("%s: vectors for equal texts differ or for different texts agree", spec)
		}
		dims = append(dims, len(vecs[0]))
	}
	if dims[0] != dims[1] {
		t.Errorf("dimensions: /api/embed %d, /v1/embeddings %d", dims[0], dims[1])
	}

	for _, spec := range []string{"ollama:no-such-model", "openai:no-such-model"} {
		e, _ := c.Embedder(spec)
		_, _, err := llm.Embed(ctx, e, []string{"x"})
		var se *llm.StatusError
		if !errors.As(err, &se) || se.Code != 404 || se.Body == "" {
			t.Errorf("%s: err = %v, want HTTP 404 with the server's message", spec, err)
		}
	}
	if n := counter.Counts(); n.ModelCalls != 4 || n.FailedCalls != 2 {
		t.Errorf("counts = %+v", n)
	}
}
