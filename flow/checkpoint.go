package flow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"
)

// Checkpoint is where a run stands after a step: its state and the next
// position. A run saves one after every step and resumes from the latest.
type Checkpoint struct {
	Version int    `json:"version"`
	RunID   string `json:"run_id"`
	Graph   string `json:"graph"`
	Step    int    `json:"step"` // steps completed
	// Next is the node to run next (End when the run finished). When
	// Fanout is set instead, the parallel fan-out after that node is next.
	Next   string          `json:"next,omitempty"`
	Fanout string          `json:"fanout,omitempty"`
	Counts map[string]int  `json:"counts,omitempty"` // completed runs per node, for Limit
	State  json.RawMessage `json:"state"`
	Time   time.Time       `json:"time"`

	// Waiting lists the questions the run waits on (Ask), in the order
	// asked; Next (or Fanout) is the step that asked, and runs again once
	// each has an answer (Runner.Answer).
	Waiting []Request `json:"waiting,omitempty"`
	// Answers holds the answers already given to the waiting step, by
	// request ID.
	Answers map[string]json.RawMessage `json:"answers,omitempty"`
	// Branches holds, by branch name, the states of the parallel branches
	// of the waiting fan-out that finished; they do not run again.
	Branches map[string]json.RawMessage `json:"branches,omitempty"`
	// Cancelled says why a waiting run was cancelled (Runner.Cancel); the
	// run is over and Next is End.
	Cancelled string `json:"cancelled,omitempty"`
}

// checkpointVersion is the format Version this package writes and reads.
const checkpointVersion = 1

// Done reports whether the run this checkpoint belongs to finished.
func (c Checkpoint) Done() bool { return c.Next == End && c.Fanout == "" }

// validate checks a decoded checkpoint, naming the first bad field.
func (c Checkpoint) validate() error {
	switch {
	case c.Version != checkpointVersion:
		return fmt.Errorf("field version: got %d, want %d", c.Version, checkpointVersion)
	case c.RunID == "":
		return errors.New("field run_id: empty")
	case c.Step < 0:
		return fmt.Errorf("field step: negative (%d)", c.Step)
	case (c.Next == "") == (c.Fanout == ""):
		return errors.New("fields next and fanout: exactly one must be set")
	case len(c.State) == 0 || !json.Valid(c.State):
		return errors.New("field state: missing or not JSON")
	}
	for n, k := range c.Counts {
		if k < 0 {
			return fmt.Errorf("field counts[%q]: negative (%d)", n, k)
		}
	}
	for i, q := range c.Waiting {
		if q.ID == "" || q.Node == "" {
			return fmt.Errorf("field waiting[%d]: empty id or node", i)
		}
	}
	if c.Cancelled != "" && c.Next != End {
		return fmt.Errorf("field cancelled: set, but next is %q, not %q", c.Next, End)
	}
	return nil
}

// clone copies c's slices and maps, so a store keeps no buffer of its
// caller's.
func (c Checkpoint) clone() Checkpoint {
	c.State = append(json.RawMessage(nil), c.State...)
	c.Counts = maps.Clone(c.Counts)
	if c.Waiting != nil {
		w := make([]Request, len(c.Waiting))
		for i, q := range c.Waiting {
			q.Options = slices.Clone(q.Options)
			q.Schema = slices.Clone(q.Schema)
			w[i] = q
		}
		c.Waiting = w
	}
	c.Answers = cloneRaw(c.Answers)
	c.Branches = cloneRaw(c.Branches)
	return c
}

func cloneRaw(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = slices.Clone(v)
	}
	return out
}

// Store keeps the latest checkpoint of each run. Implementations must be
// safe for concurrent use.
type Store interface {
	// Save records c as the latest checkpoint of run c.RunID.
	Save(ctx context.Context, c Checkpoint) error
	// Load returns the latest checkpoint of runID, an error wrapping
	// ErrNoCheckpoint when there is none, or one wrapping ErrCorrupt when
	// what is stored cannot be read.
	Load(ctx context.Context, runID string) (Checkpoint, error)
}

// Store errors.
var (
	ErrNoCheckpoint = errors.New("flow: no checkpoint")
	ErrCorrupt      = errors.New("flow: corrupt checkpoint")
)

// MemStore is a Store in memory, for tests and runs that need no
// durability. The zero value is ready to use.
type MemStore struct {
	mu   sync.Mutex
	runs map[string]Checkpoint
}

// Save stores a copy of c.
func (m *MemStore) Save(_ context.Context, c Checkpoint) error {
	if c.RunID == "" {
		return errors.New("flow: MemStore.Save: empty run ID")
	}
	c = c.clone()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.runs == nil {
		m.runs = map[string]Checkpoint{}
	}
	m.runs[c.RunID] = c
	return nil
}

// Load returns a copy of the latest checkpoint of runID.
func (m *MemStore) Load(_ context.Context, runID string) (Checkpoint, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.runs[runID]
	if !ok {
		return Checkpoint{}, fmt.Errorf("%w for run %q", ErrNoCheckpoint, runID)
	}
	return c.clone(), nil
}
