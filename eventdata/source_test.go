package eventdata_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
)

// listSource answers with fixed records, or fails.
type listSource struct {
	name string
	recs []eventdata.Record
	err  error
}

func (s listSource) Name() string { return s.name }

func (s listSource) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	if s.err != nil {
		return eventdata.Result{}, s.err
	}
	var res eventdata.Result
	for i, r := range s.recs {
		if q.Matches(r) {
			res.Hits = append(res.Hits, eventdata.Hit{Record: r, Score: float64(len(s.recs) - i)})
		}
	}
	res.Total = len(res.Hits)
	return res, nil
}

func rec(title, url string) eventdata.Record {
	r := eventdata.Record{Title: title, URL: url, Start: "2026-03-10", End: "2026-03-10"}
	r.SetKey()
	return r
}

func TestSourcesInterleaveAndDedup(t *testing.T) {
	a := listSource{name: "a", recs: []eventdata.Record{rec("A1", "https://a1/"), rec("A2", ""), rec("Same", "")}}
	b := listSource{name: "b", recs: []eventdata.Record{rec("B1", "https://a1"), rec("Same", ""), rec("B3", "")}}
	res, err := eventdata.Sources{a, b}.Search(context.Background(), eventdata.Query{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range res.Hits {
		got = append(got, h.Title)
	}
	// B1 has A1's URL on the same day; "Same" is one record in both.
	if want := "[A1 A2 Same B3]"; fmt.Sprint(got) != want {
		t.Errorf("merged %v, want %s", got, want)
	}
	if res.Partial() || res.Total != 6 {
		t.Errorf("partial %v total %d", res.Partial(), res.Total)
	}
	res, _ = eventdata.Sources{a, b}.Search(context.Background(), eventdata.Query{Limit: 2})
	if len(res.Hits) != 2 {
		t.Errorf("limit 2: %d hits", len(res.Hits))
	}
}

func TestSourcesPartialAndFailed(t *testing.T) {
	ok := listSource{name: "index", recs: []eventdata.Record{rec("A1", "")}}
	down := listSource{name: "searxng", err: fmt.Errorf("searxng: %w: connection refused", eventdata.ErrUnavailable)}
	limited := listSource{name: "tavily", err: &eventdata.RateLimitError{Source: "tavily", RetryAfter: 30 * time.Second}}
	res, err := eventdata.Sources{ok, down, limited}.Search(context.Background(), eventdata.Query{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Partial() || len(res.Failures) != 2 || len(res.Hits) != 1 {
		t.Fatalf("partial %v failures %v hits %d", res.Partial(), res.Failures, len(res.Hits))
	}
	if !errors.Is(res.Failures[0].Err, eventdata.ErrUnavailable) || !errors.Is(res.Failures[1].Err, eventdata.ErrRateLimited) {
		t.Errorf("failures %v", res.Failures)
	}
	var rl *eventdata.RateLimitError
	if !errors.As(res.Failures[1].Err, &rl) || rl.RetryAfter != 30*time.Second {
		t.Errorf("rate limit error %v", res.Failures[1].Err)
	}
	js, _ := res.Failures[1].MarshalJSON()
	if string(js) != `{"source":"tavily","error":"tavily: rate limited (HTTP 429), retry after 30s"}` {
		t.Errorf("failure JSON %s", js)
	}
	_, err = eventdata.Sources{down, limited}.Search(context.Background(), eventdata.Query{})
	if !errors.Is(err, eventdata.ErrUnavailable) || !errors.Is(err, eventdata.ErrRateLimited) {
		t.Errorf("all failed: %v", err)
	}
	if _, err := (eventdata.Sources{ok}).Search(context.Background(), eventdata.Query{Limit: -3}); !errors.Is(err, eventdata.ErrBadQuery) {
		t.Errorf("bad query: %v", err)
	}
}
