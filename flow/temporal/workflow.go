package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	sdk "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/cairn-agents/cairn/flow"
)

// Errors a run on Temporal fails with besides its nodes'.
const (
	errRun      = "flow.RunError"
	errBadState = "flow.BadState"
)

// wctxKey carries the workflow.Context of the coroutine a node runs on
// through flow's context.Context.
type wctxKey struct{}

func workflowContext(ctx context.Context) workflow.Context {
	w, _ := ctx.Value(wctxKey{}).(workflow.Context)
	return w
}

// runWorkflow is the workflow of a graph: flow's traversal, with each node
// an activity. On failure the error's details hold the last good state.
func runWorkflow[S any](wctx workflow.Context, r *flow.Runner[S], in json.RawMessage) (json.RawMessage, error) {
	var s0 S
	if err := json.Unmarshal(in, &s0); err != nil {
		return nil, sdk.NewNonRetryableApplicationError(
			fmt.Sprintf("flow/temporal: graph %q: initial state does not decode: %v", r.Name(), err), errBadState, nil)
	}
	// ctx is cancelled when the workflow is, so the traversal stops as a
	// cancelled in-process run does, and OnError does not take a
	// cancellation for a failure. Cancelling from a coroutine is
	// deterministic: it runs when the cancel request is replayed.
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), wctxKey{}, wctx))
	defer cancel()
	workflow.Go(wctx, func(c workflow.Context) {
		c.Done().Receive(c, nil)
		cancel()
	})
	out, err := r.Invoke(ctx, s0)
	if err != nil {
		if wctx.Err() != nil {
			return nil, wctx.Err()
		}
		raw, _ := json.Marshal(out) // it encoded when it was made
		return nil, sdk.NewNonRetryableApplicationError(err.Error(), errRun, nil, raw)
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return nil, sdk.NewNonRetryableApplicationError(
			fmt.Sprintf("flow/temporal: final state of graph %q is not JSON-serialisable: %v", r.Name(), err), errBadState, nil)
	}
	return raw, nil
}

// executor runs each node as an activity of the workflow whose context
// travels in ctx. It is a flow.Spawner: parallel branches run as workflow
// coroutines, never goroutines.
type executor[S any] struct {
	opts Options
}

func (e executor[S]) Execute(ctx context.Context, st flow.Step[S]) (S, error) {
	var zero S
	wctx := workflowContext(ctx)
	if wctx == nil {
		return zero, fmt.Errorf("flow/temporal: node %q: run outside a workflow", st.Node)
	}
	in, err := json.Marshal(st.State)
	if err != nil {
		return zero, fmt.Errorf("flow/temporal: state before %q is not JSON-serialisable: %w", st.Node, err)
	}
	ao := activityOptions(st.Settings, e.opts)
	var out json.RawMessage
	err = workflow.ExecuteActivity(workflow.WithActivityOptions(wctx, ao), ActivityName(st.Graph, st.Node), in).Get(wctx, &out)
	if err != nil {
		return zero, nodeError(st.Node, ao.RetryPolicy.MaximumAttempts, err)
	}
	var s S
	if err := json.Unmarshal(out, &s); err != nil {
		return zero, fmt.Errorf("flow/temporal: state after %q does not decode: %w", st.Node, err)
	}
	return s, nil
}

// Spawn runs fn on n workflow coroutines and waits for them.
func (e executor[S]) Spawn(ctx context.Context, n int, fn func(context.Context, int)) {
	wctx := workflowContext(ctx)
	wg := workflow.NewWaitGroup(wctx)
	for i := range n {
		wg.Add(1)
		workflow.Go(wctx, func(c workflow.Context) {
			defer wg.Done()
			fn(context.WithValue(ctx, wctxKey{}, c), i)
		})
	}
	wg.Wait(wctx)
}

// activityOptions maps a node's settings to its activity's. The worker
// enforces Timeout and the node's own attempts; the cluster's timeouts
// and MaximumAttempts are what catches a worker that died.
func activityOptions(set flow.NodeSettings, o Options) workflow.ActivityOptions {
	timeout := o.NodeTimeout
	if set.Timeout > 0 {
		timeout = set.Timeout + o.Heartbeat
	}
	backoff := set.Retry.Backoff
	if backoff <= 0 {
		backoff = time.Millisecond // the cluster's zero means one second
	}
	maxBackoff := set.Retry.MaxBackoff
	if maxBackoff <= 0 {
		maxBackoff = max(backoff, 24*time.Hour) // uncapped, as far as the cluster allows
	}
	return workflow.ActivityOptions{
		StartToCloseTimeout: timeout,
		HeartbeatTimeout:    o.Heartbeat,
		RetryPolicy: &sdk.RetryPolicy{
			InitialInterval:    backoff,
			BackoffCoefficient: 2,
			MaximumInterval:    maxBackoff,
			MaximumAttempts:    int32(max(set.Retry.Attempts, 1) + o.LostAttempts),
		},
	}
}

// remoteError is a node's error come back from its activity: the same
// message, and errors.Is(err, flow.ErrTimeout) when it timed out.
type remoteError struct {
	msg string
	is  error
}

func (e *remoteError) Error() string { return e.msg }
func (e *remoteError) Unwrap() error { return e.is }

// nodeError turns an activity's failure into what InProcess returns.
func nodeError(node string, maxAttempts int32, err error) error {
	var ce *sdk.CanceledError
	if errors.As(err, &ce) {
		return fmt.Errorf("flow: node %q: %w", node, err)
	}
	var ae *sdk.ApplicationError
	if errors.As(err, &ae) {
		attempts := 1
		if ae.HasDetails() {
			_ = ae.Details(&attempts)
		}
		re := &remoteError{msg: ae.Message()}
		if ae.Type() == errTimeout {
			re.is = flow.ErrTimeout
		}
		return &flow.NodeError{Node: node, Attempts: attempts, Err: re}
	}
	var te *sdk.TimeoutError
	if errors.As(err, &te) { // the cluster's backstop: the worker did not answer
		return &flow.NodeError{Node: node, Attempts: int(maxAttempts),
			Err: &remoteError{msg: fmt.Sprintf("%v: %v", flow.ErrTimeout, te), is: flow.ErrTimeout}}
	}
	return &flow.NodeError{Node: node, Attempts: int(maxAttempts), Err: err}
}
