// Package roadtrip is Cairn's location-navigation planner: road trips with
// rest stops and viewpoints, stops at even fractions of a route, meeting
// points with equal travel times, and places north/south/east/west of
// landmarks, answered in the MCP-Universe location_navigation JSON formats.
//
// An orchestrator runs a Thought → Action → Observation loop (flow graph,
// at most 10 iterations) over the actions plan_routes, search_places,
// get_elevations and answer. Workers (towns, places, synthesis) are typed
// decisions with Go policies; every name, address, place ID and elevation
// in an answer comes from a maps tool result of the same run.
package roadtrip

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/understand"
)

// Result is the planner's answer to a task.
type Result struct {
	Answer      json.RawMessage `json:"answer"`                // bare JSON in the task's output format
	Unsupported string          `json:"unsupported,omitempty"` // the task needs servers we do not have, and why
	Unclear     string          `json:"unclear,omitempty"`     // what the question does not say (no destination, ...); the answer is empty
	Notes       []string        `json:"notes,omitempty"`       // constraints not met, data missing
	Stats       Stats           `json:"stats"`
}

// Stats is what a Solve spent.
type Stats struct {
	ModelCalls       int            `json:"model_calls"`
	ModelDecisions   int            `json:"model_decisions"`
	PolicyDecisions  int            `json:"policy_decisions"`
	PromptTokens     int            `json:"prompt_tokens"`
	CompletionTokens int            `json:"completion_tokens"`
	ToolCalls        int            `json:"tool_calls"`   // maps calls made, cached ones included
	CachedCalls      int            `json:"cached_calls"` // answered by the cache
	ToolsByName      map[string]int `json:"tools_by_name,omitempty"`
	Iterations       int            `json:"iterations"` // orchestrator actions run
	Wall             time.Duration  `json:"wall_ns"`
}

// Options configure a Planner. Zero values take the defaults.
type Options struct {
	// Models gives each role's model; nil means policies decide. Roles
	// used: "understand", "orchestrator", "towns", "places", "synthesis".
	Models llm.Models
	// Log receives debug lines; nil means slog.Default().
	Log *slog.Logger
	// MaxIterations bounds the orchestrator loop; zero means 10.
	MaxIterations int
	// ModelTimeout bounds each decision's model exchange; zero means 60 s.
	ModelTimeout time.Duration
	// Gazetteer resolves the places a question names (geo.NewGazetteer
	// over the offline data); nil reads names by how they are written.
	Gazetteer understand.Gazetteer
	// Prefer are the regions a name is read in when the question does
	// not say which of its namesakes it means: those the maps data
	// covers (geo.Gazetteer.Covered). Nil prefers none.
	Prefer []understand.Place
	// Engine runs each Solve's graph elsewhere (flow/temporal.Engine: a
	// Temporal cluster whose workers host Runners); nil runs it here.
	Engine flow.Engine
}

// Planner answers location-navigation tasks. It is safe for concurrent
// use: its graph is built once, and what one Solve works with (its maps
// calls' cache, its counters, the question) lives in that run's state and
// context.
type Planner struct {
	tools   *tool.Registry
	direct  *mapstool.Client // the tools without a run's cache (see mapsFor)
	models  llm.Models
	log     *slog.Logger
	maxIter int
	timeout time.Duration
	read    understand.Options  // how the understanding policy reads questions
	graph   *flow.Runner[state] // where Solve runs: local, or on the Engine
	local   *flow.Runner[state]
}

