package understand_test

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestRound14DayForms: two dotted days with no year after "from" ("from
// 12.8 until 19.8") are a range, a decimal with its unit none; days of
// a month named "next month" or "this month" ("from the 5th to the 12th
// of next month") are those days; an ordinal day after "of" and a month
// is that month's ("on the 23rd of June"); a day written alone after
// "until" in the sentence of a first day ("4 June ... till the 10th")
// is of that day's month; "that weekend" is the weekend of the day or
// week named before it.
func TestRound14DayForms(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"we're in Graz from 12.8 until 19.8, any concerts", "from 12.8 until 19.8 2027-08-12..2027-08-20"},
		{"the fair runs from 30.6 to 4.7", "from 30.6 to 4.7 2027-06-30..2027-07-05"},
		{"Adventsmarkt from 1.12 - 7.12 in Graz", "from 1.12 - 7.12 2026-12-01..2026-12-08"},
		{"water from 10.5 to 12.5 degrees", ""},
		{"visiting from the 5th to the 12th of next month", "from the 5th to the 12th of next month 2026-12-05..2026-12-13"},
		{"in Oslo between 26 and 29 this month", "between 26 and 29 this month 2026-11-26..2026-11-30"},
		{"a gig on the 20th of next month?", "the 20th of next month 2026-12-20..2026-12-21"},
		{"she lands on the 23rd of June", "23rd of June 2027-06-23..2027-06-24"},
		{"we arrive on the 2nd of October", "2nd of October 2027-10-02..2027-10-03"},
		{"my birthday is on the 9th of February", "9th of February 2027-02-09..2027-02-10"},
		{"arriving 4 June and staying till the 10th", "4 June 2027-06-04..2027-06-05; till the 10th 0001-01-01..2027-06-11"},
		{"on the 28th of March and staying until the 2nd", "28th of March 2027-03-28..2027-03-29; until the 2nd 0001-01-01..2027-04-03"},
		{"from 2 August until the 6th", "from 2 August until the 6th 2027-08-02..2027-08-07"},
		{"the parade is Sunday 11 April, anything else on that weekend?", "Sunday 11 April 2027-04-11..2027-04-12; that weekend 2027-04-10..2027-04-12"},
		{"in Leeds on Thursday 3 December and free that same weekend", "Thursday 3 December 2026-12-03..2026-12-04; that same weekend 2026-12-05..2026-12-07"},
		{"anything on that weekend?", ""},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}

// TestRetractions: a place taken back ("Lyon, sorry, not Lyon, Grenoble",
// "to Lyon, I mean Grenoble", "Bologna, no wait, Modena") leaves the
// mentions, the one said in its stead taking its role; "X, not Y" and
// "X instead of Y" put Y aside; "make it a long weekend in" takes
// nothing back.
func TestRetractions(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ q, want string }{
		{"A week in Lyon in May, sorry, not Lyon, Grenoble. Festivals?", "Grenoble in"},
		{"driving to Lyon, I mean Grenoble, on Friday", "Grenoble to"},
		{"markets in Bologna - no wait, Modena - next Saturday", "Modena in"},
		{"we're staying in Málaga, not Seville", "Málaga home"},
		{"Ghent instead of Bruges this time", "Gent"},
		{"I live in Leeds and will be in York", "Leeds home; York in"},
		{"in Lisbon in May, make it a long weekend in Porto", "Lisbon in; Porto in"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g})
		var got []string
		for _, m := range r.WithoutRetracted() {
			if m.Place == nil || m.Role == understand.RoleRegion {
				continue
			}
			got = append(got, strings.TrimSpace(m.Place.Name+" "+string(m.Role)))
		}
		if s := strings.Join(got, "; "); s != c.want {
			t.Errorf("%q: %q, want %q", c.q, s, c.want)
		}
	}
}

// TestCommonWordGot: "got", "get" alone are words, not Göteborg.
func TestCommonWordGot(t *testing.T) {
	g := gazetteer(t)
	for _, q := range []string{"got any night markets this weekend?", "Got a free Sunday, what's on", "get me some concerts"} {
		for _, m := range understand.Read(q, understand.Options{Gazetteer: g}).Mentions {
			if w := strings.ToLower(m.Text); (w == "got" || w == "get") && m.Place != nil {
				t.Errorf("%q: %q read as %s", q, m.Text, m.Place.Qualified())
			}
		}
	}
}
