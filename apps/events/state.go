// Package events is event discovery for photographers: a request ("photo-
// worthy events in Berlin in March 2026", or a structured profile) becomes
// up to 15 real, specific, future events, each with its days, place, a
// photographic-value score with reasons and the evidence it came from.
//
// Five agents share one flow graph (events.go): the Editor turns the
// request into a profile (editor.go), the Researcher finds leads in the
// event sources and checks they are real (researcher.go), the Verifier
// says whether each is specific and still to come (verifier.go), the
// Fact-Checker searches evidence for each (factcheck.go) and the
// Publisher extracts, deduplicates, scores and decides APPROVE, RETRY or
// REJECT (publisher.go). Researcher ⇄ Verifier loop while too few events
// pass, Publisher → Editor on RETRY, both at most three times.
//
// Every decision is a typed value: asked of the agent's model when one is
// configured, decided by its Go policy otherwise or when the model fails.
//
// With Request.Review the run stops before publishing and waits for a
// person's approval (review.go).
//
// Read top-down: state.go (the state, the answer), events.go (the graph),
// then one file per agent, review.go, prompts.go, http.go (the API).
package events

import (
	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// Temporality is where an event lies relative to the reference day.
type Temporality string

// Temporalities.
const (
	Future  Temporality = "FUTURE"  // starts after today
	Ongoing Temporality = "ONGOING" // today is one of its days (it starts or ends today, or spans it)
	Past    Temporality = "PAST"    // its last day is before today
	Unclear Temporality = "UNCLEAR" // no readable date
)

// Enum implements llm.Enumer.
func (Temporality) Enum() []string {
	return []string{string(Future), string(Ongoing), string(Past), string(Unclear)}
}

// Gate is the Publisher's decision.
type Gate string

// Gate decisions.
const (
	Approve Gate = "APPROVE" // publish
	Retry   Gate = "RETRY"   // send feedback to the Editor for a refined profile
	Reject  Gate = "REJECT"  // the request cannot be served: explain, publish nothing
)

// Enum implements llm.Enumer.
func (Gate) Enum() []string { return []string{string(Approve), string(Retry), string(Reject)} }

// TimeFrame is a period as calendar days, first and last inclusive
// (YYYY-MM-DD). In a structured profile Text may say it in words ("March
// 2026", "next summer") instead; it is read relative to today.
type TimeFrame struct {
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	Text string `json:"text,omitempty"`
}

// Profile is what the Editor makes of a request: what to look for, where
// and when, and how the Researcher should go about it.
type Profile struct {
	Interests []string `json:"interests"`
	// Location is the place as the request names it, qualified by the
	// gazetteer ("Berlin, State of Berlin, Germany").
	Location string `json:"location"`
	// Place is the gazetteer's reading of Location; nil for anywhere.
	Place *understand.Place `json:"place,omitempty"`
	// RadiusKm widens a city to places within that distance (nearby
	// cities, on a retry).
	RadiusKm           float64   `json:"radius_km,omitempty"`
	TimeFrame          TimeFrame `json:"time_frame"`
	SearchKeywords     []string  `json:"search_keywords"`
	ResearcherGuidance string    `json:"researcher_guidance"`
}

// Lead is an event the Researcher proposes: from a source record, or
// from the model (Record nil until the reality check finds it).
type Lead struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Start   string `json:"start,omitempty"`
	End     string `json:"end,omitempty"`
	Venue   string `json:"venue,omitempty"`
	City    string `json:"city,omitempty"`
	Country string `json:"country,omitempty"`
	URL     string `json:"url,omitempty"`
	// Origin is "model" or the source that gave it ("holidays", "index").
	Origin string `json:"origin"`
	// Record is the source record behind the lead, when there is one.
	Record *eventdata.Record `json:"record,omitempty"`
	// HasTime says the source gave a time of day.
	HasTime bool `json:"has_time,omitempty"`
	// Query is what the Fact-Checker searches for it.
	Query string `json:"query,omitempty"`
}

// Verdict is the Verifier's classification of one lead.
type Verdict struct {
	LeadID      string      `json:"lead_id"`
	HasDate     bool        `json:"has_date"`
	HasLocation bool        `json:"has_location"`
	HasTime     bool        `json:"has_time"`
	Temporality Temporality `json:"temporality"`
	Confidence  float64     `json:"confidence"`
	ShouldKeep  bool        `json:"should_keep"`
	Reason      string      `json:"reason"`
}

// Evidence is one source backing a published event.
type Evidence struct {
	// Source names the source and the record: "index
	// /data/2026/javascript.json:17", "holidays rickar/cal/v2 de: …",
	// "tavily".
	Source  string `json:"source"`
	URL     string `json:"url,omitempty"`
	Snippet string `json:"snippet,omitempty"`
}

// Found is the evidence the Fact-Checker gathered for one lead: each
// item with the record it was read from.
type Found struct {
	LeadID  string             `json:"lead_id"`
	Records []eventdata.Record `json:"records"`
}

