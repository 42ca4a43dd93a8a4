package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestWeekdayTheOrdinal reads, against Monday 23 November 2026, a
// weekday with its day of the month after "the" as that day, and an
// ordinal after a weekday as the next such day falling on it (within six
// months; further, the next such day).
func TestWeekdayTheOrdinal(t *testing.T) {
	cases := []struct{ q, want string }{
		{"anything on Thursday the 31st in Bergen?", "Thursday the 31st 2026-12-31..2027-01-01"},
		{"gigs friday the 4th, near Leeds", "friday the 4th 2026-12-04..2026-12-05"},
		{"market on Mon the 11th", "Mon the 11th 2027-01-11..2027-01-12"},
		{"Sunday 31st, street food", "Sunday 31st 2027-01-31..2027-02-01"},
		{"from Tuesday the 1st to Sunday the 6th of December", "from Tuesday the 1st to Sunday the 6th of December 2026-12-01..2026-12-07"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
