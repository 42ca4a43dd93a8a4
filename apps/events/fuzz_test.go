package events

import (
	"context"
	"errors"
	"testing"
	"time"
)

// FuzzSearch: any request text and reference day either fails with one of
// the named errors or answers with a gate decision, events inside the
// limits and every event dated, scored and evidenced.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{berlinMarch, "", "events in Xyzzyville next month", "festivals in Berlin between June and March",
		"jazz near München on 31/02/2026", "\x00\xff in \"Berlin\" 2026-13-45", "in in in in near near between and"} {
		f.Add(s, "2026-01-15")
	}
	f.Add(berlinMarch, "2026-03-14T23:30:00-08:00")
	f.Add(berlinMarch, "yesterday")
	a := memApp(f, festivalRecords(f, 16, "2026-03-01"), Options{})
	f.Fuzz(func(t *testing.T, text, today string) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		r, err := a.Search(ctx, Request{Text: text, Today: today})
		if err != nil {
			if !errors.Is(err, ErrEmptyRequest) && !errors.Is(err, ErrLongRequest) && !errors.Is(err, ErrBadToday) {
				t.Fatalf("%q on %q: %v", text, today, err)
			}
			return
		}
		if r.GateDecision != Approve && r.GateDecision != Retry && r.GateDecision != Reject {
			t.Fatalf("gate %q", r.GateDecision)
		}
		if len(r.Events) > 15 || r.Iterations.Workflow > 3 || r.Iterations.Researcher > 3 {
			t.Fatalf("%d events, iterations %+v", len(r.Events), r.Iterations)
		}
		for _, e := range r.Events {
			if e.Start == "" || e.Start < r.Today && e.End < r.Today || e.Score < 60 || len(e.Evidence) == 0 {
				t.Fatalf("event %+v on %s", e, r.Today)
			}
		}
	})
}

func FuzzParseDay(f *testing.F) {
	for _, s := range []string{"2026-03-14", "2026-03-14T23:30:00-08:00", "20260314", "2026-03-14 23:30", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDay(s, time.UTC)
		if err != nil {
			return
		}
		if _, ok := day(d); !ok {
			t.Fatalf("ParseDay(%q) = %q, not a day", s, d)
		}
	})
}
