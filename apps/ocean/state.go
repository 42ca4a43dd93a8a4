// Package ocean is the Argo float question gateway: a dispatch decision picks the
// specialist agents that answer a question (SQL over float metadata and status,
// DuckDB over Parquet profiles, retrieval over documents, a general agent),
// they run in parallel, and a synthesis step answers with numbers from the
// data and citations from retrieved passages.
//
// Read top-down: state.go (the state and the dispatch decision), dispatch.go
// (who answers), agents in sqlagent.go, profileagent.go (bgc.go) and
// ragagent.go (also the general agent), synth.go (the answer), app.go
// (the graph), http.go (the API).
package ocean

import (
	"fmt"
	"slices"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/docs"
)

// Agent names, as they appear in DispatchDecision.Agents.
const (
	agentSQL     = "sql"
	agentDuckDB  = "duckdb"
	agentRAG     = "rag"
	agentGeneral = "general"
)

var agentNames = []string{agentSQL, agentDuckDB, agentRAG, agentGeneral}

// graphAgents are the parallel branches: the dispatched agents and the
// query agent, which answers the plan.
var graphAgents = []string{agentQuery, agentSQL, agentDuckDB, agentRAG, agentGeneral}

// DispatchDecision is the dispatch node's typed decision: which agents run and what
// the question is about.
type DispatchDecision struct {
	// Agents to run: any of "sql", "duckdb", "rag", "general".
	Agents []string `json:"agents" enum:"sql,duckdb,rag,general"`
	// FloatIDs are the WMO numbers of floats the question names.
	FloatIDs []string `json:"floatIds"`
	// Region is a named sea the question asks about, if any.
	Region string `json:"region,omitempty"`
	// Near is a point and radius the question asks about, if any.
	Near *Near `json:"near,omitempty"`
	// DepthDbar is a depth (pressure, dbar ≈ m) the question asks about; 0
	// means the surface.
	DepthDbar float64 `json:"depthDbar,omitempty"`
	// SinceDays limits the question to reports in the last N days; 0 means
	// no limit.
	SinceDays int    `json:"sinceDays,omitempty"`
	Reasoning string `json:"reasoning"`
}

// Near is a circle on the globe. Place names the place the point was
// read from ("Sri Lanka"), when the question named one.
type Near struct {
	Lat      float64 `json:"lat"`
	Lon      float64 `json:"lon"`
	RadiusKm float64 `json:"radiusKm"`
	Place    string  `json:"place,omitempty"`
}

// Validate rejects unknown agents, an empty agent list and float numbers
// that are not WMO numbers.
func (d DispatchDecision) Validate() error {
	if len(d.Agents) == 0 {
		return fmt.Errorf("agents: at least one of %v is required", agentNames)
	}
	for _, a := range d.Agents {
		if !slices.Contains(agentNames, a) {
			return fmt.Errorf("agents: %q is not one of %v", a, agentNames)
		}
	}
	for _, f := range d.FloatIDs {
		if !isWMO(f) {
			return fmt.Errorf("floatIds: %q is not a WMO number (5 or 7 digits)", f)
		}
	}
	if n := d.Near; n != nil && (n.Lat < -90 || n.Lat > 90 || n.Lon < -180 || n.Lon > 360 || n.RadiusKm <= 0 || n.RadiusKm > 20000) {
		return fmt.Errorf("near: lat %v, lon %v, radius %v km is not a valid circle", n.Lat, n.Lon, n.RadiusKm)
	}
	if d.DepthDbar < 0 || d.DepthDbar > 12000 {
		return fmt.Errorf("depthDbar: %v is outside 0..12000", d.DepthDbar)
	}
	if d.SinceDays < 0 {
		return fmt.Errorf("sinceDays: %d is negative", d.SinceDays)
	}
	if d.Region != "" {
		if _, ok := regionByName(d.Region); !ok {
			return fmt.Errorf("region: %q is not a known region (%v)", d.Region, regionNames())
		}
	}
	return nil
}

// Reason returns the decision's reasoning.
func (d DispatchDecision) Reason() string { return d.Reasoning }

// Has reports whether the question is dispatched to agent a.
func (d DispatchDecision) Has(a string) bool { return slices.Contains(d.Agents, a) }

func isWMO(s string) bool {
	if len(s) != 5 && len(s) != 7 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Table is a query result as the agents report it.
type Table struct {
	SQL     string   `json:"sql,omitempty"`
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
	// Truncated says more rows existed than the row limit.
	Truncated bool `json:"truncated,omitempty"`
}

// AgentReport is what one agent produced: its findings as sentences built
// from its data, the data itself, or why it failed.
type AgentReport struct {
	Agent    string   `json:"agent"`
	OK       bool     `json:"ok"`
	Error    string   `json:"error,omitempty"`
	Findings []string `json:"findings,omitempty"`
	Tables   []Table  `json:"tables,omitempty"`
	// Source says whether a model or a policy chose what the agent did.
	Source string  `json:"source,omitempty"`
	TimeMs float64 `json:"timeMs"`
	Tokens int     `json:"tokens,omitempty"`
	// Result is the query agent's executed plan. A Response carries it
	// once, as Response.Result, not again in its Agents.
	Result *PlanResult `json:"result,omitempty"`

	hits []docs.Hit // the rag agent's passages, moved to state.Retrieved
}

// startReport begins an agent's report, the policy deciding until a
// model does; it has already failed when the agent's store is missing.
func startReport(agent string, store Querier, what string) *AgentReport {
	rep := &AgentReport{Agent: agent, OK: true, Source: string(llm.FromPolicy)}
	if store == nil {
		rep.OK, rep.Error = false, "no "+what+" store is configured"
	}
	return rep
}

// state is the gateway's flow state. Each agent writes only its own field,
// so the parallel branches never conflict.
type state struct {
	Query          string           `json:"query"`
	Dispatch       DispatchDecision `json:"dispatch"`
	DispatchSource string           `json:"dispatchSource"`
	DispatchMs     float64          `json:"dispatchMs"`
	DispatchTokens int              `json:"dispatchTokens"`

	Plan       QueryPlan `json:"plan"`
	PlanSource string    `json:"planSource"`
	PlanMs     float64   `json:"planMs"`
	PlanTokens int       `json:"planTokens"`

	QueryAgent *AgentReport `json:"queryAgent,omitempty"`

	// Retrieved are the passages the rag agent retrieved, in rank order.
	Retrieved []retrievedPassage `json:"retrieved,omitempty"`

	SQL     *AgentReport `json:"sql,omitempty"`
	DuckDB  *AgentReport `json:"duckdb,omitempty"`
	RAG     *AgentReport `json:"rag,omitempty"`
	General *AgentReport `json:"general,omitempty"`

	Answer string `json:"answer"`
	// Cited are the 1-based numbers of the retrieved passages the answer
	// cites; citations are made from the request's own hits, not state.
	Cited           []int   `json:"cited,omitempty"`
	AnswerSource    string  `json:"answerSource"`
	SynthesisTokens int     `json:"synthesisTokens"`
	SynthesisMs     float64 `json:"synthesisMs"`
}

// reports returns the agent reports present, in a fixed order.
func (s state) reports() []*AgentReport {
	var out []*AgentReport
	for _, r := range []*AgentReport{s.QueryAgent, s.SQL, s.DuckDB, s.RAG, s.General} {
		if r != nil {
			out = append(out, r)
		}
	}
	return out
}
