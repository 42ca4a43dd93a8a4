package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestOrthodoxEasterAndTheDaysBetweenFeasts: a text that sets its Easter
// apart as the Orthodox (or Greek) one counts every day from Easter by
// the Julian computus (2027: 2 May, not 28 March); "between Christmas
// and New Year" is 26 to 31 December.
func TestOrthodoxEasterAndTheDaysBetweenFeasts(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"we keep the Orthodox Easter in Larnaca; the Epitaphios on Good Friday", "Good Friday 2027-04-30..2027-05-01"},
		{"Holy Saturday to Easter Monday, Greek Easter that is", "Holy Saturday to Easter Monday 2027-05-01..2027-05-04"},
		{"over Orthodox Easter in Sofia", "Easter 2027-04-30..2027-05-04"},
		{"Good Friday in Seville", "Good Friday 2027-03-26..2027-03-27"},
		{"the markets between xmas and new years", "between xmas and new years 2026-12-26..2027-01-01"},
		{"quiet days in Oslo, the days between Christmas and New Year's Eve", "the days between Christmas and New Year's Eve 2026-12-26..2027-01-01"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
