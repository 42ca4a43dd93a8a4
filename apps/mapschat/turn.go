package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cairn-agents/cairn/flow"
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
	t0 := turn{Message: m.Text, Now: a.o.Now(), Center: center, Memory: mem}
	resume := s.Waiting
	if resume != nil && a.placeIn(&t0, m.Text, a.here(&t0)) == nil {
		resume = nil // a request of its own: the question is dropped
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
	go func() {
		defer close(states)
		if resume != nil {
			var c flow.Checkpoint
			if err := json.Unmarshal(resume.Checkpoint, &c); err != nil {
				rerr = fmt.Errorf("%w: the waiting question's checkpoint: %v", ErrCorruptSession, err)
				return
			}
			ts.save(c)
			final, rerr = a.runner.Answer(rctx, resume.RunID, resume.RequestID, m.Text)
			return
		}
		final, rerr = a.runner.Invoke(rctx, t0)
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
		c, _ := ts.load(ie.RunID)
		raw, err := json.Marshal(c)
		if err != nil {
			yield(Update{}, fmt.Errorf("mapschat: session %s: %w", s.ID, err))
			return
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
	yield(Update{Answer: &ans}, nil)
}
