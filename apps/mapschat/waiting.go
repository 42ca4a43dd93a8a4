package mapschat

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/cairn-agents/cairn/flow"
)

// A question the coordinator asks ("Where should I look for coffee?")
// interrupts the turn's run with flow.Ask; the run's checkpoint is kept in
// the session (Session.Waiting), and the next message that names a place
// answers it with Runner.Answer: the asking state runs again with the
// answer and the run goes on from there.

// Waiting is a run that waits for the person's answer.
type Waiting struct {
	RunID     string `json:"run_id"`
	RequestID string `json:"request_id"`
	Question  string `json:"question"`
	// Checkpoint is the run's saved state and request (flow.Checkpoint);
	// none when the run waits on an Engine (Options.Engine), which keeps
	// it.
	Checkpoint json.RawMessage `json:"checkpoint,omitempty"`
}

// turnStore holds one turn's checkpoints: the graph's flow.Store routes
// to it through the context, so nothing outlives the turn unless the run
// waits, and then the session keeps it.
type turnStore struct {
	mu sync.Mutex
	m  map[string]flow.Checkpoint
}

func (s *turnStore) save(c flow.Checkpoint) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]flow.Checkpoint{}
	}
	s.m[c.RunID] = c
}

func (s *turnStore) load(id string) (flow.Checkpoint, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.m[id]
	return c, ok
}

type turnStoreKey struct{}

// ctxStore is the graph's flow.Store: it keeps checkpoints in the turn's
// store found in the context, and none outside a turn.
type ctxStore struct{}

func (ctxStore) Save(ctx context.Context, c flow.Checkpoint) error {
	if s, ok := ctx.Value(turnStoreKey{}).(*turnStore); ok {
		s.save(c)
	}
	return nil
}

func (ctxStore) Load(ctx context.Context, runID string) (flow.Checkpoint, error) {
	if s, ok := ctx.Value(turnStoreKey{}).(*turnStore); ok {
		if c, ok := s.load(runID); ok {
			return c, nil
		}
	}
	return flow.Checkpoint{}, flow.ErrNoCheckpoint
}
