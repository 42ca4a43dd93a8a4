package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestWrittenDaysAndFeasts reads, against Monday 23 November 2026
// looking ahead, the ways of writing a time that round 7 of the events
// corpus showed the reader missing: a season in the southern hemisphere,
// German dotted ordinals, carnival and Pentecost as their whole frames
// and a feast's "next year", the December holidays, a stay's length
// after "there", and the British "a week on Saturday". To is the day
// after.
func TestWrittenDaysAndFeasts(t *testing.T) {
	cases := []struct {
		q        string
		southern bool
		want     string
	}{
		// seasons where the place is
		{"off to Hobart in winter", true, "winter 2027-06-01..2027-09-01"},
		{"Perth next summer", true, "next summer 2026-12-01..2027-03-01"},
		{"Cape Town in spring", true, "spring 2026-09-01..2026-12-01"},
		{"Oslo in winter", false, "winter 2026-12-01..2027-03-01"},
		// "this" season gone by is the coming one
		{"any fairs this summer", false, "this summer 2027-06-01..2027-09-01"},
		{"Hobart this autumn", true, "this autumn 2027-03-01..2027-06-01"},
		// dotted ordinals
		{"between the 12. of June and the 14. of June", false, "between the 12. of June and the 14. of June 2027-06-12..2027-06-15"},
		{"on the 9. March", false, "9. March 2027-03-09..2027-03-10"},
		// carnival from its Saturday, a feast's next year
		{"for Karneval, lots of costumes", false, "Karneval 2027-02-06..2027-02-10"},
		{"in Recife for carnival next year", false, "carnival next year 2027-02-06..2027-02-10"},
		{"photos at the carnival in Olinda", false, ""},
		{"over Whitsun in the Harz", false, "Whitsun 2027-05-15..2027-05-18"},
		{"Easter this year", false, "Easter this year 2026-04-03..2026-04-07"},
		// the December holidays
		{"in town during the holidays?", false, "holidays 2026-12-24..2027-01-02"},
		{"what's on over the holiday season", false, "holiday season 2026-12-24..2027-01-02"},
		{"summer holidays with the kids", false, ""},
		// a stay's length after "there", "on"
		{"landing 4 March and staying there two weeks", false, "4 March and staying there two weeks 2027-03-04..2027-03-18"},
		{"we get in on Friday and stay on for five days", false, "Friday and stay on for five days 2026-11-27..2026-12-02"},
		// a week (fortnight) on a weekday
		{"a fortnight on Thursday in Leeds", false, "a fortnight on Thursday 2026-12-10..2026-12-11"},
		{"any fairs a week on Monday?", false, "a week on Monday 2026-11-30..2026-12-01"},
		{"three weeks on Sunday", false, "three weeks on Sunday 2026-12-20..2026-12-21"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future, Southern: c.southern})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q (southern %v)\n got %q\nwant %q", c.q, c.southern, g, c.want)
		}
	}
}

// TestSouthernOf: a place south of 5°S is in the southern hemisphere.
func TestSouthernOf(t *testing.T) {
	for _, c := range []struct {
		p    *understand.Place
		want bool
	}{
		{&understand.Place{Name: "Hobart", Lat: -42.88, HasPoint: true}, true},
		{&understand.Place{Name: "Quito", Lat: -0.22, HasPoint: true}, false},
		{&understand.Place{Name: "Oslo", Lat: 59.9, HasPoint: true}, false},
		{&understand.Place{Name: "nowhere"}, false},
		{nil, false},
	} {
		if got := understand.SouthernOf(c.p); got != c.want {
			t.Errorf("SouthernOf(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}
