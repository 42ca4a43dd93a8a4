package websearch

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

var berlin = understand.Place{ID: "geonames:2950159", Name: "Berlin", Kind: understand.KindCity, Country: "Germany", CountryCode: "DE"}

func query() eventdata.Query {
	return eventdata.Query{Text: "Berlin Festival of Lights", Place: &berlin, From: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), Limit: 3}
}

// A Tavily answer as the API gives it (POST /search).
const tavilyAnswer = `{"query":"Berlin Festival of Lights 2026","follow_up_questions":null,"answer":null,"images":[],
"results":[
 {"title":"Festival of Lights Berlin 2026","url":"https://festival-of-lights.de/en/","content":"From 9 to 18 October 2026 Berlin's landmarks are lit up.","score":0.91,"raw_content":null},
 {"title":"Berlin events in October","url":"https://www.visitberlin.de/en/events-october","content":"Festival of Lights, Berlin Art Week…","score":0.72,"raw_content":null},
 {"title":"no url","url":"","content":"dropped","score":0.5},
 {"title":"Fourth","url":"https://example.org/4","content":"over the limit","score":0.4}
],"response_time":1.42}`

func TestTavilyRequestAndAnswer(t *testing.T) {
	var got tavilyRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/search" || r.Header.Get("Content-Type") != "application/json" || r.Header.Get("Authorization") != "Bearer tvly-test" {
			t.Errorf("request %s %s, content type %q, authorization %q", r.Method, r.URL.Path, r.Header.Get("Content-Type"), r.Header.Get("Authorization"))
		}
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&got); err != nil {
			t.Errorf("body: %v", err)
		}
		io.WriteString(w, tavilyAnswer)
	}))
	defer srv.Close()
	tv := &Tavily{APIKey: "tvly-test", BaseURL: srv.URL}
	res, err := tv.Search(context.Background(), query())
	if err != nil {
		t.Fatal(err)
	}
	if got.APIKey != "tvly-test" || got.Query != "Berlin Festival of Lights 2026" || got.MaxResults != 3 || got.SearchDepth != "basic" {
		t.Errorf("sent %+v", got)
	}
	if len(res.Hits) != 3 {
		t.Fatalf("%d hits, want 3 (one without a URL dropped, the limit kept)", len(res.Hits))
	}
	h := res.Hits[0]
	if h.Title != "Festival of Lights Berlin 2026" || h.URL != "https://festival-of-lights.de/en/" || h.Kind != eventdata.KindWeb ||
		h.Start != "" || h.Source.Source != "tavily" || !strings.Contains(h.Source.Snippet, "9 to 18 October") || h.Score != 0.91 || h.Key == "" {
		t.Errorf("first hit %+v", h)
	}
	if tv.CostPerSearch() != 1 {
		t.Errorf("cost %g", tv.CostPerSearch())
	}
}

// A SearXNG answer as /search?format=json gives it.
const searxngAnswer = `{"query":"Berlin Festival of Lights 2026","number_of_results":0,
"results":[
 {"url":"https://festival-of-lights.de/en/","title":"Festival of Lights Berlin","content":"9-18 October 2026","engine":"duckduckgo","parsed_url":["https","festival-of-lights.de","/en/","","",""],"template":"default.html","engines":["duckduckgo","brave"],"positions":[1,2],"publishedDate":null,"score":4.0,"category":"general"},
 {"url":"https://de.wikipedia.org/wiki/Festival_of_Lights_(Berlin)","title":"Festival of Lights (Berlin) – Wikipedia","content":"Das Festival of Lights ist ein jährliches Lichtkunstfestival","engine":"wikipedia","engines":["wikipedia"],"positions":[3],"score":1.0,"category":"general","publishedDate":"2024-05-01T00:00:00"}
],
"answers":[],"corrections":[],"infoboxes":[],"suggestions":["festival of lights berlin 2026 program"],"unresponsive_engines":[["google","timeout"]]}`

func TestSearXNGRequestAndAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.Method != http.MethodGet || r.URL.Path != "/search" || q.Get("format") != "json" || q.Get("q") != "Berlin Festival of Lights 2026" || q.Get("language") != "de" {
			t.Errorf("request %s %s", r.Method, r.URL)
		}
		io.WriteString(w, searxngAnswer)
	}))
	defer srv.Close()
	sx := &SearXNG{BaseURL: srv.URL + "/", Language: "de"}
	res, err := sx.Search(context.Background(), query())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 2 || res.Hits[1].URL != "https://de.wikipedia.org/wiki/Festival_of_Lights_(Berlin)" || res.Hits[0].Source.Source != "searxng" ||
		!strings.Contains(res.Hits[0].Source.Origin, "duckduckgo") {
		t.Errorf("hits %+v", res.Hits)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "google: timeout") {
		t.Errorf("notes %q", res.Notes)
	}
}

