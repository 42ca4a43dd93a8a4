package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// Errors for requests that cannot be read; check with errors.Is.
var (
	ErrEmptyRequest = errors.New("the request is empty: say what events, where and when (\"photo-worthy events in Berlin in March 2026\")")
	ErrLongRequest  = errors.New("the request is too long")
	ErrBadToday     = errors.New("the reference day is not a date")
	ErrBadProfile   = errors.New("the profile is invalid")
)

// MaxRequestLen bounds a request, in characters.
const MaxRequestLen = 4000

// Searcher is a search backend the Fact-Checker asks for evidence: the
// offline event index (BM25), Tavily, SearXNG. eventdata.Source has the
// same methods, so every event source is a Searcher.
type Searcher interface {
	Name() string
	Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error)
}

// Coster is a Searcher whose searches cost something (Tavily credits).
type Coster interface {
	CostPerSearch() float64
}

// Options configure an App. Zero values take the defaults, which are the
// issue's settings.
type Options struct {
	// Models gives each agent's model by role: "editor", "researcher",
	// "verifier", "fact_checker", "publisher". Nil: policies decide.
	Models llm.Models
	// Gazetteer reads places (geo.NewGazetteer); nil reads none, and
	// every named place is unknown.
	Gazetteer understand.Gazetteer
	// Sources give the Researcher its leads (holidays, the index).
	Sources eventdata.Source
	// Searcher gives the Fact-Checker its evidence; nil means Sources.
	Searcher Searcher

	MaxEvents                int     `yaml:"max_events"`                 // leads per Researcher pass; default 50
	RealityCheckBatchSize    int     `yaml:"reality_check_batch_size"`   // default 10
	ExpansionBatchSize       int     `yaml:"expansion_batch_size"`       // default 3
	MinEventsNeeded          int     `yaml:"min_events_needed"`          // default 15
	SearchBatchSize          int     `yaml:"search_batch_size"`          // default 5
	MaxResultsPerSearch      int     `yaml:"max_results_per_search"`     // default 3
	DedupSimilarityThreshold float64 `yaml:"dedup_similarity_threshold"` // default 0.85
	MinScoreThreshold        int     `yaml:"min_score_threshold"`        // default 60
	MaxEventsOutput          int     `yaml:"max_events_output"`          // default 15
	// MaxResearchCycles bounds Researcher ⇄ Verifier per workflow cycle;
	// MaxWorkflowCycles bounds Publisher → Editor. Default 3 each.
	MaxResearchCycles int `yaml:"max_research_cycles"`
	MaxWorkflowCycles int `yaml:"max_workflow_cycles"`
	// ModelTimeout bounds each model decision; default 60 s.
	ModelTimeout time.Duration
	Logger       *slog.Logger
	// Store keeps the runs that wait for a reviewer (Request.Review): a
	// flow.FileStore lets them wait across restarts. Nil: a request
	// asking for review fails with ErrNoReviewStore. Runs without review
	// keep no checkpoints.
	Store flow.Store
	// Engine runs each search's graph elsewhere (flow/temporal.Engine:
	// a Temporal cluster whose workers host Runners); nil runs it here.
	// A request with Review needs one whose runs can wait for an answer
	// (a flow.AskingEngine; else ErrReviewOnEngine): the run waits on it.
	Engine flow.Engine
}

// Defaults are the settings an Options with zero fields takes.
func Defaults() Options {
	return Options{
		MaxEvents: 50, RealityCheckBatchSize: 10, ExpansionBatchSize: 3, MinEventsNeeded: 15,
		SearchBatchSize: 5, MaxResultsPerSearch: 3, DedupSimilarityThreshold: 0.85,
		MinScoreThreshold: 60, MaxEventsOutput: 15, MaxResearchCycles: 3, MaxWorkflowCycles: 3,
		ModelTimeout: 60 * time.Second,
	}
}

