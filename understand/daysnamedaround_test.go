package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestDaysNamedAround: a day counted from one just named with no time
// after it ("on 3 March ... free the day after") is that day; "this
// evening", "this afternoon" are today; "for a long weekend" after a
// count of weeks ahead is the Friday to the Monday of that week; Día de
// Muertos is 31 October to 2 November.
func TestDaysNamedAround(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"the fair opens on 3 March and I'm around the day after", "3 March 2027-03-03..2027-03-04; the day after 2027-03-04..2027-03-05"},
		{"The gig is on 9 July, so the night before works", "9 July 2027-07-09..2027-07-10; the night before 2027-07-08..2027-07-09"},
		{"my flight is the 20th of December, anything the evening before that?", "20th of December 2026-12-20..2026-12-21; the evening before that 2026-12-19..2026-12-20"},
		{"the day after tomorrow", "the day after tomorrow 2026-11-25..2026-11-26"},
		{"fireworks in Lyon the day after Bastille Day", "the day after Bastille Day 2027-07-15..2027-07-16"},
		{"I'll come the day before", ""},
		{"anything on this afternoon?", "this afternoon 2026-11-23..2026-11-24"},
		{"a concert this evening maybe", "this evening 2026-11-23..2026-11-24"},
		{"what's happening this morning in Leeds", "this morning 2026-11-23..2026-11-24"},
		{"3 weeks from now for a long weekend", "3 weeks from now for a long weekend 2026-12-18..2026-12-22"},
		{"in Ghent in two weeks for a long weekend", "in two weeks for a long weekend 2026-12-11..2026-12-15"},
		{"Oaxaca over Dia de los Muertos", "Dia de los Muertos 2027-10-31..2027-11-03"},
		{"photographing the Day of the Dead in Mexico", "Day of the Dead 2027-10-31..2027-11-03"},
		{"Pátzcuaro for Día de Muertos 2027", "Día de Muertos 2027 2027-10-31..2027-11-03"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
