// Package enginetest runs a graph's runs as a worker in another process
// would, without a cluster: a flow.Engine that hands the state to the
// hosted runner as JSON and runs every node in a fresh context that
// carries only the run's cancellation and event sinks. A system whose
// answer differs through it keeps something out of its state (an
// unexported field, a value its nodes read from the caller's context).
package enginetest

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// Loopback is a flow.Engine over the runners a worker would host (a
// system's Runners, built apart from the one that sends the runs).
type Loopback struct {
	Runners []flow.AnyRunner
	// Runs counts the runs it was sent.
	Runs atomic.Int64
}

// Run implements flow.Engine.
func (l *Loopback) Run(ctx context.Context, graph, runID string, in json.RawMessage) (json.RawMessage, error) {
	var r flow.AnyRunner
	for _, h := range l.Runners {
		if h.Name() == graph {
			r = h
		}
	}
	if r == nil {
		return nil, fmt.Errorf("enginetest: no runner hosts graph %q", graph)
	}
	n := l.Runs.Add(1)
	if runID == "" {
		runID = fmt.Sprintf("%s-loopback-%d", graph, n)
	}
	wctx, stop := detached(ctx, ctx)
	defer stop()
	return r.InvokeJSON(wctx, runID, in, nodes{r})
}

// nodes runs each step through CallNode, as a worker's activity does.
type nodes struct{ r flow.AnyRunner }

func (x nodes) ExecuteJSON(ctx context.Context, st flow.JSONStep) (json.RawMessage, error) {
	nctx, stop := detached(ctx, ctx)
	defer stop()
	return x.r.CallNode(nctx, st.Node, st.State)
}

// detached is a context with none of parent's values: it ends when
// parent does, and its events go to the sinks of to. It always listens,
// as a worker's does (it collects every node's events).
func detached(parent, to context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := context.AfterFunc(parent, func() { cancel(context.Cause(parent)) })
	ctx = event.WithSink(ctx, func(e event.Event) { event.Emit(to, e) })
	return ctx, func() { stop(); cancel(nil) }
}
