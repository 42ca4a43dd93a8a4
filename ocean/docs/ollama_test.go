package docs

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/llm"
)

// TestOllamaEmbedder embeds passages with a real Ollama server (a tiny
// random-weight model: the vectors are meaningless, the protocol is real).
func TestOllamaEmbedder(t *testing.T) {
	srv := ollamatest.Start(t)
	model, err := llm.Config{OllamaHost: srv.URL}.Embedder("ollama:" + srv.Model)
	if err != nil {
		t.Fatal(err)
	}
	e := ModelEmbedder{Model: model}
	ix := NewIndex([]Passage{
		{File: "a.md", Section: "A", Text: "QC flag 4 means bad data."},
		{File: "b.md", Section: "B", Text: "Data mode D is delayed mode."},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var counter llm.Counter
	ctx = event.WithSink(ctx, counter.Observe)
	n, err := ix.Embed(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || ix.EmbedModel() != "ollama:"+srv.Model || len(ix.passages[0].Vector) == 0 || len(ix.passages[0].Vector) != len(ix.passages[1].Vector) {
		t.Fatalf("embedded %d, model %q, dims %d/%d", n, ix.EmbedModel(), len(ix.passages[0].Vector), len(ix.passages[1].Vector))
	}
	hits, err := ix.SearchHybrid(ctx, e, "what is QC flag 4", 2)
	if err != nil || len(hits) == 0 {
		t.Fatalf("hybrid: %v %v", hits, err)
	}
	for _, h := range hits {
		if !h.Cite().Valid() {
			t.Errorf("invalid citation from %+v", h.Passage)
		}
	}
	// One call for the passages (one batch), one for the query.
	if c := counter.Counts(); c.ModelCalls != 2 || c.FailedCalls != 0 || c.PromptTokens <= 0 {
		t.Errorf("counts = %+v", c)
	}
	bad := ModelEmbedder{Model: &llm.Ollama{BaseURL: srv.URL, Model: "no-such-model"}}
	var se *llm.StatusError
	if _, err := bad.Embed(ctx, []string{"x"}); !errors.As(err, &se) || se.Code != 404 {
		t.Errorf("unknown model: err = %v, want HTTP 404", err)
	}
}