// New returns a Planner over tools, which must hold the seven
// Google-Maps-contract tools (maps_geocode, ...), usually reached over MCP
// (see mapstool.Serve and mapstool.Connect). A Planner with nil tools describes
// its graph, but Solve fails.
func New(tools *tool.Registry, o Options) (*Planner, error) {
	p := &Planner{tools: tools, models: o.Models, log: o.Log, maxIter: o.MaxIterations, timeout: o.ModelTimeout,
		read: understand.Options{Gazetteer: o.Gazetteer, Prefer: o.Prefer}}
	if tools != nil {
		p.direct = &mapstool.Client{Caller: tools.With(tool.Events(0))}
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.maxIter <= 0 {
		p.maxIter = 10
	}
	if p.timeout <= 0 {
		p.timeout = 60 * time.Second
	}
	g, err := p.buildGraph()
	if err != nil {
		return nil, fmt.Errorf("roadtrip graph: %w", err)
	}
	p.local, p.graph = g, g
	if o.Engine != nil {
		p.graph = g.WithEngine(o.Engine)
	}
	return p, nil
}

// Runners are the planner's graphs as run in this process, for a worker
// that hosts them (flow/temporal.NewWorker).
func (p *Planner) Runners() []flow.AnyRunner { return []flow.AnyRunner{p.local} }

var errNoTools = errors.New("roadtrip: no maps tools")

// ErrMapsUnavailable is wrapped by Solve's error when maps calls failed
// for want of the server (a transient failure the MCP client could not
// recover from): the answer would blame missing data on the map.
var ErrMapsUnavailable = errors.New("maps server unavailable")

// Solve answers t from its question, output format and servers (its
// evaluators, the benchmark's answer key, are never read). It fails only
// when the question is empty or too long, the format is not JSON, the
// maps server is gone or ctx ends; missing data and unmet constraints are
// Notes.
func (p *Planner) Solve(ctx context.Context, t locnav.Task) (Result, error) {
	start := time.Now()
	if p.tools == nil {
		return Result{}, errNoTools
	}
	if len(t.Question) == 0 {
		return Result{}, errors.New("roadtrip: task question is empty")
	}
	if len(t.Question) > 10000 {
		return Result{}, fmt.Errorf("roadtrip: task question is %d bytes, more than 10000", len(t.Question))
	}
	if len(t.OutputFormat) > 0 && !json.Valid(t.OutputFormat) {
		return Result{}, errors.New("roadtrip: task output_format is not valid JSON")
	}
	t.Evaluators = nil
	var mc llm.Counter
	var tc tool.Counter
	ctx = event.WithSink(ctx, mc.Observe)
	ctx = event.WithSink(ctx, tc.Observe)
	m := p.newRunMaps()
	ctx = context.WithValue(ctx, runMapsKey{}, m)
	final, err := p.graph.Invoke(ctx, state{Task: t})
	if err != nil {
		return Result{}, fmt.Errorf("roadtrip: %w", err)
	}
	if err := m.gone(); err != nil {
		return Result{}, fmt.Errorf("roadtrip: %w: %w", ErrMapsUnavailable, err)
	}
	res := Result{Answer: final.Answer, Notes: dedupe(final.Notes), Unclear: final.Unclear}
	if final.Spec != nil {
		res.Unsupported = final.Spec.Unsupported
	}
	c, tcs := mc.Counts(), tc.Counts()
	res.Stats = Stats{ModelCalls: c.ModelCalls, ModelDecisions: c.ModelDecisions, PolicyDecisions: c.PolicyDecisions,
		PromptTokens: c.PromptTokens, CompletionTokens: c.CompletionTokens, ToolCalls: tcs.Calls, CachedCalls: tcs.Cached, ToolsByName: tcs.ByTool,
		Iterations: len(final.History), Wall: time.Since(start)}
	return res, nil
}

// runMaps is one Solve's maps client: the planner's tools behind a cache
// of that run's calls (identical calls within a run are made once) and a
// watch that remembers transient failures. It travels in the run's
// context, not in the state: it holds no fact the answer needs (every
// tool result used is copied into the state), so a run resumed from a
// checkpoint starts with an empty cache and repeats calls, nothing more.
type runMaps struct {
	client *mapstool.Client

	mu      sync.Mutex
	lastErr error // the last transient maps failure
}

type runMapsKey struct{}

func (p *Planner) newRunMaps() *runMaps {
	m := &runMaps{}
	m.client = &mapstool.Client{Caller: p.tools.With(tool.Events(0), tool.NewCache(512, 0).Middleware(), m.watch)}
	return m
}

// mapsFor is the maps client of the run in ctx, or the uncached tools
// outside a Solve.
func (p *Planner) mapsFor(ctx context.Context) *mapstool.Client {
	if m, ok := ctx.Value(runMapsKey{}).(*runMaps); ok {
		return m.client
	}
	return p.direct
}

// watch is middleware that remembers transient maps failures.
func (m *runMaps) watch(t tool.Tool) tool.Tool {
	return watched{t, m}
}

type watched struct {
	tool.Tool
	m *runMaps
}

func (w watched) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	res, err := w.Tool.Call(ctx, args)
	if err != nil && errors.Is(err, tool.ErrTransient) && ctx.Err() == nil {
		w.m.mu.Lock()
		w.m.lastErr = err
		w.m.mu.Unlock()
	}
	return res, err
}

