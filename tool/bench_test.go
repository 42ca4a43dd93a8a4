package tool

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
)

// BenchmarkMiddleware measures what each layer adds to a call of a tool
// that does nothing, with an event sink installed as in a real run.
func BenchmarkMiddleware(b *testing.B) {
	var n Counter
	ctx := event.WithSink(context.Background(), n.Observe)
	args := json.RawMessage(`{"origin":"Denver, CO","destination":"Boulder, CO","mode":"driving"}`)
	cases := []struct {
		name string
		mw   func() []Middleware
		vary bool // distinct args per call, so the cache always misses
	}{
		{"bare", func() []Middleware { return nil }, false},
		{"events", func() []Middleware { return []Middleware{Events(0)} }, false},
		{"cache-hit", func() []Middleware { return []Middleware{NewCache(1024, 0).Middleware()} }, false},
		{"cache-miss", func() []Middleware { return []Middleware{NewCache(1024, 0).Middleware()} }, true},
		{"retry", func() []Middleware {
			return []Middleware{Retry(RetrySettings{Attempts: 3, Backoff: 100 * time.Millisecond, MaxBackoff: 5 * time.Second})}
		}, false},
		{"timeout", func() []Middleware { return []Middleware{Timeout(time.Minute)} }, false},
		{"limit", func() []Middleware { return []Middleware{Limit(8)} }, false},
		{"all-miss", func() []Middleware {
			return []Middleware{Events(0), NewCache(1024, 0).Middleware(), Retry(RetrySettings{Attempts: 3, Backoff: 100 * time.Millisecond, MaxBackoff: 5 * time.Second}), Timeout(time.Minute), Limit(8)}
		}, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			tl := Chain(echoStub("noop"), c.mw()...)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				a := args
				if c.vary {
					i++
					a = json.RawMessage(`{"origin":"Denver, CO","n":` + strconv.Itoa(i) + `}`)
				}
				if _, err := tl.Call(ctx, a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
