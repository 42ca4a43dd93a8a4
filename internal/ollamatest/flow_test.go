package ollamatest_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/llm"
)

// Hunt is the state of a small search loop: decide, maybe search, decide
// again, until the decision is to answer or stop.
type Hunt struct {
	Decisions []Record `json:"decisions"`
	Searches  int      `json:"searches"`
	Outcome   string   `json:"outcome"`
}

// Record is one decision as the run saw it.
type Record struct {
	Action   string `json:"action"`
	Source   string `json:"source"`
	Fallback string `json:"fallback,omitempty"`
	Tokens   int    `json:"tokens"`
}

func huntGraph(t *testing.T, m llm.Model) *flow.Runner[Hunt] {
	t.Helper()
	g := flow.New[Hunt]("hunt")
	g.Node("decide", func(ctx context.Context, h Hunt) (Hunt, error) {
		d, err := llm.Decide(ctx, m, llm.Prompt{
			System:    "You run a search. Searches so far are given.",
			User:      fmt.Sprintf("Searches so far: %d. Search again, answer or stop?", h.Searches),
			MaxTokens: 96,

			MaxRepairs: 2,
		}, stepPolicy(h.Searches))
		if err != nil {
			return h, err
		}
		h.Decisions = append(h.Decisions, Record{
			Action: d.Value.Action, Source: string(d.Source), Fallback: d.Fallback,
			Tokens: d.Usage.PromptTokens + d.Usage.CompletionTokens,
		})
		return h, nil
	})
	g.Node("search", func(ctx context.Context, h Hunt) (Hunt, error) {
		h.Searches++
		return h, nil
	})
	g.Node("finish", func(ctx context.Context, h Hunt) (Hunt, error) {
		h.Outcome = h.Decisions[len(h.Decisions)-1].Action
		return h, nil
	})
	g.Node("give-up", func(ctx context.Context, h Hunt) (Hunt, error) {
		h.Outcome = "limit"
		return h, nil
	})
	g.Start("decide")
	g.Branch("decide", func(h Hunt) string {
		if h.Decisions[len(h.Decisions)-1].Action == "search" {
			return "search"
		}
		return "finish"
	}, "search", "finish")
	g.Edge("search", "decide")
	g.Edge("finish", flow.End)
	g.Edge("give-up", flow.End)
	g.Limit("decide", 5)
	g.OnLimit("decide", "give-up")
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A graph whose decisions go to the real server completes: each decision is
// the model's or the policy's with the reason kept, and the run's events say
// the same.
func TestGraphRunAgainstRealServer(t *testing.T) {
	s := ollamatest.Start(t)
	for _, m := range models(t, s) {
		t.Run(m.Name(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			start := time.Now()
			final, events, err := huntGraph(t, m).RunToEnd(ctx, Hunt{})
			if err != nil {
				t.Fatalf("run failed: %v", err)
			}
			t.Logf("run in %v: outcome %q after %d searches; decisions %+v",
				time.Since(start).Round(time.Millisecond), final.Outcome, final.Searches, final.Decisions)

			n := len(final.Decisions)
			if n < 1 || n > 5 {
				t.Fatalf("%d decisions, want 1..5 (decide is limited to 5 runs)", n)
			}
			if final.Outcome == "" {
				t.Error("run ended without an outcome")
			}
			// Every decision but the last chose to search (the last one that
			// hit the limit included: the limit replaces its edge).
			if final.Searches != n-1 {
				t.Errorf("%d searches for %d decisions (outcome %q)", final.Searches, n, final.Outcome)
			}
			var decisionEvents []event.DecisionInfo
			for _, e := range events {
				if e.Kind == event.Decision {
					decisionEvents = append(decisionEvents, *e.Decision)
				}
			}
			if len(decisionEvents) != n {
				t.Fatalf("%d decision events for %d decisions", len(decisionEvents), n)
			}
			for i, r := range final.Decisions {
				ev := decisionEvents[i]
				if ev.Source != r.Source || ev.Fallback != r.Fallback || ev.Model != m.Name() {
					t.Errorf("decision %d: event %+v disagrees with state %+v", i, ev, r)
				}
				if r.Tokens == 0 {
					t.Errorf("decision %d: no tokens counted though the server answered", i)
				}
				switch r.Source {
				case string(llm.FromModel):
					if r.Fallback != "" {
						t.Errorf("decision %d: model decision with fallback %q", i, r.Fallback)
					}
				case string(llm.FromPolicy):
					if r.Fallback == "" {
						t.Errorf("decision %d: policy decision without a reason", i)
					}
				default:
					t.Errorf("decision %d: source %q", i, r.Source)
				}
			}
		})
	}
}
