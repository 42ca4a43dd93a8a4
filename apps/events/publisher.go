package events

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// GateChoice is the Publisher's typed decision.
type GateChoice struct {
	Decision Gate `json:"decision"`
	// Feedback tells the Editor what to change on RETRY, or why on
	// REJECT.
	Feedback  string `json:"feedback"`
	Reasoning string `json:"reasoning"`
}

// Reason implements llm.Reasoner.
func (g GateChoice) Reason() string { return g.Reasoning }

// candidate is an event being published, with what backs it.
type candidate struct {
	event   Event
	records []eventdata.Record
}

// tally counts what the Publisher dropped and why.
type tally struct {
	leads, noEvidence, outside, past, duplicates, low, cut int
}

// publisherNode extracts events from the evidence, checks them against
// it a second time, removes duplicates, scores them and decides.
func (a *App) publisherNode(ctx context.Context, s State) (State, error) {
	m := &s.Metrics.Publisher
	events, t := a.publish(s)
	m.add("extracted", t.leads-t.noEvidence)
	m.add("no_evidence", t.noEvidence)
	m.add("outside_profile", t.outside)
	m.add("duplicates", t.duplicates)
	m.add("below_threshold", t.low)
	m.add("published", len(events))
	policy := a.gatePolicy(s, events, t)
	d, err := a.askGate(ctx, s, events, t, policy)
	if err != nil {
		return s, err
	}
	decided(m, d)
	g := d.Value
	s.Events, s.GateDecision = events, g.Decision
	s.GateWhy = g.Feedback
	if g.Decision == Retry {
		s.RetryFeedback = g.Feedback
	}
	this := &Outcome{Iteration: s.WorkflowIteration, Events: events, Gate: g.Decision, Why: g.Feedback, Profile: s.Profile}
	if s.Best == nil || better(this, s.Best) {
		s.Best = this
	}
	progress(ctx, nodePublisher, "%d event(s) published of %d lead(s) (%d without evidence, %d outside the profile, %d duplicates, %d under %d points): %s — %s",
		len(events), t.leads, t.noEvidence, t.outside, t.duplicates, t.low, a.opts.MinScoreThreshold, g.Decision, g.Feedback)
	return s, nil
}

// better says whether o is a better result than b: more events, then a
// higher total score.
func better(o, b *Outcome) bool {
	if len(o.Events) != len(b.Events) {
		return len(o.Events) > len(b.Events)
	}
	sum := func(es []Event) (n int) {
		for _, e := range es {
			n += e.Score
		}
		return n
	}
	return sum(o.Events) > sum(b.Events)
}

// publish turns the kept leads and their evidence into scored, distinct
// events, best first.
func (a *App) publish(s State) ([]Event, tally) {
	var t tally
	keep := map[string]Verdict{}
	for _, v := range s.VerificationResults {
		keep[v.LeadID] = v
	}
	evidence := map[string][]eventdata.Record{}
	for _, f := range s.Evidence {
		evidence[f.LeadID] = f.Records
	}
	q := query(s.Profile, 1)
	var cands []candidate
	for _, l := range s.Leads {
		if !keep[l.ID].ShouldKeep {
			continue
		}
		t.leads++
		recs := evidence[l.ID]
		c, ok := extract(l, recs, s.Today)
		if !ok {
			t.noEvidence++
			continue
		}
		// The second reality check: the event as the evidence gives it
		// is in the place and time frame, and still to come.
		r := c.records[0]
		r.Start, r.End = c.event.Start, c.event.End
		if !q.MatchPlace(r) || !q.MatchDates(r) {
			t.outside++
			continue
		}
		if c.event.Temporality = temporality(c.event.Start, c.event.End, s.Today); c.event.Temporality == Past || c.event.Temporality == Unclear {
			t.past++
			continue
		}
		cands = append(cands, c)
	}
	cands, t.duplicates = dedup(cands, a.opts.DedupSimilarityThreshold)
	var out []Event
	for _, c := range cands {
		c.event.Score, c.event.ScoreReasons = photoScore(c.records[0], len(c.event.Evidence), s.Profile.Interests)
		if c.event.Score < a.opts.MinScoreThreshold {
			t.low++
			continue
		}
		out = append(out, c.event)
	}
	slices.SortStableFunc(out, func(x, y Event) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.Start, y.Start), cmp.Compare(x.Title, y.Title))
	})
	if len(out) > a.opts.MaxEventsOutput {
		t.cut = len(out) - a.opts.MaxEventsOutput
		out = out[:a.opts.MaxEventsOutput]
	}
	return out, t
}

