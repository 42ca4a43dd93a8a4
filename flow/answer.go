package flow

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// wait ends a run whose step asked: it saves the state from before the
// step with the requests, so that the step runs again once every request
// has an answer.
func (r *Runner[S]) wait(ctx context.Context, rn *run, s S, raw json.RawMessage, cur cursor, w *waiting) ending[S] {
	if err := r.saveWaiting(ctx, rn, cur, raw, w); err != nil {
		return ending[S]{s: s, raw: raw, err: err}
	}
	if rn.emit != nil {
		for _, q := range w.reqs {
			rn.emit(interruptEvent(event.Interrupt, q, nil, q.Question))
		}
	}
	return ending[S]{s: s, raw: raw, err: &InterruptedError{RunID: rn.id, Requests: w.reqs}}
}

// Answer answers request requestID of run runID, which waits for it (see
// Ask), and continues the run once every request it waits for has an
// answer: the step that asked runs again and its Ask returns the answer.
// requestID may be empty when the run waits for one request only. The
// answer is a value of the type the node asked for, or its JSON
// (json.RawMessage).
//
// Like Invoke, Answer runs on the caller's goroutine, sends the run's
// events to the sinks in ctx and returns the final state, or the state
// and an *InterruptedError when the run waits again (for another request
// of the same step, or a later question). Answer changes nothing stored
// when it returns an error wrapping ErrNotWaiting (the run does not wait
// for this request: it finished, was cancelled, is being answered, or the
// request was answered already), ErrBadAnswer (the answer does not fit the
// request's schema) or ErrDeadlinePassed.
func (r *Runner[S]) Answer(ctx context.Context, runID, requestID string, answer any) (S, error) {
	if ae, ok := r.engine.(AskingEngine); ok {
		raw, err := ae.Answer(ctx, r.name, runID, requestID, answer)
		return r.decodeRemote(raw, err)
	}
	c, s, release, err := r.holdState(ctx, "Answer", runID)
	if err != nil {
		return s, err
	}
	defer release()
	q, err := findRequest(c, requestID)
	if err != nil {
		return s, err
	}
	if !q.Deadline.IsZero() && !time.Now().Before(q.Deadline) {
		return s, fmt.Errorf("%w: run %q, request %s: the deadline was %s (Expire takes the OnNoAnswer edge)",
			ErrDeadlinePassed, runID, q.ID, q.Deadline.Format(time.RFC3339))
	}
	ans, err := r.schemas.checkAnswer(q, answer)
	if err != nil {
		return s, fmt.Errorf("flow: run %q: %w", runID, err)
	}
	return r.invoke(ctx, runID, func(ctx context.Context, rn *run) ending[S] {
		if rn.emit != nil {
			rn.emit(event.Event{Kind: event.RunStart, Step: c.Step, State: c.State,
				Message: fmt.Sprintf("%s: resumed at step %d with the answer to %s", r.name, c.Step, q.ID)})
			rn.emit(interruptEvent(event.Resume, q, ans, "answered "+q.ID))
		}
		answers := make(map[string]json.RawMessage, len(c.Answers)+1)
		for k, v := range c.Answers {
			answers[k] = v
		}
		answers[q.ID] = ans
		rn.resumed = &resumed{answers: answers}
		cur := cursor{step: c.Step, next: c.Next, fanout: c.Fanout, counts: c.Counts}
		if rest := slices.DeleteFunc(slices.Clone(c.Waiting), func(w Request) bool { return w.ID == q.ID }); len(rest) > 0 {
			// The step waits for the others: keep this answer with them.
			w := &waiting{reqs: rest, branches: c.Branches}
			if err := r.saveWaiting(ctx, rn, cur, c.State, w); err != nil {
				return ending[S]{s: s, raw: c.State, err: err}
			}
			return ending[S]{s: s, raw: c.State, err: &InterruptedError{RunID: runID, Requests: rest}}
		}
		rn.resumed.branches = c.Branches
		return r.loop(ctx, rn, s, c.State, cur)
	})
}

