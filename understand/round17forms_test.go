package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestRound17DayForms: "the next fortnight" (or "the coming two
// fortnights") is fourteen days a fortnight from today; bare numbers
// after "from" or "between" are days of the month read just before in
// the sentence ("next month ... from 12 until 18"), not when a noun
// counts them; a day after a verb of leaving ("fly home on the 16th")
// ends the stay begun by the day before it as "till" does; Mardi Gras
// is carnival's days.
func TestRound17DayForms(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"anything on in the next fortnight", "the next fortnight 2026-11-23..2026-12-07"},
		{"markets over the coming fortnight?", "the coming fortnight 2026-11-23..2026-12-07"},
		{"gigs for the next two fortnights", "the next two fortnights 2026-11-23..2026-12-21"},
		{"what happened in the past fortnight", "the past fortnight 2026-11-09..2026-11-24"},
		{"next month I'm in Hoi An from 4 until 9, lanterns?", "from 4 until 9 2026-12-04..2026-12-10"},
		{"In January we stay in Goa between 10 and 14.", "between 10 and 14 2027-01-10..2027-01-15"},
		{"in March, from 3 to 9 people", "March 2027-03-01..2027-04-01"},
		{"next month the shop opens from 9 to 17 hours", "next month 2026-12-01..2027-01-01"},
		{"from 12 until 18, anything on?", ""},
		{"we get in on 3 March and fly home on the 8th", "3 March 2027-03-03..2027-03-04; on the 8th 0001-01-01..2027-03-09"},
		{"arriving the 12th of May, heading back on the 15th", "12th of May 2027-05-12..2027-05-13; on the 15th 0001-01-01..2027-05-16"},
		{"in Oslo from 2 June, we check out on the 6th", "from 2 June 2027-06-02..0001-01-01; on the 6th 0001-01-01..2027-06-07"},
		{"we fly out on the 6th", "the 6th 2026-12-06..2026-12-07"},
		{"parades for Mardi Gras next year", "Mardi Gras next year 2027-02-06..2027-02-10"},
		{"during mardi gras in Mobile", "mardi gras 2027-02-06..2027-02-10"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}

// TestCountryAsTripEnd: a country a trip goes to or comes from is not
// outweighed by a village of its name, as a region (a parish named like
// its town) is.
func TestCountryAsTripEnd(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ q, name, country string }{
		{"flying to Malta on Friday", "Malta", "MT"},
		{"we are off to Cuba for a week", "Cuba", "CU"},
		{"a trip from Cuba to Mexico", "Cuba", "CU"},
		{"my cousin is heading to Malta in May", "Malta", "MT"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay})
		found := false
		for _, m := range r.Mentions {
			if m.Text == c.name {
				found = true
				if m.Place == nil || m.Place.Kind != understand.KindCountry || m.Place.CountryCode != c.country {
					t.Errorf("%q: %s read as %+v, want the country %s", c.q, c.name, m.Place, c.country)
				}
			}
		}
		if !found {
			t.Errorf("%q: no mention %s", c.q, c.name)
		}
	}
}
