package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"go.temporal.io/sdk/client"
	sdk "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/cairn-agents/cairn/flow"
)

// A node that asks (flow.Ask) on a worker ends its activity with the
// questions instead of a state; the workflow records them, shows them in
// EventsQuery's answer, and waits. AnswerUpdate — a workflow update, so
// the answer is checked before anything is written and the caller hears
// at once when it is refused — gives one its answer; once every question
// of the step has one, the node runs again with them and its Ask returns
// them. Two callers answering one question: the first is taken, the
// second refused (flow.ErrNotWaiting). OnNoAnswer deadlines are not
// enforced on the cluster: a question waits until answered or the run is
// cancelled.
const AnswerUpdate = "flow.answer"

// The update's refusals, as application error types.
const (
	errNotWaiting = "flow.NotWaiting"
	errBadAnswer  = "flow.BadAnswer"
)

// answerArg is AnswerUpdate's argument.
type answerArg struct {
	ID     string          `json:"id"`
	Answer json.RawMessage `json:"answer"`
}

// questions are a run's open questions, with the state each waits with.
type questions struct {
	open   []flow.Request
	states map[string]json.RawMessage
	given  map[string]json.RawMessage // answers not yet taken by their node
}

type questionsKey struct{}

func (qs *questions) add(q flow.Request, state json.RawMessage) {
	if qs.states == nil {
		qs.states, qs.given = map[string]json.RawMessage{}, map[string]json.RawMessage{}
	}
	qs.open = append(qs.open, q)
	qs.states[q.ID] = state
}

// waiting are the questions without an answer, in the order asked, and
// the state the first one waits with.
func (qs *questions) waiting() ([]flow.Request, json.RawMessage) {
	var out []flow.Request
	for _, q := range qs.open {
		if _, ok := qs.given[q.ID]; !ok {
			out = append(out, q)
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, qs.states[out[0].ID]
}

func (qs *questions) answered(asked []flow.Request) bool {
	for _, q := range asked {
		if _, ok := qs.given[q.ID]; !ok {
			return false
		}
	}
	return true
}

// take removes question id and returns its answer.
func (qs *questions) take(id string) json.RawMessage {
	a := qs.given[id]
	delete(qs.given, id)
	delete(qs.states, id)
	qs.open = slices.DeleteFunc(qs.open, func(q flow.Request) bool { return q.ID == id })
	return a
}

// find is the open, unanswered question id names (empty: the only one).
func (qs *questions) find(id string) (flow.Request, error) {
	waiting, _ := qs.waiting()
	if id == "" {
		if len(waiting) == 1 {
			return waiting[0], nil
		}
		return flow.Request{}, fmt.Errorf("the run waits for %d answers; name the request", len(waiting))
	}
	for _, q := range waiting {
		if q.ID == id {
			return q, nil
		}
	}
	return flow.Request{}, fmt.Errorf("no open question %s", id)
}

// setAnswerHandler lets callers answer the run's questions.
func setAnswerHandler(wctx workflow.Context, qs *questions) error {
	return workflow.SetUpdateHandlerWithOptions(wctx, AnswerUpdate,
		func(_ workflow.Context, a answerArg) (string, error) {
			q, err := qs.find(a.ID)
			if err != nil { // answered between validation and now
				return "", sdk.NewNonRetryableApplicationError(err.Error(), errNotWaiting, nil)
			}
			qs.given[q.ID] = a.Answer
			return q.ID, nil
		},
		workflow.UpdateHandlerOptions{Validator: func(_ workflow.Context, a answerArg) error {
			q, err := qs.find(a.ID)
			if err != nil {
				return sdk.NewNonRetryableApplicationError(err.Error(), errNotWaiting, nil)
			}
			if _, err := flow.CheckAnswer(q, a.Answer); err != nil {
				return sdk.NewNonRetryableApplicationError(err.Error(), errBadAnswer, nil)
			}
			return nil
		}})
}

// status is what EventsQuery from -1 tells: no events, where the log is,
// and the questions.
func (e *Engine) status(ctx context.Context, runID string) (eventsPage, error) {
	v, err := e.Client.QueryWorkflow(ctx, runID, "", EventsQuery, -1)
	if err != nil {
		return eventsPage{}, fmt.Errorf("flow/temporal: run %s: %w", runID, err)
	}
	var page eventsPage
	if err := v.Get(&page); err != nil {
		return eventsPage{}, fmt.Errorf("flow/temporal: run %s: status does not decode: %w", runID, err)
	}
	return page, nil
}

// Answer implements flow.AskingEngine: the answer is checked here and by
// the run (an update), then the run is followed as Run follows it, from
// the events not yet seen.
func (e *Engine) Answer(ctx context.Context, graph, runID, requestID string, answer any) (json.RawMessage, error) {
	page, err := e.status(ctx, runID)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", flow.ErrNotWaiting, err)
	}
	qs := questions{open: page.Waiting}
	q, err := qs.find(requestID)
	if err != nil {
		return page.State, fmt.Errorf("%w: run %s: %v", flow.ErrNotWaiting, runID, err)
	}
	raw, err := flow.CheckAnswer(q, answer)
	if err != nil {
		return page.State, fmt.Errorf("flow/temporal: run %s: %w", runID, err)
	}
	h, err := e.Client.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: runID, UpdateName: AnswerUpdate, Args: []any{answerArg{ID: q.ID, Answer: raw}},
		WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	if err == nil {
		err = h.Get(ctx, nil)
	}
	if err != nil {
		var ae *sdk.ApplicationError
		if errors.As(err, &ae) {
			switch ae.Type() {
			case errNotWaiting:
				return page.State, fmt.Errorf("%w: run %s: %s", flow.ErrNotWaiting, runID, ae.Message())
			case errBadAnswer:
				return page.State, fmt.Errorf("%w: run %s: %s", flow.ErrBadAnswer, runID, ae.Message())
			}
		}
		return page.State, fmt.Errorf("flow/temporal: run %s: answer %s: %w", runID, q.ID, err)
	}
	wr := e.Client.GetWorkflow(ctx, runID, "")
	return follow(ctx, e.Client, graph, func() (client.WorkflowRun, error) { return wr, nil }, page.Next, e.PollEvery)
}

// Pending implements flow.AskingEngine.
func (e *Engine) Pending(ctx context.Context, _, runID string) (json.RawMessage, []flow.Request, error) {
	page, err := e.status(ctx, runID)
	if err != nil {
		return nil, nil, err
	}
	return page.State, page.Waiting, nil
}

// Cancel implements flow.AskingEngine: the run is cancelled on the
// cluster (a waiting one too).
func (e *Engine) Cancel(ctx context.Context, _, runID, _ string) error {
	if err := e.Client.CancelWorkflow(ctx, runID, ""); err != nil {
		return fmt.Errorf("flow/temporal: cancel run %s: %w", runID, err)
	}
	return nil
}
