package events

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cairn-agents/cairn/eventdata/websearch"
)

// TestTavilyEvidence: the Fact-Checker on the Tavily client against a
// local server speaking Tavily's format; pages naming an event are its
// evidence, and the cost is counted in credits.
func TestTavilyEvidence(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Query string `json:"query"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		title := strings.TrimSuffix(strings.TrimSuffix(req.Query, " 2026"), " Berlin")
		io.WriteString(w, `{"query":"`+req.Query+`","results":[{"title":"`+title+` - official site","url":"https://example.com/`+
			strings.ReplaceAll(strings.ToLower(title), " ", "-")+`","content":"`+title+` takes place in Berlin.","score":0.9}],"response_time":0.5}`)
	}))
	defer srv.Close()
	a := memApp(t, festivalRecords(t, 16, "2026-03-01"), Options{Searcher: &websearch.Tavily{APIKey: "k", BaseURL: srv.URL}})
	r, err := a.Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Events) != 15 || calls.Load() != 16 || r.Metrics.FactChecker.Cost != 16 {
		t.Fatalf("%d events, %d calls, cost %g", len(r.Events), calls.Load(), r.Metrics.FactChecker.Cost)
	}
	for _, e := range r.Events {
		if len(e.Evidence) != 2 || !strings.HasPrefix(e.Evidence[1].Source, "tavily") || !strings.HasPrefix(e.Evidence[1].URL, "https://example.com/") {
			t.Errorf("%s: evidence %+v", e.Title, e.Evidence)
		}
	}
}
