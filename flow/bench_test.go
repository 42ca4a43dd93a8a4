package flow_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
)

// chain builds a linear graph of n nodes running fn.
func chain(b *testing.B, n int, fn flow.NodeFunc[St]) *flow.Graph[St] {
	g := flow.New[St]("chain")
	for i := range n {
		g.Node(fmt.Sprint("n", i), fn)
		if i > 0 {
			g.Edge(fmt.Sprint("n", i-1), fmt.Sprint("n", i))
		}
	}
	g.Start("n0")
	g.Edge(fmt.Sprint("n", n-1), flow.End)
	g.MaxSteps = n
	return g
}

// BenchmarkStepOverhead measures what the engine adds per node step of a
// 100-node chain, for each way of running it: Invoke with nobody
// listening (no event built, no JSON), Invoke with a sink in the context
// (every event built and delivered, none kept), ranging over Run (events
// cross to the consumer's goroutine) and Invoke with a MemStore (a
// checkpoint per step).
func BenchmarkStepOverhead(b *testing.B) {
	const steps = 100
	inc := func(ctx context.Context, s St) (St, error) { s.N++; return s, nil }
	var seen atomic.Int64
	for _, tc := range []struct {
		name  string
		store flow.Store
		run   func(ctx context.Context, r *flow.Runner[St]) (St, error)
	}{
		{name: "invoke", run: invoke},
		{name: "sink", run: func(ctx context.Context, r *flow.Runner[St]) (St, error) {
			return r.Invoke(event.WithSink(ctx, func(event.Event) { seen.Add(1) }), St{})
		}},
		{name: "range", run: func(ctx context.Context, r *flow.Runner[St]) (St, error) {
			return flow.Final[St](r.Run(ctx, St{}))
		}},
		{name: "mem-store", store: &flow.MemStore{}, run: invoke},
	} {
		b.Run(tc.name, func(b *testing.B) {
			g := chain(b, steps, inc)
			if tc.store != nil {
				g.Store = tc.store
			}
			r := build(b, g)
			b.ReportAllocs()
			for b.Loop() {
				s, err := tc.run(b.Context(), r)
				if err != nil || s.N != steps {
					b.Fatal(err, s.N)
				}
			}
			perStep := float64(b.Elapsed().Nanoseconds()) / float64(b.N*steps) / 1e3
			b.ReportMetric(perStep, "us/step")
		})
	}
}

func invoke(ctx context.Context, r *flow.Runner[St]) (St, error) { return r.Invoke(ctx, St{}) }

type pick struct {
	Next string `json:"next"`
}

// modelNode asks a scripted model with 50 ms latency for a decision, as a
// real agent node asks Ollama.
func modelNode(latency time.Duration) (flow.NodeFunc[St], *llm.Scripted) {
	m := llm.Script(`{"next":"go"}`)
	m.Latency = latency
	m.Loop = true
	return func(ctx context.Context, s St) (St, error) {
		d, err := llm.Decide(ctx, m, llm.Prompt{User: "next?", MaxRepairs: 2}, func(context.Context) (pick, error) { return pick{Next: "policy"}, nil })
		if err != nil {
			return s, err
		}
		if d.Source != llm.FromModel {
			return s, fmt.Errorf("policy answered: %s", d.Fallback)
		}
		s.N++
		return s, nil
	}, m
}

// BenchmarkModelLatencyChain: five nodes each waiting 50 ms on a model
// (llm.Decide on a scripted model). The run should take the sum of the
// latencies, no more than 5% over. Each iteration also makes the same five
// calls in a plain loop, so engine_pct separates the engine's share from
// Decide's and from a busy machine's.
func BenchmarkModelLatencyChain(b *testing.B) {
	const n, latency = 5, 50 * time.Millisecond
	fn, _ := modelNode(latency)
	r := build(b, chain(b, n, fn))
	var inFlow, direct time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := r.Invoke(b.Context(), St{}); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		var s St
		for range n {
			var err error
			if s, err = fn(b.Context(), s); err != nil {
				b.Fatal(err)
			}
		}
		inFlow += t1.Sub(t0)
		direct += time.Since(t1)
	}
	critical := float64(n * latency)
	perFlow := float64(inFlow) / float64(b.N)
	perDirect := float64(direct) / float64(b.N)
	b.ReportMetric(perFlow/1e6, "ms/run")
	b.ReportMetric(perDirect/1e6, "direct_ms/run")
	b.ReportMetric(100*(perFlow-critical)/critical, "overhead_pct")
	b.ReportMetric(100*(perFlow-perDirect)/critical, "engine_pct")
}

// BenchmarkParallelModels: four branches of 50 ms each run at once; the
// fan-out and merge should finish well under 60 ms.
func BenchmarkParallelModels(b *testing.B) {
	const latency = 50 * time.Millisecond
	g := flow.New[St]("fan4")
	g.Node("split", func(ctx context.Context, s St) (St, error) { return s, nil })
	fields := []func(*St){
		func(s *St) { s.A = "a" }, func(s *St) { s.B = "b" }, func(s *St) { s.C = "c" }, func(s *St) { s.Total = 4 },
	}
	var names []string
	for i, set := range fields {
		fn, _ := modelNode(latency)
		name := fmt.Sprint("branch", i)
		names = append(names, name)
		g.Node(name, func(ctx context.Context, s St) (St, error) {
			s, err := fn(ctx, s)
			set(&s)
			return s, err
		})
	}
	g.Start("split")
	g.Parallel("split", names, flow.End)
	flow.Reduce(g, "n", func(base int, outs []int) int { return base + len(outs) })
	r := build(b, g)
	for b.Loop() {
		s, err := r.Invoke(b.Context(), St{})
		if err != nil || s.N != 4 || s.Total != 4 {
			b.Fatal(err, s)
		}
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per.Microseconds())/1e3, "ms/run")
	b.ReportMetric(100*float64(per-latency)/float64(latency), "overhead_pct")
}

// BenchmarkFileStoreStep measures a step with a durable checkpoint: JSON,
// temp file, fsync, rename.
func BenchmarkFileStoreStep(b *testing.B) {
	const steps = 10
	inc := func(ctx context.Context, s St) (St, error) { s.N++; return s, nil }
	for _, noSync := range []bool{false, true} {
		b.Run(fmt.Sprintf("nosync=%v", noSync), func(b *testing.B) {
			g := chain(b, steps, inc)
			store, err := flow.NewFileStore(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			store.NoSync = noSync
			g.Store = store
			r := build(b, g)
			for b.Loop() {
				if _, err := r.Invoke(b.Context(), St{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*steps)/1e3, "us/step")
		})
	}
}
