package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/testkit"
)

func TestCacheHitOnEquivalentArgs(t *testing.T) {
	s := echoStub("e")
	c := NewCache(10, 0)
	tl := c.Middleware()(s)
	ctx := context.Background()
	r1, err := tl.Call(ctx, json.RawMessage(`{"b": 2, "a": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	r2, err := tl.Call(ctx, json.RawMessage(`{"a":1,"b":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.calls.Load() != 1 {
		t.Fatalf("tool called %d times, want 1", s.calls.Load())
	}
	if string(r1) != string(r2) {
		t.Fatalf("hit returned %s, first call %s", r2, r1)
	}
	// Numbers are kept as written: 1 and 1.0 are different keys.
	if _, err := tl.Call(ctx, json.RawMessage(`{"a":1.0,"b":2}`)); err != nil {
		t.Fatal(err)
	}
	if s.calls.Load() != 2 {
		t.Fatalf("1.0 vs 1 shared a key")
	}
	// The key includes the tool name.
	other := echoStub("other")
	if _, err := c.Middleware()(other).Call(ctx, json.RawMessage(`{"a":1,"b":2}`)); err != nil {
		t.Fatal(err)
	}
	if other.calls.Load() != 1 {
		t.Fatal("a different tool was answered from the cache")
	}
	st := c.Stats()
	if st.Hits != 1 || st.Misses != 3 || st.Entries != 3 {
		t.Fatalf("stats = %+v", st)
	}
}

func TestCacheTTL(t *testing.T) {
	s := echoStub("e")
	c := NewCache(10, time.Minute)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	tl := c.Middleware()(s)
	ctx := context.Background()
	call := func() {
		if _, err := tl.Call(ctx, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	call()
	now = now.Add(59 * time.Second)
	call()
	if s.calls.Load() != 1 {
		t.Fatalf("within TTL: %d calls, want 1", s.calls.Load())
	}
	now = now.Add(2 * time.Second)
	call()
	if s.calls.Load() != 2 {
		t.Fatalf("after TTL: %d calls, want 2", s.calls.Load())
	}
}

func TestCacheLRUBound(t *testing.T) {
	s := echoStub("e")
	c := NewCache(2, 0)
	tl := c.Middleware()(s)
	ctx := context.Background()
	call := func(arg string) {
		t.Helper()
		if _, err := tl.Call(ctx, json.RawMessage(arg)); err != nil {
			t.Fatal(err)
		}
	}
	call(`{"k":1}`)
	call(`{"k":2}`)
	call(`{"k":1}`) // hit; 1 is now most recent
	call(`{"k":3}`) // evicts 2
	if c.Stats().Entries != 2 {
		t.Fatalf("entries = %d, want 2", c.Stats().Entries)
	}
	before := s.calls.Load()
	call(`{"k":1}`)
	if s.calls.Load() != before {
		t.Fatal("most recently used entry was evicted")
	}
	call(`{"k":2}`)
	if s.calls.Load() != before+1 {
		t.Fatal("least recently used entry was kept")
	}
}

func TestCacheDoesNotCacheErrors(t *testing.T) {
	fail := true
	s := &stub{name: "f", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		if fail {
			return nil, Transient("f", errors.New("down"))
		}
		return json.RawMessage(`1`), nil
	}}
	tl := NewCache(10, 0).Middleware()(s)
	if _, err := tl.Call(context.Background(), nil); !errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v", err)
	}
	fail = false
	res, err := tl.Call(context.Background(), nil)
	if err != nil || string(res) != "1" {
		t.Fatalf("after a failure: %s, %v; want a fresh call", res, err)
	}
}

func TestCacheCollapsesConcurrentIdenticalCalls(t *testing.T) {
	release := make(chan struct{})
	s := &stub{name: "slow", fn: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
		<-release
		return json.RawMessage(`"done"`), nil
	}}
	c := NewCache(10, 0)
	tl := c.Middleware()(s)
	const n = 32
	var wg sync.WaitGroup
	results := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			res, err := tl.Call(context.Background(), json.RawMessage(`{"q":"same"}`))
			results[i], errs[i] = string(res), err
		})
	}
	testkit.WaitFor(t, "all callers to wait on one call", func() bool { return c.Stats().Shared == n-1 })
	close(release)
	wg.Wait()
	if got := s.calls.Load(); got != 1 {
		t.Fatalf("tool ran %d times for %d identical concurrent calls, want 1", got, n)
	}
	for i := range n {
		if errs[i] != nil || results[i] != `"done"` {
			t.Fatalf("caller %d: %s, %v", i, results[i], errs[i])
		}
	}
}

