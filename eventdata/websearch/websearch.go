// Package websearch is the web as an event source: the Tavily search API
// and a SearXNG instance, each an eventdata.Source whose hits are web
// pages (eventdata.KindWeb: a title, a URL and the engine's snippet, no
// dates of their own).
//
// Both speak their real formats: Tavily is POST {BaseURL}/search with a
// JSON body carrying the query, max_results and the api_key (also sent as
// a Bearer token); SearXNG is GET {BaseURL}/search?q=…&format=json, which
// the instance must allow (search.formats in its settings.yml). A backend
// that is down, answers 5xx or a body that is not its JSON fails with
// eventdata.ErrUnavailable, a 429 with an *eventdata.RateLimitError
// carrying the Retry-After asked for, a refused key with
// eventdata.ErrUnauthorized, so the events system labels its answer
// partial instead of failing.
package websearch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
)

// MaxBody bounds a backend's answer.
const MaxBody = 4 << 20

// DefaultTimeout bounds a search when the context has no deadline.
const DefaultTimeout = 20 * time.Second

// queryText is the one line a web engine is asked: the query's words,
// its place and its year when the words do not already say them.
func queryText(q eventdata.Query) string {
	parts := []string{q.Words()}
	low := strings.ToLower(parts[0])
	if q.Place != nil && q.Place.Name != "" && !strings.Contains(low, strings.ToLower(q.Place.Name)) {
		parts = append(parts, q.Place.Name)
	}
	if !q.From.IsZero() {
		if y := strconv.Itoa(q.From.Year()); !strings.Contains(low, y) {
			parts = append(parts, y)
		}
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// search is one search of a web backend: q checked, then the backend's
// own unset error (it is not configured) when not nil, then q's words sent
// in the request ask builds and the answer read with parse.
func search(ctx context.Context, client *http.Client, name string, q eventdata.Query, unset error,
	ask func(text string) (*http.Request, error), parse func(raw []byte) (eventdata.Result, error)) (eventdata.Result, error) {
	if err := q.Validate(); err != nil {
		return eventdata.Result{}, err
	}
	if unset != nil {
		return eventdata.Result{}, unset
	}
	text := queryText(q)
	if text == "" {
		return eventdata.Result{}, fmt.Errorf("%s: %w: no words to search for", name, eventdata.ErrBadQuery)
	}
	req, err := ask(text)
	if err != nil {
		return eventdata.Result{}, fmt.Errorf("%s: %w: %w", name, eventdata.ErrUnavailable, err)
	}
	raw, err := do(ctx, client, name, req)
	if err != nil {
		return eventdata.Result{}, err
	}
	return parse(raw)
}

// do sends req and returns the body of a 2xx answer; any other answer is
// one of eventdata's errors, naming the backend.
func do(ctx context.Context, client *http.Client, name string, req *http.Request) ([]byte, error) {
	if client == nil {
		client = http.DefaultClient
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w: %w", name, eventdata.ErrUnavailable, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w: reading the answer: %w", name, eventdata.ErrUnavailable, err)
	}
	if len(body) > MaxBody {
		return nil, fmt.Errorf("%s: %w: the answer is over %d bytes", name, eventdata.ErrUnavailable, MaxBody)
	}
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return body, nil
	case c == http.StatusTooManyRequests:
		return nil, fmt.Errorf("%s: %w", name, &eventdata.RateLimitError{Source: name, RetryAfter: retryAfter(resp.Header.Get("Retry-After"), time.Now())})
	case c == http.StatusUnauthorized || c == http.StatusForbidden:
		return nil, fmt.Errorf("%s: %w (HTTP %d: %s)", name, eventdata.ErrUnauthorized, c, brief(body))
	case c == http.StatusBadRequest || c == http.StatusUnprocessableEntity:
		return nil, fmt.Errorf("%s: %w (HTTP %d: %s)", name, eventdata.ErrBadQuery, c, brief(body))
	default:
		return nil, fmt.Errorf("%s: %w (HTTP %d: %s)", name, eventdata.ErrUnavailable, c, brief(body))
	}
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date.
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if n, err := strconv.Atoi(h); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}

// brief is the start of an error body, for a message.
func brief(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	if s == "" {
		return "no body"
	}
	return s
}

// webRecord is a search result as an event record.
func webRecord(source, origin, title, url, content string) eventdata.Record {
	r := eventdata.Record{Title: strings.TrimSpace(title), Kind: eventdata.KindWeb, URL: url,
		Description: eventdata.Snippet(content),
		Source:      eventdata.Provenance{Source: source, Origin: origin, ID: url, Snippet: eventdata.Snippet(content)}}
	if r.Title == "" {
		r.Title = url
	}
	r.Key = eventdata.NewKey(r.Title, "", "", url, "")
	return r
}
