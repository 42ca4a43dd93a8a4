package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestRound13DayForms: a day written with a dot before a Norwegian,
// Danish or German month ("3. juni", "24. Dezember") is that day; plural
// weekdays of a month ("Tuesdays in May", "every Sunday of March") run
// from its first such weekday to its last; two short weekdays joined by
// "and" or "&" in lower case ("fri & sat") are both days.
func TestRound13DayForms(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"Konzerte in Hamburg am 24. Dezember", "24. Dezember 2026-12-24..2026-12-25"},
		{"fjordfestival rundt 3. juni 2027", "3. juni 2027 2027-06-03..2027-06-04"},
		{"any fairs in Aarhus on Tuesdays in May", "Tuesdays in May 2027-05-04..2027-05-26"},
		{"every Sunday of March near Ghent", "every Sunday of March 2027-03-07..2027-03-29"},
		{"gigs in hull fri & sat pls", "fri 2026-11-27..2026-11-28; sat 2026-11-28..2026-11-29"},
		{"markets in derby this sun and mon", "this sun 2026-11-29..2026-11-30; mon 2026-11-30..2026-12-01"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
