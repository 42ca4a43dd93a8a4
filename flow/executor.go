package flow

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/retry"
)

// NodeSettings say how a node runs: how long an attempt may take and how
// often to try again. The zero value makes one attempt bounded only by
// the run's context. (In Cairn "policy" means only the Go fallback of a
// decision; a node's timeout and retries are its settings.)
type NodeSettings struct {
	// Timeout bounds each attempt; zero means only the run's context.
	Timeout time.Duration
	Retry   Retry
}

// Retry says how often a node tries again. As everywhere in Cairn, zero
// means none: the zero value makes one attempt, a zero Backoff retries at
// once, a zero MaxBackoff leaves the backoff uncapped.
type Retry struct {
	// Attempts is the total number of attempts, the first included; zero
	// or one means no retry.
	Attempts int
	// Backoff is the wait before the second attempt; it doubles after
	// each further failure, up to MaxBackoff when that is set.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// If says which errors are worth another attempt; nil retries every
	// error, timeouts included. Cancellation of the run is never retried.
	If func(error) bool
}

// Step is one node execution handed to an Executor.
type Step[S any] struct {
	Graph    string // the graph's name, as Runner.Name gives it
	RunID    string // empty when the run needs none: no Store, no listener, InProcess
	Node     string
	Index    int // the run's step number
	Settings NodeSettings
	Fn       NodeFunc[S] // the node itself, for an executor in this process
	State    S
}

// Executor runs one node with its settings; it is the seam between the
// traversal and the place a node runs. The traversal (which node runs
// next, branches, limits, parallel merges, OnError, checkpoints, events)
// stays in Runner and is deterministic given the nodes' results; an
// Executor decides where and how a node runs. Execute must be safe for
// concurrent use: parallel branches call it at the same time.
//
// InProcess calls Step.Fn. An executor that runs nodes elsewhere (a
// durable workflow engine's activities, another machine) sends Graph, Node
// and the state as JSON (json.Marshal(st.State)) to a process that built
// the same graph, which answers with Runner.CallNode; it decodes the JSON
// it gets back into S. It applies Settings itself (the timeout of each
// attempt, the retries) and after the last attempt returns a *NodeError
// (its Err wrapping ErrTimeout for a timeout), so that OnError and the
// run's error read the same as in process.
type Executor[S any] interface {
	Execute(ctx context.Context, st Step[S]) (S, error)
}

// Spawner is implemented by an Executor whose nodes cannot run on plain
// goroutines, such as a workflow engine's deterministic coroutines: the
// branches of a parallel step then run through Spawn instead of one
// goroutine each.
type Spawner interface {
	// Spawn calls fn(bctx, i) for every i in [0, n) concurrently, each
	// bctx derived from ctx, and returns when every call has returned.
	Spawn(ctx context.Context, n int, fn func(bctx context.Context, i int))
}

// ErrTimeout is wrapped by the error of an attempt that ran past its
// NodeSettings.Timeout.
var ErrTimeout = errors.New("flow: node timed out")

// NodeError is a node's failure after its last attempt.
type NodeError struct {
	Node     string
	Attempts int
	Err      error
}

func (e *NodeError) Error() string {
	return fmt.Sprintf("flow: node %q failed after %d attempt(s): %v", e.Node, e.Attempts, e.Err)
}

// Unwrap returns the last attempt's error.
func (e *NodeError) Unwrap() error { return e.Err }

// InProcess runs nodes in the calling process. A node without a Timeout
// runs on the caller's goroutine: nothing else is paid for it, and it must
// honour its context to be cancellable. A node with a Timeout runs each
// attempt on its own goroutine, so one that ignores its context cannot
// hold the run past the timeout or a cancellation (the abandoned
// goroutine's result is dropped).
type InProcess[S any] struct{}

// Execute runs st.Fn with st.Settings' timeout and retries. Between
// attempts it emits an event.Error event naming the attempt.
func (InProcess[S]) Execute(ctx context.Context, st Step[S]) (S, error) {
	var zero S
	set := st.Settings
	if set.Timeout <= 0 && set.Retry.Attempts <= 1 {
		out, err := call(ctx, st)
		if err == nil {
			return out, nil
		}
		if ctx.Err() != nil {
			return zero, fmt.Errorf("flow: node %q: %w", st.Node, context.Cause(ctx))
		}
		return zero, &NodeError{Node: st.Node, Attempts: 1, Err: err}
	}
	var out S
	s := retry.Schedule{Attempts: set.Retry.Attempts, Backoff: set.Retry.Backoff, MaxBackoff: set.Retry.MaxBackoff}
	n, err := retry.Do(ctx, s, func(a int) error {
		var err error
		out, err = attempt(ctx, st, a)
		return err
	}, func(err error) bool {
		// A question (Ask) is not a failure to try again.
		return !errors.Is(err, ErrInterrupted) && (set.Retry.If == nil || set.Retry.If(err))
	}, func(a int, wait time.Duration, err error) {
		slog.DebugContext(ctx, "flow: retrying node", "node", st.Node, "attempt", a, "of", s.Attempts, "wait", wait, "err", err)
		event.Emit(ctx, event.Event{
			Kind:    event.Error,
			Node:    st.Node,
			Step:    st.Index,
			Message: fmt.Sprintf("attempt %d/%d failed; retrying in %s", a, s.Attempts, wait),
			Err:     err.Error(),
		})
	})
	switch {
	case err == nil:
		return out, nil
	case ctx.Err() != nil:
		return zero, fmt.Errorf("flow: node %q: %w", st.Node, context.Cause(ctx))
	}
	return zero, &NodeError{Node: st.Node, Attempts: n, Err: err}
}

// call runs the node on the caller's goroutine, turning a panic into an
// error.
func call[S any](ctx context.Context, st Step[S]) (out S, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicked(st.Node, p)
		}
	}()
	return st.Fn(ctx, st.State)
}

func panicked(node string, p any) error {
	return &PanicError{Node: node, Value: p, Stack: debug.Stack()}
}

// PanicError is a node's panic, recovered: the run fails with it (or hands
// it to the node's OnError) instead of crashing the process.
type PanicError struct {
	Node  string
	Value any // what the node panicked with
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("flow: node %q panicked: %v\n%s", e.Node, e.Value, e.Stack)
}

type result[S any] struct {
	s   S
	err error
}

func attempt[S any](ctx context.Context, st Step[S], n int) (S, error) {
	var zero S
	actx := ctx
	if st.Settings.Timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeoutCause(ctx, st.Settings.Timeout,
			fmt.Errorf("%w: node %q attempt %d exceeded %s", ErrTimeout, st.Node, n, st.Settings.Timeout))
		defer cancel()
	}
	done := make(chan result[S], 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result[S]{err: panicked(st.Node, p)}
			}
		}()
		// A node whose run ended before this goroutine was scheduled must
		// not start: its side effects would come after Run returned.
		if err := actx.Err(); err != nil {
			done <- result[S]{err: context.Cause(actx)}
			return
		}
		s, err := st.Fn(actx, st.State)
		done <- result[S]{s, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && ctx.Err() == nil && actx.Err() != nil {
			// The node gave up because its own deadline passed.
			return zero, context.Cause(actx)
		}
		return r.s, r.err
	case <-actx.Done():
		if ctx.Err() != nil {
			return zero, context.Cause(ctx)
		}
		return zero, context.Cause(actx)
	}
}
