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
	"slices"
	"strings"
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
	nodes    map[string]*node[S]
	order    []string // node names in declaration order
	edges    map[string]string
	branches map[string]*branch[S]
	fanouts  map[string]*fanout
	limits   map[string]*limit
	reducers map[string]*reducer
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
	}
	if r.maxSteps <= 0 {
		r.maxSteps = DefaultMaxSteps
	}
	if r.exec == nil {
		r.exec = InProcess[S]{}
	}
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

// Run starts a run from s0 under a new run ID and streams its events: a
// RunStart first, then for each step NodeStart, the node's own events,
// NodeEnd, StateSet and (with a Store) Checkpoint, and a RunEnd last. The
// RunEnd carries the final state (the last good one when the run failed);
// it is yielded with the run's error, nil on success. Breaking out of the
// loop cancels the run. Each range over the result starts a new run.
func (r *Runner[S]) Run(ctx context.Context, s0 S) iter.Seq2[event.Event, error] {
	return r.RunWithID(ctx, "", s0)
}

// RunWithID is Run under the given run ID (a new one when empty), which
// Resume takes to continue the run after a crash. It fails with
// ErrRunExists when the Store already holds a checkpoint for the ID.
func (r *Runner[S]) RunWithID(ctx context.Context, runID string, s0 S) iter.Seq2[event.Event, error] {
	return func(yield func(event.Event, error) bool) {
		id := runID
		if id == "" {
			id = newRunID()
		}
		r.stream(ctx, id, yield, func(ctx context.Context, emit func(event.Event)) (json.RawMessage, error) {
			return r.fresh(ctx, id, s0, emit)
		})
	}
}

// Resume continues run runID from its latest checkpoint in the Store: the
// steps already completed are not run again (a step interrupted by the
// crash is). Resuming a finished run yields its final state at once.
func (r *Runner[S]) Resume(ctx context.Context, runID string) iter.Seq2[event.Event, error] {
	return func(yield func(event.Event, error) bool) {
		r.stream(ctx, runID, yield, func(ctx context.Context, emit func(event.Event)) (json.RawMessage, error) {
			return r.resume(ctx, runID, emit)
		})
	}
}

// RunToEnd runs from s0 to the end and returns the final state and every
// event. On failure the state is the last good one.
func (r *Runner[S]) RunToEnd(ctx context.Context, s0 S) (S, []event.Event, error) {
	return Final[S](r.Run(ctx, s0))
}

// AsNode returns a node that runs this graph to its end on the state it is
// given, so a chain can serve as one branch of a parallel fan-out. The
// sub-run's events go to the sink in the node's context, i.e. they appear
// in the enclosing run's stream.
func (r *Runner[S]) AsNode() NodeFunc[S] {
	return func(ctx context.Context, s S) (S, error) {
		out, _, err := Final[S](r.Run(ctx, s))
		return out, err
	}
}

func newRunID() string {
	var b [8]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b[:])
}

// cursor is the traversal position.
type cursor struct {
	step   int
	next   string // node to run; End when finished
	fanout string // or: the node whose fan-out runs next
	counts map[string]int
}

func (r *Runner[S]) fresh(ctx context.Context, runID string, s0 S, emit func(event.Event)) (json.RawMessage, error) {
	raw, err := json.Marshal(s0)
	if err != nil {
		return nil, fmt.Errorf("flow: initial state is not JSON-serialisable: %w", err)
	}
	emit(event.Event{Kind: event.RunStart, Message: r.name, State: raw})
	if r.store != nil {
		if err := validRunID(runID); err != nil {
			return raw, err
		}
		c, err := r.store.Load(ctx, runID)
		switch {
		case err == nil:
			return raw, fmt.Errorf("%w: run %q at step %d; use Resume", ErrRunExists, runID, c.Step)
		case !errors.Is(err, ErrNoCheckpoint):
			return raw, fmt.Errorf("flow: run %q: %w", runID, err)
		}
	}
	cur := cursor{next: r.start, counts: map[string]int{}}
	if err := r.save(ctx, runID, cur, raw, emit); err != nil {
		return raw, err
	}
	return r.loop(ctx, runID, s0, raw, cur, emit)
}

func (r *Runner[S]) resume(ctx context.Context, runID string, emit func(event.Event)) (json.RawMessage, error) {
	if r.store == nil {
		emit(event.Event{Kind: event.RunStart, Message: r.name})
		return nil, fmt.Errorf("flow: Resume(%q): graph %q has no Store", runID, r.name)
	}
	c, err := r.store.Load(ctx, runID)
	if err != nil {
		emit(event.Event{Kind: event.RunStart, Message: r.name})
		return nil, fmt.Errorf("flow: Resume(%q): %w", runID, err)
	}
	at := c.Next
	if c.Fanout != "" {
		at = "fan-out after " + c.Fanout
	}
	emit(event.Event{Kind: event.RunStart, Step: c.Step, State: c.State,
		Message: fmt.Sprintf("%s: resumed at step %d, next %s", r.name, c.Step, at)})
	if c.Graph != r.name {
		return c.State, fmt.Errorf("flow: Resume(%q): checkpoint is of graph %q, not %q", runID, c.Graph, r.name)
	}
	if c.Next != "" && c.Next != End {
		if _, ok := r.nodes[c.Next]; !ok {
			return c.State, fmt.Errorf("flow: Resume(%q): checkpoint's next node %q is not in graph %q", runID, c.Next, r.name)
		}
	}
	if c.Fanout != "" {
		if _, ok := r.fanouts[c.Fanout]; !ok {
			return c.State, fmt.Errorf("flow: Resume(%q): checkpoint's fan-out node %q has no Parallel in graph %q", runID, c.Fanout, r.name)
		}
	}
	var s S
	if err := json.Unmarshal(c.State, &s); err != nil {
		return c.State, fmt.Errorf("flow: Resume(%q): checkpoint state does not decode: %w", runID, err)
	}
	counts := c.Counts
	if counts == nil {
		counts = map[string]int{}
	}
	cur := cursor{step: c.Step, next: c.Next, fanout: c.Fanout, counts: counts}
	return r.loop(ctx, runID, s, c.State, cur, emit)
}

