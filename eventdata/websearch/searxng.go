package websearch

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/cairn-agents/cairn/eventdata"
)

// SearXNG is a SearXNG instance as an event source.
type SearXNG struct {
	// BaseURL is the instance, "http://localhost:8080".
	BaseURL string
	// Language, when set, is sent as language ("en", "de").
	Language string
	Client   *http.Client
}

// searxngResponse is the answer of /search?format=json.
type searxngResponse struct {
	Query           string `json:"query"`
	NumberOfResults int    `json:"number_of_results"`
	Results         []struct {
		URL           string   `json:"url"`
		Title         string   `json:"title"`
		Content       string   `json:"content"`
		Engine        string   `json:"engine"`
		Engines       []string `json:"engines"`
		Score         float64  `json:"score"`
		Category      string   `json:"category"`
		PublishedDate *string  `json:"publishedDate"`
	} `json:"results"`
	// UnresponsiveEngines are [engine, reason] pairs (older instances:
	// names); read either way.
	UnresponsiveEngines []json.RawMessage `json:"unresponsive_engines"`
}

// Name implements eventdata.Source.
func (s *SearXNG) Name() string { return "searxng" }

// Search implements eventdata.Source.
func (s *SearXNG) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	var unset error
	if s.BaseURL == "" {
		unset = fmt.Errorf("searxng: %w: no instance URL (set SEARXNG_URL)", eventdata.ErrUnavailable)
	}
	res, err := search(ctx, s.Client, s.Name(), q, unset, func(text string) (*http.Request, error) {
		v := url.Values{"q": {text}, "format": {"json"}, "pageno": {"1"}}
		if s.Language != "" {
			v.Set("language", s.Language)
		}
		req, err := http.NewRequest(http.MethodGet, strings.TrimRight(s.BaseURL, "/")+"/search?"+v.Encode(), nil)
		if err == nil {
			req.Header.Set("Accept", "application/json")
		}
		return req, err
	}, func(raw []byte) (eventdata.Result, error) {
		return parseSearXNG(raw, hostOf(s.BaseURL), q.Size())
	})
	if err != nil && strings.Contains(err.Error(), "HTTP 403") {
		err = fmt.Errorf("%w; an instance answers 403 when its settings.yml does not list json in search.formats", err)
	}
	return res, err
}

func parseSearXNG(raw []byte, origin string, limit int) (eventdata.Result, error) {
	var resp searxngResponse
	if err := json.Unmarshal(raw, &resp); err != nil {
		return eventdata.Result{}, fmt.Errorf("searxng: %w: the answer is not SearXNG's JSON: %w", eventdata.ErrUnavailable, err)
	}
	var out eventdata.Result
	for _, r := range resp.Results {
		if r.URL == "" || len(out.Hits) >= limit {
			continue
		}
		o := origin
		if r.Engine != "" {
			o += " (" + r.Engine + ")"
		}
		out.Hits = append(out.Hits, eventdata.Hit{Record: webRecord("searxng", o, r.Title, r.URL, r.Content), Score: r.Score})
	}
	out.Total = max(len(out.Hits), resp.NumberOfResults)
	for _, raw := range resp.UnresponsiveEngines {
		var pair []string
		var name string
		if json.Unmarshal(raw, &pair) == nil && len(pair) > 0 {
			name = strings.Join(pair, ": ")
		} else if json.Unmarshal(raw, &name) != nil {
			continue
		}
		out.Notes = append(out.Notes, "searxng: engine "+name+" did not answer")
	}
	return out, nil
}
