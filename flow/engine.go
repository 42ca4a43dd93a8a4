package flow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Engine runs whole runs of a graph somewhere else: a durable workflow
// engine's cluster, whose workers built the same graph and host it as an
// AnyRunner. A runner given one (Runner.WithEngine) sends every Invoke and
// Run there; the system that built it does not change.
type Engine interface {
	// Run runs graph from the state in under runID (the engine picks one
	// when empty) and returns the final state; on failure the last good
	// state (nil when there is none) with the run's error. The run's
	// events, RunStart to RunEnd, go to the sinks in ctx as an in-process
	// run's would. When ctx ends the run is cancelled where it runs.
	Run(ctx context.Context, graph, runID string, in json.RawMessage) (json.RawMessage, error)
}

// ErrNotOnEngine: the operation needs the run's checkpoints in this
// process (Answer, Resume, Pending, Expire, Cancel) and the runner sends
// its runs to an Engine.
var ErrNotOnEngine = errors.New("flow: not available for a runner whose runs go to an Engine")

// WithEngine returns a runner of the same graph whose runs go to e (in
// this process when nil). Its Invoke sends the state as JSON and decodes
// the final state; Run and RunWithID stream the events the engine reports.
func (r *Runner[S]) WithEngine(e Engine) *Runner[S] {
	c := r.WithExecutor(r.exec)
	c.engine = e
	return c
}

// invokeRemote is Invoke on an Engine.
func (r *Runner[S]) invokeRemote(ctx context.Context, runID string, s0 S) (S, error) {
	in, err := json.Marshal(s0)
	if err != nil {
		return s0, fmt.Errorf("flow: initial state is not JSON-serialisable: %w", err)
	}
	return r.decodeRemote(r.engine.Run(ctx, r.name, runID, in))
}

// decodeRemote decodes the state an Engine returned with runErr.
func (r *Runner[S]) decodeRemote(out json.RawMessage, runErr error) (S, error) {
	var s S
	if len(out) > 0 {
		if err := json.Unmarshal(out, &s); err != nil {
			return s, errors.Join(runErr, fmt.Errorf("flow: graph %q: state from the engine does not decode: %w", r.name, err))
		}
	}
	return s, runErr
}

// streamRemote is RunWithID on an Engine: the engine's events in order,
// the RunEnd last and with the run's error.
func (r *Runner[S]) streamRemote(ctx context.Context, runID string, s0 S) iter.Seq2[event.Event, error] {
	return func(yield func(event.Event, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		ch := make(chan event.Event, 64)
		stop := make(chan struct{})
		defer close(stop)
		var end *event.Event
		var top string // the run's ID, from its RunStart; sub-runs have their own
		send := func(e event.Event) {
			if top == "" && e.Kind == event.RunStart {
				top = e.RunID
			}
			if e.Kind == event.RunEnd && e.RunID == top && end == nil {
				end = &e // held until the engine returns, to go with its error
				return
			}
			select {
			case ch <- e:
			case <-stop:
			}
		}
		type result struct {
			raw json.RawMessage
			err error
		}
		fin := make(chan result, 1)
		start := time.Now()
		go func() {
			in, err := json.Marshal(s0)
			if err != nil {
				fin <- result{err: fmt.Errorf("flow: initial state is not JSON-serialisable: %w", err)}
				return
			}
			raw, err := r.engine.Run(event.WithOnlySink(ctx, send), r.name, runID, in)
			fin <- result{raw, err}
		}()
		consuming := true
		for {
			select {
			case e := <-ch:
				event.Emit(ctx, e)
				if consuming && !yield(e, nil) {
					consuming = false
					cancel()
				}
			case res := <-fin:
				for drained := false; !drained; {
					select {
					case e := <-ch:
						event.Emit(ctx, e)
						if consuming && !yield(e, nil) {
							consuming = false
						}
					default:
						drained = true
					}
				}
				if end == nil { // the engine never got to run it
					e := r.endEvent(runID, start, ending[S]{raw: res.raw, none: res.raw == nil, err: res.err}, ctx)
					end = &e
				}
				if end.State == nil {
					end.State = res.raw
				}
				event.Emit(ctx, *end)
				if consuming {
					yield(*end, res.err)
				}
				return
			}
		}
	}
}

// AnyRunner is a runner seen without its state type: what a worker that
// hosts the graphs of many systems holds. *Runner[S] implements it.
type AnyRunner interface {
	Name() string
	Info() Info
	Settings(node string) (NodeSettings, bool)
	CallNode(ctx context.Context, node string, state json.RawMessage) (json.RawMessage, error)
	// InvokeJSON is Invoke on a state given as JSON under runID, with
	// every node run by exec: the traversal of a run an Engine was asked
	// for. On failure it returns the last good state's JSON (nil when
	// there is none) with the run's error.
	InvokeJSON(ctx context.Context, runID string, in json.RawMessage, exec JSONExecutor) (json.RawMessage, error)
}

// JSONStep is a Step with its state as JSON, for an executor that does
// not know the state's type.
type JSONStep struct {
	Graph    string
	RunID    string
	Node     string
	Index    int
	Settings NodeSettings
	State    json.RawMessage
}

// JSONExecutor is an Executor that sees states as JSON. When it is also a
// Spawner, parallel branches run through its Spawn.
type JSONExecutor interface {
	ExecuteJSON(ctx context.Context, st JSONStep) (json.RawMessage, error)
}

// InvokeJSON implements AnyRunner.
func (r *Runner[S]) InvokeJSON(ctx context.Context, runID string, in json.RawMessage, exec JSONExecutor) (json.RawMessage, error) {
	var s0 S
	if err := json.Unmarshal(in, &s0); err != nil {
		return nil, fmt.Errorf("flow: graph %q: initial state does not decode: %w", r.name, err)
	}
	var e Executor[S] = jsonExecutor[S]{exec}
	if sp, ok := exec.(Spawner); ok {
		e = spawningJSONExecutor[S]{jsonExecutor[S]{exec}, sp}
	}
	c := r.WithExecutor(e)
	// The executor's side owns durability: no checkpoints here (a
	// workflow's code must not write files), and so no Ask.
	c.engine, c.store = nil, nil
	out, err := c.invoke(ctx, runID, func(ctx context.Context, rn *run) ending[S] {
		return c.fresh(ctx, rn, s0)
	})
	raw, merr := json.Marshal(out)
	if merr != nil {
		return nil, errors.Join(err, fmt.Errorf("flow: final state of graph %q is not JSON-serialisable: %w", r.name, merr))
	}
	return raw, err
}

// jsonExecutor runs a typed runner's steps on a JSONExecutor.
type jsonExecutor[S any] struct{ e JSONExecutor }

func (x jsonExecutor[S]) Execute(ctx context.Context, st Step[S]) (S, error) {
	var zero S
	in, err := json.Marshal(st.State)
	if err != nil {
		return zero, fmt.Errorf("flow: state before %q is not JSON-serialisable: %w", st.Node, err)
	}
	out, err := x.e.ExecuteJSON(ctx, JSONStep{Graph: st.Graph, RunID: st.RunID, Node: st.Node,
		Index: st.Index, Settings: st.Settings, State: in})
	if err != nil {
		return zero, err
	}
	var s S
	if err := json.Unmarshal(out, &s); err != nil {
		return zero, fmt.Errorf("flow: state after %q does not decode: %w", st.Node, err)
	}
	return s, nil
}

type spawningJSONExecutor[S any] struct {
	jsonExecutor[S]
	Spawner
}
