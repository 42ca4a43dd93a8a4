package events

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/enginetest"
)

// TestSearchOnEngine: a search gives the same answer, metrics counts and
// progress lines whether it runs here or on an engine (every node in
// another context, its state through JSON): the verdicts and searches a
// later pass reuses travel in the state.
func TestSearchOnEngine(t *testing.T) {
	build := func(o Options) *App { return memApp(t, festivalRecords(t, 16, "2026-03-01"), o) }
	few := func(o Options) *App { return memApp(t, festivalRecords(t, 3, "2026-03-01"), o) }
	for _, c := range []struct {
		name  string
		app   func(Options) *App
		req   Request
		cache bool // a later pass reuses the run's cache
	}{
		{"approves", build, Request{Text: berlinMarch, Today: "2026-01-15"}, false},
		{"retries", few, Request{Text: berlinMarch, Today: "2026-01-15"}, true},
		{"rejects", build, Request{Text: "festivals in Xyzzyville next month", Today: "2026-01-15"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, wantLines := search(t, c.app(Options{}), c.req)
			e := &enginetest.Loopback{Runners: c.app(Options{}).Runners()}
			got, gotLines := search(t, c.app(Options{Engine: e}), c.req)
			if e.Runs.Load() != 1 {
				t.Errorf("the engine ran %d searches", e.Runs.Load())
			}
			if w, g := responseJSON(t, want), responseJSON(t, got); w != g {
				t.Errorf("on the engine:\n%s\nhere:\n%s", g, w)
			}
			if w, g := jsonText(t, wantLines), jsonText(t, gotLines); w != g {
				t.Errorf("progress on the engine:\n%s\nhere:\n%s", g, w)
			}
			if hits := got.Metrics.FactChecker.Counts["cache_hits"] + got.Metrics.Verifier.Counts["cache_hits"]; c.cache && hits == 0 {
				t.Errorf("no cache hits on the engine: %+v", got.Metrics)
			}
		})
	}
}

// Review on an engine whose runs cannot wait fails at once, naming why.
func TestReviewOnEngineWithoutAsk(t *testing.T) {
	recs := festivalRecords(t, 16, "2026-03-01")
	e := &enginetest.Loopback{Runners: memApp(t, recs, Options{}).Runners()}
	a := memApp(t, recs, Options{Engine: e})
	ctx := context.Background()
	if _, err := a.Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15", Review: true}); !errors.Is(err, ErrReviewOnEngine) {
		t.Errorf("review: %v", err)
	}
	if _, err := a.Resume(ctx, "events-1", ReviewApprove); !errors.Is(err, ErrReviewOnEngine) {
		t.Errorf("resume: %v", err)
	}
	if e.Runs.Load() != 0 {
		t.Errorf("%d runs sent", e.Runs.Load())
	}
}

// search runs req and returns the answer and the agents' progress lines.
func search(t *testing.T, a *App, req Request) (Response, []string) {
	t.Helper()
	var lines []string
	ctx := event.WithSink(context.Background(), func(e event.Event) {
		if e.Kind == event.Note {
			lines = append(lines, e.Node+": "+e.Message)
		}
	})
	r, err := a.Search(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return r, lines
}

// responseJSON is r without its times, which differ between any two runs.
func responseJSON(t *testing.T, r Response) string {
	t.Helper()
	for _, m := range []*AgentMetrics{&r.Metrics.Editor, &r.Metrics.Researcher, &r.Metrics.Verifier, &r.Metrics.FactChecker, &r.Metrics.Publisher} {
		m.TimeMs = 0
	}
	return jsonText(t, r)
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
