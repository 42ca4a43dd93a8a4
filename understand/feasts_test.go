package understand

import (
	"testing"
	"time"
)

// TestPatricksDayCorpusChristiAndTextedWeeks: St Patrick's Day by its
// nicknames, Corpus Christi as a feast only after a word of time (it is
// also a city), and weeks and weekends as texts shorten them.
func TestPatricksDayCorpusChristiAndTextedWeeks(t *testing.T) {
	now := time.Date(2026, 2, 10, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ text, from, to string }{
		{"heading to Cork for paddys day", "2026-03-17", "2026-03-18"},
		{"the St Patty's Day parade in Chicago", "2026-03-17", "2026-03-18"},
		{"processions during Corpus Christi in Toledo", "2026-06-04", "2026-06-05"},
		{"craft fairs in York next wkend", "2026-02-21", "2026-02-23"},
		{"anything on in 2 wks in Oslo?", "2026-02-24", "2026-02-25"},
	} {
		r := Read(c.text, Options{Now: now, Tense: Future})
		if len(r.Times) != 1 || r.Times[0].From.Format("2006-01-02") != c.from || r.Times[0].To.Format("2006-01-02") != c.to {
			t.Errorf("%q: %+v, want %s..%s (to exclusive)", c.text, r.Times, c.from, c.to)
		}
	}
	for _, text := range []string{"we drive to Corpus Christi tomorrow", "a reunion at Corpus Christi College"} {
		for _, tf := range Read(text, Options{Now: now, Tense: Future}).Times {
			if tf.Unit == "holiday" {
				t.Errorf("%q: read the city as the feast (%s)", text, tf.From.Format("2006-01-02"))
			}
		}
	}
}