// loop is the traversal: it runs positions until End, an error or the
// step limit. raw is s's JSON.
func (r *Runner[S]) loop(ctx context.Context, runID string, s S, raw json.RawMessage, cur cursor, emit func(event.Event)) (json.RawMessage, error) {
	for {
		if cur.fanout == "" && cur.next == End {
			return raw, nil
		}
		if err := ctx.Err(); err != nil {
			return raw, fmt.Errorf("flow: run %q cancelled before step %d: %w", runID, cur.step+1, context.Cause(ctx))
		}
		if cur.step >= r.maxSteps {
			at := cur.next
			if cur.fanout != "" {
				at = "fan-out after " + cur.fanout
			}
			return raw, fmt.Errorf("%w: run %q took %d steps (Graph.MaxSteps) and would next run %s", ErrStepLimit, runID, r.maxSteps, at)
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
			out, err = r.parallel(ctx, runID, node, s, raw, step, emit)
			if err == nil {
				for _, b := range r.fanouts[node].branches {
					cur.counts[b]++
				}
				cur.next, cur.fanout = r.fanouts[node].join, ""
			}
		} else {
			node = cur.next
			out, err = r.runNode(ctx, runID, node, s, step, emit)
			if err == nil {
				cur.counts[node]++
				cur.next, cur.fanout, err = r.route(node, out, cur.counts[node], emit, step)
			}
		}
		if err != nil {
			if ctx.Err() != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("%w (run cancelled: %w)", err, context.Cause(ctx))
			}
			return raw, err
		}
		newRaw, err := json.Marshal(out)
		if err != nil {
			return raw, fmt.Errorf("flow: state after %q is not JSON-serialisable: %w", node, err)
		}
		s, raw = out, newRaw
		cur.step = step
		set := event.Event{Kind: event.StateSet, Node: node, Step: step, State: raw}
		if merged {
			set.Message = "merged " + strings.Join(r.fanouts[node].branches, ", ")
		}
		emit(set)
		if err := r.save(ctx, runID, cur, raw, emit); err != nil {
			return raw, err
		}
	}
}

func (r *Runner[S]) save(ctx context.Context, runID string, cur cursor, raw json.RawMessage, emit func(event.Event)) error {
	if r.store == nil {
		return nil
	}
	c := Checkpoint{Version: checkpointVersion, RunID: runID, Graph: r.name, Step: cur.step,
		Next: cur.next, Fanout: cur.fanout, Counts: maps.Clone(cur.counts), State: raw, Time: time.Now().UTC()}
	if cur.fanout != "" {
		c.Next = ""
	}
	// The store write is not cancelled with the run: a checkpoint half
	// written because the user pressed ^C helps nobody.
	if err := r.store.Save(context.WithoutCancel(ctx), c); err != nil {
		return fmt.Errorf("flow: checkpoint after step %d: %w", cur.step, err)
	}
	next := cur.next
	if cur.fanout != "" {
		next = "fan-out after " + cur.fanout
	}
	emit(event.Event{Kind: event.Checkpoint, Step: cur.step, Message: "next " + next})
	return nil
}

// route picks what follows node, which has now run count times.
func (r *Runner[S]) route(node string, s S, count int, emit func(event.Event), step int) (next, fanout string, err error) {
	if l, ok := r.limits[node]; ok && count >= l.n {
		emit(event.Event{Kind: event.Note, Node: node, Step: step,
			Message: fmt.Sprintf("limit %d reached: %s -> %s", l.n, node, l.target)})
		return l.target, "", nil
	}
	if to, ok := r.edges[node]; ok {
		return to, "", nil
	}
	if _, ok := r.fanouts[node]; ok {
		return "", node, nil
	}
	b := r.branches[node]
	to, err := choose(node, b.fn, s)
	if err != nil {
		return "", "", err
	}
	if !slices.Contains(b.targets, to) {
		return "", "", fmt.Errorf("%w: branch after node %q returned %q, declared targets are %s",
			ErrUndeclaredTarget, node, to, quoteAll(b.targets))
	}
	emit(event.Event{Kind: event.Note, Node: node, Step: step, Message: fmt.Sprintf("branch: %s -> %s", node, to)})
	return to, "", nil
}

func choose[S any](node string, fn func(S) string, s S) (to string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("flow: branch after node %q panicked: %v", node, p)
		}
	}()
	return fn(s), nil
}

// runNode runs one node through the executor with its start and end
// events; events the node emits are stamped with its name and step.
func (r *Runner[S]) runNode(ctx context.Context, runID, name string, s S, step int, emit func(event.Event)) (S, error) {
	n := r.nodes[name]
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
	out, err := r.exec.Execute(nctx, Step[S]{RunID: runID, Node: name, Index: step, Policy: n.policy, Fn: n.fn, State: s})
	end := event.Event{Kind: event.NodeEnd, Node: name, Step: step, Duration: time.Since(t0)}
	if err != nil {
		end.Err = err.Error()
	}
	emit(end)
	return out, err
}