func (m *runMaps) gone() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lastErr
}

func (p *Planner) model(role string) llm.Model {
	if p.models == nil {
		return nil
	}
	return p.models.For(role)
}

// Actions the orchestrator may take.
const (
	actPlanRoutes    = "plan_routes"
	actSearchPlaces  = "search_places"
	actGetElevations = "get_elevations"
	actAnswer        = "answer"
)

var allActions = []string{actPlanRoutes, actSearchPlaces, actGetElevations, actAnswer}

// Graph describes the orchestrator's flow graph, as Solve runs it.
func (p *Planner) Graph() flow.Info { return p.graph.Info() }

// buildGraph builds the orchestrator: understanding and the first thought run
// in parallel, then the loop think → action → think, at most maxIter
// actions, then answer.
func (p *Planner) buildGraph() (*flow.Runner[state], error) {
	g := flow.New[state]("roadtrip")
	g.MaxSteps = 4*p.maxIter + 10
	g.Node("begin", func(_ context.Context, s state) (state, error) { return s, nil })
	g.Node("understand", p.understand)
	g.Node("plan", p.think)
	g.Node("dispatch", p.dispatch)
	g.Node("think", p.think)
	g.Node(actPlanRoutes, p.act(actPlanRoutes, p.planRoutes))
	g.Node(actSearchPlaces, p.act(actSearchPlaces, p.searchPlaces))
	g.Node(actGetElevations, p.act(actGetElevations, p.getElevations))
	g.Node(actAnswer, p.answer)
	g.Start("begin")
	g.Parallel("begin", []string{"understand", "plan"}, "dispatch")
	flow.Reduce(g, "notes", flow.Appended[string])
	targets := []string{actPlanRoutes, actSearchPlaces, actGetElevations, actAnswer, "think"}
	g.Branch("dispatch", next, targets...)
	g.Branch("think", next, targets...)
	for _, a := range []string{actPlanRoutes, actSearchPlaces, actGetElevations} {
		g.Edge(a, "think")
	}
	g.Edge(actAnswer, flow.End)
	// The first thought is "plan"; think runs at most maxIter-1 more times.
	g.Limit("think", max(1, p.maxIter-1))
	g.OnLimit("think", actAnswer)
	return g.Build()
}

// next sends the run where s.Next says; an invalid action goes back to
// think, which has already recorded why.
func next(s state) string {
	switch s.Next {
	case actPlanRoutes, actSearchPlaces, actGetElevations, actAnswer:
		return s.Next
	}
	return "think"
}

// dispatch checks the first thought against the understanding that ran
// beside it.
func (p *Planner) dispatch(ctx context.Context, s state) (state, error) {
	if s.Spec != nil && (s.Spec.Family == locnav.MultiServer || s.Unclear != "") {
		s.Next, s.Pending = actAnswer, nil
		return s, nil
	}
	if s.Next == "" { // the first thought was invalid and said so
		return s, nil
	}
	return p.checkNext(s), nil
}

// act wraps an action: it records the observation and the iteration.
func (p *Planner) act(name string, fn func(context.Context, *state) (string, error)) flow.NodeFunc[state] {
	return func(ctx context.Context, s state) (state, error) {
		obs, err := fn(ctx, &s)
		if err != nil {
			if ctx.Err() != nil {
				return s, err
			}
			obs = "failed: " + err.Error()
			s.Failed = true
			s.Tried = append(s.Tried, failedKey(s, name))
			if errors.Is(err, errUnknownPlace) && s.Unclear == "" {
				// The answer is the format's empty one; the message says
				// which name the maps do not know (a note too, as
				// understanding's messages are).
				s.Unclear = fmt.Sprintf("%v: %v", errUnclear, err)
				addNote(&s, s.Unclear)
			} else {
				addNote(&s, fmt.Sprintf("%s failed: %v", name, err))
			}
		} else {
			s.Failed = false
		}
		if !slices.Contains(s.Done, name) && err == nil {
			s.Done = append(s.Done, name)
		}
		s.History = append(s.History, step{Thought: s.Thought, Action: name, Observation: obs})
		event.Emit(ctx, event.Event{Kind: event.Note, Message: fmt.Sprintf("Action: %s → Observation: %s", name, short(obs, 200))})
		return s, nil
	}
}

// dedupe drops repeated notes, keeping the first of each.
func dedupe(notes []string) []string {
	var out []string
	for _, n := range notes {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
