package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestFeastsByLocalNames: the days of carnival and Lent counted from
// Easter, feasts named in the language of their place, the abbreviated
// New Year's Eve; a feast's name run into its place by a connector
// leaves the place.
func TestFeastsByLocalNames(t *testing.T) {
	// refDay is Monday 23 November 2026; Easter 2027 is 28 March.
	for _, c := range []struct{ q, want string }{
		{"Rosenmontag in Mainz", "Rosenmontag 2027-02-08..2027-02-09"},
		{"from Fat Thursday through Shrove Tuesday", "from Fat Thursday through Shrove Tuesday 2027-02-04..2027-02-10"},
		{"the parades on Ash Wednesday", "Ash Wednesday 2027-02-10..2027-02-11"},
		{"Hogmanay in Edinburgh", "Hogmanay 2026-12-31..2027-01-01"},
		{"fireworks on NYE", "NYE 2026-12-31..2027-01-01"},
		{"Pfingsten 2027 at the lake", "Pfingsten 2027 2027-05-15..2027-05-18"},
		{"Settimana Santa in Trapani", "Settimana Santa 2027-03-21..2027-03-29"},
		{"processions on Palm Sunday", "Palm Sunday 2027-03-21..2027-03-22"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
	g := gazetteer(t)
	for _, c := range []struct{ q, place string }{
		{"Settimana Santa di Trapani, the Misteri", "Trapani"},
		{"Semana Santa de Zamora this spring", "Zamora"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future, Gazetteer: g})
		found := false
		for _, m := range r.Mentions {
			found = found || m.Place != nil && m.Place.Name == c.place
		}
		if !found || len(r.Times) == 0 || r.Times[0].Unit != "holiday" {
			t.Errorf("%q: mentions %+v, times %d; want %s and the feast", c.q, r.Mentions, len(r.Times), c.place)
		}
	}
}

// TestDaysJoinedAndStaysCounted: days joined by "and" are one frame,
// a stay counted "in three weeks' time" keeps its length, and units of
// time shortened as texts shorten them are read.
func TestDaysJoinedAndStaysCounted(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"tomorrow and the day after", "tomorrow and the day after 2026-11-24..2026-11-26"},
		{"today and tomorrow only", "today and tomorrow 2026-11-23..2026-11-25"},
		{"tomorrow and the next day", "tomorrow and the next day 2026-11-24..2026-11-26"},
		{"arriving in two weeks' time, for 5 days", "in two weeks' time, for 5 days 2026-12-07..2026-12-12"},
		{"in a month's time for ten days", "in a month's time for ten days 2026-12-23..2027-01-02"},
		{"in 3 days time", "in 3 days time 2026-11-26..2026-11-27"},
		{"the next 2 wks", "the next 2 wks 2026-11-23..2026-12-07"},
		{"3 wks ago", "3 wks ago 2026-11-02..2026-11-09"},
		{"over the coming 2 mths", "the coming 2 mths 2026-11-23..2027-01-23"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
