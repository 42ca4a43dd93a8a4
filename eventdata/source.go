package eventdata

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Source is anything that answers a Query with events: the holiday
// calendars, the local index, a web search engine. Implementations are
// safe for concurrent use.
type Source interface {
	// Name is the source's short name, as Provenance.Source gives it.
	Name() string
	// Search returns the records matching q, best first, at most
	// q.Size(). An error says the source could not answer (see
	// ErrUnavailable, ErrRateLimited); no match is an empty Result.
	Search(ctx context.Context, q Query) (Result, error)
}

// Result is a source's answer.
type Result struct {
	Hits []Hit `json:"hits"`
	// Total is how many records matched before the limit, when the
	// source knows; else an upper bound, or len(Hits).
	Total int `json:"total"`
	// Failures are the sources that could not answer, when several were
	// asked (Sources): the hits are partial.
	Failures []Failure `json:"failures,omitempty"`
	// Notes say what a source did that a reader should know (a
	// rate-limited request retried, a time frame clipped).
	Notes []string `json:"notes,omitempty"`
}

// Partial says whether some source failed to answer.
func (r Result) Partial() bool { return len(r.Failures) > 0 }

// Hit is one record found, with its score.
type Hit struct {
	Record
	// Score is the source's relevance (BM25 for the index, the engine's
	// own for the web); comparable within one source only.
	Score float64 `json:"score"`
}

// Failure is a source that failed, and why.
type Failure struct {
	Source string
	Err    error
}

// MarshalJSON writes {"source", "error"}.
func (f Failure) MarshalJSON() ([]byte, error) {
	msg := ""
	if f.Err != nil {
		msg = f.Err.Error()
	}
	return json.Marshal(struct {
		Source string `json:"source"`
		Error  string `json:"error"`
	}{f.Source, msg})
}

// Errors a source returns, wrapped with what failed; check with
// errors.Is.
var (
	// ErrUnavailable: the backend could not be reached or failed (down,
	// refused, timed out, a 5xx answer, a body that is not its format).
	ErrUnavailable = errors.New("search backend unavailable")
	// ErrRateLimited: the backend refused for too many requests; the
	// error is a *RateLimitError.
	ErrRateLimited = errors.New("search backend rate limit reached")
	// ErrUnauthorized: the backend refused the key.
	ErrUnauthorized = errors.New("search backend refused the credentials")
	// ErrBadQuery: the query itself is invalid (Query.Validate).
	ErrBadQuery = errors.New("invalid event query")
)

// RateLimitError is a 429 answer: who refused and when to come back.
type RateLimitError struct {
	Source string
	// RetryAfter is the wait the backend asked for; 0 when it gave none.
	RetryAfter time.Duration
}

func (e *RateLimitError) Error() string {
	if e.RetryAfter > 0 {
		return fmt.Sprintf("%s: rate limited (HTTP 429), retry after %s", e.Source, e.RetryAfter)
	}
	return fmt.Sprintf("%s: rate limited (HTTP 429)", e.Source)
}

// Is makes errors.Is(err, ErrRateLimited) true.
func (e *RateLimitError) Is(target error) bool { return target == ErrRateLimited }

// Sources asks several sources as one, in parallel. Hits are interleaved
// by rank (the first of each source, then the second…), since scores of
// different sources do not compare, and the same record (same Key, or
// same URL) is kept once. A source that fails is listed in
// Result.Failures; Search fails only when every source does.
type Sources []Source

// Name joins the sources' names with "+".
func (s Sources) Name() string {
	names := make([]string, len(s))
	for i, src := range s {
		names[i] = src.Name()
	}
	return strings.Join(names, "+")
}

// Search implements Source.
func (s Sources) Search(ctx context.Context, q Query) (Result, error) {
	if err := q.Validate(); err != nil {
		return Result{}, err
	}
	results := make([]Result, len(s))
	errs := make([]error, len(s))
	var wg sync.WaitGroup
	for i, src := range s {
		wg.Go(func() { results[i], errs[i] = src.Search(ctx, q) })
	}
	wg.Wait()
	var out Result
	answered := 0
	for i, r := range results {
		if errs[i] != nil {
			out.Failures = append(out.Failures, Failure{Source: s[i].Name(), Err: errs[i]})
			continue
		}
		answered++
		out.Total += r.Total
		out.Failures = append(out.Failures, r.Failures...)
		out.Notes = append(out.Notes, r.Notes...)
	}
	if answered == 0 && len(s) > 0 {
		return out, fmt.Errorf("no event source answered: %w", errors.Join(errs...))
	}
	seen := map[string]bool{}
	limit := q.Size()
	for rank := 0; len(out.Hits) < limit; rank++ {
		more := false
		for i := range results {
			if errs[i] != nil || rank >= len(results[i].Hits) {
				continue
			}
			more = true
			h := results[i].Hits[rank]
			if dup(seen, h.Record) {
				continue
			}
			out.Hits = append(out.Hits, h)
			if len(out.Hits) == limit {
				break
			}
		}
		if !more {
			break
		}
	}
	return out, nil
}

// dup records r's key and URL in seen and says whether either was
// there already.
func dup(seen map[string]bool, r Record) bool {
	ids := []string{"k:" + r.Key}
	if r.URL != "" {
		ids = append(ids, "u:"+strings.TrimRight(r.URL, "/")+"|"+r.Start)
	}
	found := false
	for _, id := range ids {
		if id == "k:" {
			continue
		}
		if seen[id] {
			found = true
		}
		seen[id] = true
	}
	return found
}
