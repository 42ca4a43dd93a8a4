package events

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// LeadList is the Researcher's typed decision when a model proposes
// leads. The sources' leads never come from it.
type LeadList struct {
	Leads     []ModelLead `json:"leads"`
	Reasoning string      `json:"reasoning"`
}

// ModelLead is an event a model proposes; the reality check decides
// whether it exists.
type ModelLead struct {
	Title   string `json:"title"`
	Start   string `json:"start,omitempty" jsonschema:"first day, YYYY-MM-DD; empty when not known"`
	End     string `json:"end,omitempty" jsonschema:"last day, YYYY-MM-DD"`
	Venue   string `json:"venue,omitempty"`
	City    string `json:"city,omitempty"`
	Country string `json:"country,omitempty"`
	URL     string `json:"url,omitempty"`
}

// maxModelLeads bounds one LeadList.
const maxModelLeads = 200

// Validate checks titles and days.
func (l LeadList) Validate() error {
	if len(l.Leads) > maxModelLeads {
		return fmt.Errorf("leads: %d, at most %d", len(l.Leads), maxModelLeads)
	}
	for i, x := range l.Leads {
		if strings.TrimSpace(x.Title) == "" {
			return fmt.Errorf("leads[%d]: title is empty", i)
		}
		for _, d := range []string{x.Start, x.End} {
			if d != "" {
				if _, err := ParseDay(d, time.UTC); err != nil {
					return fmt.Errorf("leads[%d]: %q is not a day (YYYY-MM-DD)", i, d)
				}
			}
		}
	}
	return nil
}

// Reason implements llm.Reasoner.
func (l LeadList) Reason() string { return l.Reasoning }

// query is the sources' query for a profile.
func query(p Profile, limit int) eventdata.Query {
	q := eventdata.Query{Place: p.Place, Radius: p.RadiusKm, Keywords: p.SearchKeywords, Online: eventdata.OnlineExclude, Limit: min(limit, eventdata.MaxLimit)}
	if f, ok := day(p.TimeFrame.From); ok {
		q.From = f
	}
	if t, ok := day(p.TimeFrame.To); ok {
		q.To = t.AddDate(0, 0, 1)
	}
	return q
}

// researcherNode proposes leads: the model's (when configured) checked
// against the gazetteer and the sources, and always the sources' own;
// generic leads are expanded into specific ones. On a later pass (the
// Verifier wanted more) failed leads are replaced by ones not yet seen.
func (a *App) researcherNode(ctx context.Context, s State) (State, error) {
	m := &s.Metrics.Researcher
	s.ResearcherIteration++
	seen := map[string]bool{}
	for _, id := range s.Seen {
		seen[id] = true
	}
	var fresh []Lead
	addLead := func(l Lead) bool {
		if seen[l.ID] || len(fresh) >= a.opts.MaxEvents {
			return false
		}
		seen[l.ID] = true
		fresh = append(fresh, l)
		return true
	}
	// The model's leads, checked.
	d, err := a.askLeads(ctx, s)
	if err != nil {
		return s, err
	}
	decided(m, d)
	var modelLeads []Lead
	for _, ml := range d.Value.Leads {
		modelLeads = append(modelLeads, leadFromModel(ml))
	}
	m.add("model_leads", len(modelLeads))
	kept, dropped := a.realityCheck(ctx, s.Profile, modelLeads, m)
	kept, more := a.expand(ctx, s.Profile, kept, seen, m, &dropped)
	for _, l := range append(kept, more...) {
		addLead(l)
	}
	// The sources' leads, deeper on each pass.
	if a.opts.Sources != nil {
		q := query(s.Profile, a.opts.MaxEvents*s.ResearcherIteration)
		res, err := a.opts.Sources.Search(ctx, q)
		switch {
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return s, err
		case err != nil:
			s.note(fmt.Sprintf("partial: the event sources failed: %v", err))
		}
		for _, f := range res.Failures {
			s.note(fmt.Sprintf("partial: event source %s failed: %v", f.Source, f.Err))
		}
		n := 0
		for _, h := range res.Hits {
			if addLead(leadFromRecord(h.Record)) {
				n++
			}
		}
		m.add("source_leads", n)
	}
	for _, l := range fresh {
		s.Seen = append(s.Seen, l.ID)
	}
	for i := range fresh {
		fresh[i].Query = searchText(fresh[i])
	}
	if len(dropped) > 0 {
		m.add("dropped", len(dropped))
		s.note(fmt.Sprintf("researcher pass %d dropped %d lead(s): %s", s.ResearcherIteration, len(dropped), strings.Join(dropped[:min(5, len(dropped))], "; ")))
	}
	m.add("leads", len(fresh))
	s.Leads = append(s.Leads, fresh...)
	s.EventsToVerify = fresh
	s.NewLeads = len(fresh)
	progress(ctx, nodeResearcher, "pass %d: %d new lead(s), %d dropped", s.ResearcherIteration, len(fresh), len(dropped))
	return s, nil
}

