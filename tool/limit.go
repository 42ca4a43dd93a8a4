package tool

import (
	"context"
	"encoding/json"
	"fmt"
)

// Limit returns middleware that lets at most n calls run at once across
// every tool it wraps (apply it to a registry for one shared limit, or to
// each tool for a limit per tool). A call waiting for a slot gives up when
// its context is done. n <= 0 means no limit.
func Limit(n int) Middleware {
	if n <= 0 {
		return func(t Tool) Tool { return t }
	}
	sem := make(chan struct{}, n)
	return func(t Tool) Tool {
		spec := t.Spec()
		return &wrapped{spec: spec, call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				return nil, fmt.Errorf("tool %s: gave up waiting for one of %d call slots: %w", spec.Name, n, ctx.Err())
			}
			defer func() { <-sem }()
			return t.Call(ctx, args)
		}}
	}
}
