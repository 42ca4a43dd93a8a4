package temporal_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/internal/temporaltest"
)

// chainN is a chain of n nodes that do nothing but append their name.
func chainN(t testing.TB, n int) *flow.Runner[Doc] {
	g := flow.New[Doc](fmt.Sprintf("chain%d", n))
	prev := ""
	for i := range n {
		name := fmt.Sprint("n", i)
		g.Node(name, step(name))
		if prev == "" {
			g.Start(name)
		} else {
			g.Edge(prev, name)
		}
		prev = name
	}
	g.Edge(prev, flow.End)
	return build(t, g)
}

// fanN fans out to n branches that do nothing.
func fanN(t testing.TB, n int) *flow.Runner[Doc] {
	g := flow.New[Doc](fmt.Sprintf("fan%d", n))
	g.Node("split", step("split"))
	var bs []string
	for i := range n {
		b := fmt.Sprint("b", i)
		g.Node(b, func(_ context.Context, d Doc) (Doc, error) { return d, nil })
		bs = append(bs, b)
	}
	g.Start("split")
	g.Parallel("split", bs, flow.End)
	return build(t, g)
}

// fanStages is stages fan-outs in sequence, each of width parallel
// branches that do nothing: fanStages(10, 10) is the "10×10 fan-out", 110
// nodes (10 splits, 100 branches) on a critical path of 20. A branch is
// one node (flow runs a chain in a branch only as a sub-graph inside one
// node, which on Temporal is one activity), so this is the shape that
// puts 100 activities in parallel groups.
func fanStages(t testing.TB, stages, width int) *flow.Runner[Doc] {
	g := flow.New[Doc](fmt.Sprintf("fan%dx%d", stages, width))
	for s := range stages {
		split := fmt.Sprint("split", s)
		g.Node(split, step(split))
		var bs []string
		for i := range width {
			b := fmt.Sprintf("b%d_%d", s, i)
			g.Node(b, func(_ context.Context, d Doc) (Doc, error) { return d, nil })
			bs = append(bs, b)
		}
		join := flow.End
		if s+1 < stages {
			join = fmt.Sprint("split", s+1)
		}
		if s == 0 {
			g.Start(split)
		}
		g.Parallel(split, bs, join)
	}
	return build(t, g)
}

// BenchmarkDevServer measures runs on a real dev server with workers in
// this process: per node of a chain (ns/node, against in process), a
// 10-branch fan-out, ten of them in sequence (10×10), and 200 concurrent
// runs over one and two workers.
func BenchmarkDevServer(b *testing.B) {
	s := temporaltest.Start(b)
	const queue = "flow-bench"
	graphs := []*flow.Runner[Doc]{chainN(b, 1), chainN(b, 10), fanN(b, 10), fanStages(b, 10, 10)}
	var hosted []flow.AnyRunner
	for _, r := range graphs {
		hosted = append(hosted, r)
	}
	newWorker := func() worker.Worker {
		w := temporal.NewWorker(s.Client, queue, hosted, temporal.Options{}) // as cairn worker runs
		if err := w.Start(); err != nil {
			b.Fatal(err)
		}
		return w
	}
	w1 := newWorker()
	defer w1.Stop()
	ctx := context.Background()
	var seq int
	invoke := func(r *flow.Runner[Doc]) {
		seq++
		if _, err := temporal.Invoke(ctx, s.Client, client.StartWorkflowOptions{
			ID: fmt.Sprintf("bench-%d-%d", seq, time.Now().UnixNano()), TaskQueue: queue}, r, Doc{}); err != nil {
			b.Fatal(err)
		}
	}
	for _, r := range graphs {
		b.Run(r.Name(), func(b *testing.B) {
			for b.Loop() {
				invoke(r)
			}
			// In process, timed by hand: testing.Benchmark cannot nest.
			const n = 1000
			t0 := time.Now()
			for range n {
				if _, err := r.Invoke(ctx, Doc{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(time.Since(t0).Nanoseconds())/n, "ns/op-in-process")
		})
	}
	concurrent := func(b *testing.B, runs int) {
		r := graphs[0]
		for b.Loop() {
			var wg sync.WaitGroup
			for i := range runs {
				wg.Go(func() {
					if _, err := temporal.Invoke(ctx, s.Client, client.StartWorkflowOptions{
						ID: fmt.Sprintf("conc-%d-%d", i, time.Now().UnixNano()), TaskQueue: queue}, r, Doc{}); err != nil {
						b.Error(err)
					}
				})
			}
			wg.Wait()
		}
		b.ReportMetric(float64(runs)*float64(b.N)/b.Elapsed().Seconds(), "runs/s")
	}
	b.Run("200-concurrent-1-worker", func(b *testing.B) { concurrent(b, 200) })
	w2 := newWorker()
	defer w2.Stop()
	b.Run("200-concurrent-2-workers", func(b *testing.B) { concurrent(b, 200) })
}
