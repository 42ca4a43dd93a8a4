package understand_test

import (
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// TestRound15DayForms: a day range with its month written once, at the
// end, whose first day is past its last ("the 30 to the 3 of May") runs
// over the month before's end; "the weekend of DAY" is the weekend that
// day is in (a Friday's from the Friday, a mid-week day's the one
// after); "this coming weekend" and "the upcoming weekend" said on a
// weekday are that week's, on a weekend day the next; Songkran, Pi Mai
// and Pohela Boishakh are their fixed days in April.
func TestRound15DayForms(t *testing.T) {
	// refDay is Monday 23 November 2026; saturday is 28 November.
	saturday := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		q    string
		now  time.Time
		want string
	}{
		{"in Seville from the 30 to the 3 of May", refDay, "from the 30 to the 3 of May 2027-04-30..2027-05-04"},
		{"the 28th to the 2nd of March 2027, any fairs", refDay, "the 28th to the 2nd of March 2027 2027-02-28..2027-03-03"},
		{"staying 29 until 4 January", refDay, "29 until 4 January 2026-12-29..2027-01-05"},
		{"from 14 to 22 February", refDay, "from 14 to 22 February 2027-02-14..2027-02-23"},
		{"we're in Ghent the weekend of 12 December", refDay, "the weekend of 12 December 2026-12-12..2026-12-14"},
		{"any markets the weekend of the 13th of December?", refDay, "the weekend of the 13th of December 2026-12-12..2026-12-14"},
		{"the weekend of Friday 4 December", refDay, "the weekend of Friday 4 December 2026-12-04..2026-12-07"},
		{"free the weekend of 9 December", refDay, "the weekend of 9 December 2026-12-12..2026-12-14"},
		{"the week of 9 December", refDay, "the week of 9 December 2026-12-07..2026-12-14"},
		{"anything this coming weekend", refDay, "this coming weekend 2026-11-28..2026-11-30"},
		{"fairs on the upcoming weekend?", refDay, "the upcoming weekend 2026-11-28..2026-11-30"},
		{"fairs the coming weekend?", refDay, "the coming weekend 2026-11-28..2026-11-30"},
		{"and next weekend?", refDay, "next weekend 2026-12-05..2026-12-07"},
		{"anything this coming weekend", saturday, "this coming weekend 2026-12-05..2026-12-07"},
		{"this coming Friday", refDay, "this coming Friday 2026-11-27..2026-11-28"},
		{"in Lyon 2–5 Oct, then Annecy from the 6th to the 9th", refDay, "2–5 Oct 2027-10-02..2027-10-06; from the 6th to the 9th 2027-10-06..2027-10-10"},
		{"Rome on 10 Aug, then Naples the 12th to the 14th", refDay, "10 Aug 2027-08-10..2027-08-11; the 12th to the 14th 2027-08-12..2027-08-15"},
		{"Bilbao 3 Mar, San Sebastián between the 5th and the 7th", refDay, "3 Mar 2027-03-03..2027-03-04; between the 5th and the 7th 2027-03-05..2027-03-08"},
		{"in Chiang Mai for Songkran", refDay, "Songkran 2027-04-13..2027-04-16"},
		{"Bangkok over Thai New Year 2027", refDay, "Thai New Year 2027 2027-04-13..2027-04-16"},
		{"Luang Prabang for Pi Mai", refDay, "Pi Mai 2027-04-14..2027-04-17"},
		{"Dhaka on Pohela Boishakh", refDay, "Pohela Boishakh 2027-04-14..2027-04-15"},
	} {
		r := understand.Read(c.q, understand.Options{Now: c.now, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