// TestBackendFailures: down, 5xx, 429 with Retry-After (seconds and a
// date), a refused key, bad JSON — each one of eventdata's errors.
func TestBackendFailures(t *testing.T) {
	later := time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
	cases := []struct {
		name    string
		handler http.HandlerFunc
		want    error
		check   func(t *testing.T, err error)
	}{
		{"5xx", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "upstream exploded", http.StatusBadGateway)
		}, eventdata.ErrUnavailable,
			func(t *testing.T, err error) {
				if !strings.Contains(err.Error(), "HTTP 502") || !strings.Contains(err.Error(), "upstream exploded") {
					t.Errorf("%v", err)
				}
			}},
		{"429 seconds", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "7")
			w.WriteHeader(http.StatusTooManyRequests)
		}, eventdata.ErrRateLimited, func(t *testing.T, err error) {
			rl, ok := errors.AsType[*eventdata.RateLimitError](err)
			if !ok || rl.RetryAfter != 7*time.Second || !strings.Contains(err.Error(), "retry after 7s") {
				t.Errorf("%v", err)
			}
		}},
		{"429 date", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", later)
			w.WriteHeader(http.StatusTooManyRequests)
		}, eventdata.ErrRateLimited, func(t *testing.T, err error) {
			rl, _ := errors.AsType[*eventdata.RateLimitError](err)
			if rl == nil || rl.RetryAfter < 80*time.Second || rl.RetryAfter > 91*time.Second {
				t.Errorf("%v", err)
			}
		}},
		{"401", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, `{"detail":{"error":"Unauthorized: missing or invalid API key."}}`, 401)
		}, eventdata.ErrUnauthorized, nil},
		{"bad JSON", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"results": [`) }, eventdata.ErrUnavailable,
			func(t *testing.T, err error) {
				if !strings.Contains(err.Error(), "not") {
					t.Errorf("%v", err)
				}
			}},
		{"HTML", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `<html>captcha</html>`) }, eventdata.ErrUnavailable, nil},
	}
	for _, c := range cases {
		srv := httptest.NewServer(c.handler)
		for _, src := range []eventdata.Source{&Tavily{APIKey: "k", BaseURL: srv.URL}, &SearXNG{BaseURL: srv.URL}} {
			_, err := src.Search(context.Background(), query())
			if !errors.Is(err, c.want) {
				t.Errorf("%s %s: %v, want %v", src.Name(), c.name, err, c.want)
				continue
			}
			if !strings.HasPrefix(err.Error(), src.Name()+": ") {
				t.Errorf("%s %s: error does not name the backend: %v", src.Name(), c.name, err)
			}
			if c.check != nil {
				c.check(t, err)
			}
		}
		srv.Close()
	}
	// Down: nothing listens.
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	for _, src := range []eventdata.Source{&Tavily{APIKey: "k", BaseURL: url}, &SearXNG{BaseURL: url}} {
		if _, err := src.Search(context.Background(), query()); !errors.Is(err, eventdata.ErrUnavailable) {
			t.Errorf("%s down: %v", src.Name(), err)
		}
	}
	if _, err := (&Tavily{}).Search(context.Background(), query()); !errors.Is(err, eventdata.ErrUnauthorized) {
		t.Errorf("no key: %v", err)
	}
	if _, err := (&SearXNG{BaseURL: url}).Search(context.Background(), eventdata.Query{}); !errors.Is(err, eventdata.ErrBadQuery) {
		t.Errorf("no words: %v", err)
	}
}

// TestSourcesLabelPartial: a rate-limited web backend beside a working
// source gives the working one's hits and the failure.
func TestSourcesLabelPartial(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, searxngAnswer) }))
	defer ok.Close()
	res, err := eventdata.Sources{&Tavily{APIKey: "k", BaseURL: srv.URL}, &SearXNG{BaseURL: ok.URL}}.Search(context.Background(), query())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Partial() || len(res.Hits) != 2 || res.Failures[0].Source != "tavily" || !errors.Is(res.Failures[0].Err, eventdata.ErrRateLimited) {
		t.Errorf("%+v", res)
	}
}

func FuzzParseAnswers(f *testing.F) {
	f.Add([]byte(tavilyAnswer))
	f.Add([]byte(searxngAnswer))
	f.Add([]byte(`{"results":[{"url":"x","title":null}],"unresponsive_engines":["a",1,["b"]]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, parse := range []func([]byte, string, int) (eventdata.Result, error){parseTavily, parseSearXNG} {
			res, err := parse(raw, "test", 3)
			if err != nil {
				if !errors.Is(err, eventdata.ErrUnavailable) {
					t.Fatalf("error %v is not ErrUnavailable", err)
				}
				continue
			}
			if len(res.Hits) > 3 {
				t.Fatalf("%d hits over the limit", len(res.Hits))
			}
			for _, h := range res.Hits {
				if h.URL == "" || h.Title == "" || len(h.Source.Snippet) > eventdata.MaxSnippet+len("…") {
					t.Fatalf("hit %+v", h)
				}
			}
		}
	})
}
