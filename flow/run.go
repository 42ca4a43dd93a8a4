package flow

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Run errors.
var (
	// ErrStepLimit: the run reached Graph.MaxSteps.
	ErrStepLimit = errors.New("flow: step limit reached")
	// ErrUndeclaredTarget: a Branch chose a target it did not declare.
	ErrUndeclaredTarget = errors.New("flow: undeclared branch target")
	// ErrRunExists: RunWithID was given the ID of a run that already has a
	// checkpoint; Resume it instead.
	ErrRunExists = errors.New("flow: run already has a checkpoint")
)

// Runner runs a validated graph. It is safe for concurrent use; each run
// is independent.
type Runner[S any] struct {
	name     string
	start    string
	maxSteps int
	store    Store
	exec     Executor[S]
	engine   Engine // runs go there when set
	nodes    map[string]*node[S]
	order    []string // node names in declaration order
	edges    map[string]string
	branches map[string]*branch[S]
	fanouts  map[string]*fanout
	limits   map[string]*limit
	reducers map[string]*reducer
	noAnswer map[string]noAnswer
	// plain are S's fields for mergeTyped; nil when S has none it can
	// merge (see plainFields).
	plain []int
	// inProcess: exec is InProcess, which needs no run ID.
	inProcess bool

	mu      sync.Mutex
	busy    map[string]bool // waiting runs being answered, expired or cancelled
	schemas schemaCache
}

func newRunner[S any](g *Graph[S]) (*Runner[S], error) {
	r := &Runner[S]{
		name:     g.name,
		start:    g.start,
		maxSteps: g.MaxSteps,
		store:    g.Store,
		exec:     g.Executor,
		nodes:    map[string]*node[S]{},
		order:    slices.Clone(g.order),
		edges:    maps.Clone(g.edges),
		branches: map[string]*branch[S]{},
		fanouts:  map[string]*fanout{},
		limits:   map[string]*limit{},
		reducers: maps.Clone(g.reducers),
		noAnswer: maps.Clone(g.noAnswer),
		plain:    plainFields(reflect.TypeFor[S]()),
	}
	if r.maxSteps <= 0 {
		r.maxSteps = DefaultMaxSteps
	}
	if r.exec == nil {
		r.exec = InProcess[S]{}
	}
	_, r.inProcess = r.exec.(InProcess[S])
	// Copy so later changes to g do not reach a built runner.
	for k, v := range g.nodes {
		c := *v
		r.nodes[k] = &c
	}
	for k, v := range g.branches {
		r.branches[k] = &branch[S]{fn: v.fn, targets: slices.Clone(v.targets)}
	}
	for k, v := range g.fanouts {
		r.fanouts[k] = &fanout{branches: slices.Clone(v.branches), join: v.join}
	}
	for k, v := range g.limits {
		c := *v
		r.limits[k] = &c
	}
	return r, nil
}

// Name returns the graph's name.
func (r *Runner[S]) Name() string { return r.name }

// WithExecutor returns a runner of the same graph whose nodes run on e
// (InProcess when nil), so a graph built with its systems' defaults can
// run on a durable executor. Waiting runs being answered are not shared.
func (r *Runner[S]) WithExecutor(e Executor[S]) *Runner[S] {
	c := &Runner[S]{name: r.name, start: r.start, maxSteps: r.maxSteps, store: r.store, exec: e,
		nodes: r.nodes, order: r.order, edges: r.edges, branches: r.branches, fanouts: r.fanouts,
		limits: r.limits, reducers: r.reducers, noAnswer: r.noAnswer}
	if c.exec == nil {
		c.exec = InProcess[S]{}
	}
	_, c.inProcess = c.exec.(InProcess[S])
	return c
}

// Settings returns node's settings, Retry.If included; false when the
// graph has no such node.
func (r *Runner[S]) Settings(node string) (NodeSettings, bool) {
	n, ok := r.nodes[node]
	if !ok {
		return NodeSettings{}, false
	}
	return n.settings, true
}

// Run starts a run from s0 under a new run ID and streams its events: a
// RunStart first, then for each step NodeStart, the node's own events,
// NodeEnd, StateSet and (with a Store) Checkpoint, and a RunEnd last. The
// RunEnd carries the final state (the last good one when the run failed,
// the one a question waits with when it was interrupted); it is yielded
// with the run's error, nil on success, an *InterruptedError when a node
// asked (Ask). Breaking out of the
// loop cancels the run. Each range over the result starts a new run.
//
// To get only the final state, use Invoke: it builds no event nobody
// listens to and keeps none.
func (r *Runner[S]) Run(ctx context.Context, s0 S) iter.Seq2[event.Event, error] {
	return r.RunWithID(ctx, "", s0)
}

