package ocean

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/internal/admit"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/docs"
	"github.com/cairn-agents/cairn/understand"
)

// Errors for bad questions; check with errors.Is.
var (
	ErrEmptyQuery = errors.New("query is empty")
	ErrLongQuery  = errors.New("query is too long")
)

// MaxQueryLen is the longest question accepted, in characters.
const MaxQueryLen = 2000

// Options configure an App. Zero values take the defaults.
type Options struct {
	// Models gives the model for each role: "dispatch", "sql", "synthesis";
	// llm.Roles is one. Nil means no models: policies decide everything.
	Models llm.Models
	// MaxRows bounds each query's result; default 200.
	MaxRows int
	// QueryTimeout bounds each query; default 5 s.
	QueryTimeout time.Duration
	// AgentTimeout bounds each agent; default 15 s. An agent past it is
	// reported as timed out and the others still answer.
	AgentTimeout time.Duration
	// Passages is how many passages retrieval returns; default 5.
	Passages int
	// Embedder, when set and the index was embedded with the same model,
	// adds vector similarity to BM25 retrieval.
	Embedder docs.Embedder
	// ActiveWithin is the report age under which a float counts as active
	// (it must match the store's); default 30 days.
	ActiveWithin time.Duration
	// PlanCacheTTL is how long a plan's query result is reused by later
	// questions with the same plan, and the HTTP API's answer by the same
	// question asked again (marked "cached"); default 10 s, negative for
	// never.
	PlanCacheTTL time.Duration
	// Now is the reference time for "last year" and similar; default time.Now.
	Now func() time.Time
	// Engine runs each question's graph elsewhere (flow/temporal.Engine:
	// a Temporal cluster whose workers host Runners, built over the same
	// stores and index); nil runs it here. The answer is the same: the
	// state carries everything the nodes pass on, and citations are made
	// here from this App's index.
	Engine flow.Engine
	// Gazetteer resolves places a question names as points ("the float
	// nearest to Sri Lanka"): geo.NewGazetteer over the embedded GeoNames
	// cities. Nil resolves none, and the plan says the place was not found.
	Gazetteer understand.Gazetteer
	// MaxAsks is how many questions the HTTP API answers at once; the
	// others wait their turn in arrival order, so under load each waits
	// for the ones before it instead of all sharing the cores and all
	// finishing late. Zero means one per core when this machine does all
	// the work (no models, no Engine) and no limit otherwise (the work
	// then waits on a model server or a cluster); negative means no limit.
	MaxAsks int
	Logger  *slog.Logger
}

type noModels struct{}

func (noModels) For(string) llm.Model { return nil }

// modelRoles are the roles the gateway asks ms for.
var modelRoles = []string{"dispatch", "plan", "sql", "synthesis"}

// hasModels reports whether ms gives a model for any of the gateway's roles.
func hasModels(ms llm.Models) bool {
	if ms == nil {
		return false
	}
	for _, r := range modelRoles {
		if ms.For(r) != nil {
			return true
		}
	}
	return false
}

// App is the ocean gateway. It is safe for concurrent use.
type App struct {
	meta     Querier // metadata and status (embedded DuckDB or PostGIS)
	profiles Querier // Parquet profiles through DuckDB
	docs     *docs.Index
	models   llm.Models
	opts     Options
	prompts  systemPrompts
	runner   *flow.Runner[state] // the graph, run here
	graph    *flow.Runner[state] // where Ask runs it: here, or on the Engine
	agents   map[string]func(context.Context, state) *AgentReport
	plans    *planCache
	answers  *answerCache // the HTTP API's
	asks     *admit.Gate  // the HTTP API's questions; nil admits all
	sqlOnly  bool         // run every plan's statement (tests: no plans in Go)
	lvRows   sync.Pool    // of *[]lvRow: planInGo's level buffers
}

