package mapschat

import (
	"context"
	"fmt"
)

// turn runs one message through the graph, streaming each state to yield,
// then stores the turn and yields the answer.
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
	go func() {
		defer close(states)
		final, rerr = a.runner.Invoke(context.WithValue(ctx, stateSinkKey{}, sink), t0)
	}()
	for cs := range states {
		c := cs
		if !yield(Update{State: &c}, nil) {
			cancel()
			for range states {
			}
			return
		}
	}
	if rerr != nil {
		yield(Update{}, fmt.Errorf("mapschat: session %s: %w", s.ID, rerr))
		return
	}
	now := a.o.Now().UTC()
	var mc *Center
	if m.Center != nil && !m.Center.IsZero() {
		c := *m.Center
		mc = &c
	}
	last := final.State
	s.Center = center
	s.record(Turn{Message: m.Text, Center: mc, States: final.States, Answer: final.Answer, Time: now}, final.Memory, &last, now)
	if err := a.o.Store.Put(ctx, s); err != nil {
		yield(Update{}, fmt.Errorf("mapschat: storing session %s: %w", s.ID, err))
		return
	}
	ans := final.Answer
	yield(Update{Answer: &ans}, nil)
}
