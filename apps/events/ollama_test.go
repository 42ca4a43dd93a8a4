package events

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/ollamatest"
)

// TestRealOllamaGibberish runs every agent on a real Ollama server whose
// tiny random-weight model answers gibberish: the decisions fall back to
// the policies, the events are the no-model run's, and the model's
// tokens are counted.
func TestRealOllamaGibberish(t *testing.T) {
	m := ollamatest.Start(t).Chat(t)
	recs := festivalRecords(t, 16, "2026-03-01")
	all := roleModels{nodeEditor: m, nodeResearcher: m, nodeVerifier: m, nodePublisher: m}
	a := memApp(t, recs, Options{Models: all, ModelTimeout: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	got, err := a.Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := memApp(t, recs, Options{}).Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b Event) bool { return a.Title == b.Title && a.Start == b.Start && a.Score == b.Score }
	if got.GateDecision != want.GateDecision || !slices.EqualFunc(got.Events, want.Events, same) {
		t.Errorf("with gibberish: %s, %d events; without a model: %s, %d", got.GateDecision, len(got.Events), want.GateDecision, len(want.Events))
	}
	tokens := 0
	for _, am := range []AgentMetrics{got.Metrics.Editor, got.Metrics.Researcher, got.Metrics.Verifier, got.Metrics.Publisher} {
		tokens += am.Tokens
	}
	if tokens == 0 {
		t.Error("no model tokens counted")
	}
}
