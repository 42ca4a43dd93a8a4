package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/client"
	sdk "go.temporal.io/sdk/temporal"

	"github.com/cairn-agents/cairn/flow"
)

// Invoke runs r's graph from s0 as a workflow on the cluster c talks to
// and returns its final state, as r.Invoke does in process: on failure
// the last good state and the run's error. start names the task queue
// (required) and the workflow ID (a fresh one when empty). When ctx ends
// first, the workflow is cancelled on the cluster too.
func Invoke[S any](ctx context.Context, c client.Client, start client.StartWorkflowOptions, r *flow.Runner[S], s0 S) (S, error) {
	var zero S
	in, err := json.Marshal(s0)
	if err != nil {
		return zero, fmt.Errorf("flow/temporal: initial state of graph %q is not JSON-serialisable: %w", r.Name(), err)
	}
	run, err := c.ExecuteWorkflow(ctx, start, WorkflowName(r.Name()), json.RawMessage(in))
	if err != nil {
		return zero, fmt.Errorf("flow/temporal: start graph %q on queue %q: %w", r.Name(), start.TaskQueue, err)
	}
	var out json.RawMessage
	err = run.Get(ctx, &out)
	if ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if cerr := c.CancelWorkflow(cctx, run.GetID(), run.GetRunID()); cerr != nil {
			return zero, fmt.Errorf("flow/temporal: run %s of graph %q: %w (cancelling it on the cluster: %w)", run.GetID(), r.Name(), context.Cause(ctx), cerr)
		}
		return zero, fmt.Errorf("flow/temporal: run %s of graph %q: %w", run.GetID(), r.Name(), context.Cause(ctx))
	}
	if err != nil {
		var last S
		var ae *sdk.ApplicationError
		if errors.As(err, &ae) && ae.Type() == errRun && ae.HasDetails() {
			var raw json.RawMessage
			if ae.Details(&raw) == nil {
				_ = json.Unmarshal(raw, &last)
			}
			return last, fmt.Errorf("flow/temporal: run %s: %w", run.GetID(), &remoteError{msg: ae.Message()})
		}
		return last, fmt.Errorf("flow/temporal: run %s of graph %q: %w", run.GetID(), r.Name(), err)
	}
	var s S
	if err := json.Unmarshal(out, &s); err != nil {
		return zero, fmt.Errorf("flow/temporal: final state of run %s does not decode: %w", run.GetID(), err)
	}
	return s, nil
}
