package understand_test

import (
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// TestDaysAhead reads the frames of daysahead.go against Monday 23
// November 2026, looking ahead: a day of the month written alone after a
// time word, "now" beginning a range, units counted from now, a
// weekday's part, a stay's length after its first day, the week after or
// before a time, "till" a day holding it, "from" a day to come, parts of
// a year and a feast just gone. To is the day after.
func TestDaysAhead(t *testing.T) {
	cases := []struct{ q, want string }{
		// a day of the month alone: the next one; a noun after it is no day
		{"only until the 20th", "until the 20th 0001-01-01..2026-12-21"},
		{"before the 28th, sadly", "before the 28th 0001-01-01..2026-11-28"},
		{"from now until the fifth", "from now until the fifth 2026-11-23..2026-12-06"},
		{"between now and the 2nd?", "between now and the 2nd 2026-11-23..2026-12-03"},
		{"until the 9th anything in town?", "until the 9th 0001-01-01..2026-12-10"},
		{"my room is on the 3rd floor", ""},
		{"I'm now in town", ""},
		// units counted from now
		{"two weeks from now", "two weeks from now 2026-12-07..2026-12-08"},
		{"10 days from today", "10 days from today 2026-12-03..2026-12-04"},
		// a weekday's part belongs to it
		{"Saturday morning to Monday", "Saturday morning to Monday 2026-11-28..2026-12-01"},
		{"Thursday night till Saturday", "Thursday night till Saturday 2026-11-26..2026-11-29"},
		// a stay's length after its first day, in its sentence
		{"from next Tuesday for 5 days", "next Tuesday for 5 days 2026-11-24..2026-11-29"},
		{"arriving in two weeks, staying ten days", "in two weeks, staying ten days 2026-12-07..2026-12-17"},
		{"a month from now we're in Leeds for the weekend", "a month from now we're in Leeds for the weekend 2026-12-26..2026-12-28"},
		{"on Friday. For 3 days after that", "Friday 2026-11-27..2026-11-28"},
		// the week after or before a time, the weekend after it
		{"the week after Thanksgiving", "the week after Thanksgiving 2026-11-30..2026-12-07"},
		{"the weekend after Christmas Day", "the weekend after Christmas Day 2026-12-26..2026-12-28"},
		{"the week before Labor Day", "the week before Labor Day 2027-08-30..2027-09-06"},
		{"over Labor Day weekend", "Labor Day weekend 2027-09-04..2027-09-07"},
		// "till" a day holds it, "before" does not; "from" a day to come is open
		{"till Friday", "till Friday 0001-01-01..2026-11-28"},
		{"before Friday", "before Friday 0001-01-01..2026-11-27"},
		{"from next Monday", "from next Monday 2026-11-30..0001-01-01"},
		// the first or last weeks, days or months of a year
		{"the first three weeks of next year", "the first three weeks of next year 2027-01-01..2027-01-22"},
		{"the last ten days of the year", "the last ten days of the year 2026-12-22..2027-01-01"},
		{"the final month of 2027", "the final month of 2027 2027-12-01..2028-01-01"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
	// A feast a few days gone is the one "after" means, not next year's.
	jan3 := time.Date(2027, 1, 3, 10, 0, 0, 0, time.UTC)
	r := understand.Read("home after Christmas", understand.Options{Now: jan3, Tense: understand.Future})
	if len(r.Times) != 1 || r.Times[0].From.Format(time.DateOnly) != "2026-12-28" {
		t.Errorf("after Christmas on 3 January 2027: %+v, want from 2026-12-28", r.Times)
	}
}

// TestSlashOrder reads slashed days in a country's order: day first in
// most of the world, month first in the United States.
func TestSlashOrder(t *testing.T) {
	cases := []struct {
		q       string
		order   understand.SlashOrder
		from    string
		to      string
		country string
	}{
		{"4/5-6/5", understand.SlashMonthFirst, "2027-04-05", "2027-06-06", "US"},
		{"4/5-6/5", understand.SlashDayFirst, "2027-05-04", "2027-05-07", "NZ"},
		{"2/3 to 9/3", understand.SlashDayFirst, "2027-03-02", "2027-03-10", "ie"},
		{"7/8/2027", understand.SlashDayFirst, "2027-08-07", "2027-08-08", "FR"},
		{"7/8/2027", understand.SlashMonthFirst, "2027-07-08", "2027-07-09", "PH"},
	}
	for _, c := range cases {
		if o := understand.SlashOrderOf(c.country); o != c.order {
			t.Errorf("SlashOrderOf(%q) = %d, want %d", c.country, o, c.order)
		}
		r := understand.Read("in town "+c.q, understand.Options{Now: refDay, Tense: understand.Future, Slashes: c.order})
		if len(r.Times) != 1 || r.Times[0].From.Format(time.DateOnly) != c.from || r.Times[0].To.Format(time.DateOnly) != c.to {
			t.Errorf("%q (order %d): %+v, want %s..%s", c.q, c.order, r.Times, c.from, c.to)
		}
	}
	if o := understand.SlashOrderOf(""); o != understand.SlashGuess {
		t.Errorf("no country: %d, want the guess", o)
	}
}

// TestTownBeforeShortMonth: a town written just before an abbreviated
// month ("Denver Dec 3rd") is the town; the month is the date's.
func TestTownBeforeShortMonth(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ q, name string }{
		{"staying in Denver Dec 3rd to 5th", "Denver"},
		{"we fly to Lisbon Feb 12, any festivals?", "Lisbon"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay, Tense: understand.Future})
		var names []string
		for _, m := range r.Mentions {
			if m.Place != nil {
				names = append(names, m.Place.Name)
			}
		}
		if len(names) == 0 || names[0] != c.name || len(r.Times) != 1 {
			t.Errorf("%q: places %q, times %d; want %s and a date", c.q, names, len(r.Times), c.name)
		}
	}
}
