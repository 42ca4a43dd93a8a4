package flow

import (
	"context"
)

// End is the target that finishes a run. Use it in Edge, Branch, OnLimit or
// as the join of Parallel.
const End = "END"

// NodeFunc is one step of a graph: it receives the state and returns the
// next state. Events it emits with event.Emit(ctx, ...) appear in the run's
// stream.
type NodeFunc[S any] func(ctx context.Context, s S) (S, error)

// Graph is a graph under construction over a JSON-serialisable state S.
// Declare nodes and edges, then call Build; every mistake is reported by
// Build, naming the node or edge, never at run time.
//
// The exported fields configure runs; their zero values work.
type Graph[S any] struct {
	// MaxSteps bounds the steps of one run (a node, or a parallel group,
	// is one step); zero means DefaultMaxSteps. A run that reaches it fails
	// with ErrStepLimit.
	MaxSteps int
	// Store keeps checkpoints so a run can Resume; nil keeps none.
	Store Store
	// Executor runs nodes; nil means InProcess.
	Executor Executor[S]

	name     string
	nodes    map[string]*node[S]
	order    []string
	start    string
	edges    map[string]string
	branches map[string]*branch[S]
	fanouts  map[string]*fanout
	limits   map[string]*limit
	reducers map[string]*reducer
	noAnswer map[string]noAnswer // nil until OnNoAnswer
	errs     []error
}

// DefaultMaxSteps is the step limit of a run when Graph.MaxSteps is zero.
const DefaultMaxSteps = 100

type node[S any] struct {
	name     string
	fn       NodeFunc[S]
	settings NodeSettings
	onError  func(S, error) (S, error)
}

type branch[S any] struct {
	fn      func(S) string
	targets []string
}

type fanout struct {
	branches []string
	join     string
}

type limit struct {
	n      int
	target string // empty until OnLimit
}

// New returns an empty graph; name identifies it in events and checkpoints.
func New[S any](name string) *Graph[S] {
	return &Graph[S]{
		name:     name,
		nodes:    map[string]*node[S]{},
		edges:    map[string]string{},
		branches: map[string]*branch[S]{},
		fanouts:  map[string]*fanout{},
		limits:   map[string]*limit{},
		reducers: map[string]*reducer{},
	}
}

// Name returns the graph's name.
func (g *Graph[S]) Name() string { return g.name }

func (g *Graph[S]) fail(rule error, format string, args ...any) {
	g.errs = append(g.errs, invalid(rule, format, args...))
}

// Node adds a node named name running fn.
func (g *Graph[S]) Node(name string, fn NodeFunc[S]) {
	switch {
	case name == "":
		g.fail(ErrBadDeclaration, "node with an empty name")
		return
	case name == End:
		g.fail(ErrBadDeclaration, "node %q: the name is reserved for the end of the graph", name)
		return
	case fn == nil:
		g.fail(ErrBadDeclaration, "node %q: nil function", name)
		return
	}
	if _, dup := g.nodes[name]; dup {
		g.fail(ErrDuplicate, "node %q declared twice", name)
		return
	}
	g.nodes[name] = &node[S]{name: name, fn: fn}
	g.order = append(g.order, name)
}

// Settings sets the timeout and retries of node name.
func (g *Graph[S]) Settings(name string, s NodeSettings) {
	n, ok := g.nodes[name]
	if !ok {
		g.fail(ErrUnknownNode, "Settings for unknown node %q", name)
		return
	}
	if s.Timeout < 0 || s.Retry.Attempts < 0 || s.Retry.Backoff < 0 || s.Retry.MaxBackoff < 0 {
		g.fail(ErrBadDeclaration, "Settings for node %q: negative timeout, attempts or backoff", name)
		return
	}
	n.settings = s
}

// OnError makes a failure of node part of the state instead of the end of
// the run: when the node fails after its last attempt (an error, a
// timeout, a panic), the run goes on with handle(s, err), s being the
// state the node was given. An error from handle fails the run. handle is
// not called when the run itself was cancelled.
//
// handle should only shape the state (say what failed, mark a result
// missing): it must not block or do I/O, and it must give the same answer
// for the same input, since a durable executor may run it again when it
// replays a run.
func (g *Graph[S]) OnError(node string, handle func(s S, err error) (S, error)) {
	n, ok := g.nodes[node]
	switch {
	case !ok:
		g.fail(ErrUnknownNode, "OnError for unknown node %q", node)
	case handle == nil:
		g.fail(ErrBadDeclaration, "OnError for node %q: nil function", node)
	case n.onError != nil:
		g.fail(ErrDuplicate, "OnError for node %q declared twice", node)
	default:
		n.onError = handle
	}
}

