package flow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Final drains a run's events and returns the final state, decoded from
// the run's RunEnd event, and the run's error. It keeps no event; to keep
// them, range over the run yourself or put an event.Collect sink in its
// context. Runner.Invoke gives the same state without JSON.
func Final[S any](seq iter.Seq2[event.Event, error]) (S, error) {
	var s S
	var runErr error
	var runID string
	first := true
	for ev, err := range seq {
		if first {
			runID, first = ev.RunID, false // the RunStart; sub-runs' events have their own IDs
		}
		if ev.Kind != event.RunEnd || ev.RunID != runID {
			continue
		}
		runErr = err
		if len(ev.State) > 0 {
			var out S
			if err := json.Unmarshal(ev.State, &out); err != nil {
				return s, errors.Join(runErr, fmt.Errorf("flow: decode final state: %w", err))
			}
			s = out
		}
	}
	return s, runErr
}

// body is a run from its first event to its ending, RunEnd excepted.
type body[S any] func(ctx context.Context, rn *run) ending[S]

// invoke runs body on the caller's goroutine. Events go straight to the
// sinks in ctx; with none, the run has no emitter and builds no event.
func (r *Runner[S]) invoke(ctx context.Context, runID string, b body[S]) (S, error) {
	rn := &run{id: runID, graph: r.name}
	if !event.Listening(ctx) {
		if rn.id == "" && (r.store != nil || !r.inProcess) {
			rn.id = newRunID()
		}
		e := b(ctx, rn)
		return e.s, e.err
	}
	if rn.id == "" {
		rn.id = newRunID()
	}
	outer := ctx
	rn.emit = func(e event.Event) {
		if e.RunID == "" {
			e.RunID = rn.id
		}
		event.Emit(outer, e)
	}
	start := time.Now()
	e := b(ctx, rn)
	event.Emit(outer, r.endEvent(rn.id, start, e, outer))
	return e.s, e.err
}

// endEvent is the RunEnd of a run that ended with e.
func (r *Runner[S]) endEvent(runID string, start time.Time, e ending[S], outer context.Context) event.Event {
	end := event.Event{Time: time.Now(), RunID: runID, Kind: event.RunEnd,
		Duration: time.Since(start), State: e.raw, Message: "done"}
	if end.State == nil && !e.none {
		end.State, _ = json.Marshal(e.s) // it encoded before, or the run would have failed there
	}
	switch {
	case e.err == nil:
	case errors.Is(e.err, ErrInterrupted):
		// Not a failure: the run waits, and says for what.
		end.Message = "interrupted: " + strings.TrimPrefix(e.err.Error(), "flow: ")
	default:
		end.Err = e.err.Error()
		end.Message = "failed"
		if errors.Is(e.err, context.Canceled) || errors.Is(e.err, ErrCancelled) || outer.Err() != nil {
			end.Message = "cancelled"
		}
	}
	return end
}

// stream runs body on its own goroutine, so that the consumer sees each
// event as it happens, and yields the events in order, ending with
// RunEnd. Sinks already in ctx see the events too.
func (r *Runner[S]) stream(ctx context.Context, runID string, yield func(event.Event, error) bool, b body[S]) {
	outer := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	if runID == "" {
		runID = newRunID()
	}
	ch := make(chan event.Event, 64)
	stop := make(chan struct{}) // closed when the consumer is gone
	defer close(stop)
	rn := &run{id: runID, graph: r.name}
	rn.emit = func(e event.Event) {
		if e.Time.IsZero() {
			e.Time = time.Now()
		}
		if e.RunID == "" {
			e.RunID = runID
		}
		select {
		case <-stop:
			return // a node abandoned after its timeout, still talking
		default:
		}
		select {
		case ch <- e:
		case <-stop:
			return
		}
		event.Emit(outer, e)
	}
	fin := make(chan ending[S], 1)
	start := time.Now()
	go func() { fin <- b(ctx, rn) }()

	consuming := true
	for {
		select {
		case e := <-ch:
			if consuming && !yield(e, nil) {
				consuming = false
				cancel()
			}
		case o := <-fin:
			for drained := false; !drained; {
				select {
				case e := <-ch:
					if consuming && !yield(e, nil) {
						consuming = false
					}
				default:
					drained = true
				}
			}
			end := r.endEvent(runID, start, o, outer)
			event.Emit(outer, end)
			if consuming {
				yield(end, o.err)
			}
			return
		}
	}
}
