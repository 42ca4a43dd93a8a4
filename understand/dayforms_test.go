package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestDayForms reads, against Monday 23 November 2026, a weekday naming
// the date after it (one day, not the coming weekday and a range), two
// days offered as alternatives (the frame holding both), "tomorrow" as
// texts write it, and ordinal days after a weekday in the month of the
// time just before them.
func TestDayForms(t *testing.T) {
	cases := []struct{ q, want string }{
		{"from Wednesday 3 March to Friday 12 March", "from Wednesday 3 March to Friday 12 March 2027-03-03..2027-03-13"},
		{"Thu, 10 December until Sat 19 December", "Thu, 10 December until Sat 19 December 2026-12-10..2026-12-20"},
		{"on Sunday 6 December, early", "Sunday 6 December 2026-12-06..2026-12-07"},
		{"Friday or Saturday works", "Friday or Saturday 2026-11-27..2026-11-29"},
		{"free this Wednesday or Thursday", "this Wednesday or Thursday 2026-11-25..2026-11-27"},
		{"tmrw or thurs?", "tmrw or thurs 2026-11-24..2026-11-27"},
		{"gigs 2morrow", "2morrow 2026-11-24..2026-11-25"},
		{"the third week of January (Tue 12th to Sun 17th)", "the third week of January 2027-01-15..2027-01-22; Tue 12th to Sun 17th 2027-01-12..2027-01-18"},
		// two short day names offered as alternatives, in lower case
		{"markets sat or sun?", "sat or sun 2026-11-28..2026-11-30"},
		{"fri or sat in leeds", "fri or sat 2026-11-27..2026-11-29"},
		{"we sat or stood in the sun", ""},
		// alternatives far apart are two frames
		{"Monday or in March", "Monday 2026-11-23..2026-11-24; March 2027-03-01..2027-04-01"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