// New builds the gateway over a metadata store, a profile store (often the
// same DuckDB store) and a document index; any may be nil, and the agent
// that needs it then reports that it has no data.
func New(meta, profiles Querier, index *docs.Index, opts Options) (*App, error) {
	if opts.MaxRows == 0 {
		opts.MaxRows = 200
	}
	if opts.QueryTimeout == 0 {
		opts.QueryTimeout = 5 * time.Second
	}
	if opts.AgentTimeout == 0 {
		opts.AgentTimeout = 15 * time.Second
	}
	if opts.Passages == 0 {
		opts.Passages = 5
	}
	if opts.ActiveWithin == 0 {
		opts.ActiveWithin = 30 * 24 * time.Hour
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PlanCacheTTL == 0 {
		opts.PlanCacheTTL = 10 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Models == nil {
		opts.Models = noModels{}
	}
	a := &App{meta: meta, profiles: profiles, docs: index, models: opts.Models, opts: opts, plans: newPlanCache(opts.PlanCacheTTL), answers: newAnswerCache(opts.PlanCacheTTL)}
	if n := opts.MaxAsks; n > 0 || n == 0 && opts.Engine == nil && !hasModels(opts.Models) {
		a.asks = admit.New(cmp.Or(n, runtime.GOMAXPROCS(0)))
	}
	var err error
	if a.prompts, err = renderSystemPrompts(); err != nil {
		return nil, fmt.Errorf("ocean: %w", err)
	}
	a.agents = map[string]func(context.Context, state) *AgentReport{
		agentSQL:     a.sqlAgent,
		agentDuckDB:  a.profileAgent,
		agentRAG:     a.ragAgent,
		agentGeneral: a.generalAgent,
		agentQuery:   a.queryAgent,
	}
	g := flow.New[state]("ocean")
	g.Node("dispatch", a.dispatchNode)
	g.Node("plan", a.planNode)
	for _, name := range graphAgents {
		g.Node(name, a.agentNode(name))
		// One agent's timeout or panic is its failed report; the others
		// still answer.
		g.Settings(name, flow.NodeSettings{Timeout: opts.AgentTimeout})
		g.OnError(name, a.agentFailed(name))
	}
	g.Node("synthesize", a.synthNode)
	g.Start("dispatch")
	g.Edge("dispatch", "plan")
	g.Parallel("plan", graphAgents, "synthesize")
	g.Edge("synthesize", flow.End)
	r, err := g.Build()
	if err != nil {
		return nil, fmt.Errorf("ocean graph: %w", err)
	}
	a.runner, a.graph = r, r
	if opts.Engine != nil {
		a.graph = r.WithEngine(opts.Engine)
	}
	return a, nil
}

// Runners are the gateway's graphs as run in this process, for a worker
// that hosts them (flow/temporal.NewWorker).
func (a *App) Runners() []flow.AnyRunner { return []flow.AnyRunner{a.runner} }

// Graph describes the gateway's flow graph.
func (a *App) Graph() flow.Info { return a.runner.Info() }

func (a *App) dispatchNode(ctx context.Context, s state) (state, error) {
	start := time.Now()
	d, err := a.dispatch(ctx, s.Query)
	if err != nil {
		return s, err
	}
	s.Dispatch = d.Value
	if s.Dispatch.FloatIDs == nil {
		s.Dispatch.FloatIDs = []string{}
	}
	s.DispatchSource = string(d.Source)
	s.DispatchTokens = d.Usage.PromptTokens + d.Usage.CompletionTokens
	s.DispatchMs = ms(time.Since(start))
	return s, nil
}

// planNode makes the QueryPlan: what exactly the question asks.
func (a *App) planNode(ctx context.Context, s state) (state, error) {
	start := time.Now()
	d, err := a.plan(ctx, s.Query)
	if err != nil {
		return s, err
	}
	s.Plan, s.PlanSource = d.Value, string(d.Source)
	s.PlanTokens = d.Usage.PromptTokens + d.Usage.CompletionTokens
	s.PlanMs = ms(time.Since(start))
	return s, nil
}

// synthNode writes the answer from the agents' reports and the passages
// retrieved in this request.
func (a *App) synthNode(ctx context.Context, s state) (state, error) {
	start := time.Now()
	d, err := a.synthesize(ctx, s, s.hits())
	if err != nil {
		return s, fmt.Errorf("synthesis: %w", err)
	}
	s.Answer, s.Cited, s.AnswerSource = d.Value.Answer, d.Value.Cited, string(d.Source)
	s.SynthesisTokens = d.Usage.PromptTokens + d.Usage.CompletionTokens
	s.SynthesisMs = ms(time.Since(start))
	return s, nil
}

// agentNode runs an agent when the dispatcher chose it. The graph bounds
// it by the agent timeout and turns its failure into a report
// (agentFailed).
func (a *App) agentNode(name string) flow.NodeFunc[state] {
	return func(ctx context.Context, s state) (state, error) {
		if !s.runs(name) {
			return s, nil
		}
		start := time.Now()
		rep := a.agents[name](ctx, s)
		rep.TimeMs = ms(time.Since(start))
		return a.withReport(s, rep), nil
	}
}

// agentFailed turns an agent's timeout or panic into its failed report.
func (a *App) agentFailed(name string) func(state, error) (state, error) {
	return func(s state, err error) (state, error) {
		rep := &AgentReport{Agent: name, Error: "agent failed: " + err.Error()}
		if pe, ok := errors.AsType[*flow.PanicError](err); ok {
			rep.Error = fmt.Sprintf("agent panicked: %v", pe.Value)
		} else if errors.Is(err, flow.ErrTimeout) {
			rep.Error = fmt.Sprintf("agent did not answer within %v", a.opts.AgentTimeout)
			rep.TimeMs = ms(a.opts.AgentTimeout)
		}
		return a.withReport(s, rep), nil
	}
}

// withReport puts an agent's report in the state, logging a failure.
func (a *App) withReport(s state, rep *AgentReport) state {
	if !rep.OK {
		a.opts.Logger.Warn("ocean agent failed", "agent", rep.Agent, "error", rep.Error)
	}
	switch rep.Agent {
	case agentSQL:
		s.SQL = rep
	case agentDuckDB:
		s.DuckDB = rep
	case agentRAG:
		s.RAG = rep
		if rep.hits != nil {
			s.Retrieved = toRetrieved(rep.hits)
		}
	case agentGeneral:
		s.General = rep
	case agentQuery:
		s.QueryAgent = rep
	}
	return s
}

// Response is the gateway's answer, as the HTTP API returns it.
type Response struct {
	Success bool   `json:"success"`
	Query   string `json:"query"`
	// Dispatch says which agents answered and why; the API calls it routing.
	Dispatch DispatchInfo `json:"routing"`
	// Plan is the QueryPlan and who made it; Result what running it
	// returned, when the question asked for a measured quantity.
	Plan         PlanInfo        `json:"plan"`
	Result       *PlanResult     `json:"result,omitempty"`
	Response     string          `json:"response"`
	Citations    []docs.Citation `json:"citations"`
	Agents       []AgentReport   `json:"agents"`
	AgentMetrics Metrics         `json:"agentMetrics"`
	Timestamp    time.Time       `json:"timestamp"`
}

// DispatchInfo is the dispatch decision and who made it.
type DispatchInfo struct {
	DispatchDecision
	Source string `json:"source"` // "model" or "policy"
}

// PlanInfo is the plan decision and who made it.
type PlanInfo struct {
	QueryPlan
	Source string `json:"source"` // "model" or "policy"
}

// Metrics are the request's timings and model tokens.
type Metrics struct {
	DispatchTimeMs    float64 `json:"routingTimeMs"`
	PlanTimeMs        float64 `json:"planTimeMs"`
	QueryAgentTimeMs  float64 `json:"queryAgentTimeMs"`
	SQLAgentTimeMs    float64 `json:"sqlAgentTimeMs"`
	DuckDBAgentTimeMs float64 `json:"duckdbAgentTimeMs"`
	RAGAgentTimeMs    float64 `json:"ragAgentTimeMs"`
	GeneralTimeMs     float64 `json:"generalAgentTimeMs"`
	SynthesisTimeMs   float64 `json:"synthesisTimeMs"`
	// OrchestrationTimeMs is the gateway's own time: the total less
	// dispatch, the slowest agent and synthesis.
	OrchestrationTimeMs float64 `json:"orchestrationTimeMs"`
	TotalTimeMs         float64 `json:"totalTimeMs"`
	Tokens              int     `json:"tokens"`
}

// Ask answers one question. It fails only on a bad question or when the
// run itself fails; a failing agent is reported inside the Response.
func (a *App) Ask(ctx context.Context, query string) (Response, error) {
	start := time.Now()
	query = strings.TrimSpace(query)
	if query == "" {
		return Response{}, ErrEmptyQuery
	}
	if n := utf8.RuneCountInString(query); n > MaxQueryLen {
		return Response{}, fmt.Errorf("%w: %d characters, limit %d", ErrLongQuery, n, MaxQueryLen)
	}
	s, err := a.graph.Invoke(ctx, state{Query: query})
	if err != nil {
		return Response{}, fmt.Errorf("ocean: %w", err)
	}
	resp := Response{
		Success:   true,
		Query:     query,
		Dispatch:  DispatchInfo{DispatchDecision: s.Dispatch, Source: s.DispatchSource},
		Plan:      PlanInfo{QueryPlan: s.Plan, Source: s.PlanSource},
		Response:  s.Answer,
		Citations: citations(s.Cited, a.recall(s.Retrieved)),
		Agents:    []AgentReport{},
		Timestamp: time.Now().UTC(),
	}
	m := &resp.AgentMetrics
	m.DispatchTimeMs = s.DispatchMs
	m.PlanTimeMs = s.PlanMs
	m.SynthesisTimeMs = s.SynthesisMs
	m.Tokens = s.DispatchTokens + s.PlanTokens + s.SynthesisTokens
	slowest := 0.0
	for _, r := range s.reports() {
		resp.Agents = append(resp.Agents, *r)
		m.Tokens += r.Tokens
		slowest = max(slowest, r.TimeMs)
		switch r.Agent {
		case agentSQL:
			m.SQLAgentTimeMs = r.TimeMs
		case agentDuckDB:
			m.DuckDBAgentTimeMs = r.TimeMs
		case agentRAG:
			m.RAGAgentTimeMs = r.TimeMs
		case agentGeneral:
			m.GeneralTimeMs = r.TimeMs
		case agentQuery:
			m.QueryAgentTimeMs = r.TimeMs
			resp.Result = r.Result
			// once in the answer: a result lists up to 500 profiles
			resp.Agents[len(resp.Agents)-1].Result = nil
		}
	}
	m.TotalTimeMs = ms(time.Since(start))
	// rounded to the microsecond, as the terms are
	m.OrchestrationTimeMs = max(0, math.Round((m.TotalTimeMs-m.DispatchTimeMs-m.PlanTimeMs-slowest-m.SynthesisTimeMs)*1000)/1000)
	return resp, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
