package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Timeout returns middleware that gives each call at most d. A call still
// running at the deadline returns an *Error of kind ErrTransient wrapping
// context.DeadlineExceeded, even if the tool ignores its context (the
// abandoned call then finishes in the background and its result is
// dropped). A panic in the tool is raised again in the caller's goroutine.
// A d <= 0 leaves calls unbounded.
func Timeout(d time.Duration) Middleware {
	return func(t Tool) Tool {
		if d <= 0 {
			return t
		}
		spec := t.Spec()
		return &wrapped{spec: spec, call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			cctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			type reply struct {
				res   json.RawMessage
				err   error
				panic any
			}
			done := make(chan reply, 1)
			go func() {
				// A panic belongs to the caller's goroutine, where a
				// recover (an MCP server's, say) may be waiting for it.
				defer func() {
					if p := recover(); p != nil {
						done <- reply{panic: p}
					}
				}()
				// A call whose caller has gone before this goroutine ran
				// must not start: it would run after Call returned.
				if err := cctx.Err(); err != nil {
					done <- reply{err: err}
					return
				}
				res, err := t.Call(cctx, args)
				done <- reply{res: res, err: err}
			}()
			select {
			case r := <-done:
				if r.panic != nil {
					panic(r.panic)
				}
				if r.err == nil || cctx.Err() == nil || ctx.Err() != nil {
					return r.res, r.err
				}
			case <-cctx.Done():
				if ctx.Err() != nil {
					// The caller gave up; that is not this call's timeout.
					return nil, ctx.Err()
				}
			}
			return nil, Transient(spec.Name, fmt.Errorf("no result within %v: %w", d, context.DeadlineExceeded))
		}}
	}
}