// Expire continues run runID along the OnNoAnswer edge of the node whose
// request's deadline has passed, with the state that node was given, and
// returns what Answer would. When no deadline has passed it changes
// nothing and returns the state and an *InterruptedError: the run still
// waits. Nothing in the engine waits for a deadline; a caller that keeps
// the IDs of waiting runs calls Expire on them now and then (a sweep).
func (r *Runner[S]) Expire(ctx context.Context, runID string) (S, error) {
	c, s, release, err := r.holdState(ctx, "Expire", runID)
	if err != nil {
		return s, err
	}
	defer release()
	now := time.Now()
	i := slices.IndexFunc(c.Waiting, func(q Request) bool { return !q.Deadline.IsZero() && !now.Before(q.Deadline) })
	if i < 0 {
		return s, &InterruptedError{RunID: runID, Requests: c.Waiting}
	}
	q := c.Waiting[i]
	d, ok := r.noAnswer[q.Node]
	if !ok || c.Fanout != "" {
		return s, fmt.Errorf("flow: Expire(%q): node %q has no OnNoAnswer edge in graph %q", runID, q.Node, r.name)
	}
	return r.invoke(ctx, runID, func(ctx context.Context, rn *run) ending[S] {
		msg := fmt.Sprintf("no answer to %s by %s: %s -> %s", q.ID, q.Deadline.Format(time.RFC3339), q.Node, d.target)
		if rn.emit != nil {
			rn.emit(event.Event{Kind: event.RunStart, Step: c.Step, State: c.State,
				Message: fmt.Sprintf("%s: resumed at step %d: %s", r.name, c.Step, msg)})
			rn.emit(interruptEvent(event.Resume, q, nil, msg))
		}
		// The deadline ends the node's step.
		cur := cursor{step: c.Step + 1, next: d.target, counts: c.Counts}
		if err := r.save(ctx, rn, cur, c.State); err != nil {
			return ending[S]{s: s, raw: c.State, err: err}
		}
		return r.loop(ctx, rn, s, c.State, cur)
	})
}

// Cancel ends run runID, which waits for answers: its checkpoint records
// why (reason), no answer is taken any more, and Resume reports
// ErrCancelled. A run that does not wait is not changed (ErrNotWaiting);
// a running run is cancelled through its context.
func (r *Runner[S]) Cancel(ctx context.Context, runID, reason string) error {
	if ae, ok := r.engine.(AskingEngine); ok {
		return ae.Cancel(ctx, r.name, runID, reason)
	}
	c, release, err := r.holdWaiting(ctx, "Cancel", runID)
	if err != nil {
		return err
	}
	defer release()
	if reason == "" {
		reason = "cancelled"
	}
	c.Next, c.Fanout, c.Waiting, c.Answers, c.Branches = End, "", nil, nil, nil
	c.Cancelled, c.Time = reason, time.Now().UTC()
	if err := r.store.Save(context.WithoutCancel(ctx), c); err != nil {
		return fmt.Errorf("flow: Cancel(%q): %w", runID, err)
	}
	if event.Listening(ctx) {
		event.Emit(ctx, event.Event{RunID: runID, Kind: event.RunStart, Step: c.Step, Message: r.name + ": cancelled while waiting"})
		event.Emit(ctx, event.Event{RunID: runID, Kind: event.RunEnd, Step: c.Step, State: c.State, Message: "cancelled", Err: reason})
	}
	return nil
}

// Pending returns the state run runID waits with and the requests it
// waits for; no requests when it does not wait.
func (r *Runner[S]) Pending(ctx context.Context, runID string) (S, []Request, error) {
	var zero S
	if ae, ok := r.engine.(AskingEngine); ok {
		raw, reqs, err := ae.Pending(ctx, r.name, runID)
		s, derr := r.decodeRemote(raw, nil)
		if err == nil {
			err = derr
		}
		return s, reqs, err
	}
	if r.engine != nil {
		return zero, nil, fmt.Errorf("flow: Pending(%q): %w", runID, ErrNotOnEngine)
	}
	if r.store == nil {
		return zero, nil, fmt.Errorf("flow: Pending(%q): graph %q has no Store", runID, r.name)
	}
	c, err := r.store.Load(ctx, runID)
	if err != nil {
		return zero, nil, fmt.Errorf("flow: Pending(%q): %w", runID, err)
	}
	s, err := r.decode(c)
	return s, c.Waiting, err
}

