package mapschat

import (
	"context"
	"sort"
	"sync"
)

// Sessions stores conversations. Implementations must be safe for
// concurrent use; Put replaces the whole session.
type Sessions interface {
	Get(ctx context.Context, id string) (*Session, error) // ErrUnknownSession when absent
	Put(ctx context.Context, s *Session) error
	Delete(ctx context.Context, id string) error // ErrUnknownSession when absent
	List(ctx context.Context) ([]SessionInfo, error)
}

// MemSessions keeps sessions in memory (tests, a server with no data
// directory). The zero value is ready.
type MemSessions struct {
	mu sync.Mutex
	m  map[string][]byte // sessions as JSON, so callers never share memory
}

var _ Sessions = (*MemSessions)(nil)

// Get returns a copy of the session.
func (m *MemSessions) Get(ctx context.Context, id string) (*Session, error) {
	m.mu.Lock()
	b, ok := m.m[id]
	m.mu.Unlock()
	if !ok {
		return nil, unknown(id)
	}
	return decodeSession(b, "memory")
}

// Put stores a copy of s.
func (m *MemSessions) Put(ctx context.Context, s *Session) error {
	b, err := encodeSession(s)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil {
		m.m = map[string][]byte{}
	}
	m.m[s.ID] = b
	return nil
}

// Delete removes a session.
func (m *MemSessions) Delete(ctx context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.m[id]; !ok {
		return unknown(id)
	}
	delete(m.m, id)
	return nil
}

// List returns the sessions, most recently updated first.
func (m *MemSessions) List(ctx context.Context) ([]SessionInfo, error) {
	m.mu.Lock()
	bs := make([][]byte, 0, len(m.m))
	for _, b := range m.m {
		bs = append(bs, b)
	}
	m.mu.Unlock()
	out := make([]SessionInfo, 0, len(bs))
	for _, b := range bs {
		s, err := decodeSession(b, "memory")
		if err != nil {
			return nil, err
		}
		out = append(out, s.Info())
	}
	sortInfos(out)
	return out, nil
}

func sortInfos(out []SessionInfo) {
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Updated.Equal(out[j].Updated) {
			return out[i].Updated.After(out[j].Updated)
		}
		return out[i].ID < out[j].ID
	})
}
