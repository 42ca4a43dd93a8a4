package tool

import (
	"context"
	"encoding/json"
	"strconv"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/event"
)

// DefaultEventLimit is the size above which Events shortens args and
// results in the events it emits.
const DefaultEventLimit = 4096

// Events returns middleware that emits one event.ToolCall event per call to
// the sink in the call's context, with the arguments, the result or error,
// the latency and whether a Cache inside answered it. An args or result
// value larger than limit bytes (<= 0 means DefaultEventLimit) is replaced
// by {"truncated":true,"bytes":N,"head":"<first bytes>"} so the event stays
// valid JSON and small; the caller still gets the whole result.
func Events(limit int) Middleware {
	if limit <= 0 {
		limit = DefaultEventLimit
	}
	return func(t Tool) Tool {
		spec := t.Spec()
		return &wrapped{spec: spec, call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			info := &callInfo{}
			start := time.Now()
			res, err := t.Call(context.WithValue(ctx, callInfoKey{}, info), args)
			ti := &event.ToolInfo{
				Name:    spec.Name,
				Args:    shorten(args, limit),
				Latency: time.Since(start),
				Cached:  info.cached.Load(),
			}
			if err != nil {
				ti.Err = err.Error()
			} else {
				ti.Result = shorten(res, limit)
			}
			event.Emit(ctx, event.Event{Kind: event.ToolCall, Tool: ti, Duration: ti.Latency})
			return res, err
		}}
	}
}

type callInfoKey struct{}

// callInfo carries facts about one call from inner middleware to Events.
type callInfo struct {
	cached atomic.Bool
}

// markCached records that the call in ctx was answered without running the
// tool.
func markCached(ctx context.Context) {
	if ci, ok := ctx.Value(callInfoKey{}).(*callInfo); ok {
		ci.cached.Store(true)
	}
}

// shorten returns raw if it is small valid JSON, and otherwise a JSON object
// describing it, so an event never carries invalid or huge JSON.
func shorten(raw json.RawMessage, limit int) json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	if len(raw) <= limit && json.Valid(raw) {
		return raw
	}
	head := raw
	if len(head) > limit {
		head = head[:limit]
	}
	// Do not cut a multi-byte character in two.
	for i := 0; i < utf8.UTFMax && len(head) > 0; i++ {
		if r, size := utf8.DecodeLastRune(head); r != utf8.RuneError || size != 1 {
			break
		}
		head = head[:len(head)-1]
	}
	out, err := json.Marshal(struct {
		Truncated bool   `json:"truncated"`
		Bytes     int    `json:"bytes"`
		Head      string `json:"head"`
	}{len(raw) > limit, len(raw), string(head)})
	if err != nil {
		return json.RawMessage(`{"truncated":true,"bytes":` + strconv.Itoa(len(raw)) + `}`)
	}
	return out
}