// holdWaiting loads the checkpoint of run runID, which must wait for
// answers, and keeps other Answer, Expire and Cancel calls of this runner
// off the run until release.
func (r *Runner[S]) holdWaiting(ctx context.Context, op, runID string) (Checkpoint, func(), error) {
	if r.engine != nil {
		return Checkpoint{}, nil, fmt.Errorf("flow: %s(%q): %w", op, runID, ErrNotOnEngine)
	}
	if r.store == nil {
		return Checkpoint{}, nil, fmt.Errorf("flow: %s(%q): graph %q has no Store", op, runID, r.name)
	}
	r.mu.Lock()
	if r.busy[runID] {
		r.mu.Unlock()
		return Checkpoint{}, nil, fmt.Errorf("%w: %s(%q): the run is being resumed", ErrNotWaiting, op, runID)
	}
	if r.busy == nil {
		r.busy = map[string]bool{}
	}
	r.busy[runID] = true
	r.mu.Unlock()
	release := func() {
		r.mu.Lock()
		delete(r.busy, runID)
		r.mu.Unlock()
	}
	c, err := r.store.Load(ctx, runID)
	switch {
	case err != nil:
		err = fmt.Errorf("flow: %s(%q): %w", op, runID, err)
	case c.Graph != r.name:
		err = fmt.Errorf("flow: %s(%q): checkpoint is of graph %q, not %q", op, runID, c.Graph, r.name)
	case c.Cancelled != "":
		err = fmt.Errorf("%w: %s(%q): the run was cancelled (%s)", ErrNotWaiting, op, runID, c.Cancelled)
	case len(c.Waiting) == 0 && c.Done():
		err = fmt.Errorf("%w: %s(%q): the run finished", ErrNotWaiting, op, runID)
	case len(c.Waiting) == 0:
		err = fmt.Errorf("%w: %s(%q): the run waits for no answer (it stopped after step %d; Resume continues it)", ErrNotWaiting, op, runID, c.Step)
	case c.Fanout != "" && r.fanouts[c.Fanout] == nil:
		err = fmt.Errorf("flow: %s(%q): checkpoint's fan-out node %q has no Parallel in graph %q", op, runID, c.Fanout, r.name)
	case c.Fanout == "" && r.nodes[c.Next] == nil:
		err = fmt.Errorf("flow: %s(%q): checkpoint's next node %q is not in graph %q", op, runID, c.Next, r.name)
	}
	if err != nil {
		release()
		return Checkpoint{}, nil, err
	}
	return c, release, nil
}

// holdState is holdWaiting with the run's state decoded; on an error
// the run is released and the state is the zero value.
func (r *Runner[S]) holdState(ctx context.Context, op, runID string) (Checkpoint, S, func(), error) {
	var zero S
	c, release, err := r.holdWaiting(ctx, op, runID)
	if err != nil {
		return c, zero, nil, err
	}
	s, err := r.decode(c)
	if err != nil {
		release()
		return c, zero, nil, err
	}
	return c, s, release, nil
}

// findRequest is the waiting request named id, or the only one when id is
// empty.
func findRequest(c Checkpoint, id string) (Request, error) {
	ids := make([]string, len(c.Waiting))
	for i, q := range c.Waiting {
		if q.ID == id || id == "" && len(c.Waiting) == 1 {
			return q, nil
		}
		ids[i] = q.ID
	}
	waits := strings.Join(ids, ", ")
	switch _, answered := c.Answers[id]; {
	case id == "":
		return Request{}, fmt.Errorf("flow: run %q waits for %d answers (%s): name the request", c.RunID, len(ids), waits)
	case answered:
		return Request{}, fmt.Errorf("%w: run %q: request %s was answered already; it waits for %s", ErrNotWaiting, c.RunID, id, waits)
	}
	return Request{}, fmt.Errorf("%w: run %q waits for %s, not %s", ErrNotWaiting, c.RunID, waits, id)
}

func (r *Runner[S]) decode(c Checkpoint) (S, error) {
	var s S
	if err := json.Unmarshal(c.State, &s); err != nil {
		return s, fmt.Errorf("flow: run %q: checkpoint state does not decode: %w", c.RunID, err)
	}
	return s, nil
}
