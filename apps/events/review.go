package events

import (
	"context"
	"errors"
	"fmt"

	"github.com/cairn-agents/cairn/flow"
)

// A request with Review stops before it publishes: the review node asks
// "Publish these N events?" with flow.Ask, the run's checkpoint goes to
// Options.Store, and Resume continues it with the reviewer's answer, in
// this process or another.

// The reviewer's answers.
const (
	ReviewApprove = "approve"
	ReviewReject  = "reject"
)

// Errors of review; check with errors.Is.
var (
	ErrNoReviewStore = errors.New("review needs a store for the runs that wait (events.Options.Store)")
	ErrUnknownRun    = errors.New("no such run")
	ErrRunNotWaiting = errors.New("the run is not waiting for a review")
	ErrBadReview     = errors.New("the answer is not approve or reject")
	// ErrReviewOnEngine: the run would go to an Engine whose runs
	// cannot wait for an answer (not a flow.AskingEngine).
	ErrReviewOnEngine = errors.New("review is not available on this engine: its runs cannot wait for a reviewer's answer; search without review, or here")
)

// reviewRunner is the runner of runs that may wait for a reviewer: on
// an Engine that keeps waiting runs, the Engine's; here, the one with
// Options.Store.
func (a *App) reviewRunner() (*flow.Runner[State], error) {
	switch {
	case a.opts.Engine != nil && !asks(a.opts.Engine):
		return nil, ErrReviewOnEngine
	case a.opts.Engine != nil:
		return a.runner, nil
	case a.reviewed == nil:
		return nil, ErrNoReviewStore
	}
	return a.reviewed, nil
}

// asks says whether e keeps runs that wait for an answer and gives them
// theirs (Runner.Answer and Pending go through it).
func asks(e flow.Engine) bool {
	_, ok := e.(flow.AskingEngine)
	return ok
}

// reviewNode asks a person to approve the final shortlist when the
// request asked for review; there is nothing to approve when there are no
// events or the gate rejected. Ask stops the run the first time and the
// node runs again from its start with the answer, so nothing before Ask
// has an effect.
func (a *App) reviewNode(ctx context.Context, s State) (State, error) {
	if !s.Review || len(s.Events) == 0 || s.GateDecision == Reject {
		return s, nil
	}
	n := len(s.Events)
	q := fmt.Sprintf("Publish these %d events?", n)
	if n == 1 {
		q = "Publish this event?"
	}
	answer, err := flow.Ask[string](ctx, q, ReviewApprove, ReviewReject)
	if err != nil {
		return s, err
	}
	if answer == ReviewReject {
		why := fmt.Sprintf("the reviewer rejected the %d event(s); nothing is published", n)
		s.Events, s.GateDecision, s.GateWhy, s.RetryFeedback = nil, Reject, why, why
		s.note("REJECT: " + why)
	} else {
		s.GateDecision = Approve
		s.note(fmt.Sprintf("the reviewer approved the %d event(s)", n))
	}
	progress(ctx, nodeReview, "%s by the reviewer: %d event(s)", s.GateDecision, len(s.Events))
	return s, nil
}

// Resume answers run runID, which waits for a reviewer (a Response with
// Status "waiting"), with ReviewApprove or ReviewReject, and returns the
// run's answer: the shortlist published, or no events and REJECT. An
// unknown run, a run that does not wait, or another answer is an error
// and changes nothing stored.
func (a *App) Resume(ctx context.Context, runID, answer string) (Response, error) {
	runner, err := a.reviewRunner()
	if err != nil {
		return Response{}, err
	}
	if answer != ReviewApprove && answer != ReviewReject {
		return Response{}, fmt.Errorf("%w: %q", ErrBadReview, answer)
	}
	if !runIDShape(runID) {
		return Response{}, fmt.Errorf("%w: %q is not a run ID", ErrUnknownRun, runID)
	}
	_, waiting, err := runner.Pending(ctx, runID)
	switch {
	case errors.Is(err, flow.ErrNoCheckpoint):
		return Response{}, fmt.Errorf("%w: %q", ErrUnknownRun, runID)
	case err != nil:
		return Response{}, fmt.Errorf("run %q: %w", runID, err)
	case len(waiting) == 0:
		return Response{}, fmt.Errorf("%w: run %q has finished", ErrRunNotWaiting, runID)
	}
	s, err := runner.Answer(ctx, runID, "", answer)
	if errors.Is(err, flow.ErrNotWaiting) {
		return Response{}, fmt.Errorf("%w: run %q: %w", ErrRunNotWaiting, runID, err)
	}
	return response(s, err)
}

// runIDShape says whether id could name a run (flow's IDs, safe as a
// file name), so a path is never taken for one.
func runIDShape(id string) bool {
	if id == "" || len(id) > 128 || id[0] == '.' || id[0] == '-' {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}