// RunWithID is Run under the given run ID (a new one when empty), which
// Resume takes to continue the run after a crash. It fails with
// ErrRunExists when the Store already holds a checkpoint for the ID.
func (r *Runner[S]) RunWithID(ctx context.Context, runID string, s0 S) iter.Seq2[event.Event, error] {
	if r.engine != nil {
		return r.streamRemote(ctx, runID, s0)
	}
	return func(yield func(event.Event, error) bool) {
		r.stream(ctx, runID, yield, func(ctx context.Context, rn *run) ending[S] {
			return r.fresh(ctx, rn, s0)
		})
	}
}

// Resume continues run runID from its latest checkpoint in the Store: the
// steps already completed are not run again (a step interrupted by the
// crash is). Resuming a finished run yields its final state at once; a
// run that waits for answers (Ask) runs nothing and ends with its
// *InterruptedError again (Answer continues it), a cancelled one with
// ErrCancelled.
func (r *Runner[S]) Resume(ctx context.Context, runID string) iter.Seq2[event.Event, error] {
	return func(yield func(event.Event, error) bool) {
		if r.engine != nil {
			yield(event.Event{Kind: event.RunEnd, RunID: runID, Message: "failed", Err: ErrNotOnEngine.Error()},
				fmt.Errorf("flow: Resume(%q): %w", runID, ErrNotOnEngine))
			return
		}
		r.stream(ctx, runID, yield, func(ctx context.Context, rn *run) ending[S] {
			return r.resume(ctx, rn)
		})
	}
}

// Invoke runs from s0 to the end on the caller's goroutine and returns the
// final state, the last good one when the run failed, or the one a
// question waits with and an *InterruptedError when a node asked (Ask). It keeps no event:
// the run's events go to the sinks in ctx (event.WithSink), and when ctx
// has none, none is built and the state is encoded as JSON only where a
// Store or a parallel merge needs it.
func (r *Runner[S]) Invoke(ctx context.Context, s0 S) (S, error) {
	if r.engine != nil {
		return r.invokeRemote(ctx, "", s0)
	}
	return r.invoke(ctx, "", func(ctx context.Context, rn *run) ending[S] {
		return r.fresh(ctx, rn, s0)
	})
}

// RunToEnd runs from s0 to the end and returns the final state and every
// event of the run, kept in memory: use Invoke when the events are not
// needed. On failure the state is the last good one.
func (r *Runner[S]) RunToEnd(ctx context.Context, s0 S) (S, []event.Event, error) {
	ctx, evs := event.Collect(ctx)
	s, err := r.Invoke(ctx, s0)
	return s, evs(), err
}

// AsNode returns a node that runs this graph to its end on the state it is
// given, so a chain can serve as one branch of a parallel fan-out. The
// sub-run's events go to the sink in the node's context, i.e. they appear
// in the enclosing run's stream.
func (r *Runner[S]) AsNode() NodeFunc[S] {
	return r.Invoke
}

func newRunID() string {
	var b [8]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b[:])
}

// run is what one run carries besides its state: its ID and where its
// events go.
type run struct {
	id    string // empty when nothing needs it: no Store, listener or remote executor
	graph string
	// emit delivers an event of this run; nil when nobody listens, so
	// no event is built.
	emit func(event.Event)
	// resumed is what the step that waited for answers gets when it runs
	// again; nil otherwise.
	resumed *resumed
}

// resumed is what a step that waited is given: the answers, and the
// states of its parallel branches that finished.
type resumed struct {
	answers  map[string]json.RawMessage
	branches map[string]json.RawMessage
}

// String names the run in errors.
func (rn *run) String() string {
	if rn.id == "" {
		return fmt.Sprintf("of graph %q", rn.graph)
	}
	return fmt.Sprintf("%q", rn.id)
}

// ending is how a run ended: its last good state, that state's JSON when
// it was made, and the error that ended it.
type ending[S any] struct {
	s   S
	raw json.RawMessage
	// none: the run failed before it had a state (a Resume that found no
	// checkpoint).
	none bool
	err  error
}

// cursor is the traversal position.
type cursor struct {
	step   int
	next   string         // node to run; End when finished
	fanout string         // or: the node whose fan-out runs next
	counts map[string]int // runs of each node that has a Limit; nil until one ran
}

