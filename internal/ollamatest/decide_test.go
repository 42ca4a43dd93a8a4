package ollamatest_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/internal/testkit"
	"github.com/cairn-agents/cairn/llm"
)

// Step is a small decision with an enum, a bounded number and free text:
// the shape of the decisions the systems make.
type Step struct {
	Action string `json:"action" enum:"search,answer,stop"`
	Count  int    `json:"count"`
	Note   string `json:"note"`
}

// Validate holds the rule a schema does not: count is 0 to 9.
func (s Step) Validate() error {
	if s.Count < 0 || s.Count > 9 {
		return fmt.Errorf("count %d is outside 0..9", s.Count)
	}
	return nil
}

var actions = []string{"search", "answer", "stop"}

// stepPolicy is the deterministic fallback: search until three notes exist.
func stepPolicy(n int) func(context.Context) (Step, error) {
	return func(context.Context) (Step, error) {
		if n >= 3 {
			return Step{Action: "stop", Count: n, Note: "policy: enough steps"}, nil
		}
		return Step{Action: "search", Count: n, Note: "policy: keep searching"}, nil
	}
}

// models returns the tiny model through both clients, opened by spec as a
// user would.
func models(t *testing.T, s *ollamatest.Server) []llm.Model {
	t.Helper()
	cfg := llm.Config{OllamaHost: s.URL, OpenAIBaseURL: s.URL + "/v1"}
	var ms []llm.Model
	for _, spec := range []string{"ollama:" + s.Model, "openai:" + s.Model} {
		m, err := cfg.Model(spec)
		if err != nil {
			t.Fatalf("open %s: %v", spec, err)
		}
		ms = append(ms, m)
	}
	return ms
}

// checkDecision asserts what holds for any decision against the live tiny
// model, whoever made it.
func checkDecision(t *testing.T, d llm.Decision[Step], policy Step, maxAttempts int) {
	t.Helper()
	if d.Attempts < 1 || d.Attempts > maxAttempts {
		t.Errorf("attempts = %d, want 1..%d (the server is up, so the model is always asked)", d.Attempts, maxAttempts)
	}
	if d.Usage.PromptTokens == 0 || d.Usage.CompletionTokens == 0 {
		t.Errorf("usage %+v: want prompt and completion tokens counted for a model that answered", d.Usage)
	}
	switch d.Source {
	case llm.FromModel:
		if d.Fallback != "" {
			t.Errorf("model decision has fallback %q", d.Fallback)
		}
		if !slices.Contains(actions, d.Value.Action) || d.Value.Validate() != nil {
			t.Errorf("model decision %+v is not a valid Step", d.Value)
		}
	case llm.FromPolicy:
		// The server answered every call, so the only honest reason is
		// that what it said was not a valid Step.
		if !strings.HasPrefix(d.Fallback, "invalid model output after") {
			t.Errorf("fallback = %q, want invalid model output", d.Fallback)
		}
		if d.Value != policy {
			t.Errorf("policy decision value %+v, want the policy's %+v", d.Value, policy)
		}
	default:
		t.Errorf("source = %q", d.Source)
	}
}

func TestDecideAgainstRealServer(t *testing.T) {
	s := ollamatest.Start(t)
	for _, m := range models(t, s) {
		t.Run(m.Name(), func(t *testing.T) {
			var sources []string
			for i := range 4 {
				rec := &testkit.Events{}
				ctx, cancel := context.WithTimeout(event.WithSink(context.Background(), rec.Sink), 2*time.Minute)
				start := time.Now()
				d, err := llm.Decide(ctx, m, llm.Prompt{
					System:    "You choose the next step of a search.",
					User:      fmt.Sprintf("Step %d: search, answer or stop?", i),
					MaxTokens: 96,

					MaxRepairs: 2,
				}, stepPolicy(i))
				cancel()
				if err != nil {
					t.Fatalf("decision %d: %v", i, err)
				}
				want, _ := stepPolicy(i)(ctx)
				checkDecision(t, d, want, 3)
				if dec := rec.Kind(event.Decision); len(dec) != 1 || dec[0].Decision.Source != string(d.Source) || dec[0].Decision.Model != m.Name() {
					t.Errorf("decision events %+v, want one from %s with source %s", dec, m.Name(), d.Source)
				}
				if u := rec.Kind(event.Usage); len(u) != d.Attempts {
					t.Errorf("%d usage events for %d attempts", len(u), d.Attempts)
				}
				sources = append(sources, string(d.Source))
				t.Logf("decision %d: %s in %d attempts, %v, tokens %d+%d, value %+v, fallback %q",
					i, d.Source, d.Attempts, time.Since(start).Round(time.Millisecond),
					d.Usage.PromptTokens, d.Usage.CompletionTokens, d.Value, d.Fallback)
			}
			t.Logf("sources: %v", sources)
		})
	}
}

// With too few tokens for any complete JSON object, every reply is
// truncated garbage: Decide repairs, gives up, and the policy decides, with
// the reason recorded.
func TestDecideFallsBackOnTruncatedReplies(t *testing.T) {
	s := ollamatest.Start(t)
	for _, m := range models(t, s) {
		t.Run(m.Name(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			d, err := llm.Decide(ctx, m, llm.Prompt{User: "search, answer or stop?", MaxTokens: 3, MaxRepairs: 2}, stepPolicy(1))
			if err != nil {
				t.Fatal(err)
			}
			want, _ := stepPolicy(1)(ctx)
			if d.Source != llm.FromPolicy || d.Value != want || d.Attempts != 3 {
				t.Errorf("decision %+v, want the policy's %+v after 3 attempts", d, want)
			}
			if !strings.HasPrefix(d.Fallback, "invalid model output after 3 attempts") {
				t.Errorf("fallback = %q", d.Fallback)
			}
			if d.Usage.CompletionTokens == 0 || d.Usage.CompletionTokens > 9 {
				t.Errorf("completion tokens = %d, want 1..9 (3 calls of at most 3)", d.Usage.CompletionTokens)
			}
		})
	}
}

// A deadline shorter than any reply ends the model's turn; the policy
// decides and says it was a timeout.
func TestDecideTimeoutFallsBack(t *testing.T) {
	s := ollamatest.Start(t)
	m := models(t, s)[0]
	d, err := llm.Decide(context.Background(), m, llm.Prompt{User: "search, answer or stop?", Timeout: time.Microsecond, MaxRepairs: 2}, stepPolicy(0))
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != llm.FromPolicy || !strings.HasPrefix(d.Fallback, "model timeout") {
		t.Errorf("decision %+v, want a policy decision after a model timeout", d)
	}
}