func (o *Options) fill() error {
	d := Defaults()
	setInt := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	setInt(&o.MaxEvents, d.MaxEvents)
	setInt(&o.RealityCheckBatchSize, d.RealityCheckBatchSize)
	setInt(&o.ExpansionBatchSize, d.ExpansionBatchSize)
	setInt(&o.MinEventsNeeded, d.MinEventsNeeded)
	setInt(&o.SearchBatchSize, d.SearchBatchSize)
	setInt(&o.MaxResultsPerSearch, d.MaxResultsPerSearch)
	setInt(&o.MinScoreThreshold, d.MinScoreThreshold)
	setInt(&o.MaxEventsOutput, d.MaxEventsOutput)
	setInt(&o.MaxResearchCycles, d.MaxResearchCycles)
	setInt(&o.MaxWorkflowCycles, d.MaxWorkflowCycles)
	if o.DedupSimilarityThreshold == 0 {
		o.DedupSimilarityThreshold = d.DedupSimilarityThreshold
	}
	if o.ModelTimeout == 0 {
		o.ModelTimeout = d.ModelTimeout
	}
	var errs []error
	for name, v := range map[string]int{
		"max_events": o.MaxEvents, "reality_check_batch_size": o.RealityCheckBatchSize,
		"expansion_batch_size": o.ExpansionBatchSize, "min_events_needed": o.MinEventsNeeded,
		"search_batch_size": o.SearchBatchSize, "max_results_per_search": o.MaxResultsPerSearch,
		"max_events_output": o.MaxEventsOutput, "max_research_cycles": o.MaxResearchCycles,
		"max_workflow_cycles": o.MaxWorkflowCycles,
	} {
		if v < 0 {
			errs = append(errs, fmt.Errorf("%s is %d: want a positive number", name, v))
		}
	}
	if o.MaxEvents > eventdata.MaxLimit {
		errs = append(errs, fmt.Errorf("max_events is %d: at most %d", o.MaxEvents, eventdata.MaxLimit))
	}
	if o.DedupSimilarityThreshold < 0 || o.DedupSimilarityThreshold > 1 {
		errs = append(errs, fmt.Errorf("dedup_similarity_threshold is %g: want 0..1", o.DedupSimilarityThreshold))
	}
	if o.MinScoreThreshold < 0 || o.MinScoreThreshold > 100 {
		errs = append(errs, fmt.Errorf("min_score_threshold is %d: want 0..100", o.MinScoreThreshold))
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Models == nil {
		o.Models = noModels{}
	}
	if o.Searcher == nil && o.Sources != nil {
		o.Searcher = o.Sources
	}
	return errors.Join(errs...)
}

type noModels struct{}

func (noModels) For(string) llm.Model { return nil }

// App is the events system. It is safe for concurrent use.
type App struct {
	opts    Options
	prompts systemPrompts
	runner  *flow.Runner[State] // where searches run: here, or on the Engine
	local   *flow.Runner[State]
	// reviewed is the same graph with Options.Store, for runs that may
	// wait for a reviewer; nil without a store. On an Engine, runner
	// waits on the cluster instead.
	reviewed *flow.Runner[State]
}

// Node names.
const (
	nodeEditor      = "editor"
	nodeResearcher  = "researcher"
	nodeVerifier    = "verifier"
	nodeFactChecker = "fact_checker"
	nodePublisher   = "publisher"
	nodeFinish      = "finish"
	nodeReview      = "review"
)

// New builds the system's graph once.
func New(o Options) (*App, error) {
	if err := o.fill(); err != nil {
		return nil, fmt.Errorf("events settings: %w", err)
	}
	a := &App{opts: o}
	var err error
	if a.prompts, err = renderSystemPrompts(); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	if a.local, err = a.build(nil); err != nil {
		return nil, err
	}
	a.runner = a.local
	if o.Engine != nil {
		a.runner = a.local.WithEngine(o.Engine)
	}
	if o.Store != nil {
		if a.reviewed, err = a.build(o.Store); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// build declares the graph; store keeps checkpoints, nil none.
func (a *App) build(store flow.Store) (*flow.Runner[State], error) {
	o := a.opts
	g := flow.New[State]("events")
	g.Store = store
	g.Node(nodeEditor, timed(a.editorNode, func(s *State) *AgentMetrics { return &s.Metrics.Editor }))
	g.Node(nodeResearcher, timed(a.researcherNode, func(s *State) *AgentMetrics { return &s.Metrics.Researcher }))
	g.Node(nodeVerifier, timed(a.verifierNode, func(s *State) *AgentMetrics { return &s.Metrics.Verifier }))
	g.Node(nodeFactChecker, timed(a.factCheckerNode, func(s *State) *AgentMetrics { return &s.Metrics.FactChecker }))
	g.Node(nodePublisher, timed(a.publisherNode, func(s *State) *AgentMetrics { return &s.Metrics.Publisher }))
	g.Node(nodeFinish, a.finishNode)
	g.Node(nodeReview, a.reviewNode)
	g.Start(nodeEditor)
	// A request that cannot be served (unknown place, a time frame
	// already over) is rejected by the Editor at once.
	g.Branch(nodeEditor, func(s State) string {
		if s.GateDecision == Reject {
			return nodeFinish
		}
		return nodeResearcher
	}, nodeResearcher, nodeFinish)
	g.Edge(nodeResearcher, nodeVerifier)
	g.Branch(nodeVerifier, func(s State) string {
		if s.NeedsMoreEvents && s.NewLeads > 0 && s.ResearcherIteration < o.MaxResearchCycles {
			return nodeResearcher
		}
		return nodeFactChecker
	}, nodeResearcher, nodeFactChecker)
	g.Limit(nodeVerifier, o.MaxResearchCycles*o.MaxWorkflowCycles)
	g.OnLimit(nodeVerifier, nodeFactChecker)
	g.Edge(nodeFactChecker, nodePublisher)
	g.Branch(nodePublisher, func(s State) string {
		if s.GateDecision == Retry {
			return nodeEditor
		}
		return nodeFinish
	}, nodeEditor, nodeFinish)
	g.Limit(nodePublisher, o.MaxWorkflowCycles)
	g.OnLimit(nodePublisher, nodeFinish)
	// The shortlist is final after finish; review asks a person to
	// approve it when the request says so.
	g.Edge(nodeFinish, nodeReview)
	g.Edge(nodeReview, flow.End)
	r, err := g.Build()
	if err != nil {
		return nil, fmt.Errorf("events graph: %w", err)
	}
	return r, nil
}

// Graph describes the system's flow graph.
func (a *App) Graph() flow.Info { return a.runner.Info() }

// Runners are the system's graphs as run in this process, for a worker
// that hosts them (flow/temporal.NewWorker). The graph with a Store is
// the same graph: a worker keeps no checkpoints.
func (a *App) Runners() []flow.AnyRunner { return []flow.AnyRunner{a.local} }

// Settings are the options in effect, defaults filled.
func (a *App) Settings() Options { return a.opts }

// Request is one search: text, a structured profile, or both (the
// profile's fields win), and the reference day.
type Request struct {
	Text    string   `json:"request"`
	Profile *Profile `json:"profile,omitempty"`
	// Today is the reference day (YYYY-MM-DD, or an RFC 3339 instant
	// whose own zone decides the day); empty means today where the
	// process runs.
	Today string `json:"today,omitempty"`
	// Review stops the run before it publishes, for a person to approve
	// the shortlist: the Response has Status "waiting" and a RunID that
	// App.Resume continues. It needs Options.Store.
	Review bool `json:"review,omitempty"`
}

// Search runs one request. It fails only on a request it cannot read
// (empty, too long, a bad day) or a failed run; a request it cannot serve
// is answered with REJECT and why, a failing backend with partial results
// labelled in Notes.
func (a *App) Search(ctx context.Context, req Request) (Response, error) {
	text := strings.TrimSpace(req.Text)
	if text == "" && req.Profile == nil {
		return Response{}, ErrEmptyRequest
	}
	if n := utf8.RuneCountInString(text); n > MaxRequestLen {
		return Response{}, fmt.Errorf("%w: %d characters, the limit is %d; say what, where and when in a sentence or two", ErrLongRequest, n, MaxRequestLen)
	}
	if req.Profile != nil {
		if err := req.Profile.validate(); err != nil {
			return Response{}, err
		}
	}
	today, err := ParseDay(req.Today, time.Local)
	if req.Today == "" {
		today, err = time.Now().Format(eventdata.DateLayout), nil
	}
	if err != nil {
		return Response{}, fmt.Errorf("%w: %q: %w", ErrBadToday, req.Today, err)
	}
	runner := a.runner
	if req.Review {
		if runner, err = a.reviewRunner(); err != nil {
			return Response{}, err
		}
	}
	s, err := runner.Invoke(ctx, State{UserInput: text, Today: today, Given: req.Profile, Review: req.Review, Cache: &runCache{}})
	return response(s, err)
}

// response is the answer for a run that ended with s and err: done, or
// waiting for a reviewer.
func response(s State, err error) (Response, error) {
	resp := Response{
		Status:  StatusDone,
		Request: s.UserInput, Today: s.Today, Profile: s.Profile, Events: s.Events,
		GateDecision: s.GateDecision, RetryFeedback: s.RetryFeedback,
		Iterations: Iterations{Researcher: s.ResearcherIteration, Workflow: s.WorkflowIteration},
		Metrics:    s.Metrics, Notes: s.Notes,
	}
	if ie, ok := errors.AsType[*flow.InterruptedError](err); ok && len(ie.Requests) == 1 {
		q := ie.Requests[0]
		resp.Status, resp.RunID, resp.Question, resp.Options = StatusWaiting, ie.RunID, q.Question, q.Options
	} else if err != nil {
		return Response{}, fmt.Errorf("events: %w", err)
	}
	if resp.Events == nil {
		resp.Events = []Event{}
	}
	if resp.Notes == nil {
		resp.Notes = []string{}
	}
	return resp, nil
}

func (p *Profile) validate() error {
	var errs []error
	for _, d := range []struct{ name, v string }{{"time_frame.from", p.TimeFrame.From}, {"time_frame.to", p.TimeFrame.To}} {
		if d.v == "" {
			continue
		}
		if _, err := ParseDay(d.v, time.UTC); err != nil {
			errs = append(errs, fmt.Errorf("%s %q is not a date (YYYY-MM-DD)", d.name, d.v))
		}
	}
	n := len(p.Location) + len(p.TimeFrame.Text) + len(p.ResearcherGuidance)
	for _, s := range append(append([]string{}, p.Interests...), p.SearchKeywords...) {
		n += len(s)
	}
	if n > MaxRequestLen {
		errs = append(errs, fmt.Errorf("its text is %d bytes, the limit is %d", n, MaxRequestLen))
	}
	if p.RadiusKm < 0 || p.RadiusKm > 2000 {
		errs = append(errs, fmt.Errorf("radius_km %g is outside 0..2000", p.RadiusKm))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrBadProfile, errors.Join(errs...))
	}
	return nil
}

// ParseDay reads a day: "2026-03-14", or an instant with a zone
// ("2026-03-14T23:30:00-08:00" is the 14th, where it was written), or an
// instant without one, read in loc. It returns YYYY-MM-DD.
func ParseDay(s string, loc *time.Location) (string, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.Format(time.DateOnly), nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "20060102T150405Z0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(time.DateOnly), nil // the day in the instant's own zone
		}
	}
	if loc == nil {
		loc = time.UTC
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04", "20060102"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t.Format(time.DateOnly), nil
		}
	}
	return "", fmt.Errorf("want YYYY-MM-DD or an RFC 3339 time")
}