func (r *Runner[S]) fresh(ctx context.Context, rn *run, s0 S) ending[S] {
	// One encoding per run, even when nothing else needs JSON: a state
	// that cannot be checkpointed or merged fails here, not later when a
	// Store or a listener is added.
	raw, err := json.Marshal(s0)
	if err != nil {
		return ending[S]{s: s0, none: true, err: fmt.Errorf("flow: initial state is not JSON-serialisable: %w", err)}
	}
	if rn.emit != nil {
		rn.emit(event.Event{Kind: event.RunStart, Message: r.name, State: raw})
	}
	if r.store != nil {
		if err := validRunID(rn.id); err != nil {
			return ending[S]{s: s0, raw: raw, err: err}
		}
		c, err := r.store.Load(ctx, rn.id)
		switch {
		case err == nil:
			return ending[S]{s: s0, raw: raw, err: fmt.Errorf("%w: run %q at step %d; use Resume", ErrRunExists, rn.id, c.Step)}
		case !errors.Is(err, ErrNoCheckpoint):
			return ending[S]{s: s0, raw: raw, err: fmt.Errorf("flow: run %q: %w", rn.id, err)}
		}
	}
	cur := cursor{next: r.start}
	if err := r.save(ctx, rn, cur, raw); err != nil {
		return ending[S]{s: s0, raw: raw, err: err}
	}
	return r.loop(ctx, rn, s0, raw, cur)
}

func (r *Runner[S]) resume(ctx context.Context, rn *run) ending[S] {
	runID := rn.id
	start := func(e event.Event) {
		if rn.emit != nil {
			rn.emit(e)
		}
	}
	if r.store == nil {
		start(event.Event{Kind: event.RunStart, Message: r.name})
		return ending[S]{none: true, err: fmt.Errorf("flow: Resume(%q): graph %q has no Store", runID, r.name)}
	}
	c, err := r.store.Load(ctx, runID)
	if err != nil {
		start(event.Event{Kind: event.RunStart, Message: r.name})
		return ending[S]{none: true, err: fmt.Errorf("flow: Resume(%q): %w", runID, err)}
	}
	at := c.Next
	if c.Fanout != "" {
		at = "fan-out after " + c.Fanout
	}
	start(event.Event{Kind: event.RunStart, Step: c.Step, State: c.State,
		Message: fmt.Sprintf("%s: resumed at step %d, next %s", r.name, c.Step, at)})
	failed := func(format string, args ...any) ending[S] {
		return ending[S]{raw: c.State, err: fmt.Errorf("flow: Resume(%q): "+format, append([]any{runID}, args...)...)}
	}
	if c.Graph != r.name {
		return failed("checkpoint is of graph %q, not %q", c.Graph, r.name)
	}
	if c.Next != "" && c.Next != End {
		if _, ok := r.nodes[c.Next]; !ok {
			return failed("checkpoint's next node %q is not in graph %q", c.Next, r.name)
		}
	}
	if c.Fanout != "" {
		if _, ok := r.fanouts[c.Fanout]; !ok {
			return failed("checkpoint's fan-out node %q has no Parallel in graph %q", c.Fanout, r.name)
		}
	}
	var s S
	if err := json.Unmarshal(c.State, &s); err != nil {
		return failed("checkpoint state does not decode: %w", err)
	}
	switch {
	case c.Cancelled != "":
		return ending[S]{s: s, raw: c.State, err: fmt.Errorf("flow: Resume(%q): %w: %s", runID, ErrCancelled, c.Cancelled)}
	case len(c.Waiting) > 0: // nothing runs until every answer is in
		return ending[S]{s: s, raw: c.State, err: &InterruptedError{RunID: runID, Requests: c.Waiting}}
	}
	cur := cursor{step: c.Step, next: c.Next, fanout: c.Fanout, counts: c.Counts}
	return r.loop(ctx, rn, s, c.State, cur)
}

