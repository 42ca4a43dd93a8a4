package tool

import (
	"context"
	"encoding/json"
	"sync/atomic"
)

// stub is a Tool whose Call runs fn and counts calls.
type stub struct {
	name  string
	fn    func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
	calls atomic.Int64
}

func (s *stub) Spec() Spec {
	return Spec{Name: s.name, InputSchema: json.RawMessage(`{"type":"object"}`)}
}

func (s *stub) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	s.calls.Add(1)
	return s.fn(ctx, args)
}

// echoStub returns its arguments.
func echoStub(name string) *stub {
	return &stub{name: name, fn: func(_ context.Context, args json.RawMessage) (json.RawMessage, error) {
		return args, nil
	}}
}