// askLeads asks the researcher model for leads; with none, the policy
// proposes none (the sources give the leads).
func (a *App) askLeads(ctx context.Context, s State) (llm.Decision[LeadList], error) {
	policy := func(context.Context) (LeadList, error) {
		return LeadList{Reasoning: "no model: the leads come from the event sources"}, nil
	}
	mdl := a.opts.Models.For(nodeResearcher)
	if mdl == nil {
		return llm.Decide(ctx, nil, llm.Prompt{Name: "LeadList"}, policy)
	}
	var failed []string
	byID := map[string]Lead{}
	for _, l := range s.Leads {
		byID[l.ID] = l
	}
	for _, v := range s.VerificationResults {
		if !v.ShouldKeep {
			failed = append(failed, fmt.Sprintf("%s: %s", byID[v.LeadID].Title, v.Reason))
		}
	}
	user, err := prompts.Render("researcher_user", researcherUser{s.Profile, s.Today, a.opts.MaxEvents, s.ResearcherIteration, failed[:min(20, len(failed))]})
	if err != nil {
		return llm.Decision[LeadList]{}, err
	}
	return llm.Decide(ctx, mdl, llm.Prompt{Name: "LeadList", System: a.prompts.researcher, User: user, MaxRepairs: 2, Timeout: a.opts.ModelTimeout}, policy)
}

func leadFromRecord(r eventdata.Record) Lead {
	rec := r
	return Lead{ID: r.Key, Title: r.Title, Start: r.Start, End: r.End, Venue: r.Venue, City: r.City,
		Country: r.Country, URL: r.URL, Origin: r.Source.Source, Record: &rec, HasTime: !r.StartTime.IsZero()}
}

func leadFromModel(ml ModelLead) Lead {
	start, _ := ParseDay(ml.Start, time.UTC)
	end, _ := ParseDay(ml.End, time.UTC)
	if end == "" {
		end = start
	}
	hasTime := strings.ContainsAny(ml.Start, "T ") && start != ""
	return Lead{ID: "model:" + eventdata.NewKey(ml.Title, start, end, ml.City, ml.Country), Title: strings.TrimSpace(ml.Title),
		Start: start, End: end, Venue: ml.Venue, City: ml.City, Country: ml.Country, URL: ml.URL, Origin: "model", HasTime: hasTime}
}

// searchText is the Fact-Checker's query for a lead: its title, city and
// year.
func searchText(l Lead) string {
	parts := []string{l.Title}
	if l.City != "" && !strings.Contains(understand.Normalize(l.Title), understand.Normalize(l.City)) {
		parts = append(parts, l.City)
	}
	if len(l.Start) >= 4 && !strings.Contains(l.Title, l.Start[:4]) {
		parts = append(parts, l.Start[:4])
	}
	return strings.Join(parts, " ")
}

