package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestNumericSpans reads the frames of numericspans.go against Monday 23
// November 2026, looking ahead: ranges of days in digits written year
// first, day first with dots, days before a slashed month and slashed
// pairs with no year; the week, weekend or month after next; ordinal
// days in a month named before; a holiday before a clause. To is the day
// after.
func TestNumericSpans(t *testing.T) {
	cases := []struct{ q, want string }{
		// year first, the second date with or without its year
		{"from 2027/2/3 ~ 2027/2/6", "from 2027/2/3 ~ 2027/2/6 2027-02-03..2027-02-07"},
		{"shooting 2027/4/1 - 4/9", "2027/4/1 - 4/9 2027-04-01..2027-04-10"},
		{"2027-06-10 to 14", "2027-06-10 to 14 2027-06-10..2027-06-15"},
		{"2027/12/28 – 1/3", "2027/12/28 – 1/3 2027-12-28..2028-01-04"},
		{"arriving 2027/5/2", "2027/5/2 2027-05-02..2027-05-03"},
		// day first with dots, the year once or not at all
		{"from 3.1. to 6.1.2027", "from 3.1. to 6.1.2027 2027-01-03..2027-01-07"},
		{"Markt 24.-26.12.", "24.-26.12. 2026-12-24..2026-12-27"},
		{"from 20.2.2027 until 2.3.", "from 20.2.2027 until 2.3. 2027-02-20..2027-03-03"},
		{"on 31.12. in Hamburg", "31.12. 2026-12-31..2027-01-01"},
		// days before a slashed month: day first
		{"regatta 5-8/3?", "5-8/3 2027-03-05..2027-03-09"},
		{"10-12/1/2027", "10-12/1/2027 2027-01-10..2027-01-13"},
		{"27–30/11", "27–30/11 2026-11-27..2026-12-01"},
		// slashed pairs with no year: day first when one must be, or both
		// share the month; else month first
		{"20/3 - 2/4", "20/3 - 2/4 2027-03-20..2027-04-03"},
		{"3/15 to 3/20", "3/15 to 3/20 2027-03-15..2027-03-21"},
		{"6/7 - 9/7", "6/7 - 9/7 2027-07-06..2027-07-10"},
		// not dates
		{"a 1-3/4 inch pipe", ""},
		{"scored 1.5 goals", ""},
		// after next
		{"the week after next", "the week after next 2026-12-07..2026-12-14"},
		{"the weekend after next", "the weekend after next 2026-12-05..2026-12-07"},
		{"sometime the month after next", "the month after next 2027-01-01..2027-02-01"},
		// ordinal days in a month named before: the month gives way
		{"We're in Rome in May, from the 12th to the 15th.", "from the 12th to the 15th 2027-05-12..2027-05-16"},
		{"In August 2027. Staying the 2nd-6th", "the 2nd-6th 2027-08-02..2027-08-07"},
		{"October: between the fifth and the ninth", "between the fifth and the ninth 2027-10-05..2027-10-10"},
		{"in March, from 3 to 9 people", "March 2027-03-01..2027-04-01"},
		// a holiday before a clause is a time
		{"Over Christmas I'm in Oslo", "Christmas 2026-12-21..2026-12-28"},
		{"Around Easter we'll be in Lisbon", "Easter 2027-03-26..2027-03-30"},
		{"At Halloween they're in Salem", "Halloween 2027-10-31..2027-11-01"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