// Start makes name the entry node.
func (g *Graph[S]) Start(name string) {
	if g.start != "" {
		g.fail(ErrDuplicate, "Start(%q): entry already set to %q", name, g.start)
		return
	}
	g.start = name
}

// claim records that from has an outgoing declaration of kind; a node has
// exactly one of Edge, Branch or Parallel.
func (g *Graph[S]) claim(from, kind string) bool {
	if to, ok := g.edges[from]; ok {
		g.fail(ErrTwoOutgoing, "%s from %q: node already has Edge %q -> %q", kind, from, from, to)
		return false
	}
	if _, ok := g.branches[from]; ok {
		g.fail(ErrTwoOutgoing, "%s from %q: node already has a Branch", kind, from)
		return false
	}
	if _, ok := g.fanouts[from]; ok {
		g.fail(ErrTwoOutgoing, "%s from %q: node already has a Parallel fan-out", kind, from)
		return false
	}
	return true
}

// Edge declares that from is always followed by to (a node or End).
func (g *Graph[S]) Edge(from, to string) {
	if g.claim(from, "Edge") {
		g.edges[from] = to
	}
}

// Branch declares that after from, choose(state) names the next node. It
// must return one of targets (nodes or End); anything else fails the run
// with ErrUndeclaredTarget.
func (g *Graph[S]) Branch(from string, choose func(S) string, targets ...string) {
	if choose == nil {
		g.fail(ErrBadDeclaration, "Branch from %q: nil choose function", from)
		return
	}
	if len(targets) == 0 {
		g.fail(ErrBadDeclaration, "Branch from %q: no targets declared", from)
		return
	}
	if g.claim(from, "Branch") {
		g.branches[from] = &branch[S]{fn: choose, targets: append([]string(nil), targets...)}
	}
}

// Parallel declares that after from, the nodes in branches run
// concurrently, each on its own copy of the state; their results are merged
// field by field into the state as it was before the fan-out (see Reduce),
// and the run continues at join (a node or End).
//
// A branch node's own outgoing edge is the join: it must not declare Edge,
// Branch, Parallel or Limit itself. To run a chain in a branch, make the
// branch node run a sub-graph (see Runner.AsNode).
func (g *Graph[S]) Parallel(from string, branches []string, join string) {
	if len(branches) < 2 {
		g.fail(ErrBadDeclaration, "Parallel from %q: needs at least two branches, got %d", from, len(branches))
		return
	}
	seen := map[string]bool{}
	for _, b := range branches {
		if seen[b] {
			g.fail(ErrDuplicate, "Parallel from %q: branch %q listed twice", from, b)
			return
		}
		seen[b] = true
	}
	if g.claim(from, "Parallel") {
		g.fanouts[from] = &fanout{branches: append([]string(nil), branches...), join: join}
	}
}

// Limit bounds a cycle: once node has run n times in a run, its normal
// outgoing edge is replaced by the OnLimit target. Every Limit needs an
// OnLimit.
func (g *Graph[S]) Limit(node string, n int) {
	if n <= 0 {
		g.fail(ErrBadDeclaration, "Limit(%q, %d): the limit must be positive", node, n)
		return
	}
	if l, ok := g.limits[node]; ok {
		if l.n != 0 {
			g.fail(ErrDuplicate, "Limit(%q): limit already set to %d", node, l.n)
			return
		}
		l.n = n
		return
	}
	g.limits[node] = &limit{n: n}
}

// OnLimit declares the edge taken from node when its Limit is reached.
func (g *Graph[S]) OnLimit(node, target string) {
	if target == "" {
		g.fail(ErrBadDeclaration, "OnLimit(%q): empty target", node)
		return
	}
	if l, ok := g.limits[node]; ok {
		if l.target != "" {
			g.fail(ErrDuplicate, "OnLimit(%q): target already set to %q", node, l.target)
			return
		}
		l.target = target
		return
	}
	g.limits[node] = &limit{target: target}
}

// Build validates the graph and returns a Runner. The error joins one
// error per problem, in a stable order (declaration order, then the
// whole-graph checks), each naming the node or edge at fault and wrapping
// the sentinel of the rule it breaks (ErrUnknownNode, ErrUnboundedCycle,
// ...), which wraps ErrInvalidGraph.
func (g *Graph[S]) Build() (*Runner[S], error) {
	if err := g.validate(); err != nil {
		return nil, err
	}
	return newRunner(g)
}
