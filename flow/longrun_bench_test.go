package flow_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/cairn-agents/cairn/flow"
)

// BenchmarkLongRunHeap runs a loop of 10,000 steps and reports the most
// live heap the run held above what was live before it (peak_live_KB,
// sampled after a GC every 1,000 steps), for Final over Run and for
// Invoke: neither keeps an event, so it stays flat.
func BenchmarkLongRunHeap(b *testing.B) {
	const steps = 10000
	var base, peak uint64
	sample := func() {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > base {
			peak = max(peak, m.HeapAlloc-base)
		}
	}
	g := flow.New[St]("long")
	g.MaxSteps = steps
	g.Node("tick", func(ctx context.Context, s St) (St, error) {
		s.N++
		if s.N%1000 == 0 {
			sample()
		}
		return s, nil
	})
	g.Start("tick")
	g.Branch("tick", func(St) string { return "tick" }, "tick", flow.End)
	g.Limit("tick", steps)
	g.OnLimit("tick", flow.End)
	r := build(b, g)
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context) (St, error)
	}{
		{"final", func(ctx context.Context) (St, error) { return flow.Final[St](r.Run(ctx, St{})) }},
		{"invoke", func(ctx context.Context) (St, error) { return r.Invoke(ctx, St{}) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var worst uint64
			for b.Loop() {
				runtime.GC()
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				base, peak = m.HeapAlloc, 0
				s, err := tc.run(b.Context())
				if err != nil || s.N != steps {
					b.Fatal(err, s.N)
				}
				worst = max(worst, peak)
			}
			b.ReportMetric(float64(worst)/1024, "peak_live_KB")
		})
	}
}