// loop is the traversal: it runs positions until End, an error or the
// step limit. raw is s's JSON, or nil when nothing has needed it since s
// was made: it is made only for a listener, a Store or a fan-out.
func (r *Runner[S]) loop(ctx context.Context, rn *run, s S, raw json.RawMessage, cur cursor) ending[S] {
	needJSON := rn.emit != nil || r.store != nil
	for {
		if cur.fanout == "" && cur.next == End {
			return ending[S]{s: s, raw: raw}
		}
		if err := ctx.Err(); err != nil {
			return ending[S]{s: s, raw: raw, err: fmt.Errorf("flow: run %s cancelled before step %d: %w", rn, cur.step+1, context.Cause(ctx))}
		}
		if cur.step >= r.maxSteps {
			at := cur.next
			if cur.fanout != "" {
				at = "fan-out after " + cur.fanout
			}
			return ending[S]{s: s, raw: raw, err: fmt.Errorf("%w: run %s took %d steps (Graph.MaxSteps) and would next run %s", ErrStepLimit, rn, r.maxSteps, at)}
		}
		step := cur.step + 1
		var (
			out    S
			err    error
			node   string
			merged = cur.fanout != ""
		)
		if merged {
			node = cur.fanout
			if raw == nil {
				if raw, err = json.Marshal(s); err != nil {
					return ending[S]{s: s, err: fmt.Errorf("flow: state before the fan-out after %q is not JSON-serialisable: %w", node, err)}
				}
			}
			out, err = r.parallel(ctx, rn, node, s, raw, step)
			if err == nil {
				cur.next, cur.fanout = r.fanouts[node].join, ""
			}
		} else {
			node = cur.next
			out, err = r.runNode(ctx, rn, node, s, step)
			if err == nil {
				err = r.route(rn, &cur, node, out, step)
			}
		}
		if err != nil {
			if w, ok := err.(*waiting); ok {
				return r.wait(ctx, rn, s, raw, cur, w)
			}
			if ctx.Err() != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("%w (run cancelled: %w)", err, context.Cause(ctx))
			}
			return ending[S]{s: s, raw: raw, err: err}
		}
		var newRaw json.RawMessage
		if needJSON {
			if newRaw, err = json.Marshal(out); err != nil {
				return ending[S]{s: s, raw: raw, err: fmt.Errorf("flow: state after %q is not JSON-serialisable: %w", node, err)}
			}
		}
		s, raw = out, newRaw
		cur.step = step
		rn.resumed = nil // the step that waited, if any, is done
		if rn.emit != nil {
			set := event.Event{Kind: event.StateSet, Node: node, Step: step, State: raw}
			if merged {
				set.Message = "merged " + strings.Join(r.fanouts[node].branches, ", ")
			}
			rn.emit(set)
		}
		if err := r.save(ctx, rn, cur, raw); err != nil {
			return ending[S]{s: s, raw: raw, err: err}
		}
	}
}

func (r *Runner[S]) save(ctx context.Context, rn *run, cur cursor, raw json.RawMessage) error {
	return r.saveWaiting(ctx, rn, cur, raw, nil)
}

// saveWaiting saves a checkpoint; with w, one of a step waiting for
// answers.
func (r *Runner[S]) saveWaiting(ctx context.Context, rn *run, cur cursor, raw json.RawMessage, w *waiting) error {
	if r.store == nil {
		return nil
	}
	c := Checkpoint{Version: checkpointVersion, RunID: rn.id, Graph: r.name, Step: cur.step,
		Next: cur.next, Fanout: cur.fanout, Counts: maps.Clone(cur.counts), State: raw, Time: time.Now().UTC()}
	if cur.fanout != "" {
		c.Next = ""
	}
	if w != nil {
		c.Waiting, c.Branches = w.reqs, w.branches
		if rn.resumed != nil {
			c.Answers = rn.resumed.answers
		}
	}
	// The store write is not cancelled with the run: a checkpoint half
	// written because the user pressed ^C helps nobody.
	if err := r.store.Save(context.WithoutCancel(ctx), c); err != nil {
		return fmt.Errorf("flow: checkpoint after step %d: %w", cur.step, err)
	}
	if rn.emit != nil {
		next := cur.next
		if cur.fanout != "" {
			next = "fan-out after " + cur.fanout
		}
		if w != nil {
			next += ", " + strings.TrimPrefix(w.Error(), "flow: ")
		}
		rn.emit(event.Event{Kind: event.Checkpoint, Step: cur.step, Message: "next " + next})
	}
	return nil
}

// route moves cur past node, which has just run. Only nodes with a Limit
// are counted. Its notes are written only when someone listens.
func (r *Runner[S]) route(rn *run, cur *cursor, node string, s S, step int) error {
	cur.fanout = ""
	if l, ok := r.limits[node]; ok {
		if cur.counts == nil {
			cur.counts = map[string]int{}
		}
		cur.counts[node]++
		if cur.counts[node] >= l.n {
			if rn.emit != nil {
				rn.emit(event.Event{Kind: event.Note, Node: node, Step: step,
					Message: fmt.Sprintf("limit %d reached: %s -> %s", l.n, node, l.target)})
			}
			cur.next = l.target
			return nil
		}
	}
	if to, ok := r.edges[node]; ok {
		cur.next = to
		return nil
	}
	if _, ok := r.fanouts[node]; ok {
		cur.next, cur.fanout = "", node
		return nil
	}
	b := r.branches[node]
	to, err := choose(node, b.fn, s)
	if err != nil {
		return err
	}
	if !slices.Contains(b.targets, to) {
		return fmt.Errorf("%w: branch after node %q returned %q, declared targets are %s",
			ErrUndeclaredTarget, node, to, quoteAll(b.targets))
	}
	if rn.emit != nil {
		rn.emit(event.Event{Kind: event.Note, Node: node, Step: step, Message: "branch: " + node + " -> " + to})
	}
	cur.next = to
	return nil
}

