package flow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// Final drains a run's events and returns the final state decoded from
// the RunEnd event, all events, and the run's error.
func Final[S any](seq iter.Seq2[event.Event, error]) (S, []event.Event, error) {
	var s S
	var evs []event.Event
	var runErr error
	var runID string
	for ev, err := range seq {
		evs = append(evs, ev)
		if len(evs) == 1 {
			runID = ev.RunID // the RunStart; sub-runs' events have their own IDs
		}
		if ev.Kind != event.RunEnd || ev.RunID != runID {
			continue
		}
		runErr = err
		if len(ev.State) > 0 {
			var out S
			if err := json.Unmarshal(ev.State, &out); err != nil {
				return s, evs, errors.Join(runErr, fmt.Errorf("flow: decode final state: %w", err))
			}
			s = out
		}
	}
	return s, evs, runErr
}

// stream runs body on its own goroutine and yields its events in order,
// ending with RunEnd. body returns the final state's JSON.
func (r *Runner[S]) stream(ctx context.Context, runID string, yield func(event.Event, error) bool,
	body func(ctx context.Context, emit func(event.Event)) (json.RawMessage, error)) {
	outer := ctx // sinks already in ctx see this run's events too
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	ch := make(chan event.Event, 64)
	stop := make(chan struct{}) // closed when the consumer is gone
	defer close(stop)
	emit := func(e event.Event) {
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
	type outcome struct {
		state json.RawMessage
		err   error
	}
	fin := make(chan outcome, 1)
	start := time.Now()
	go func() {
		st, err := body(ctx, emit)
		fin <- outcome{st, err}
	}()

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
			end := event.Event{Time: time.Now(), RunID: runID, Kind: event.RunEnd,
				Duration: time.Since(start), State: o.state, Message: "done"}
			if o.err != nil {
				end.Err = o.err.Error()
				end.Message = "failed"
				if errors.Is(o.err, context.Canceled) || outer.Err() != nil {
					end.Message = "cancelled"
				}
			}
			event.Emit(outer, end)
			if consuming {
				yield(end, o.err)
			}
			return
		}
	}
}
