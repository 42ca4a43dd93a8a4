package events

import (
	"context"
	"fmt"
	"slices"

	"github.com/cairn-agents/cairn/llm"
)

// Verdicts is the Verifier's typed decision for a batch of leads.
type Verdicts struct {
	Verdicts  []Verdict `json:"verdicts"`
	Reasoning string    `json:"reasoning"`
}

// Validate checks confidences.
func (v Verdicts) Validate() error {
	for i, x := range v.Verdicts {
		if x.Confidence < 0 || x.Confidence > 1 {
			return fmt.Errorf("verdicts[%d]: confidence %g is outside 0..1", i, x.Confidence)
		}
		if x.LeadID == "" {
			return fmt.Errorf("verdicts[%d]: lead_id is empty", i)
		}
	}
	return nil
}

// Reason implements llm.Reasoner.
func (v Verdicts) Reason() string { return v.Reasoning }

// temporality is where the days [start, end] lie relative to today: an
// event today, one ending today and one spanning today are ONGOING.
func temporality(start, end, today string) Temporality {
	if _, ok := day(start); !ok {
		return Unclear
	}
	if _, ok := day(end); !ok {
		end = start
	}
	switch {
	case start > today:
		return Future
	case end < today:
		return Past
	}
	return Ongoing
}

// classify is the Verifier's policy for one lead.
func classify(l Lead, today string) Verdict {
	v := Verdict{LeadID: l.ID, HasTime: l.HasTime}
	_, v.HasDate = day(l.Start)
	v.HasLocation = l.City != "" || l.Venue != "" || l.Country != "" || (l.Record != nil && (l.Record.Region != "" || l.Record.CountryCode != ""))
	v.Temporality = temporality(l.Start, l.End, today)
	v.Confidence = 0.5
	if l.Record != nil {
		v.Confidence = 0.95 // days and place from a source record
	}
	if v.HasTime {
		v.Confidence = min(1, v.Confidence+0.05)
	}
	switch {
	case !v.HasDate:
		v.Reason = "not specific: no date"
	case !v.HasLocation:
		v.Reason = "not specific: no place"
	case v.Temporality == Past:
		v.Reason = fmt.Sprintf("past: it ended %s, before %s", orStart(l), today)
	case v.Temporality == Ongoing:
		v.Reason = fmt.Sprintf("ongoing: %s..%s includes %s", l.Start, orStart(l), today)
	default:
		v.Reason = fmt.Sprintf("future: starts %s", l.Start)
	}
	v.ShouldKeep = v.HasDate && v.HasLocation && (v.Temporality == Future || v.Temporality == Ongoing)
	return v
}

func orStart(l Lead) string {
	if l.End != "" {
		return l.End
	}
	return l.Start
}

// verifierNode classifies the new leads, using the run's cached verdicts,
// and says whether the Researcher must find more.
func (a *App) verifierNode(ctx context.Context, s State) (State, error) {
	m := &s.Metrics.Verifier
	rn := s.cache()
	var todo []Lead
	for _, l := range s.EventsToVerify {
		v, ok := rn.verdict(l.ID + "|" + l.Start + "|" + l.End + "|" + s.Today)
		if ok {
			m.add("cache_hits", 1)
			s.VerificationResults = append(s.VerificationResults, v)
			continue
		}
		todo = append(todo, l)
	}
	verdicts, err := a.verify(ctx, todo, s.Today, m)
	if err != nil {
		return s, err
	}
	for i, v := range verdicts {
		l := todo[i]
		rn.setVerdict(l.ID+"|"+l.Start+"|"+l.End+"|"+s.Today, v)
		s.VerificationResults = append(s.VerificationResults, v)
	}
	passed := 0
	count := map[Temporality]int{}
	for _, v := range s.VerificationResults {
		count[v.Temporality]++
		if v.ShouldKeep {
			passed++
		}
	}
	m.add("verified", len(s.EventsToVerify))
	s.NeedsMoreEvents = passed < a.opts.MinEventsNeeded
	progress(ctx, nodeVerifier, "%d of %d lead(s) pass (future %d, ongoing %d, past %d, unclear %d); needs more: %v",
		passed, len(s.VerificationResults), count[Future], count[Ongoing], count[Past], count[Unclear], s.NeedsMoreEvents)
	return s, nil
}

// verify asks the verifier model for verdicts on leads; the policy
// classifies otherwise. Days are arithmetic: a model's temporality that
// the lead's own days contradict is corrected, and the note says so.
func (a *App) verify(ctx context.Context, leads []Lead, today string, m *AgentMetrics) ([]Verdict, error) {
	out := make([]Verdict, len(leads))
	for i, l := range leads {
		out[i] = classify(l, today)
	}
	mdl := a.opts.Models.For(nodeVerifier)
	if mdl == nil || len(leads) == 0 {
		if len(leads) > 0 {
			m.PolicyDecisions++
		}
		return out, nil
	}
	for b := 0; b < len(leads); b += a.opts.RealityCheckBatchSize {
		batch := leads[b:min(len(leads), b+a.opts.RealityCheckBatchSize)]
		user, err := prompts.Render("verifier_user", verifierUser{today, batch})
		if err != nil {
			return nil, err
		}
		policy := func(context.Context) (Verdicts, error) {
			return Verdicts{Verdicts: out[b : b+len(batch)], Reasoning: "dates compared with the reference day"}, nil
		}
		d, err := llm.Decide(ctx, mdl, llm.Prompt{Name: "Verdicts", System: a.prompts.verifier, User: user, MaxRepairs: 2, Timeout: a.opts.ModelTimeout}, policy)
		if err != nil {
			return nil, err
		}
		decided(m, d)
		if d.Source != llm.FromModel {
			continue
		}
		for _, mv := range d.Value.Verdicts {
			i := slices.IndexFunc(batch, func(l Lead) bool { return l.ID == mv.LeadID })
			if i < 0 {
				continue
			}
			pv := out[b+i]
			if pv.HasDate && mv.Temporality != pv.Temporality {
				m.add("model_corrected", 1)
				mv.Temporality = pv.Temporality
			}
			mv.HasDate, mv.HasLocation = pv.HasDate, pv.HasLocation
			mv.ShouldKeep = mv.ShouldKeep && pv.ShouldKeep // a model may drop, never keep what the days rule out
			out[b+i] = mv
		}
	}
	return out, nil
}