// extract builds the event from its evidence: the first record with days
// gives the fields; a lead only web pages back keeps its days when a page
// states them. ok is false when no evidence gives the event's days.
func extract(l Lead, recs []eventdata.Record, today string) (candidate, bool) {
	if len(recs) == 0 {
		return candidate{}, false
	}
	var primary *eventdata.Record
	for i := range recs {
		if recs[i].Start != "" {
			primary = &recs[i]
			break
		}
	}
	if primary == nil {
		// Web pages only: their text must state the lead's days.
		r := recs[0]
		if l.Start == "" || !statesDays(recs, l.Start, today) {
			return candidate{}, false
		}
		r.Title, r.Start, r.End = l.Title, l.Start, l.End
		r.City, r.Country, r.Venue = l.City, l.Country, l.Venue
		primary = &r
	}
	p := *primary
	end := p.End
	if end == "" {
		end = p.Start
	}
	country := p.Country
	if country == "" {
		country = p.CountryCode
	}
	city := p.City
	if city == "" {
		city = p.Region // a regional holiday: the region is its place
	}
	e := Event{Title: p.Title, Start: p.Start, End: end, Venue: p.Venue, City: city, Country: country, URL: p.URL}
	ordered := append([]eventdata.Record{p}, slices.DeleteFunc(slices.Clone(recs), func(r eventdata.Record) bool { return r.Key == p.Key && r.URL == p.URL })...)
	for _, r := range ordered {
		e.Evidence = append(e.Evidence, evidenceOf(r))
		if e.URL == "" && r.URL != "" {
			e.URL = r.URL
		}
	}
	return candidate{event: e, records: ordered}, true
}

// statesDays says whether a page's text names a day or period that
// includes start.
func statesDays(recs []eventdata.Record, start, today string) bool {
	now, _ := day(today)
	d, ok := day(start)
	if !ok {
		return false
	}
	for _, r := range recs {
		txt := r.Title + ". " + r.Description + ". " + r.Source.Snippet
		if strings.Contains(txt, start) {
			return true
		}
		for _, tf := range understand.Read(txt, understand.Options{Now: now, Tense: understand.Future}).Times {
			from, to, _ := frameBounds(tf, now)
			if !tf.From.IsZero() && !tf.To.IsZero() && !d.Before(from) && d.Before(to) && to.Sub(from) <= 62*24*time.Hour {
				return true
			}
		}
	}
	return false
}

// evidenceOf points at the record: its source, the file and line (or
// calendar, or search engine) it was read from, its URL and raw text.
func evidenceOf(r eventdata.Record) Evidence {
	p := r.Source
	src := p.Source
	switch {
	case p.Origin != "" && p.Line > 0:
		src += fmt.Sprintf(" %s:%d", p.Origin, p.Line)
	case p.Origin != "":
		src += " " + p.Origin
	case p.ID != "" && p.ID != r.URL:
		src += " " + p.ID
	}
	snip := r.Source.Snippet
	if snip == "" {
		snip = r.Description
	}
	snip = cut(snip, 300)
	return Evidence{Source: src, URL: r.URL, Snippet: snip}
}

// cut shortens s to at most n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// dedup keeps one of each event: two with similar titles and places
// (similarity ≥ threshold) on overlapping days are one, and the copy with
// the most evidence stays, taking the other's evidence.
func dedup(cs []candidate, threshold float64) ([]candidate, int) {
	slices.SortStableFunc(cs, func(x, y candidate) int { return cmp.Compare(len(y.event.Evidence), len(x.event.Evidence)) })
	var kept []candidate
	dups := 0
next:
	for _, c := range cs {
		for i := range kept {
			k := &kept[i]
			if duplicate(k.event, c.event, threshold) {
				dups++
				for j, r := range c.records {
					if !holds(k.records, r) {
						k.records = append(k.records, r)
						k.event.Evidence = append(k.event.Evidence, c.event.Evidence[j])
					}
				}
				continue next
			}
		}
		kept = append(kept, c)
	}
	return kept, dups
}

// duplicate says whether a and b are the same event.
func duplicate(a, b Event, threshold float64) bool {
	if a.Start > b.End || b.Start > a.End {
		return false
	}
	return similarity(a.Title+" "+a.City, b.Title+" "+b.City) >= threshold
}

