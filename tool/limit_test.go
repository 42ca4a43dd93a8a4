package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/testkit"
)

func TestLimitBoundsInFlight(t *testing.T) {
	var inFlight, maxSeen atomic.Int64
	s := &stub{name: "work", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		n := inFlight.Add(1)
		for {
			m := maxSeen.Load()
			if n <= m || maxSeen.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(2 * time.Millisecond)
		inFlight.Add(-1)
		return json.RawMessage(`1`), nil
	}}
	// One Limit shared by two tools: the bound is across both.
	lim := Limit(3)
	a, b := lim(s), lim(s)
	var wg sync.WaitGroup
	for i := range 40 {
		tl := a
		if i%2 == 1 {
			tl = b
		}
		wg.Go(func() {
			if _, err := tl.Call(context.Background(), nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := maxSeen.Load(); got != 3 {
		t.Fatalf("max in flight = %d, want 3", got)
	}
	if s.calls.Load() != 40 {
		t.Fatalf("calls = %d", s.calls.Load())
	}
}

func TestLimitHonoursContextWhileWaiting(t *testing.T) {
	release := make(chan struct{})
	s := &stub{name: "block", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		<-release
		return json.RawMessage(`1`), nil
	}}
	tl := Limit(1)(s)
	done := make(chan struct{})
	go func() { tl.Call(context.Background(), nil); close(done) }()
	testkit.WaitFor(t, "first call to hold the slot", func() bool { return s.calls.Load() == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := tl.Call(ctx, nil); !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "tool block: ") {
		t.Fatalf("waiting call: err = %v", err)
	}
	if s.calls.Load() != 1 {
		t.Fatal("the waiting call ran")
	}
	close(release)
	<-done
}
