package understand

import (
	"strconv"
	"time"
)

// slashDayLeads before a day and month written with a slash and no year
// make it a day: "on 7/4", "by 25/12", "until 3/15".
var slashDayLeads = map[string]bool{"on": true, "for": true, "by": true, "until": true, "till": true, "til": true,
	"before": true, "after": true, "from": true, "to": true, "through": true, "thru": true, "since": true}

// slashDay reads a day and month written with a slash and no year after
// a word of time ("fireworks on 7/4", "by 25/12"), in the order the
// place's people write it (Options.Slashes), or in the only order that
// makes a day when no order is known (25/12, not 3/4). "3/4 of", "1/2
// inch" and "24/7" alone are no days: no lead, or a noun after.
func (d *dateReader) slashDay(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if k < 1 || k+2 >= len(d.toks) || !slashDayLeads[d.word(k-1)] {
		return fail()
	}
	a, sl, b := d.toks[k], d.toks[k+1], d.toks[k+2]
	if a.kind != tokNum || b.kind != tokNum || sl.raw != "/" || sl.space || b.space || len(a.raw) > 2 || len(b.raw) > 2 {
		return fail()
	}
	if n := k + 3; n < len(d.toks) && !d.toks[n].space && (d.toks[n].raw == "/" || d.toks[n].kind == tokNum) {
		return fail() // a year or more: dates.go and numericspans.go read those
	}
	if n := k + 3; n < len(d.toks) && d.toks[n].kind == tokWord && (!nounStops[d.word(n)] && !timePreps[d.word(n)] || d.word(n) == "of") {
		return fail() // "1/2 inch", "3/4 of"
	}
	x, _ := strconv.Atoi(a.raw)
	y, _ := strconv.Atoi(b.raw)
	mo, dd := 0, 0
	switch {
	case d.slashes == SlashMonthFirst:
		mo, dd = x, y
	case d.slashes == SlashDayFirst:
		mo, dd = y, x
	case x > 12 && y <= 12:
		mo, dd = y, x
	case y > 12 && x <= 12:
		mo, dd = x, y
	default:
		return fail()
	}
	if mo < 1 || mo > 12 || dd < 1 {
		return fail()
	}
	from, to, ok := d.daysFrame(time.Month(mo), dd, time.Month(mo), dd, 0)
	if !ok {
		return fail()
	}
	return from, to, "day", k + 2, true
}