// gatePolicy decides with no model: enough events, APPROVE; too few and
// cycles left, RETRY with what to change; none at all after the last
// cycle, REJECT with why.
func (a *App) gatePolicy(s State, events []Event, t tally) GateChoice {
	need := min(a.opts.MinEventsNeeded, a.opts.MaxEventsOutput)
	where := orAnywhere(s.Profile.Location)
	frame := s.Profile.TimeFrame.From + ".." + s.Profile.TimeFrame.To
	if len(events) >= need {
		return GateChoice{Decision: Approve, Feedback: fmt.Sprintf("%d events in %s, %s score %d or more with evidence", len(events), where, frame, a.opts.MinScoreThreshold),
			Reasoning: fmt.Sprintf("at least %d events passed", need)}
	}
	var why []string
	if t.noEvidence > 0 {
		why = append(why, fmt.Sprintf("%d without evidence", t.noEvidence))
	}
	if t.outside > 0 {
		why = append(why, fmt.Sprintf("%d outside the place or time frame", t.outside))
	}
	if t.duplicates > 0 {
		why = append(why, fmt.Sprintf("%d duplicates", t.duplicates))
	}
	if t.low > 0 {
		why = append(why, fmt.Sprintf("%d scored under %d", t.low, a.opts.MinScoreThreshold))
	}
	past := 0
	for _, v := range s.VerificationResults {
		if !v.ShouldKeep {
			past++
		}
	}
	if past > 0 {
		why = append(why, fmt.Sprintf("%d leads failed verification (past, undated or unplaced)", past))
	}
	summary := fmt.Sprintf("%d of %d wanted events in %s, %s", len(events), need, where, frame)
	if len(why) > 0 {
		summary += " (" + strings.Join(why, ", ") + ")"
	}
	if s.WorkflowIteration >= a.opts.MaxWorkflowCycles && len(events) == 0 && (s.Best == nil || len(s.Best.Events) == 0) {
		return GateChoice{Decision: Reject, Feedback: fmt.Sprintf("no source holds a future event for %s in %s after %d cycles: %s", where, frame, s.WorkflowIteration, summary),
			Reasoning: "nothing to publish and no refinement left"}
	}
	return GateChoice{Decision: Retry, Feedback: summary + "; refine: widen the time frame, look in nearby cities, try other keywords",
		Reasoning: "too few events"}
}

// askGate asks the publisher model for the gate decision; a model that
// approves an empty list, or rejects events that passed every check, is
// overruled by the policy.
func (a *App) askGate(ctx context.Context, s State, events []Event, t tally, policy GateChoice) (llm.Decision[GateChoice], error) {
	pf := func(context.Context) (GateChoice, error) { return policy, nil }
	mdl := a.opts.Models.For(nodePublisher)
	if mdl == nil {
		return llm.Decide(ctx, nil, llm.Prompt{Name: "GateChoice"}, pf)
	}
	user, err := prompts.Render("publisher_user", publisherUser{s.Profile, events, min(a.opts.MinEventsNeeded, a.opts.MaxEventsOutput), s.WorkflowIteration, a.opts.MaxWorkflowCycles, policy})
	if err != nil {
		return llm.Decision[GateChoice]{}, err
	}
	d, err := llm.Decide(ctx, mdl, llm.Prompt{Name: "GateChoice", System: a.prompts.publisher, User: user, MaxRepairs: 2, Timeout: a.opts.ModelTimeout}, pf)
	if err == nil && d.Source == llm.FromModel {
		// Counting is arithmetic: with enough events the gate approves,
		// with none it cannot; the model decides between the two.
		if (d.Value.Decision == Approve && len(events) == 0) || (d.Value.Decision == Reject && len(events) > 0) ||
			(policy.Decision == Approve && d.Value.Decision != Approve) || strings.TrimSpace(d.Value.Feedback) == "" {
			d.Value, d.Fallback = policy, fmt.Sprintf("the model's %s contradicts the %d events that passed; the policy decided", d.Value.Decision, len(events))
		}
	}
	return d, err
}

// finishNode publishes: an approved result as it is; after the bounds the
// best result so far with the gate's decision and why; on REJECT no
// events and the reason.
func (a *App) finishNode(ctx context.Context, s State) (State, error) {
	switch {
	case s.GateDecision == Reject:
		s.Events = nil
		s.note("REJECT: " + s.GateWhy)
		if s.RetryFeedback == "" {
			s.RetryFeedback = s.GateWhy
		}
	case s.GateDecision == Retry && s.Best != nil:
		b := s.Best
		s.Events, s.Profile = b.Events, b.Profile
		s.Location, s.TimeFrame = b.Profile.Location, b.Profile.TimeFrame
		if len(b.Events) == 0 {
			s.GateDecision = Reject
			s.note(fmt.Sprintf("REJECT: after %d workflow cycles no source holds a future event for %s in %s..%s; nothing is invented to fill the list",
				s.WorkflowIteration, orAnywhere(b.Profile.Location), b.Profile.TimeFrame.From, b.Profile.TimeFrame.To))
		} else {
			s.note(fmt.Sprintf("stopped after %d workflow cycles with the gate still at RETRY (%s); published the best result so far: cycle %d, %d event(s)",
				s.WorkflowIteration, s.RetryFeedback, b.Iteration, len(b.Events)))
		}
	default:
		s.note(fmt.Sprintf("%s: %s", s.GateDecision, s.GateWhy))
	}
	from := s.WorkflowIteration
	if s.Best != nil && s.GateDecision != Approve {
		from = s.Best.Iteration
	}
	if len(s.Refinements) > 0 && len(s.Events) > 0 && from > 1 {
		s.note("the published events come from a refined profile: " + strings.Join(s.Refinements, "; "))
	}
	progress(ctx, nodeFinish, "%s with %d event(s)", s.GateDecision, len(s.Events))
	return s, nil
}
