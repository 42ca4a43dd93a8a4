package temporal_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/internal/temporaltest"
)

// Bulk is a state that grows by a MiB per node.
type Bulk struct {
	Parts []string
}

// growing is a chain of five nodes, each appending 1 MiB: the final state
// is 5 MiB of JSON, past the cluster's 2 MiB limit on a payload.
func growing(t testing.TB) *flow.Runner[Bulk] {
	g := flow.New[Bulk]("growing")
	prev := ""
	for i := range 5 {
		name := fmt.Sprint("grow", i)
		g.Node(name, func(_ context.Context, b Bulk) (Bulk, error) {
			b.Parts = append(b.Parts, strings.Repeat(string(rune('a'+i)), 1<<20))
			return b, nil
		})
		if prev == "" {
			g.Start(name)
		} else {
			g.Edge(prev, name)
		}
		prev = name
	}
	g.Edge(prev, flow.End)
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestLargeState runs a graph whose state grows to 5 MiB on a dev server:
// with a payload store, to the same final state as in process and with a
// small history; without one, to a prompt error that says to configure
// one.
func TestLargeState(t *testing.T) {
	s := temporaltest.Start(t)
	r := growing(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	want, err := r.Invoke(ctx, Bulk{})
	if err != nil {
		t.Fatal(err)
	}
	onQueue := func(t *testing.T, queue string, payloads temporal.PayloadOptions) (Bulk, string, client.Client, error) {
		c, err := temporal.Dial(ctx, temporal.Connection{Address: s.HostPort, Payloads: payloads})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(c.Close)
		w := temporal.NewWorker(c, queue, []flow.AnyRunner{r}, temporal.Options{})
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(w.Stop)
		id := fmt.Sprintf("large-%s-%d", queue, time.Now().UnixNano())
		got, err := temporal.Invoke(ctx, c, client.StartWorkflowOptions{ID: id, TaskQueue: queue}, r, Bulk{})
		return got, id, c, err
	}

	t.Run("store", func(t *testing.T) {
		st := &timedStore{s: temporal.DirStore{Dir: t.TempDir()}}
		t0 := time.Now()
		got, id, c, err := onQueue(t, "large-store", temporal.PayloadOptions{Store: st})
		t.Logf("run took %v; store: %s", time.Since(t0), st)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("final state differs from in process: %d parts, want %d", len(got.Parts), len(want.Parts))
		}
		d, err := c.DescribeWorkflowExecution(ctx, id, "")
		if err != nil {
			t.Fatal(err)
		}
		info := d.GetWorkflowExecutionInfo()
		t.Logf("history of a run whose state reached 5 MiB: %d bytes, %d events", info.GetHistorySizeBytes(), info.GetHistoryLength())
		if info.GetHistorySizeBytes() > 64<<10 {
			t.Errorf("history is %d bytes; want the states out of it (< 64 KiB)", info.GetHistorySizeBytes())
		}
	})

	t.Run("no store", func(t *testing.T) {
		t0 := time.Now()
		_, _, _, err := onQueue(t, "large-none", temporal.PayloadOptions{})
		if err == nil {
			t.Fatal("a 5 MiB state went through history without a store")
		}
		t.Logf("without a store, after %v: %v", time.Since(t0).Round(time.Millisecond), err)
		if !strings.Contains(err.Error(), "configure a payload store") {
			t.Errorf("error %q does not say to configure a payload store", err)
		}
		if time.Since(t0) > 30*time.Second {
			t.Errorf("took %v to fail; want it prompt", time.Since(t0))
		}
	})
}

type timedStore struct {
	s                temporal.PayloadStore
	mu               sync.Mutex
	puts, gets       int
	putTime, getTime time.Duration
}

func (t *timedStore) Put(ctx context.Context, key string, b []byte) error {
	t0 := time.Now()
	err := t.s.Put(ctx, key, b)
	t.mu.Lock()
	t.puts++
	t.putTime += time.Since(t0)
	t.mu.Unlock()
	return err
}

func (t *timedStore) Get(ctx context.Context, key string) ([]byte, error) {
	t0 := time.Now()
	b, err := t.s.Get(ctx, key)
	t.mu.Lock()
	t.gets++
	t.getTime += time.Since(t0)
	t.mu.Unlock()
	return b, err
}

// String reports the calls so far; the worker may still be calling.
func (t *timedStore) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return fmt.Sprintf("%d puts in %v, %d gets in %v", t.puts, t.putTime, t.gets, t.getTime)
}
