package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/converter"
	sdk "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/cairn-agents/cairn/event"
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

// EventsQuery is the query a run's workflow answers with the events it
// recorded from a given index: the traversal's (RunStart, NodeStart,
// NodeEnd, StateSet, …, RunEnd) and the nodes' own, which the worker that
// ran each node sent back with its result. Engine.Run polls it to hand
// the events to the caller's sinks.
const EventsQuery = "flow.events"

// eventsPage is an answer to EventsQuery.
type eventsPage struct {
	Events []event.Event `json:"events"`
	// Next is the index to ask from next.
	Next int `json:"next"`
	// Waiting are the questions the run waits on (flow.Ask), and State
	// the state the first waits with.
	Waiting []flow.Request  `json:"waiting,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
}

// EventsMemo is the memo field by which a caller asks a run to record its
// events for EventsQuery (the Engine sets it when its caller listens).
const EventsMemo = "flow.events"

// maxEventState bounds the state an event keeps in the run's record.
const maxEventState = 256 << 10

// wantsEvents reports whether the run was started with EventsMemo.
func wantsEvents(wctx workflow.Context) bool {
	p, ok := workflow.GetInfo(wctx).Memo.GetFields()[EventsMemo]
	if !ok {
		return false
	}
	var want bool
	return converter.GetDefaultDataConverter().FromPayload(p, &want) == nil && want
}

// maxEventsPage bounds an answer to EventsQuery (at least one event is
// sent): a query result travels as one payload.
const maxEventsPage = 512 << 10

// runWorkflow is the workflow of a graph: flow's traversal, with each node
// an activity. On failure the error's details hold the last good state.
func runWorkflow(wctx workflow.Context, r flow.AnyRunner, o Options, in json.RawMessage) (json.RawMessage, error) {
	var log []event.Event
	var logBytes []int // each event's encoded size, for paging
	qs := &questions{}
	err := workflow.SetQueryHandler(wctx, EventsQuery, func(from int) (eventsPage, error) {
		if from > len(log) {
			return eventsPage{}, fmt.Errorf("flow/temporal: events from %d: the run has %d", from, len(log))
		}
		var page eventsPage
		page.Waiting, page.State = qs.waiting()
		if from < 0 { // the status only
			page.Next = len(log)
			return page, nil
		}
		page.Next = from
		size := 0
		for page.Next < len(log) && (len(page.Events) == 0 || size+logBytes[page.Next] <= maxEventsPage) {
			size += logBytes[page.Next]
			page.Events = append(page.Events, log[page.Next])
			page.Next++
		}
		return page, nil
	})
	if err != nil {
		return nil, err
	}
	if err := setAnswerHandler(wctx, qs); err != nil {
		return nil, err
	}
	// ctx is cancelled when the workflow is, so the traversal stops as a
	// cancelled in-process run does, and OnError does not take a
	// cancellation for a failure. Cancelling from a coroutine is
	// deterministic: it runs when the cancel request is replayed.
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), wctxKey{}, wctx))
	defer cancel()
	// The traversal's events are stamped with the workflow's clock, which
	// replays as it ran (a query after the run replays its history in
	// milliseconds); the nodes' own events keep the worker's times.
	clock := &runClock{started: map[string]time.Time{}}
	ctx = context.WithValue(ctx, clockKey{}, clock)
	ctx = context.WithValue(ctx, questionsKey{}, qs)
	// Events are recorded only when the caller follows them (the
	// EventsMemo the Engine sets): recording makes the traversal encode
	// the state at every step, which for a state of megabytes is seconds
	// of workflow code.
	record := func(e event.Event) { // coroutines take turns: no lock needed
		if !clock.fromNode {
			now := workflow.Now(wctx)
			e.Time = now
			key := fmt.Sprint(e.Node, "#", e.Step)
			switch e.Kind {
			case event.RunStart:
				clock.run = now
			case event.NodeStart:
				clock.started[key] = now
			case event.NodeEnd:
				if t, ok := clock.started[key]; ok {
					e.Duration = now.Sub(t)
					delete(clock.started, key)
				}
			case event.RunEnd:
				e.Duration = now.Sub(clock.run)
			}
		}
		size := len(e.State) + len(e.Message) + len(e.Err) + 256 // about its JSON
		if len(e.State) > maxEventState {
			e.State = nil
			e.Message = strings.TrimSpace(e.Message + fmt.Sprintf(" (state of %d bytes not recorded)", size))
			size = 512
		}
		log = append(log, e)
		logBytes = append(logBytes, size)
	}
	if wantsEvents(wctx) {
		ctx = event.WithSink(ctx, record)
	}
	workflow.Go(wctx, func(c workflow.Context) {
		c.Done().Receive(c, nil)
		cancel()
	})
	runID := workflow.GetInfo(wctx).WorkflowExecution.ID
	out, err := r.InvokeJSON(ctx, runID, in, executor{opts: o})
	if err != nil {
		if wctx.Err() != nil {
			return nil, wctx.Err()
		}
		if out == nil { // the state did not decode or encode: no last good state
			return nil, sdk.NewNonRetryableApplicationError(err.Error(), errBadState, nil)
		}
		return nil, sdk.NewNonRetryableApplicationError(err.Error(), errRun, nil, out)
	}
	return out, nil
}

// runClock times a run's traversal events on the workflow's clock.
type runClock struct {
	run      time.Time
	started  map[string]time.Time // NodeStart of each node#step
	fromNode bool                 // the events being emitted are a node's own
}

type clockKey struct{}

// nodeInput is what a node's activity is given: the state, the step,
// and the answers to the questions the node asked in this step so far.
type nodeInput struct {
	State   json.RawMessage            `json:"state"`
	Step    int                        `json:"step"`
	Answers map[string]json.RawMessage `json:"answers,omitempty"`
}

// nodeResult is what a node's activity returns: the state it made and
// the events the node emitted while it ran; or, when it asked (flow.Ask),
// the questions it waits on.
type nodeResult struct {
	State  json.RawMessage `json:"state,omitempty"`
	Events []event.Event   `json:"events,omitempty"`
	Asked  []flow.Request  `json:"asked,omitempty"`
}

// executor runs each node as an activity of the workflow whose context
// travels in ctx. It is a flow.Spawner: parallel branches run as workflow
// coroutines, never goroutines.
type executor struct {
	opts Options
}

func (e executor) ExecuteJSON(ctx context.Context, st flow.JSONStep) (json.RawMessage, error) {
	wctx := workflowContext(ctx)
	if wctx == nil {
		return nil, fmt.Errorf("flow/temporal: node %q: run outside a workflow", st.Node)
	}
	ao := activityOptions(st.Settings, e.opts)
	in := nodeInput{State: st.State, Step: st.Index}
	for {
		var res nodeResult
		err := workflow.ExecuteActivity(workflow.WithActivityOptions(wctx, ao), ActivityName(st.Graph, st.Node), in).Get(wctx, &res)
		if err != nil {
			return nil, nodeError(st.Node, ao.RetryPolicy.MaximumAttempts, err)
		}
		clock, _ := ctx.Value(clockKey{}).(*runClock)
		if clock != nil {
			clock.fromNode = true
		}
		for _, ev := range res.Events {
			event.Emit(ctx, ev) // the run stamps them with the node and step
		}
		if clock != nil {
			clock.fromNode = false
		}
		if len(res.Asked) == 0 {
			return res.State, nil
		}
		// The node asked: wait for every answer (an update, AnswerUpdate),
		// then run it again with them, on the same state.
		qs, _ := ctx.Value(questionsKey{}).(*questions)
		if qs == nil {
			return nil, fmt.Errorf("flow/temporal: node %q asked outside a run", st.Node)
		}
		for _, q := range res.Asked {
			qs.add(q, st.State)
			event.Emit(ctx, flow.InterruptEvent(event.Interrupt, q, nil, q.Question))
		}
		if err := workflow.Await(wctx, func() bool { return qs.answered(res.Asked) }); err != nil {
			return nil, err // cancelled while waiting
		}
		if in.Answers == nil {
			in.Answers = map[string]json.RawMessage{}
		}
		for _, q := range res.Asked {
			a := qs.take(q.ID)
			in.Answers[q.ID] = a
			event.Emit(ctx, flow.InterruptEvent(event.Resume, q, a, "answered "+q.ID))
		}
	}
}

// Spawn runs fn on n workflow coroutines and waits for them.
func (e executor) Spawn(ctx context.Context, n int, fn func(context.Context, int)) {
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