func TestCacheFollowerSurvivesLeaderCancel(t *testing.T) {
	started := make(chan struct{}, 2)
	s := &stub{name: "slow", fn: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
		started <- struct{}{}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
			return json.RawMessage(`"ok"`), nil
		}
	}}
	c := NewCache(10, 0)
	tl := c.Middleware()(s)
	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderErr := make(chan error, 1)
	go func() {
		_, err := tl.Call(leaderCtx, nil)
		leaderErr <- err
	}()
	<-started
	followerRes := make(chan string, 1)
	go func() {
		res, err := tl.Call(context.Background(), nil)
		if err != nil {
			followerRes <- "error: " + err.Error()
			return
		}
		followerRes <- string(res)
	}()
	testkit.WaitFor(t, "follower to wait", func() bool { return c.Stats().Shared == 1 })
	cancel()
	if err := <-leaderErr; !errors.Is(err, context.Canceled) {
		t.Fatalf("leader err = %v", err)
	}
	if got := <-followerRes; got != `"ok"` {
		t.Fatalf("follower got %s, want its own successful call", got)
	}
}

func TestCacheFollowerHonoursItsContext(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	s := &stub{name: "slow", fn: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
		<-release
		return json.RawMessage(`1`), nil
	}}
	c := NewCache(10, 0)
	tl := c.Middleware()(s)
	go tl.Call(context.Background(), nil)
	testkit.WaitFor(t, "leader", func() bool { return s.calls.Load() == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := tl.Call(ctx, nil); !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "tool slow: ") {
		t.Fatalf("follower err = %v, want its own deadline, naming the tool", err)
	}
}

func TestCacheResultsAreCopies(t *testing.T) {
	tl := NewCache(10, 0).Middleware()(&stub{name: "s", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		return json.RawMessage(`"abc"`), nil
	}})
	r1, _ := tl.Call(context.Background(), nil)
	r1[1] = 'X' // a careless caller
	r2, _ := tl.Call(context.Background(), nil)
	if string(r2) != `"abc"` {
		t.Fatalf("cached result changed by a caller: %s", r2)
	}
}

// A timeout inside the cache is the call's failure, shared like any other;
// only the leader's own caller giving up sends the others to try again.
func TestCacheSharesInnerTimeouts(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	s := &stub{name: "hang", fn: func(ctx context.Context, _ json.RawMessage) (json.RawMessage, error) {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return nil, ctx.Err()
	}}
	c := NewCache(10, 0)
	tl := Chain(s, c.Middleware(), Timeout(500*time.Millisecond))
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() { _, errs[i] = tl.Call(context.Background(), nil) })
	}
	wg.Wait()
	for i, err := range errs {
		if !errors.Is(err, ErrTransient) {
			t.Errorf("caller %d: err = %v, want the shared transient timeout", i, err)
		}
	}
	if n := s.calls.Load(); n != 1 {
		t.Errorf("tool ran %d times, want 1", n)
	}
}

func TestCacheLeaderPanicReleasesWaiters(t *testing.T) {
	release := make(chan struct{})
	s := &stub{name: "boom", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		<-release
		panic("bug in tool")
	}}
	c := NewCache(10, 0)
	tl := c.Middleware()(s)
	go func() {
		defer func() { recover() }()
		tl.Call(context.Background(), nil)
	}()
	testkit.WaitFor(t, "leader", func() bool { return s.calls.Load() == 1 })
	errc := make(chan error, 1)
	go func() {
		_, err := tl.Call(context.Background(), nil)
		errc <- err
	}()
	testkit.WaitFor(t, "follower", func() bool { return c.Stats().Shared == 1 })
	close(release)
	select {
	case err := <-errc:
		if !errors.Is(err, ErrPermanent) || !strings.Contains(err.Error(), "panicked") {
			t.Fatalf("follower err = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("follower still waiting after the leader panicked")
	}
}
