package ocean

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/llm"
)

// TestRealOllamaGibberish runs the gateway with every role on a real
// Ollama server whose tiny random-weight model answers gibberish: the
// decisions must fall back to the policies and the answer must still come
// from the data.
func TestRealOllamaGibberish(t *testing.T) {
	s, ix := fixture(t)
	srv := ollamatest.Start(t)
	m, err := llm.Config{OllamaHost: srv.URL}.Model("ollama:" + srv.Model)
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(s, s, ix, Options{Now: testNow, AgentTimeout: 2 * time.Minute,
		Models: rolesOf(t, map[string]llm.Model{"dispatch": m, "sql": m, "synthesis": m})})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	r, err := a.Ask(ctx, "Where is float 2902269?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Dispatch.Source != "policy" || !strings.Contains(r.Response, "2902269") || !strings.Contains(r.Response, "ARVOR") {
		t.Errorf("routing %+v\nresponse: %s", r.Dispatch, r.Response)
	}
	if r.AgentMetrics.Tokens == 0 {
		t.Errorf("no tokens counted for the model calls")
	}
}
