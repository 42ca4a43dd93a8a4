package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"

	enumspb "go.temporal.io/api/enums/v1"

	"github.com/cairn-agents/cairn/event"
)

// A batch is a parent workflow whose children are runs of graphs: a
// benchmark's tasks, a maze experiment's episodes. The runs spread over
// every worker of the queue, and the cluster's UI shows them under one
// parent. The parent starts each child when the caller asks (a signal)
// and does not wait for their results, which stay in the children's own
// histories; it continues as new after each round of starts (see batch),
// so a parent of thousands of runs keeps a small history.
const (
	batchWorkflow = "flow:batch"
	startSignal   = "flow.batch.start"
	closeSignal   = "flow.batch.close"
)

// childStart asks a batch to start one run.
type childStart struct {
	ID     string          `json:"id"`
	Graph  string          `json:"graph"`
	State  json.RawMessage `json:"state"`
	Events bool            `json:"events,omitempty"` // record its events (EventsMemo)
}

// batchSummary is a batch's result.
type batchSummary struct {
	Started int      `json:"started"`
	Refused []string `json:"refused,omitempty"` // children that could not start, and why
	// Carried from one run of the parent to the next (it continues as
	// new): starts asked but not yet made, and whether it was closed.
	Pending []childStart `json:"pending,omitempty"`
	Closed  bool         `json:"closed,omitempty"`
}

func registerBatch(reg Registry) {
	reg.RegisterWorkflowWithOptions(batch, workflow.RegisterOptions{Name: batchWorkflow})
}

// batch is the parent workflow: it starts a child per start signal until
// the close signal, then ends once every child asked for has started.
//
// A parent's history records the end of every child that ends while the
// parent's run is open, result included: a parent open for a whole
// benchmark would carry every task's result. So each run of the parent
// starts the children asked for so far, waits until they have started,
// and continues as new, carrying only the counts: a child then ends
// after the run that started it has closed, and its result stays in its
// own history.
func batch(ctx workflow.Context, sum batchSummary) (batchSummary, error) {
	starts := workflow.GetSignalChannel(ctx, startSignal)
	closing := workflow.GetSignalChannel(ctx, closeSignal)
	asked, closed := sum.Pending, sum.Closed // carried from the run before
	sum.Pending = nil
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(starts, func(ch workflow.ReceiveChannel, _ bool) {
		var cs childStart
		ch.Receive(ctx, &cs)
		asked = append(asked, cs)
	})
	sel.AddReceive(closing, func(ch workflow.ReceiveChannel, _ bool) {
		ch.Receive(ctx, nil)
		closed = true
	})
	if len(asked) == 0 && !closed {
		sel.Select(ctx) // this run's first signal
	}
	for sel.HasPending() {
		sel.Select(ctx)
	}
	n := len(asked)
	started := make([]workflow.Future, n)
	for i, cs := range asked[:n] {
		co := workflow.ChildWorkflowOptions{
			WorkflowID:        cs.ID,
			ParentClosePolicy: enumspb.PARENT_CLOSE_POLICY_ABANDON, // the parent's run ends before its children
		}
		if cs.Events {
			co.Memo = map[string]any{EventsMemo: true}
		}
		cctx := workflow.WithChildOptions(ctx, co)
		started[i] = workflow.ExecuteChildWorkflow(cctx, WorkflowName(cs.Graph), cs.State).GetChildWorkflowExecution()
	}
	for i, f := range started {
		if err := f.Get(ctx, nil); err != nil {
			sum.Refused = append(sum.Refused, fmt.Sprintf("%s: %v", asked[i].ID, err))
			continue
		}
		sum.Started++
	}
	// Signals that came while the children started are taken in this
	// run, so that none is lost, and carried to the next.
	for sel.HasPending() {
		sel.Select(ctx)
	}
	if rest := asked[n:]; len(rest) > 0 || !closed {
		sum.Pending, sum.Closed = rest, closed
		return sum, workflow.NewContinueAsNewError(ctx, batchWorkflow, sum)
	}
	return sum, nil
}

// Batch groups the runs an Engine makes under one parent workflow while
// its context is in force (Context), until Close.
type Batch struct {
	e  *Engine
	id string
}

type batchKey struct{}

// StartBatch starts a batch's parent workflow under id (a new one when
// empty).
func (e *Engine) StartBatch(ctx context.Context, id string) (*Batch, error) {
	if id == "" {
		id = newWorkflowID("batch")
	}
	_, err := e.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: e.TaskQueue}, batchWorkflow, batchSummary{})
	if err != nil {
		return nil, fmt.Errorf("flow/temporal: start batch %s on queue %q: %w", id, e.TaskQueue, err)
	}
	return &Batch{e: e, id: id}, nil
}

// ID is the parent workflow's ID.
func (b *Batch) ID() string { return b.id }

// Context returns ctx under which the batch's Engine starts runs as
// children of the batch.
func (b *Batch) Context(ctx context.Context) context.Context {
	return context.WithValue(ctx, batchKey{}, b)
}

// Close tells the parent that no more runs come; it ends once every
// child has started.
func (b *Batch) Close(ctx context.Context) error {
	if err := b.e.Client.SignalWorkflow(ctx, b.id, "", closeSignal, nil); err != nil {
		return fmt.Errorf("flow/temporal: close batch %s: %w", b.id, err)
	}
	return nil
}

func batchFrom(ctx context.Context, e *Engine) *Batch {
	b, _ := ctx.Value(batchKey{}).(*Batch)
	if b == nil || b.e != e {
		return nil
	}
	return b
}

// startChild asks the batch for a child run and returns it once the
// cluster knows it.
func (b *Batch) startChild(ctx context.Context, graph, id string, in json.RawMessage) (client.WorkflowRun, error) {
	err := b.e.Client.SignalWorkflow(ctx, b.id, "", startSignal, childStart{ID: id, Graph: graph, State: in, Events: event.Listening(ctx)})
	if err != nil {
		return nil, fmt.Errorf("flow/temporal: batch %s: start graph %q: %w", b.id, graph, err)
	}
	wait := 20 * time.Millisecond
	for {
		_, err := b.e.Client.DescribeWorkflowExecution(ctx, id, "")
		var nf *serviceerror.NotFound
		switch {
		case err == nil:
			return b.e.Client.GetWorkflow(ctx, id, ""), nil
		case !errors.As(err, &nf):
			return nil, fmt.Errorf("flow/temporal: batch %s: run %s: %w", b.id, id, err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
			wait = min(2*wait, time.Second)
		}
	}
}