func choose[S any](node string, fn func(S) string, s S) (to string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("flow: branch after node %q panicked: %v", node, p)
		}
	}()
	return fn(s), nil
}

// runNode runs one node through the executor. When someone listens it
// brackets the node with NodeStart and NodeEnd and stamps the node's own
// events with its name and step; otherwise the node's context is the
// run's, untouched.
func (r *Runner[S]) runNode(ctx context.Context, rn *run, name string, s S, step int) (S, error) {
	n := r.nodes[name]
	var a *asker
	if r.store != nil { // only a run that can wait can ask
		ac := &askCtx{Context: ctx, a: asker{node: name, step: step, wait: r.noAnswer[name].wait}}
		if rn.resumed != nil {
			ac.a.answers = rn.resumed.answers
		}
		ctx, a = ac, &ac.a
	}
	st := Step[S]{Graph: r.name, RunID: rn.id, Node: name, Index: step, Settings: n.settings, Fn: n.fn, State: s}
	if rn.emit == nil {
		out, err := r.exec.Execute(ctx, st)
		if a != nil {
			if w := a.done(); w != nil {
				return s, w
			}
			err = notOurs(name, err)
		}
		if err != nil && n.onError != nil && ctx.Err() == nil && !errors.Is(err, ErrInterrupted) {
			return handle(n, s, err)
		}
		return out, err
	}
	emit := rn.emit
	emit(event.Event{Kind: event.NodeStart, Node: name, Step: step})
	nctx := event.WithOnlySink(ctx, func(e event.Event) {
		if e.Node == "" {
			e.Node = name
		}
		if e.Step == 0 {
			e.Step = step
		}
		emit(e)
	})
	t0 := time.Now()
	out, err := r.exec.Execute(nctx, st)
	end := event.Event{Kind: event.NodeEnd, Node: name, Step: step, Duration: time.Since(t0)}
	if a != nil {
		if w := a.done(); w != nil {
			end.Message = w.Error()[len("flow: "):]
			emit(end)
			return s, w
		}
		err = notOurs(name, err)
	}
	if err != nil {
		end.Err = err.Error()
	}
	emit(end)
	if err != nil && n.onError != nil && ctx.Err() == nil && !errors.Is(err, ErrInterrupted) {
		out, err = handle(n, s, err)
		if err == nil {
			emit(event.Event{Kind: event.Note, Node: name, Step: step, Message: "OnError: the failure is part of the state; the run goes on"})
		}
	}
	return out, err
}

// CallNode runs node once on a state given as JSON and returns the state
// it made, as JSON: the other side of an Executor that runs nodes in
// another process. It applies none of the node's settings (the executor
// does), runs no OnError and emits no NodeStart or NodeEnd; the node's own
// events go to the sinks in ctx. A panic is returned as a *PanicError.
func (r *Runner[S]) CallNode(ctx context.Context, node string, state json.RawMessage) (json.RawMessage, error) {
	n, ok := r.nodes[node]
	if !ok {
		return nil, fmt.Errorf("flow: CallNode: graph %q has no node %q", r.name, node)
	}
	var s S
	if err := json.Unmarshal(state, &s); err != nil {
		return nil, fmt.Errorf("flow: CallNode %q: state does not decode: %w", node, err)
	}
	out, err := call(ctx, Step[S]{Graph: r.name, Node: node, Fn: n.fn, State: s})
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("flow: state after %q is not JSON-serialisable: %w", node, err)
	}
	return raw, nil
}

// handle runs node n's OnError function on the state n was given and the
// error it failed with.
func handle[S any](n *node[S], s S, failure error) (out S, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("flow: OnError of node %q panicked: %v (handling: %w)", n.name, p, failure)
		}
	}()
	if out, err = n.onError(s, failure); err != nil {
		return s, fmt.Errorf("flow: OnError of node %q: %w", n.name, err)
	}
	return out, nil
}
