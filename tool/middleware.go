package tool

import (
	"context"
	"encoding/json"
)

// Middleware wraps a tool to add behaviour around its calls. The result must
// report the same Spec as the tool it wraps.
type Middleware func(Tool) Tool

// Chain wraps t in mw so that mw[0] is the outermost layer: a call goes
// through mw[0], then mw[1], ..., then t. A sensible order is
//
//	Chain(t, Events(0), cache.Middleware(), Retry(p), Timeout(d), Limit(n))
//
// so that one logical call emits one event (marked cached on a hit), a hit
// skips retries, every attempt gets its own deadline and only attempts in
// flight hold a concurrency slot. ExampleChain runs it.
func Chain(t Tool, mw ...Middleware) Tool {
	for i := len(mw) - 1; i >= 0; i-- {
		if mw[i] != nil {
			t = mw[i](t)
		}
	}
	return t
}

// wrapped is a Tool with the Spec of the tool it wraps and a new Call.
type wrapped struct {
	spec Spec
	call func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
}

func (w *wrapped) Spec() Spec { return w.spec }

func (w *wrapped) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	return w.call(ctx, args)
}
