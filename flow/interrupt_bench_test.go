package flow_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

// BenchmarkAnswer measures Runner.Answer on a run that waits: load the
// checkpoint, check the answer against the request's schema, run the
// asking node again with it and save the checkpoint of its step; the run
// then ends. Starting the run that waits is not timed. ms/save is the
// time in Store.Save, which any step with a Store pays; resume_ms, the
// rest, is what resuming adds (the bound: under 1 ms with the
// FileStore).
func BenchmarkAnswer(b *testing.B) {
	for _, tc := range []struct {
		name  string
		store func(b *testing.B) flow.Store
	}{
		{"file", func(b *testing.B) flow.Store { return fileStore(b, false) }},
		{"file-nosync", func(b *testing.B) flow.Store { return fileStore(b, true) }},
		{"mem", func(b *testing.B) flow.Store { return &flow.MemStore{} }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			g := flow.New[St]("ask")
			store := &timedStore{Store: tc.store(b)}
			g.Store = store
			g.Node("ask", func(ctx context.Context, s St) (St, error) {
				a, err := flow.Ask[Approval](ctx, "Publish?")
				s.A = a.Note
				return s, err
			})
			g.Start("ask")
			g.Edge("ask", flow.End)
			r := build(b, g)
			b.ReportAllocs()
			var answering, saving time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				_, err := r.Invoke(b.Context(), St{})
				var ie *flow.InterruptedError
				if !errors.As(err, &ie) {
					b.Fatal(err)
				}
				store.saving = 0
				b.StartTimer()
				t0 := time.Now()
				s, err := r.Answer(b.Context(), ie.RunID, "", Approval{Approve: true, Note: "ok"})
				answering += time.Since(t0)
				saving += store.saving
				if err != nil || s.A != "ok" {
					b.Fatal(err, s)
				}
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 / float64(b.N) }
			b.ReportMetric(ms(answering), "ms/answer")
			b.ReportMetric(ms(saving), "ms/save")
			b.ReportMetric(ms(answering-saving), "resume_ms")
		})
	}
}

func fileStore(b *testing.B, noSync bool) *flow.FileStore {
	s, err := flow.NewFileStore(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	s.NoSync = noSync
	return s
}

// timedStore adds up the time its Saves take; Answer calls it on one
// goroutine.
type timedStore struct {
	flow.Store
	saving time.Duration
}

func (t *timedStore) Save(ctx context.Context, c flow.Checkpoint) error {
	t0 := time.Now()
	err := t.Store.Save(ctx, c)
	t.saving += time.Since(t0)
	return err
}
