// Package roadtrip is Cairn's location-navigation planner: road trips with
// rest stops and viewpoints, stops at even fractions of a route, meeting
// points with equal travel times, and places north/south/east/west of
// landmarks, answered in the MCP-Universe location_navigation JSON formats.
//
// An orchestrator runs a Thought → Action → Observation loop (flow graph,
// at most 10 iterations) over the actions plan_routes, search_places,
// get_elevations and answer. Workers (router, places, synthesis) are typed
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

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// Task is one question in the MCP-Universe format.
type Task struct {
	ID           string          `json:"id,omitempty"`
	Question     string          `json:"question"`
	OutputFormat json.RawMessage `json:"output_format,omitempty"`
	// Servers are the MCP servers the task names (mcp_servers[].name);
	// any but google-maps makes the task unsupported.
	Servers []string `json:"servers,omitempty"`
}

// Result is the planner's answer to a Task.
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

// Planner answers location-navigation tasks. It is safe for concurrent use.
type Planner struct {
	// Tools holds the seven Google-Maps-contract tools (maps_geocode, ...),
	// usually reached over MCP (see ServeOffline and ConnectMaps).
	Tools *tool.Registry
	// Models gives each role's model; nil means policies decide. Roles
	// used: "understand", "orchestrator", "router", "places", "synthesis".
	Models llm.Models
	// Log receives debug lines; nil means slog.Default().
	Log *slog.Logger
	// MaxIterations bounds the orchestrator loop; zero means 10.
	MaxIterations int
	// ModelTimeout bounds each decision's model exchange; zero means 60 s.
	ModelTimeout time.Duration
}

// ErrNoTools is returned by Solve when the Planner has no maps tools.
var ErrNoTools = errors.New("roadtrip: Planner.Tools is nil (no maps tools)")

// ErrMapsUnavailable is wrapped by Solve's error when maps calls failed
// for want of the server (a transient failure the MCP client could not
// recover from): the answer would blame missing data on the map.
var ErrMapsUnavailable = errors.New("maps server unavailable")

// Solve answers t. It fails only when the question is empty, the tools are
// missing or ctx ends; missing data and unmet constraints are Notes.
func (p *Planner) Solve(ctx context.Context, t Task) (Result, error) {
	start := time.Now()
	if p.Tools == nil {
		return Result{}, ErrNoTools
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
	var mc llm.Counter
	var tc tool.Counter
	ctx = event.WithSink(ctx, mc.Observe)
	ctx = event.WithSink(ctx, tc.Observe)
	// One cache per task: identical calls within a run are made once.
	r := &run{p: p, log: p.Log}
	reg := p.Tools.With(tool.Events(0), tool.NewCache(512, 0).Middleware(), r.watch)
	r.maps = &mapstool.Client{Caller: reg}
	if r.log == nil {
		r.log = slog.Default()
	}
	g, err := r.graph()
	if err != nil {
		return Result{}, err
	}
	s0 := State{Task: t}
	final, err := g.Invoke(ctx, s0)
	if err != nil {
		return Result{}, fmt.Errorf("roadtrip: %w", err)
	}
	if err := r.gone(); err != nil {
		return Result{}, fmt.Errorf("roadtrip: %w: %w", ErrMapsUnavailable, err)
	}
	res := Result{Answer: final.Answer, Notes: dedupe(final.Notes)}
	if final.Spec != nil {
		res.Unsupported = final.Spec.Unsupported
	}
	res.Unclear = final.Unclear
	c, tcs := mc.Counts(), tc.Counts()
	res.Stats = Stats{ModelCalls: c.ModelCalls, ModelDecisions: c.ModelDecisions, PolicyDecisions: c.PolicyDecisions,
		PromptTokens: c.PromptTokens, CompletionTokens: c.CompletionTokens, ToolCalls: tcs.Calls, CachedCalls: tcs.Cached, ToolsByName: tcs.ByTool,
		Iterations: len(final.History), Wall: time.Since(start)}
	return res, nil
}

// run is one Solve: the maps client and the models.
type run struct {
	p    *Planner
	maps *mapstool.Client
	log  *slog.Logger

	mu      sync.Mutex
	lastErr error // the last transient maps failure
}

// watch is middleware that remembers transient maps failures.
func (r *run) watch(t tool.Tool) tool.Tool {
	return watched{t, r}
}

type watched struct {
	tool.Tool
	r *run
}

func (w watched) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	res, err := w.Tool.Call(ctx, args)
	if err != nil && errors.Is(err, tool.ErrTransient) && ctx.Err() == nil {
		w.r.mu.Lock()
		w.r.lastErr = err
		w.r.mu.Unlock()
	}
	return res, err
}

