package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/understand"
)

// turn runs one message through the graph, streaming each state to yield,
// then stores the turn and yields the answer. A message that answers the
// session's waiting question continues that run (Runner.Answer) instead
// of starting one.
func (a *Assistant) turn(ctx context.Context, s *Session, m Message, yield func(Update, error) bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	center := s.Center
	mem := s.Memory
	if m.Center != nil && !m.Center.IsZero() {
		c := *m.Center
		center = &c
		mem.Here = nil // resolved again from the new centre
	}
	if m.Selected != nil && m.Selected.Name != "" {
		p := *m.Selected
		mem.Subject = &p
	}
	// The message as a reader takes it, whatever its typing (spaces,
	// capitals, a polite word): the policy reads the plain text.
	text := understand.Plain(m.Text)
	t0 := turn{Message: text, Now: a.o.Now(), Center: center, Memory: mem}
	resume := s.Waiting
	var dropped *Waiting
	if resume != nil && a.placeIn(&t0, text, a.here(&t0)) == nil {
		resume, dropped = nil, resume // a request of its own: the question is dropped
	}
	t0.Memory.Pending = nil

	states := make(chan CoordinatorState)
	var (
		final turn
		rerr  error
	)
	sink := func(cs CoordinatorState) {
		select {
		case states <- cs:
		case <-ctx.Done():
		}
	}
	ts := &turnStore{}
	rctx := context.WithValue(context.WithValue(ctx, stateSinkKey{}, sink), turnStoreKey{}, ts)
	if a.o.Engine != nil {
		// The nodes run in another process, where this sink is not: the
		// states come back in the run's StateSet events. A resumed run's
		// state holds the states shown before it asked.
		skip := 0
		if resume != nil {
			if w, _, err := a.runner.Pending(ctx, resume.RunID); err == nil {
				skip = len(w.States)
			}
		}
		rctx = event.WithSink(rctx, statesIn(skip, sink))
	}
	go func() {
		defer close(states)
		if resume != nil {
			if len(resume.Checkpoint) > 0 { // none when the run waits on an Engine
				var c flow.Checkpoint
				if err := json.Unmarshal(resume.Checkpoint, &c); err != nil {
					rerr = fmt.Errorf("%w: the waiting question's checkpoint: %v", ErrCorruptSession, err)
					return
				}
				ts.save(c)
			}
			final, rerr = a.runner.Answer(rctx, resume.RunID, resume.RequestID, text)
			return
		}
		final, rerr = a.runner.Invoke(rctx, t0)
		if ie, ok := errors.AsType[*flow.InterruptedError](rerr); ok && a.o.Engine != nil && len(ie.Requests) > 0 {
			// The state that asks was published on a worker, in the step
			// the run takes again with the answer, so no StateSet showed
			// it: shown here, as a run here shows it.
			sink(asking(ie.Requests[0].Question))
		}
	}()
	var streamed []CoordinatorState
	for cs := range states {
		streamed = append(streamed, cs)
		c := cs
		if !yield(Update{State: &c}, nil) {
			cancel()
			for range states {
			}
			return
		}
	}
	var ie *flow.InterruptedError
	waiting := errors.As(rerr, &ie) && len(ie.Requests) > 0
	if rerr != nil && !waiting {
		yield(Update{}, fmt.Errorf("mapschat: session %s: %w", s.ID, rerr))
		return
	}
	if !waiting && final.Unasked != "" {
		// The question was put where no run can wait (a worker of an
		// Engine without flow.Ask): an answer without it would lose the
		// request, so the turn fails and nothing is stored.
		yield(Update{}, fmt.Errorf("mapschat: session %s: %w: %q; give the map's centre or name the place in the message", s.ID, ErrCannotAsk, final.Unasked))
		return
	}
	now := a.o.Now().UTC()
	var mc *Center
	if m.Center != nil && !m.Center.IsZero() {
		c := *m.Center
		mc = &c
	}
	ans, memory := final.Answer, final.Memory
	s.Waiting = nil
	if waiting {
		// The run waits for the person's answer; its checkpoint goes into
		// the session, and the question is this turn's answer.
		q := ie.Requests[0]
		var raw json.RawMessage
		if c, ok := ts.load(ie.RunID); ok { // none on an Engine: the run waits there
			var err error
			if raw, err = json.Marshal(c); err != nil {
				yield(Update{}, fmt.Errorf("mapschat: session %s: %w", s.ID, err))
				return
			}
		}
		s.Waiting = &Waiting{RunID: ie.RunID, RequestID: q.ID, Question: q.Question, Checkpoint: raw}
		ans = Answer{Answer: q.Question, Places: []Place{}}
		req := final.Request
		memory.Pending = &req
	}
	var last *CoordinatorState
	if len(streamed) > 0 {
		l := streamed[len(streamed)-1]
		last = &l
	}
	s.Center = center
	s.record(Turn{Message: m.Text, Center: mc, States: streamed, Answer: ans, Time: now}, memory, last, now)
	if err := a.o.Store.Put(ctx, s); err != nil {
		yield(Update{}, fmt.Errorf("mapschat: storing session %s: %w", s.ID, err))
		return
	}
	a.dropWaiting(ctx, dropped, "the person asked something else") // once the session no longer names it
	yield(Update{Answer: &ans}, nil)
}

// statesIn is an event sink that passes sink the coordinator states the
// run's StateSet events show, each once, the first skip excepted: how a
// turn on an Engine streams its states.
func statesIn(skip int, sink func(CoordinatorState)) event.Sink {
	var mu sync.Mutex
	seen := skip
	return func(e event.Event) {
		if e.Kind != event.StateSet || len(e.State) == 0 {
			return
		}
		var t struct {
			States []CoordinatorState `json:"states"`
		}
		if json.Unmarshal(e.State, &t) != nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for ; seen < len(t.States); seen++ {
			sink(t.States[seen])
		}
	}
}

// dropWaiting ends the run w that waits for an answer that will not
// come. Here it is only a checkpoint in the session; on an Engine the run
// waits on the cluster, and is cancelled there.
func (a *Assistant) dropWaiting(ctx context.Context, w *Waiting, why string) {
	if w == nil || a.o.Engine == nil {
		return
	}
	if err := a.runner.Cancel(ctx, w.RunID, why); err != nil {
		a.o.Log.Warn("mapschat: cancelling the run that waited for an answer", "run", w.RunID, "err", err)
	}
}
