package understand_test

import (
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// TestPartsOfRelativeMonths: a part of "next month" or of a month named
// before ("it", "that month"), a month written with its part as one word
// ("mid-June"), and ordinal days after such a month.
func TestPartsOfRelativeMonths(t *testing.T) {
	now := time.Date(2026, 6, 10, 9, 0, 0, 0, time.UTC)
	cases := []struct{ text, from, to string }{
		{"the first weekend of next month", "2026-07-04", "2026-07-06"},
		{"the last week of this month", "2026-06-24", "2026-07-01"},
		{"sometime in September, probably the second weekend of that month", "2026-09-12", "2026-09-14"},
		{"next month, ideally the first half of it", "2026-07-01", "2026-07-16"},
		{"in mid-October", "2026-10-01", "2026-11-01"},
		{"late-Sept, say from the 20th to the 27th", "2026-09-20", "2026-09-28"},
	}
	for _, c := range cases {
		r := understand.Read(c.text, understand.Options{Now: now, Tense: understand.Future})
		if len(r.Times) == 0 {
			t.Errorf("%q: no time read, want %s..%s", c.text, c.from, c.to)
			continue
		}
		tf := r.Times[len(r.Times)-1]
		if got, want := tf.From.Format(time.DateOnly)+".."+tf.To.Format(time.DateOnly), c.from+".."+c.to; got != want {
			t.Errorf("%q: read %s, want %s", c.text, got, want)
		}
	}
}
