package temporal_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/internal/temporaltest"
)

// TestDevServer runs graphs through a worker on a real dev server and
// compares each final state with the in-process run. With
// CAIRN_TEMPORAL_RECORD=1 it also records the history the replay test
// reads.
func TestDevServer(t *testing.T) {
	s := temporaltest.Start(t)
	queue := "flow-test"
	w := worker.New(s.Client, queue, worker.Options{})
	var calls atomic.Int32
	graphs := map[string]*flow.Runner[Doc]{
		"chain": chain(t), "loop": loop(t, 3), "fan": fan(t), "replay": replayGraph(t, &calls),
	}
	for _, r := range graphs {
		temporal.Register(w, r, temporal.Options{})
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	for name, r := range graphs {
		calls.Store(0)
		want, err := r.Invoke(ctx, Doc{})
		if err != nil {
			t.Fatalf("%s in process: %v", name, err)
		}
		calls.Store(0)
		id := fmt.Sprintf("test-%s-%d", name, time.Now().UnixNano())
		got, err := temporal.Invoke(ctx, s.Client, client.StartWorkflowOptions{ID: id, TaskQueue: queue}, r, Doc{})
		if err != nil {
			t.Fatalf("%s on the dev server: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s on the dev server: %+v\nin process: %+v", name, got, want)
		}
		if name == "replay" && os.Getenv("CAIRN_TEMPORAL_RECORD") == "1" {
			out, err := exec.CommandContext(ctx, s.Bin, "workflow", "show", "--address", s.HostPort,
				"--workflow-id", id, "--output", "json").Output()
			if err != nil {
				t.Fatalf("temporal workflow show: %v", err)
			}
			if err := os.WriteFile(replayHistory, out, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("recorded %s (%d bytes)", replayHistory, len(out))
		}
	}

	// Per-node overhead: a chain of three nodes that do nothing, on the
	// dev server and in process.
	r := graphs["chain"]
	const n = 20
	t0 := time.Now()
	for i := range n {
		if _, err := temporal.Invoke(ctx, s.Client, client.StartWorkflowOptions{
			ID: fmt.Sprintf("overhead-%d-%d", i, time.Now().UnixNano()), TaskQueue: queue}, r, Doc{}); err != nil {
			t.Fatal(err)
		}
	}
	remote := time.Since(t0) / (3 * n)
	t0 = time.Now()
	for range n {
		if _, err := r.Invoke(ctx, Doc{}); err != nil {
			t.Fatal(err)
		}
	}
	local := time.Since(t0) / (3 * n)
	t.Logf("per node (chain of 3, %d runs, workflow start and end included): dev server %v, in process %v, ratio %.0f",
		n, remote, local, float64(remote)/float64(max(local, time.Nanosecond)))
}
