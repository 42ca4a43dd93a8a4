package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestTimeSpans reads the frames of spans.go against Monday 23 November
// 2026, looking ahead: ranges of days, days and years in words, dotted
// and paired slashed dates, parts of months, quarters with no year, parts
// of seasons, holidays and stays counted ahead. To is the day after.
func TestTimeSpans(t *testing.T) {
	cases := []struct{ q, want string }{
		// ranges of days, month first and day first
		{"Jan 5 through 9", "Jan 5 through 9 2027-01-05..2027-01-10"},
		{"from 3 to 7 March 2027", "from 3 to 7 March 2027 2027-03-03..2027-03-08"},
		{"between the 1st and the 4th of May", "between the 1st and the 4th of May 2027-05-01..2027-05-05"},
		{"December 30 to January 2", "December 30 to January 2 2026-12-30..2027-01-03"},
		{"21-24 August 2027", "21-24 August 2027 2027-08-21..2027-08-25"},
		{"from the second to the ninth of april", "from the second to the ninth of april 2027-04-02..2027-04-10"},
		// days and years in words
		{"on the twenty-first of June twenty twenty seven", "the twenty-first of June twenty twenty seven 2027-06-21..2027-06-22"},
		{"april fifth to april tenth two thousand and twenty seven", "april fifth to april tenth two thousand and twenty seven 2027-04-05..2027-04-11"},
		{"from May 2 to May 6, nineteen ninety-nine", "from May 2 to May 6, nineteen ninety-nine 1999-05-02..1999-05-07"},
		// dotted dates are day first; a pair of slashed ones is read one way
		{"on 24.12.2026", "24.12.2026 2026-12-24..2026-12-25"},
		{"03/04/2027 - 25/04/2027", "03/04/2027 - 25/04/2027 2027-04-03..2027-04-26"},
		{"04/03/2027 to 04/25/2027", "04/03/2027 to 04/25/2027 2027-04-03..2027-04-26"},
		{"01.06.2027 - 03.06.2027", "01.06.2027 - 03.06.2027 2027-06-01..2027-06-04"},
		// parts of a month or a year
		{"the last week of January", "the last week of January 2027-01-25..2027-02-01"},
		{"the second half of December", "the second half of December 2026-12-16..2027-01-01"},
		{"the first 10 days of February 2027", "the first 10 days of February 2027 2027-02-01..2027-02-11"},
		{"the last weekend of May", "the last weekend of May 2027-05-29..2027-05-31"},
		{"in the first half of 2027", "the first half of 2027 2027-01-01..2027-07-01"},
		{"the third week of July", "the third week of July 2027-07-15..2027-07-22"},
		// quarters with no year, as the tense picks them
		{"sometime in Q2", "Q2 2027-04-01..2027-07-01"},
		{"during the fourth quarter", "the fourth quarter 2026-10-01..2027-01-01"},
		{"Q1 of 2028", "Q1 of 2028 2028-01-01..2028-04-01"},
		// the early, mid or late part of a season is one month
		{"in early spring", "early spring 2027-03-01..2027-04-01"},
		{"late autumn", "late autumn 2026-11-01..2026-12-01"},
		{"mid-summer 2027", "mid-summer 2027 2027-07-01..2027-08-01"},
		// holidays
		{"during Holy Week", "Holy Week 2027-03-21..2027-03-29"}, // Palm Sunday to Easter Sunday
		{"at Christmas", "Christmas 2026-12-21..2026-12-28"},
		{"on Good Friday 2027", "Good Friday 2027 2027-03-26..2027-03-27"},
		{"over the Easter weekend", "Easter weekend 2027-03-26..2027-03-30"},
		{"New Year's Eve", "New Year's Eve 2026-12-31..2027-01-01"},
		{"until Easter", "until Easter 0001-01-01..2027-03-26"},
		// not holidays: words before a noun, another calendar's new year
		{"Christmas markets and Easter parades", ""},
		{"looking for Christmas lights", ""},
		{"lanterns for Chinese New Year", ""},
		// stays counted ahead
		{"in two days, for a weekend", "in two days, for a weekend 2026-11-25..2026-11-27"},
		{"in a month for 10 days", "in a month for 10 days 2026-12-23..2027-01-02"},
		{"in 1 week for two weeks", "in 1 week for two weeks 2026-11-30..2026-12-14"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}

// TestDistanceCue reads a distance written before a place as nearness,
// the place its most likely reading.
func TestDistanceCue(t *testing.T) {
	g := gazetteer(t)
	cases := []struct{ q, name, country, cue string }{
		{"anything within 15 miles of Manchester?", "Manchester", "GB", "within 15 miles of"},
		{"concerts up to 30 km from Leipzig", "Leipzig", "DE", "up to 30 km from"},
		{"hotels 5 km from Bristol", "Bristol", "GB", "5 km from"},
		{"within a radius of twelve kilometres of Lyon", "Lyon", "FR", "within a radius of twelve kilometres of"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay})
		var m *understand.Mention
		for i := range r.Mentions {
			if r.Mentions[i].Place != nil {
				m = &r.Mentions[i]
				break
			}
		}
		if m == nil {
			t.Errorf("%q: no place read", c.q)
			continue
		}
		if m.Place.Name != c.name || m.Place.CountryCode != c.country || m.Role != understand.RoleNear || m.Cue != c.cue {
			t.Errorf("%q: got %s (%s), role %q, cue %q; want %s (%s), near, cue %q", c.q, m.Place.Name, m.Place.CountryCode, m.Role, m.Cue, c.name, c.country, c.cue)
		}
	}
	// "10 miles of coastline" is a length, not a cue.
	r := understand.Read("10 miles of Coastline walks", understand.Options{Gazetteer: g, Now: refDay})
	for _, m := range r.Mentions {
		if m.Role == understand.RoleNear {
			t.Errorf("%q: %q read as near", r.Text, m.Text)
		}
	}
}
