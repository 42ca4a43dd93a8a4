package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestDaysCountedFromFeasts: "the day after/before" a one-day feast is
// one day beside it, "the <weekday> before/after" a feast the nearest
// such weekday on that side, and a range from a feast "until the
// <weekday>" ends on that weekday after the feast, not the coming one.
// A weekday a feast of several days holds ("the Friday before Easter")
// is left alone.
func TestDaysCountedFromFeasts(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"fireworks in Lyon the day after Bastille Day", "the day after Bastille Day 2027-07-15..2027-07-16"},
		{"the day before Canada Day in Ottawa", "the day before Canada Day 2027-06-30..2027-07-01"},
		{"markets on the Saturday before Syttende Mai", "Saturday before Syttende Mai 2027-05-15..2027-05-16"},
		{"the Monday after Waitangi Day in Auckland", "Monday after Waitangi Day 2027-02-08..2027-02-09"},
		{"from Australia Day until the Sunday in Perth", "from Australia Day until the Sunday 2027-01-26..2027-02-01"},
		{"from St Andrew's Day till the Friday", "from St Andrew's Day till the Friday 2026-11-30..2026-12-05"},
		{"the Friday before Whitsun in Leiden", "Friday before Whitsun 2027-05-14..2027-05-15"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
	r := understand.Read("the Friday before Easter in Seville", understand.Options{Now: refDay, Tense: understand.Future})
	for _, f := range r.Times {
		if f.Unit == "day" && f.From.Format("2006-01-02") == "2027-03-19" {
			t.Errorf("the Friday before Easter read as the week before Good Friday: %+v", f)
		}
	}
}