// runCache is what a run found out that a later pass asks again: the
// Verifier's verdicts and the Fact-Checker's searches. It lives in the
// state (State.Cache), so a run whose nodes run in other processes (an
// Engine's workers) reuses it as a run in one process does: the same
// verdicts, the same searches made once, the same counts.
type runCache struct {
	mu       sync.Mutex
	Verdicts map[string]Verdict            `json:"verdicts,omitempty"`
	Searches map[string][]eventdata.Record `json:"searches,omitempty"` // the hits' records, by cacheKey
}

// cache is the run's cache, made on first use.
func (s *State) cache() *runCache {
	if s.Cache == nil {
		s.Cache = &runCache{}
	}
	return s.Cache
}

func (c *runCache) verdict(key string) (Verdict, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.Verdicts[key]
	return v, ok
}

func (c *runCache) setVerdict(key string, v Verdict) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Verdicts == nil {
		c.Verdicts = map[string]Verdict{}
	}
	c.Verdicts[key] = v
}

func (c *runCache) search(key string) ([]eventdata.Record, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.Searches[key]
	return r, ok
}

func (c *runCache) setSearch(key string, recs []eventdata.Record) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Searches == nil {
		c.Searches = map[string][]eventdata.Record{}
	}
	c.Searches[key] = recs
}

// progress reports a line of what an agent did.
func progress(ctx context.Context, node, format string, args ...any) {
	if !event.Listening(ctx) {
		return
	}
	event.Emit(ctx, event.Event{Kind: event.Note, Node: node, Message: fmt.Sprintf(format, args...)})
}

// decided adds a decision's source and tokens to m.
func decided[T any](m *AgentMetrics, d llm.Decision[T]) {
	if d.Source == llm.FromModel {
		m.ModelDecisions++
	} else {
		m.PolicyDecisions++
	}
	m.Tokens += d.Usage.PromptTokens + d.Usage.CompletionTokens
}

// timed counts an agent's runs and time in its metrics.
func timed(node flow.NodeFunc[State], metrics func(*State) *AgentMetrics) flow.NodeFunc[State] {
	return func(ctx context.Context, s State) (State, error) {
		start := time.Now()
		out, err := node(ctx, s)
		m := metrics(&out)
		m.Runs++
		m.TimeMs += float64(time.Since(start).Microseconds()) / 1000
		return out, err
	}
}

// day parses a DateLayout day.
func day(s string) (time.Time, bool) {
	t, err := time.Parse(eventdata.DateLayout, s)
	return t, err == nil
}