func (r *run) gone() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lastErr
}

func (r *run) model(role string) llm.Model {
	if r.p.Models == nil {
		return nil
	}
	return r.p.Models.For(role)
}

func (r *run) timeout() time.Duration {
	if r.p.ModelTimeout > 0 {
		return r.p.ModelTimeout
	}
	return 60 * time.Second
}

func (r *run) maxIter() int {
	if r.p.MaxIterations > 0 {
		return r.p.MaxIterations
	}
	return 10
}

// Actions the orchestrator may take.
const (
	ActPlanRoutes    = "plan_routes"
	ActSearchPlaces  = "search_places"
	ActGetElevations = "get_elevations"
	ActAnswer        = "answer"
)

var allActions = []string{ActPlanRoutes, ActSearchPlaces, ActGetElevations, ActAnswer}

// Graph describes the orchestrator's flow graph, as Solve runs it with p's
// settings.
func (p *Planner) Graph() (flow.Info, error) {
	g, err := (&run{p: p}).graph()
	if err != nil {
		return flow.Info{}, err
	}
	return g.Info(), nil
}

// graph builds the orchestrator: understanding and the first thought run
// in parallel, then the loop think → action → think, at most maxIter
// actions, then answer.
func (r *run) graph() (*flow.Runner[State], error) {
	g := flow.New[State]("roadtrip")
	g.MaxSteps = 4*r.maxIter() + 10
	g.Node("begin", func(_ context.Context, s State) (State, error) { return s, nil })
	g.Node("understand", r.understand)
	g.Node("plan", r.think)
	g.Node("dispatch", r.dispatch)
	g.Node("think", r.think)
	g.Node(ActPlanRoutes, r.act(ActPlanRoutes, r.planRoutes))
	g.Node(ActSearchPlaces, r.act(ActSearchPlaces, r.searchPlaces))
	g.Node(ActGetElevations, r.act(ActGetElevations, r.getElevations))
	g.Node(ActAnswer, r.answer)
	g.Start("begin")
	g.Parallel("begin", []string{"understand", "plan"}, "dispatch")
	flow.Reduce(g, "notes", flow.Appended[string])
	targets := []string{ActPlanRoutes, ActSearchPlaces, ActGetElevations, ActAnswer, "think"}
	g.Branch("dispatch", route, targets...)
	g.Branch("think", route, targets...)
	for _, a := range []string{ActPlanRoutes, ActSearchPlaces, ActGetElevations} {
		g.Edge(a, "think")
	}
	g.Edge(ActAnswer, flow.End)
	// The first thought is "plan"; think runs at most maxIter-1 more times.
	g.Limit("think", max(1, r.maxIter()-1))
	g.OnLimit("think", ActAnswer)
	return g.Build()
}

// route sends the run where s.Next says; an invalid action goes back to
// think, which has already recorded why.
func route(s State) string {
	switch s.Next {
	case ActPlanRoutes, ActSearchPlaces, ActGetElevations, ActAnswer:
		return s.Next
	}
	return "think"
}

// dispatch checks the first thought against the understanding that ran
// beside it.
func (r *run) dispatch(ctx context.Context, s State) (State, error) {
	if s.Spec != nil && (s.Spec.Family == FamilyUnsupported || s.Unclear != "") {
		s.Next, s.Pending = ActAnswer, nil
		return s, nil
	}
	if s.Next == "" { // the first thought was invalid and said so
		return s, nil
	}
	return r.checkNext(s), nil
}

// act wraps an action: it records the observation and the iteration.
func (r *run) act(name string, fn func(context.Context, *State) (string, error)) flow.NodeFunc[State] {
	return func(ctx context.Context, s State) (State, error) {
		obs, err := fn(ctx, &s)
		if err != nil {
			if ctx.Err() != nil {
				return s, err
			}
			obs = "failed: " + err.Error()
			s.Failed = true
			s.Tried = append(s.Tried, failedKey(s, name))
			addNote(&s, fmt.Sprintf("%s failed: %v", name, err))
		} else {
			s.Failed = false
		}
		if !slices.Contains(s.Done, name) && err == nil {
			s.Done = append(s.Done, name)
		}
		s.History = append(s.History, Step{Thought: s.Thought, Action: name, Observation: obs})
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
