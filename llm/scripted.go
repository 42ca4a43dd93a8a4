package llm

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrScriptEnded is returned by a Scripted model asked more often than it
// has replies.
var ErrScriptEnded = errors.New("scripted model: no replies left")

// Scripted is an in-memory Model for tests and benchmarks: it answers from a
// fixed list of replies, in order, and keeps the requests it was sent. It is
// safe for concurrent use; concurrent callers take replies in arrival order.
type Scripted struct {
	// ModelName is what Name returns; empty means "scripted".
	ModelName string
	// Replies are returned in order.
	Replies []Response
	// Errors, when Errors[i] is non-nil, makes call i fail with it instead
	// of returning Replies[i].
	Errors []error
	// Latency is waited before each reply; a context that ends first makes
	// the call fail with ErrTimeout (deadline) or the context's error.
	Latency time.Duration
	// Loop starts over after the last reply instead of failing with
	// ErrScriptEnded.
	Loop bool

	mu   sync.Mutex
	next int
	reqs []Request
}

// maxKept bounds how many requests a Scripted model keeps, so looping
// benchmarks do not grow without end.
const maxKept = 1000

// Script returns a Scripted model whose replies are assistant messages with
// these contents.
func Script(contents ...string) *Scripted {
	s := &Scripted{}
	for _, c := range contents {
		s.Replies = append(s.Replies, Response{Message: Message{Role: Assistant, Content: c}})
	}
	return s
}

// Name returns ModelName or "scripted".
func (s *Scripted) Name() string {
	if s.ModelName == "" {
		return "scripted"
	}
	return s.ModelName
}

// Chat returns the next reply.
func (s *Scripted) Chat(ctx context.Context, req Request) (Response, error) {
	s.mu.Lock()
	i := s.next
	n := max(len(s.Replies), len(s.Errors))
	if s.Loop && n > 0 {
		i %= n
	}
	s.next++
	if len(s.reqs) < maxKept {
		s.reqs = append(s.reqs, req)
	}
	s.mu.Unlock()

	start := time.Now()
	if err := ctx.Err(); err != nil {
		return Response{}, fmt.Errorf("%s: %w", s.Name(), err)
	}
	if s.Latency > 0 {
		t := time.NewTimer(s.Latency)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return Response{}, fmt.Errorf("%s: %w: %w", s.Name(), ErrTimeout, ctx.Err())
			}
			return Response{}, ctx.Err()
		}
	}
	if i < len(s.Errors) && s.Errors[i] != nil {
		return Response{}, s.Errors[i]
	}
	if i >= len(s.Replies) {
		return Response{}, fmt.Errorf("%w (call %d, %d replies)", ErrScriptEnded, i+1, len(s.Replies))
	}
	r := s.Replies[i]
	if r.Message.Role == "" {
		r.Message.Role = Assistant
	}
	if r.Usage.Model == "" {
		r.Usage.Model = s.Name()
	}
	if r.Usage.Latency == 0 {
		r.Usage.Latency = time.Since(start)
	}
	return r, nil
}

// Requests returns the requests received so far (at most the first 1000).
func (s *Scripted) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// Calls returns how many times Chat was called.
func (s *Scripted) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.next
}
