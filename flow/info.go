package flow

import (
	"maps"
	"slices"
	"time"
)

// Info describes a built graph as it was declared: its nodes and their
// settings, every edge a run can take and the state fields merged by a
// reducer. It marshals to JSON; Mermaid and DOT draw it. Runner.Info
// returns it, so a system can show its real graph without running it.
type Info struct {
	Name     string     `json:"name"`
	Start    string     `json:"start"`
	MaxSteps int        `json:"maxSteps"`
	Nodes    []NodeInfo `json:"nodes"` // in declaration order
	// Edges lists, node by node in declaration order, the Edge, the Branch
	// targets in declared order, the Parallel fan-out and join, the
	// OnLimit edge and the OnNoAnswer edge.
	Edges []EdgeInfo `json:"edges"`
	// Reducers are the JSON names of the state fields a reducer merges,
	// sorted.
	Reducers []string `json:"reducers,omitempty"`
}

// NodeInfo is one node and its settings; zero fields are unset.
type NodeInfo struct {
	Name       string        `json:"name"`
	Timeout    time.Duration `json:"timeout,omitempty"`
	Attempts   int           `json:"attempts,omitempty"`
	Backoff    time.Duration `json:"backoff,omitempty"`
	MaxBackoff time.Duration `json:"maxBackoff,omitempty"`
	// RetryIf says a filter chooses which errors are retried.
	RetryIf bool `json:"retryIf,omitempty"`
	// Limit is how many runs of the node its OnLimit edge waits for.
	Limit int `json:"limit,omitempty"`
	// OnError says the node's failures become state (Graph.OnError).
	OnError bool `json:"onError,omitempty"`
	// AnswerWithin is the deadline of the node's questions (OnNoAnswer):
	// the node is declared to ask. Any node with a Store may ask (Ask).
	AnswerWithin time.Duration `json:"answerWithin,omitempty"`
}

// EdgeKind says which declaration an edge comes from.
type EdgeKind string

// The kinds of edge.
const (
	EdgeAlways   EdgeKind = "edge"     // Edge: always taken
	EdgeBranch   EdgeKind = "branch"   // a declared target of a Branch
	EdgeParallel EdgeKind = "parallel" // from a fan-out node to one of its branches
	EdgeJoin     EdgeKind = "join"     // from a parallel branch to the join
	EdgeLimit    EdgeKind = "limit"    // OnLimit: taken once the node's Limit is reached
	EdgeNoAnswer EdgeKind = "noAnswer" // OnNoAnswer: taken when a question's deadline passes
)

// EdgeInfo is one edge; To may be End.
type EdgeInfo struct {
	From string   `json:"from"`
	To   string   `json:"to"`
	Kind EdgeKind `json:"kind"`
}

// Info describes the graph the runner runs.
func (r *Runner[S]) Info() Info {
	info := Info{Name: r.name, Start: r.start, MaxSteps: r.maxSteps, Nodes: []NodeInfo{}, Edges: []EdgeInfo{}}
	for _, name := range r.order {
		n := r.nodes[name]
		ni := NodeInfo{Name: name, Timeout: n.settings.Timeout, Attempts: n.settings.Retry.Attempts,
			Backoff: n.settings.Retry.Backoff, MaxBackoff: n.settings.Retry.MaxBackoff, RetryIf: n.settings.Retry.If != nil, OnError: n.onError != nil}
		if l, ok := r.limits[name]; ok {
			ni.Limit = l.n
		}
		ni.AnswerWithin = r.noAnswer[name].wait
		info.Nodes = append(info.Nodes, ni)
	}
	add := func(from, to string, kind EdgeKind) {
		info.Edges = append(info.Edges, EdgeInfo{From: from, To: to, Kind: kind})
	}
	for _, from := range r.order {
		if to, ok := r.edges[from]; ok {
			add(from, to, EdgeAlways)
		}
		if b, ok := r.branches[from]; ok {
			for _, to := range b.targets {
				add(from, to, EdgeBranch)
			}
		}
		if fo, ok := r.fanouts[from]; ok {
			for _, b := range fo.branches {
				add(from, b, EdgeParallel)
			}
			for _, b := range fo.branches {
				add(b, fo.join, EdgeJoin)
			}
		}
		if l, ok := r.limits[from]; ok {
			add(from, l.target, EdgeLimit)
		}
		if d, ok := r.noAnswer[from]; ok {
			add(from, d.target, EdgeNoAnswer)
		}
	}
	info.Reducers = slices.Sorted(maps.Keys(r.reducers))
	return info
}
