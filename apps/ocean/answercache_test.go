package ocean

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/ocean/plot"
)

// TestAnswerCacheHTTP: the same question asked again within the TTL gets
// the kept answer, marked cached, with the time it was made and the same
// plots; asked by many at once, it runs once; after the TTL it runs
// again; an error is never kept.
func TestAnswerCacheHTTP(t *testing.T) {
	a := newApp(t, Options{PlanCacheTTL: 300 * time.Millisecond})
	// the answers' own clock, moved by the test: a slow first answer on
	// a loaded machine must not age it
	var clockMu sync.Mutex
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	a.answers.now = func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return clock }
	srv := server(t, a)
	const q = "Show the salinity profile of float 2902269 cycle 10"
	body := fmt.Sprintf(`{"query": %q}`, q)
	code, first := post(t, srv.URL, "application/json", body)
	if code != 200 || first["cached"] != nil {
		t.Fatalf("first: %d cached=%v", code, first["cached"])
	}
	code, again := post(t, srv.URL, "application/json", body)
	if code != 200 || again["cached"] != true || again["timestamp"] != first["timestamp"] || fmt.Sprint(again["plots"]) != fmt.Sprint(first["plots"]) {
		t.Fatalf("again: %d cached=%v timestamps %v %v plots %v %v", code, again["cached"], first["timestamp"], again["timestamp"], first["plots"], again["plots"])
	}
	delete(again, "cached")
	if a, b := jsonText(first), jsonText(again); a != b {
		t.Errorf("kept answer differs from the first:\n%.300s\n%.300s", a, b)
	}

	clockMu.Lock()
	clock = clock.Add(350 * time.Millisecond) // past the TTL: made again, new plots
	clockMu.Unlock()
	var wg sync.WaitGroup
	answers := make([]map[string]any, 12)
	for i := range answers {
		wg.Go(func() { _, answers[i] = post(t, srv.URL, "application/json", body) })
	}
	wg.Wait()
	made := map[string]bool{}
	for _, ans := range answers {
		if ans["timestamp"] == first["timestamp"] {
			t.Fatalf("an answer past the TTL is the first one")
		}
		made[fmt.Sprint(ans["timestamp"], ans["plots"])] = true
	}
	if len(made) != 1 {
		t.Errorf("12 requests at once made %d answers, want 1", len(made))
	}

	for range 2 {
		if code, ans := post(t, srv.URL, "application/json", `{"query": "   "}`); code != 400 || ans["cached"] != nil {
			t.Errorf("empty query: %d %v", code, ans)
		}
	}
}

func jsonText(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestAnswerCacheDropsAnswersWithoutPlots: a kept answer whose plots the
// store no longer serves is made again; a failed answer is not kept.
func TestAnswerCacheDropsAnswersWithoutPlots(t *testing.T) {
	c := newAnswerCache(time.Minute)
	ps := &plotStore{Max: 1}
	var runs atomic.Int32
	answer := func() (int, []byte, []string) {
		runs.Add(1)
		refs := ps.Keep([]plot.Figure{{Title: "t"}})
		return 200, []byte(`{"a":1}`), []string{refs[0].ID}
	}
	ctx := context.Background()
	if _, b, cached := c.get(ctx, "q", ps, answer); cached || string(b) != `{"a":1}` {
		t.Fatalf("first: %s %v", b, cached)
	}
	if _, b, cached := c.get(ctx, "q", ps, answer); !cached || string(b) != `{"cached":true,"a":1}` || runs.Load() != 1 {
		t.Fatalf("kept: %s %v runs %d", b, cached, runs.Load())
	}
	ps.Keep([]plot.Figure{{Title: "another"}}) // the store keeps one: q's plot is gone
	if _, _, cached := c.get(ctx, "q", ps, answer); cached || runs.Load() != 2 {
		t.Errorf("plot gone: cached %v, runs %d", cached, runs.Load())
	}
	fail := func() (int, []byte, []string) { runs.Add(1); return 500, []byte(`{"error":"x"}`), nil }
	c.get(ctx, "bad", ps, fail)
	if code, _, cached := c.get(ctx, "bad", ps, fail); cached || code != 500 || runs.Load() != 4 {
		t.Errorf("failure kept: code %d cached %v runs %d", code, cached, runs.Load())
	}
	if got := string(markCached([]byte("{}\n"))); got != "{\"cached\":true}\n" {
		t.Errorf("markCached({}) = %q", got)
	}
	off := newAnswerCache(-1)
	off.get(ctx, "q", ps, answer)
	if _, _, cached := off.get(ctx, "q", ps, answer); cached {
		t.Error("a negative TTL keeps answers")
	}
}
