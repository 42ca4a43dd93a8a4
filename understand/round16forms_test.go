package understand_test

import (
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// TestRound16DayForms: ordinal days with no month named anywhere before
// them are the next such days ("from the 3rd to the 9th"); "the week
// after", "the weekend after", "the weekend before" with no time after
// them are beside the last time named; "next Friday" after "this
// Friday" (or "Friday") is the one after it, and a weekday "in between"
// two days is the one between them; a weekday written with a date and
// no year that is wrong in the year the tense picks but right in the one
// just gone is that one; Golden Week and São João are their days; the
// first or last n weekends of a month, and a part of a month written
// just after the month ("February, the last two weekends").
func TestRound16DayForms(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct {
		q    string
		now  time.Time
		want string
	}{
		{"in Oslo from the 3rd to the 9th, any concerts", refDay, "from the 3rd to the 9th 2026-12-03..2026-12-10"},
		{"staying between the 28th and the 2nd", refDay, "between the 28th and the 2nd 2026-11-28..2026-12-03"},
		{"Tromsø the 12th-15th, any markets?", refDay, "the 12th-15th 2026-12-12..2026-12-16"},
		{"from the 3rd to the 5th floor", refDay, ""},
		{"this weekend? no, make it the weekend after", refDay, "this weekend 2026-11-28..2026-11-30; the weekend after 2026-12-05..2026-12-07"},
		{"busy on 10 December, the week after works", refDay, "10 December 2026-12-10..2026-12-11; the week after 2026-12-14..2026-12-21"},
		{"the wedding is Saturday 12 December so the weekend before suits", refDay, "Saturday 12 December 2026-12-12..2026-12-13; the weekend before 2026-12-05..2026-12-07"},
		{"on the 14th and the week after next", refDay, "the 14th 2026-12-14..2026-12-15; the week after next 2026-12-07..2026-12-14"},
		{"this Friday and next Friday are shoots, the Tuesday in between I'm free", refDay, "this Friday 2026-11-27..2026-11-28; next Friday 2026-12-04..2026-12-05; Tuesday in between 2026-12-01..2026-12-02"},
		{"on Sunday and next Sunday I'm at weddings, the Wednesday between them?", refDay, "Sunday 2026-11-29..2026-11-30; next Sunday 2026-12-06..2026-12-07; Wednesday between them 2026-12-02..2026-12-03"},
		{"anything next Friday", refDay, "next Friday 2026-11-27..2026-11-28"},
		{"what was on Sat 31 October", refDay, "Sat 31 October 2026-10-31..2026-11-01"},
		{"from Fri 30 October to Sun 1 November", refDay, "from Fri 30 October to Sun 1 November 2026-10-30..2026-11-02"},
		{"on Sunday 31 October", refDay, "Sunday 31 October 2027-10-31..2027-11-01"},
		{"in Tokyo over Golden Week", refDay, "Golden Week 2027-04-29..2027-05-06"},
		{"Braga for Sao Joao", refDay, "Sao Joao 2027-06-23..2027-06-25"},
		{"the noite de São João in Porto", refDay, "noite de São João 2027-06-23..2027-06-25"},
		{"we drive to São João da Madeira", refDay, ""},
		{"the first three weekends of January", refDay, "the first three weekends of January 2027-01-02..2027-01-18"},
		{"February, the last two weekends: carnival", refDay, "the last two weekends 2027-02-20..2027-03-01"},
		{"in December, the second weekend", refDay, "December 2026-12-01..2027-01-01; the second weekend 2026-12-12..2026-12-14"},
	} {
		r := understand.Read(c.q, understand.Options{Now: c.now, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
