package events

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
)

// BenchmarkOfflineRun is a whole request with no model on the shared
// conferences and the holidays (the index already built). The target is
// under 1 s; the original system took 209 s for 10 events.
func BenchmarkOfflineRun(b *testing.B) {
	a := sharedApp(b, Options{})
	for _, req := range []string{"tech conferences in Berlin in 2026", "photo-worthy events in Berlin in March 2026"} {
		b.Run(req, func(b *testing.B) {
			for b.Loop() {
				r, err := a.Search(context.Background(), Request{Text: req, Today: "2026-01-15"})
				if err != nil || len(r.Events) == 0 {
					b.Fatal(err, r.Notes)
				}
			}
		})
	}
}

// BenchmarkFactCheckerParallel is the Fact-Checker's evidence search for
// 20 leads against a backend answering in 10 ms (a web API is slower):
// one at a time (batch 1) against search_batch_size 5 in parallel.
func BenchmarkFactCheckerParallel(b *testing.B) {
	var recs []eventdata.Record
	for i := range 20 {
		recs = append(recs, rec(b, fmt.Sprintf("Festival number %d", i), "2026-03-10", "2026-03-11", eventdata.KindEvent))
	}
	s := &slowSearcher{inner: &memSource{name: "web", recs: recs}, delay: 10 * time.Millisecond}
	a := memApp(b, recs, Options{Searcher: s})
	p := Profile{Place: recs[0].Place, TimeFrame: TimeFrame{From: "2026-03-01", To: "2026-03-31"}}
	var leads []Lead
	for _, r := range recs {
		leads = append(leads, leadFromRecord(r))
	}
	for _, batch := range []int{1, 5} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := a.gather(context.Background(), &runCache{}, p, leads, batch, &AgentMetrics{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
