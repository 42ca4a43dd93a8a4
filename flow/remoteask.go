package flow

import (
	"context"
	"encoding/json"

	"github.com/cairn-agents/cairn/event"
)

// AskingContext is for the worker of an executor that runs a node of a
// run held elsewhere (a durable workflow engine, which keeps the run's
// questions and answers itself): in the returned context Ask works as in
// a run with a Store. answers are those given so far, by request ID;
// after the node has returned, asked reports the requests it made that
// have no answer (none: nil). The executor then waits for their answers
// and runs the node again with them, on the same state.
func AskingContext(ctx context.Context, node string, step int, answers map[string]json.RawMessage) (actx context.Context, asked func() []Request) {
	ac := &askCtx{Context: ctx, a: asker{node: node, step: step, answers: answers}}
	return ac, func() []Request {
		if w := ac.a.done(); w != nil {
			return w.reqs
		}
		return nil
	}
}

// CheckAnswer checks answer against the schema of q (or its options) as
// Runner.Answer does, and returns it as compact JSON. Its errors wrap
// ErrBadAnswer.
func CheckAnswer(q Request, answer any) (json.RawMessage, error) {
	var sc schemaCache
	return sc.checkAnswer(q, answer)
}

// InterruptEvent is the event a run emits when it starts to wait for q
// (event.Interrupt) or takes its answer (event.Resume, with answer).
func InterruptEvent(kind event.Kind, q Request, answer json.RawMessage, msg string) event.Event {
	return interruptEvent(kind, q, answer, msg)
}

// AskingEngine is an Engine whose runs can wait for answers (Ask): the
// engine keeps a waiting run, and a runner with it answers, lists and
// cancels its questions through it (Runner.Answer, Pending, Cancel).
type AskingEngine interface {
	Engine
	// Answer gives requestID (empty: the only one) of run runID its
	// answer, checked against the request; when no request waits for
	// another answer the run goes on, and Answer returns as Run does.
	Answer(ctx context.Context, graph, runID, requestID string, answer any) (json.RawMessage, error)
	// Pending is the state the run waits with and its requests.
	Pending(ctx context.Context, graph, runID string) (json.RawMessage, []Request, error)
	// Cancel ends a run, waiting or not.
	Cancel(ctx context.Context, graph, runID, reason string) error
}