// realityCheck checks the model's leads in batches: a lead the sources
// hold is bound to the record (its days and place then come from the
// source, not the model); otherwise its city must be one the gazetteer
// knows and its venue one a source or the gazetteer names, or it is
// dropped with the reason.
func (a *App) realityCheck(ctx context.Context, p Profile, leads []Lead, m *AgentMetrics) (kept []Lead, dropped []string) {
	for b := 0; b < len(leads); b += a.opts.RealityCheckBatchSize {
		batch := leads[b:min(len(leads), b+a.opts.RealityCheckBatchSize)]
		m.add("reality_batches", 1)
		for _, l := range batch {
			if r, ok := a.findRecord(ctx, p, l); ok {
				bound := leadFromRecord(r)
				kept = append(kept, bound)
				m.add("confirmed", 1)
				continue
			}
			if l.City != "" && a.placeOf(l.City) == nil {
				dropped = append(dropped, fmt.Sprintf("%q: the city %q is in neither the gazetteer nor the sources", l.Title, l.City))
				continue
			}
			if l.Venue != "" && a.placeOf(l.Venue) == nil && !a.venueKnown(ctx, p, l.Venue) {
				dropped = append(dropped, fmt.Sprintf("%q: the venue %q is in no source", l.Title, l.Venue))
				continue
			}
			kept = append(kept, l)
		}
	}
	return kept, dropped
}

// findRecord looks for the source record a model's lead names: same
// title (similar enough) in the profile's place and frame.
func (a *App) findRecord(ctx context.Context, p Profile, l Lead) (eventdata.Record, bool) {
	if a.opts.Sources == nil {
		return eventdata.Record{}, false
	}
	q := query(p, 5)
	q.Text, q.Keywords = l.Title, nil
	res, err := a.opts.Sources.Search(ctx, q)
	if err != nil {
		return eventdata.Record{}, false
	}
	for _, h := range res.Hits {
		if similarity(h.Title, l.Title) >= 0.6 {
			return h.Record, true
		}
	}
	return eventdata.Record{}, false
}

func (a *App) venueKnown(ctx context.Context, p Profile, venue string) bool {
	if a.opts.Sources == nil {
		return false
	}
	q := query(p, 10)
	q.Text, q.Keywords = venue, nil
	res, err := a.opts.Sources.Search(ctx, q)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(res.Hits, func(h eventdata.Hit) bool { return similarity(h.Venue, venue) >= 0.6 })
}

// generic says whether a lead names a kind of event rather than one: no
// day, or a title that starts "a", "an", "some", "any".
func generic(l Lead) bool {
	if l.Record != nil {
		return false
	}
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(l.Title)), " ")
	return l.Start == "" || slices.Contains([]string{"a", "an", "some", "any", "various", "several"}, first)
}

// expand replaces generic leads, in batches, by the specific events the
// sources hold for their words in the profile's place and frame.
func (a *App) expand(ctx context.Context, p Profile, leads []Lead, seen map[string]bool, m *AgentMetrics, dropped *[]string) (kept, more []Lead) {
	var gen []Lead
	for _, l := range leads {
		if generic(l) {
			gen = append(gen, l)
		} else {
			kept = append(kept, l)
		}
	}
	for b := 0; b < len(gen); b += a.opts.ExpansionBatchSize {
		m.add("expansion_batches", 1)
		for _, l := range gen[b:min(len(gen), b+a.opts.ExpansionBatchSize)] {
			found := 0
			if a.opts.Sources != nil {
				q := query(p, 3)
				q.Text = contentWords(l.Title)
				if res, err := a.opts.Sources.Search(ctx, q); err == nil {
					for _, h := range res.Hits {
						if !seen[h.Key] {
							more = append(more, leadFromRecord(h.Record))
							found++
						}
					}
				}
			}
			if found == 0 {
				*dropped = append(*dropped, fmt.Sprintf("%q is generic and no source holds a specific event for it", l.Title))
			}
			m.add("expanded", found)
		}
	}
	return kept, more
}

var stopWords = map[string]bool{"a": true, "an": true, "the": true, "some": true, "any": true, "in": true, "at": true,
	"on": true, "of": true, "for": true, "and": true, "or": true, "to": true, "during": true, "summer": true,
	"winter": true, "spring": true, "autumn": true, "fall": true, "various": true, "several": true, "event": true, "events": true}

func contentWords(s string) string {
	var out []string
	for _, w := range strings.Fields(understand.Normalize(s)) {
		if !stopWords[w] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
