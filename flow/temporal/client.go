package temporal

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/client"
	sdk "go.temporal.io/sdk/temporal"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// Engine is a flow.Engine whose runs are workflows on a Temporal
// cluster, run by the workers of TaskQueue (Worker). Give it to a
// system's runner with Runner.WithEngine.
type Engine struct {
	Client    client.Client
	TaskQueue string
	// PollEvery is how often a run's events are asked for (EventsQuery)
	// while it runs and the caller listens; zero means 200 ms.
	PollEvery time.Duration
}

// Run implements flow.Engine: it starts the workflow of graph, passes
// its events to the sinks in ctx as they are recorded, and returns its
// final state. runID becomes the workflow ID (a new one when empty), by
// which the Temporal CLI and UI find the run. When ctx ends first, the
// workflow is cancelled on the cluster too.
func (e *Engine) Run(ctx context.Context, graph, runID string, in json.RawMessage) (json.RawMessage, error) {
	if runID == "" {
		runID = newWorkflowID(graph)
	}
	start := client.StartWorkflowOptions{ID: runID, TaskQueue: e.TaskQueue}
	if b := batchFrom(ctx, e); b != nil {
		return follow(ctx, e.Client, graph, func() (client.WorkflowRun, error) {
			return b.startChild(ctx, graph, runID, in)
		}, 0, e.PollEvery)
	}
	return run(ctx, e.Client, start, graph, in, e.PollEvery)
}

// Invoke runs r's graph from s0 as a workflow on the cluster c talks to
// and returns its final state, as r.Invoke does in process: on failure
// the last good state and the run's error. start names the task queue
// (required) and the workflow ID (a fresh one when empty). When ctx ends
// first, the workflow is cancelled on the cluster too.
func Invoke[S any](ctx context.Context, c client.Client, start client.StartWorkflowOptions, r *flow.Runner[S], s0 S) (S, error) {
	if start.ID == "" {
		start.ID = newWorkflowID(r.Name())
	}
	return r.WithEngine(startWith{c, start}).Invoke(ctx, s0)
}

// startWith is an Engine with all the start options given.
type startWith struct {
	c     client.Client
	start client.StartWorkflowOptions
}

func (s startWith) Run(ctx context.Context, graph, _ string, in json.RawMessage) (json.RawMessage, error) {
	return run(ctx, s.c, s.start, graph, in, 0)
}

func run(ctx context.Context, c client.Client, start client.StartWorkflowOptions, graph string, in json.RawMessage, poll time.Duration) (json.RawMessage, error) {
	if event.Listening(ctx) {
		start.Memo = map[string]any{EventsMemo: true}
	}
	return follow(ctx, c, graph, func() (client.WorkflowRun, error) {
		wr, err := c.ExecuteWorkflow(ctx, start, WorkflowName(graph), in)
		if err != nil {
			return nil, fmt.Errorf("flow/temporal: start graph %q on queue %q: %w", graph, start.TaskQueue, err)
		}
		return wr, nil
	}, 0, poll)
}

// follow starts a run (or takes one already started), passes its events
// from index from on to the sinks in ctx while it runs when the caller
// listens, and returns its final state, or the state it waits with and a
// *flow.InterruptedError when it waits for answers (flow.Ask): the run
// then stays on the cluster until answered (Engine.Answer) or cancelled.
func follow(ctx context.Context, c client.Client, graph string, start func() (client.WorkflowRun, error), from int, poll time.Duration) (json.RawMessage, error) {
	if poll <= 0 {
		poll = 200 * time.Millisecond
	}
	wr, err := start()
	if err != nil {
		return nil, err
	}
	f := &follower{c: c, id: wr.GetID(), runID: wr.GetRunID(), from: from, emit: event.Listening(ctx)}
	if !f.emit {
		poll = max(poll, time.Second) // only to see whether it waits
	}
	type result struct {
		out json.RawMessage
		err error
	}
	gctx, stopGet := context.WithCancel(ctx)
	defer stopGet()
	done := make(chan result, 1)
	go func() {
		var out json.RawMessage
		err := wr.Get(gctx, &out)
		done <- result{out, err}
	}()
	t := time.NewTicker(poll)
	defer t.Stop()
	var res result
wait:
	for {
		select {
		case res = <-done:
			break wait
		case <-t.C:
			if page, ok := f.next(ctx); ok && len(page.Waiting) > 0 {
				return page.State, &flow.InterruptedError{RunID: wr.GetID(), Requests: page.Waiting}
			}
		}
	}
	if ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if cerr := c.CancelWorkflow(cctx, wr.GetID(), wr.GetRunID()); cerr != nil {
			return nil, fmt.Errorf("flow/temporal: run %s of graph %q: %w (cancelling it on the cluster: %w)", wr.GetID(), graph, context.Cause(ctx), cerr)
		}
		return nil, fmt.Errorf("flow/temporal: run %s of graph %q: %w", wr.GetID(), graph, context.Cause(ctx))
	}
	if f.emit { // the rest of the events, RunEnd included
		f.drain(ctx)
	}
	if res.err != nil {
		var ae *sdk.ApplicationError
		if errors.As(res.err, &ae) && ae.Type() == errRun {
			var last json.RawMessage
			if ae.HasDetails() {
				_ = ae.Details(&last)
			}
			return last, fmt.Errorf("flow/temporal: run %s: %w", wr.GetID(), &remoteError{msg: ae.Message()})
		}
		return nil, fmt.Errorf("flow/temporal: run %s of graph %q: %w", wr.GetID(), graph, res.err)
	}
	return res.out, nil
}

// follower passes a run's recorded events to the sinks of the caller's
// context, in order, each once (emit), and tells whether it waits.
type follower struct {
	c         client.Client
	id, runID string
	from      int
	emit      bool
}

// next asks for the events recorded since the last call (only the status
// when not emitting); ok is false when the run could not be asked.
func (f *follower) next(ctx context.Context) (page eventsPage, ok bool) {
	qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	from := f.from
	if !f.emit {
		from = -1
	}
	v, err := f.c.QueryWorkflow(qctx, f.id, f.runID, EventsQuery, from)
	if err != nil || v.Get(&page) != nil {
		return page, false // not yet started on a worker, or the worker is busy: next tick
	}
	if f.emit && page.Next > f.from {
		for _, e := range page.Events {
			event.Emit(ctx, e)
		}
		f.from = page.Next
	}
	return page, true
}

// drain gets the events left once the run has ended.
func (f *follower) drain(ctx context.Context) {
	for {
		before := f.from
		if _, ok := f.next(ctx); !ok || f.from == before {
			return
		}
	}
}

func newWorkflowID(graph string) string {
	var b [6]byte
	rand.Read(b[:])
	return graph + "-" + time.Now().UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b[:])
}
