package understand

import "time"

// monthOf reads the month a part of a month is of, at k: a month's name
// ("June", "June 2027"), "this month" or "next month", or "it" and "that
// month" for the month named last before, up to two sentences back
// ("at the end of next month, the last weekend of it"). It returns the
// month's first day and the last token read.
func (d *dateReader) monthOf(k int) (time.Time, int, bool) {
	if mo, n, ok := d.monthAt(k); ok {
		if y, next, ok := d.yearAt(n); ok {
			return d.day(y, mo, 1), next - 1, true
		}
		return d.pick(mo, 1), n - 1, true
	}
	if first, ok := d.relativeMonth(k); ok {
		return first, k + 1, true
	}
	n := k + 1
	switch {
	case d.word(k) == "it":
	case d.word(k) == "that" && d.word(k+1) == "month":
		n = k + 2
	default:
		return time.Time{}, 0, false
	}
	breaks := 0
	for i := k - 1; i >= 0 && k-i <= 30; i-- {
		if t := d.toks[i]; t.kind == tokPunct && (t.raw == "." || t.raw == "!" || t.raw == "?") {
			if breaks++; breaks > 2 {
				break
			}
		}
		if first, ok := d.relativeMonth(i); ok {
			return first, n - 1, true
		}
		mo, ok := monthNames[d.word(i)]
		if !ok || !d.monthWritten(i) {
			if mo, ok = partMonth(d.word(i)); !ok {
				continue
			}
		}
		if y, _ := d.yearAfter(i + 1); y > 0 {
			return d.day(y, mo, 1), n - 1, true
		}
		return d.pick(mo, 1), n - 1, true
	}
	return time.Time{}, 0, false
}

// monthJustBefore is the first day of the month named just before a
// part of it at k, in its clause and with no other time between:
// "September, the first two weekends", "next month - the last week".
func (d *dateReader) monthJustBefore(k int) (time.Time, bool) {
	i := k - 1
	if d.word(i) == "the" {
		i--
	}
	for stop := i - 3; i >= 0 && i >= stop; i-- {
		if t := d.toks[i]; t.kind == tokPunct && t.isPunct(".", "!", "?", ";") {
			return time.Time{}, false
		}
		if first, ok := d.relativeMonth(i - 1); ok && d.word(i) == "month" {
			return first, true
		}
		if mo, ok := monthNames[d.word(i)]; ok && d.monthWritten(i) {
			if y, _ := d.yearAfter(i + 1); y > 0 {
				return d.day(y, mo, 1), true
			}
			return d.pick(mo, 1), true
		}
	}
	return time.Time{}, false
}

// relativeMonth reads "this month" or "next month" at k: its first day.
func (d *dateReader) relativeMonth(k int) (time.Time, bool) {
	if d.word(k+1) != "month" {
		return time.Time{}, false
	}
	first := d.day(d.now.Year(), d.now.Month(), 1)
	switch d.word(k) {
	case "this":
		return first, true
	case "next":
		return first.AddDate(0, 1, 0), true
	}
	return time.Time{}, false
}

// daysOfRelativeMonthAt reads days of a month named by "this month",
// "next month" or "that month" at k, which dayRange and wordDay read
// only with a month's name: a range ("from 3 until 9 of next month",
// "the 3rd to the 9th this month", "between the 12th and 15th of that
// month") or one ordinal day ("the 14th of next month").
func (d *dateReader) daysOfRelativeMonthAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	d1, n, _, ok := d.dayAt(k)
	if !ok {
		return fail()
	}
	d2, unit := d1, "day"
	if rangeSeps[d.word(n)] {
		if d2, n, _, ok = d.dayAt(n + 1); !ok || d2 <= d1 {
			return fail()
		}
		unit = "range"
	} else if n == k+1 && d.toks[k].kind == tokNum {
		return fail() // a bare number alone ("3 of next month") is no day
	}
	if d.word(n) == "of" {
		n++
	}
	switch d.word(n) {
	case "this", "next", "that":
	default:
		return fail()
	}
	first, last, ok := d.monthOf(n)
	if !ok {
		return fail()
	}
	from, to, ok := d.daysFrame(first.Month(), d1, first.Month(), d2, first.Year())
	if !ok {
		return fail()
	}
	return from, to, unit, last, true
}
