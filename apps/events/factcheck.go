package events

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// factCheckerNode searches evidence for every lead the Verifier kept, in
// parallel batches of search_batch_size, at most max_results_per_search
// results each, through the run's search cache.
func (a *App) factCheckerNode(ctx context.Context, s State) (State, error) {
	m := &s.Metrics.FactChecker
	keep := map[string]bool{}
	for _, v := range s.VerificationResults {
		keep[v.LeadID] = v.ShouldKeep
	}
	var leads []Lead
	for _, l := range s.Leads {
		if keep[l.ID] {
			leads = append(leads, l)
		}
	}
	found, failures, err := a.gather(ctx, s.cache(), s.Profile, leads, a.opts.SearchBatchSize, m)
	if err != nil {
		return s, err
	}
	s.Evidence = found
	if len(failures) > 0 {
		s.note(fmt.Sprintf("partial: %d evidence search(es) failed, those leads rest on their own source record only: %s", len(failures), strings.Join(failures[:min(3, len(failures))], "; ")))
	}
	m.PolicyDecisions++
	progress(ctx, nodeFactChecker, "%d lead(s) searched: %d searches, %d from cache, %d failed", len(leads), m.Counts["searches"], m.Counts["cache_hits"], len(failures))
	return s, nil
}

// gather searches evidence for leads, batch at a time, the searches of a
// batch in parallel. A lead's own source record is its first evidence;
// search hits that name the same event (similar title, overlapping days)
// add to it. A failed search is reported, not fatal.
func (a *App) gather(ctx context.Context, rn *runCache, p Profile, leads []Lead, batch int, m *AgentMetrics) ([]Found, []string, error) {
	out := make([]Found, len(leads))
	errs := make([]error, len(leads))
	var mu sync.Mutex // guards m
	searcher := a.opts.Searcher
	cost := 0.0
	if c, ok := searcher.(Coster); ok {
		cost = c.CostPerSearch()
	}
	for b := 0; b < len(leads); b += max(1, batch) {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		m.add("batches", 1)
		var wg sync.WaitGroup
		for i := b; i < min(len(leads), b+max(1, batch)); i++ {
			wg.Go(func() {
				l := leads[i]
				out[i] = Found{LeadID: l.ID}
				if l.Record != nil {
					out[i].Records = append(out[i].Records, *l.Record)
				}
				if searcher == nil {
					return
				}
				q := a.evidenceQuery(p, l)
				key := cacheKey(searcher.Name(), q)
				found, hit := rn.search(key)
				if !hit {
					res, err := searcher.Search(ctx, q)
					mu.Lock()
					m.add("searches", 1)
					m.Cost += cost
					mu.Unlock()
					if err != nil {
						errs[i] = fmt.Errorf("%q: %w", l.Title, err)
						return
					}
					found = make([]eventdata.Record, len(res.Hits))
					for j, h := range res.Hits {
						found[j] = h.Record
					}
					rn.setSearch(key, found)
				} else {
					mu.Lock()
					m.add("cache_hits", 1)
					mu.Unlock()
				}
				for _, r := range found {
					if corroborates(r, l) && !holds(out[i].Records, r) {
						out[i].Records = append(out[i].Records, r)
					}
				}
			})
		}
		wg.Wait()
	}
	var failures []string
	for _, err := range errs {
		if err == nil {
			continue
		}
		if errors.Is(err, context.Canceled) {
			return nil, nil, err
		}
		failures = append(failures, err.Error())
	}
	m.add("failed", len(failures))
	return out, failures, nil
}

func (a *App) evidenceQuery(p Profile, l Lead) eventdata.Query {
	q := eventdata.Query{Text: l.Query, Place: p.Place, Radius: p.RadiusKm, Limit: a.opts.MaxResultsPerSearch}
	if q.Text == "" {
		q.Text = searchText(l)
	}
	// A dated lead is searched by its words and place only: corroborates
	// compares the days of what is found, and a date filter costs an
	// index a range scan per search.
	if _, ok := day(l.Start); !ok {
		q = query(p, a.opts.MaxResultsPerSearch)
		q.Text, q.Keywords = searchText(l), nil
	}
	return q
}

func cacheKey(backend string, q eventdata.Query) string {
	id := ""
	if q.Place != nil {
		id = q.Place.ID + q.Place.Name
	}
	return fmt.Sprintf("%s|%s|%s|%g|%s|%s|%d", backend, understand.Normalize(q.Text), id, q.Radius, q.From.Format(time.DateOnly), q.To.Format(time.DateOnly), q.Limit)
}

// corroborates says whether a search hit names the lead's event: the
// same record, or a similar title whose days (when it has any) overlap
// the lead's.
func corroborates(r eventdata.Record, l Lead) bool {
	if r.Key != "" && r.Key == l.ID {
		return true
	}
	sim := similarity(r.Title, l.Title)
	if r.Start == "" { // a web page: its title or text must name the event
		return sim >= 0.5 || strings.Contains(understand.Normalize(r.Description), understand.Normalize(l.Title))
	}
	if sim < 0.6 || l.Start == "" {
		return false
	}
	end, lend := r.End, l.End
	if end == "" {
		end = r.Start
	}
	if lend == "" {
		lend = l.Start
	}
	return r.Start <= lend && end >= l.Start
}

func holds(rs []eventdata.Record, r eventdata.Record) bool {
	for _, x := range rs {
		if (r.Key != "" && x.Key == r.Key) || (r.URL != "" && x.URL == r.URL && x.Start == r.Start) {
			return true
		}
	}
	return false
}
