package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.temporal.io/sdk/activity"
	sdk "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// Options tune how a graph's nodes run on the cluster. Every worker of a
// task queue must use the same Options for a graph. The zero value works.
type Options struct {
	// NodeTimeout bounds an attempt of a node that has no Timeout of its
	// own; zero means one hour.
	NodeTimeout time.Duration
	// Heartbeat is how long a worker running a node may stay silent before
	// the cluster gives the attempt to another worker; zero means 30 s.
	// The worker heartbeats three times per Heartbeat.
	Heartbeat time.Duration
	// LostAttempts is how many attempts lost with their worker (a missed
	// heartbeat, a backstop timeout) a node may have on top of its own
	// Retry.Attempts; zero means 3.
	LostAttempts int
}

func (o Options) withDefaults() Options {
	if o.NodeTimeout <= 0 {
		o.NodeTimeout = time.Hour
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = 30 * time.Second
	}
	if o.LostAttempts <= 0 {
		o.LostAttempts = 3
	}
	return o
}

// Registry is where Register puts a graph's workflow and activities: a
// worker.Worker, or a testsuite.TestWorkflowEnvironment.
type Registry interface {
	RegisterWorkflowWithOptions(w any, options workflow.RegisterOptions)
	RegisterActivityWithOptions(a any, options activity.RegisterOptions)
}

// Register registers on reg the workflow that runs r's graph and one
// activity per node. r is typically the runner a system's constructor
// built; its own Executor is not used.
func Register[S any](reg Registry, r *flow.Runner[S], o Options) { Host(reg, r, o) }

// Host is Register for a runner whose state type the caller does not
// know: what a worker serving the graphs of many systems calls.
func Host(reg Registry, r flow.AnyRunner, o Options) {
	o = o.withDefaults()
	reg.RegisterWorkflowWithOptions(func(ctx workflow.Context, in json.RawMessage) (json.RawMessage, error) {
		return runWorkflow(ctx, r, o, in)
	}, workflow.RegisterOptions{Name: WorkflowName(r.Name())})
	for _, n := range r.Info().Nodes {
		set, _ := r.Settings(n.Name)
		reg.RegisterActivityWithOptions(nodeActivity(r, n.Name, set, o),
			activity.RegisterOptions{Name: ActivityName(r.Name(), n.Name)})
	}
}

// WorkflowName is the workflow type that runs graph.
func WorkflowName(graph string) string { return "flow:" + graph }

// ActivityName is the activity type that runs node of graph.
func ActivityName(graph, node string) string { return "flow:" + graph + "." + node }

// The types of the application errors a node's activity fails with.
const (
	errNode    = "flow.NodeError"
	errTimeout = "flow.Timeout"
	errPanic   = "flow.Panic"
)

// nodeActivity runs node on the worker: one attempt, bounded by the
// node's Timeout, heartbeating, with the retry decision made here, where
// Retry.If and the error itself are.
func nodeActivity(r flow.AnyRunner, node string, set flow.NodeSettings, o Options) func(context.Context, nodeInput) (nodeResult, error) {
	attempts := max(set.Retry.Attempts, 1)
	return func(ctx context.Context, in nodeInput) (nodeResult, error) {
		attempt := int(activity.GetInfo(ctx).Attempt)
		stop := heartbeat(ctx, o.Heartbeat/3)
		defer stop()
		actx := ctx
		if set.Timeout > 0 {
			var cancel context.CancelFunc
			actx, cancel = context.WithTimeoutCause(ctx, set.Timeout,
				fmt.Errorf("%w: node %q attempt %d exceeded %s", flow.ErrTimeout, node, attempt, set.Timeout))
			defer cancel()
		}
		type result struct {
			out json.RawMessage
			err error
		}
		done := make(chan result, 1)
		var mu sync.Mutex
		var evs []event.Event
		nctx := event.WithOnlySink(actx, func(e event.Event) {
			mu.Lock()
			evs = append(evs, e)
			mu.Unlock()
		})
		nctx, asked := flow.AskingContext(nctx, node, in.Step, in.Answers)
		go func() { // so a node that ignores its context cannot hold the attempt
			out, err := r.CallNode(nctx, node, in.State)
			done <- result{out, err}
		}()
		var res result
		select {
		case res = <-done:
			if reqs := asked(); reqs != nil { // the workflow waits for the answers
				mu.Lock()
				defer mu.Unlock()
				return nodeResult{Asked: reqs, Events: evs}, nil
			}
		case <-actx.Done():
			res.err = context.Cause(actx)
		}
		if res.err == nil {
			mu.Lock()
			defer mu.Unlock()
			return nodeResult{State: res.out, Events: evs}, nil
		}
		if ctx.Err() != nil { // the cluster cancelled the attempt, or the worker stops
			return nodeResult{}, ctx.Err()
		}
		kind := errNode
		var pe *flow.PanicError
		switch {
		case actx.Err() != nil:
			kind, res.err = errTimeout, context.Cause(actx)
		case errors.As(res.err, &pe):
			kind = errPanic
		}
		retry := attempt < attempts && !errors.Is(res.err, flow.ErrInterrupted) &&
			(set.Retry.If == nil || set.Retry.If(res.err))
		return nodeResult{}, sdk.NewApplicationErrorWithOptions(res.err.Error(), kind,
			sdk.ApplicationErrorOptions{NonRetryable: !retry, Details: []any{attempt}})
	}
}

// heartbeat records a heartbeat every period until stop is called.
func heartbeat(ctx context.Context, period time.Duration) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				activity.RecordHeartbeat(ctx)
			case <-done:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return func() { close(done) }
}
