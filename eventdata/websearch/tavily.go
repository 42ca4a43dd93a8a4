package websearch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/cairn-agents/cairn/eventdata"
)

// TavilyURL is the Tavily API.
const TavilyURL = "https://api.tavily.com"

// Tavily is the Tavily search API as an event source.
type Tavily struct {
	APIKey string
	// BaseURL defaults to TavilyURL.
	BaseURL string
	// Depth is "basic" (1 credit, the default) or "advanced" (2).
	Depth  string
	Client *http.Client
}

// tavilyRequest is the body of POST /search.
type tavilyRequest struct {
	APIKey        string `json:"api_key"`
	Query         string `json:"query"`
	SearchDepth   string `json:"search_depth"`
	Topic         string `json:"topic"`
	MaxResults    int    `json:"max_results"`
	IncludeAnswer bool   `json:"include_answer"`
}

// tavilyResponse is its answer.
type tavilyResponse struct {
	Query   string `json:"query"`
	Results []struct {
		Title         string  `json:"title"`
		URL           string  `json:"url"`
		Content       string  `json:"content"`
		Score         float64 `json:"score"`
		PublishedDate string  `json:"published_date"`
	} `json:"results"`
	ResponseTime json.Number `json:"response_time"`
}

// Name implements eventdata.Source.
func (t *Tavily) Name() string { return "tavily" }

// CostPerSearch is the credits one search costs.
func (t *Tavily) CostPerSearch() float64 {
	if t.Depth == "advanced" {
		return 2
	}
	return 1
}

// Search implements eventdata.Source.
func (t *Tavily) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	var unset error
	if t.APIKey == "" {
		unset = fmt.Errorf("tavily: %w: no API key (set TAVILY_API_KEY)", eventdata.ErrUnauthorized)
	}
	base := t.BaseURL
	if base == "" {
		base = TavilyURL
	}
	return search(ctx, t.Client, t.Name(), q, unset, func(text string) (*http.Request, error) {
		depth := t.Depth
		if depth == "" {
			depth = "basic"
		}
		body, _ := json.Marshal(tavilyRequest{APIKey: t.APIKey, Query: text, SearchDepth: depth, Topic: "general", MaxResults: min(q.Size(), 20)})
		req, err := http.NewRequest(http.MethodPost, strings.TrimRight(base, "/")+"/search", bytes.NewReader(body))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+t.APIKey)
		}
		return req, err
	}, func(raw []byte) (eventdata.Result, error) {
		return parseTavily(raw, hostOf(base), q.Size())
	})
}

func parseTavily(raw []byte, origin string, limit int) (eventdata.Result, error) {
	var resp tavilyResponse
	if err := json.Unmarshal(raw, &resp); err != nil {
		return eventdata.Result{}, fmt.Errorf("tavily: %w: the answer is not Tavily's JSON: %w", eventdata.ErrUnavailable, err)
	}
	var out eventdata.Result
	for _, r := range resp.Results {
		if r.URL == "" || len(out.Hits) >= limit {
			continue
		}
		out.Hits = append(out.Hits, eventdata.Hit{Record: webRecord("tavily", origin, r.Title, r.URL, r.Content), Score: r.Score})
	}
	out.Total = len(out.Hits)
	return out, nil
}

func hostOf(base string) string {
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		return u.Host
	}
	return base
}
