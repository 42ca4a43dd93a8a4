package docs

import (
	"context"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/ollamatest"
)

// TestOllamaEmbedder embeds passages with a real Ollama server (a tiny
// random-weight model: the vectors are meaningless, the protocol is real).
func TestOllamaEmbedder(t *testing.T) {
	srv := ollamatest.Start(t)
	e := OllamaEmbedder{BaseURL: srv.URL, Model: srv.Model}
	ix := NewIndex([]Passage{
		{File: "a.md", Section: "A", Text: "QC flag 4 means bad data."},
		{File: "b.md", Section: "B", Text: "Data mode D is delayed mode."},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
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
	bad := OllamaEmbedder{BaseURL: srv.URL, Model: "no-such-model"}
	if _, err := bad.Embed(ctx, []string{"x"}); err == nil {
		t.Errorf("unknown model embedded")
	}
}