// Event is one published event. Field names are the API's.
type Event struct {
	Title        string      `json:"title"`
	Start        string      `json:"start"`
	End          string      `json:"end"`
	Venue        string      `json:"venue"`
	City         string      `json:"city"`
	Country      string      `json:"country"`
	URL          string      `json:"url"`
	Score        int         `json:"score"`
	ScoreReasons []string    `json:"score_reasons"`
	Temporality  Temporality `json:"temporality"`
	Evidence     []Evidence  `json:"evidence"`
}

// AgentMetrics are one agent's counts over a run.
type AgentMetrics struct {
	Runs            int     `json:"runs"`
	TimeMs          float64 `json:"time_ms"`
	ModelDecisions  int     `json:"model_decisions"`
	PolicyDecisions int     `json:"policy_decisions"`
	Tokens          int     `json:"tokens"`
	// Counts are the agent's own: leads, dropped, verified, searches,
	// cache_hits, duplicates, below_threshold…
	Counts map[string]int `json:"counts,omitempty"`
	// Cost is the search backends' cost (the Fact-Checker): credits for
	// Tavily, 0 offline.
	Cost float64 `json:"cost,omitempty"`
}

func (m *AgentMetrics) add(name string, n int) {
	if m.Counts == nil {
		m.Counts = map[string]int{}
	}
	m.Counts[name] += n
}

// Metrics are every agent's.
type Metrics struct {
	Editor      AgentMetrics `json:"editor"`
	Researcher  AgentMetrics `json:"researcher"`
	Verifier    AgentMetrics `json:"verifier"`
	FactChecker AgentMetrics `json:"fact_checker"`
	Publisher   AgentMetrics `json:"publisher"`
}

// Outcome is one workflow cycle's publishable result; the best one is
// published when the bounds are reached.
type Outcome struct {
	Iteration int     `json:"iteration"`
	Events    []Event `json:"events"`
	Gate      Gate    `json:"gate"`
	Why       string  `json:"why"`
	Profile   Profile `json:"profile"`
}

// State is the graph's state. Field names follow the design.
type State struct {
	UserInput string `json:"user_input"`
	Today     string `json:"today"`
	// Given is a structured profile the caller gave instead of (or
	// besides) text.
	Given               *Profile  `json:"given,omitempty"`
	Profile             Profile   `json:"profile"`
	Location            string    `json:"location"`
	TimeFrame           TimeFrame `json:"time_frame"`
	Leads               []Lead    `json:"leads"`
	EventsToVerify      []Lead    `json:"events_to_verify"`
	VerificationResults []Verdict `json:"verification_results"`
	Evidence            []Found   `json:"evidence"`
	Events              []Event   `json:"events"`
	ResearcherIteration int       `json:"researcher_iteration"`
	WorkflowIteration   int       `json:"workflow_iteration"`
	NeedsMoreEvents     bool      `json:"needs_more_events"`
	GateDecision        Gate      `json:"gate_decision"`
	GateWhy             string    `json:"gate_why,omitempty"`
	RetryFeedback       string    `json:"retry_feedback"`
	// NewLeads is how many leads the last Researcher pass added; a pass
	// that found nothing new ends the Researcher ⇄ Verifier cycle.
	NewLeads int `json:"new_leads"`
	// Seen are the ids of every lead proposed in this workflow cycle, so
	// a later pass replaces failed leads instead of repeating them.
	Seen []string `json:"seen,omitempty"`
	// Refinements are the refinements the Editor applied on retries.
	Refinements []string `json:"refinements,omitempty"`
	Best        *Outcome `json:"best,omitempty"`
	Metrics     Metrics  `json:"metrics"`
	Notes       []string `json:"notes"`
	// Review asks a person to approve the shortlist before it is
	// published (Request.Review).
	Review bool `json:"review,omitempty"`
	// Cache holds the verdicts and searches of this run, for later
	// passes (runCache).
	Cache *runCache `json:"cache,omitempty"`
}

func (s *State) note(format string) { s.Notes = append(s.Notes, format) }

// Iterations are how many cycles ran.
type Iterations struct {
	Researcher int `json:"researcher"`
	Workflow   int `json:"workflow"`
}

// Statuses of a Response.
const (
	StatusDone    = "done"    // the run ended: Events are published
	StatusWaiting = "waiting" // the run waits for a reviewer: Events are the shortlist
)

// Response is the answer, from the CLI and the API alike.
type Response struct {
	// Status is StatusDone, or StatusWaiting when a reviewer must answer
	// Question with one of Options (App.Resume with RunID).
	Status        string     `json:"status"`
	RunID         string     `json:"run_id,omitempty"`
	Question      string     `json:"question,omitempty"`
	Options       []string   `json:"options,omitempty"`
	Request       string     `json:"request"`
	Today         string     `json:"today"`
	Profile       Profile    `json:"profile"`
	Events        []Event    `json:"events"`
	GateDecision  Gate       `json:"gate_decision"`
	RetryFeedback string     `json:"retry_feedback"`
	Iterations    Iterations `json:"iterations"`
	Metrics       Metrics    `json:"metrics"`
	Notes         []string   `json:"notes"`
}
