package understand

import "time"

// Weeks and weekends named around a day or a month: "the week of the
// 16th" (the Monday–Sunday week holding that day), "the week commencing
// 9 March", "w/c 9th" (the seven days from that day), "the weekend of 8
// August" (the weekend that day is in, or the one after it), and "any weekend
// in August", "weekends in May" (the month's first weekend day to its
// last: whichever of its weekends it is, a Sunday the 1st and a
// Saturday the 31st included).

// weekOfAt reads "the week of DAY" and "the week commencing /
// beginning / starting DAY", "w/c DAY" at k, and "the weekend of DAY":
// the weekend DAY is in (weekendHolding), or for a day in mid-week the
// Saturday and Sunday after it.
func (d *dateReader) weekOfAt(text string, k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if d.word(k) == "the" {
		k++
	}
	n, fromDay, weekend := 0, false, false
	switch {
	case d.word(k) == "w" && d.word(k+1) == "/" && d.word(k+2) == "c" && !d.toks[k+1].space && !d.toks[k+2].space:
		n, fromDay = k+3, true
	case d.word(k) == "weekend" && d.word(k+1) == "of":
		n, weekend = k+2, true
	case d.word(k) == "week":
		switch d.word(k + 1) {
		case "of":
			n = k + 2
		case "commencing", "beginning", "starting":
			n, fromDay = k+2, true
			if d.word(n) == "on" {
				n++
			}
		default:
			return fail()
		}
	default:
		return fail()
	}
	if n >= len(d.toks) || d.taken[n] {
		return fail()
	}
	if d.word(n) == "the" && n+1 < len(d.toks) && d.toks[n+1].kind == tokNum {
		n++ // "the week of the 9th (of March)"
	}
	p, ok := d.weekdayNamingDay(text, n, nil) // "week beginning Monday 2 March"
	if !ok {
		p, ok = d.pointAt(text, n)
	}
	if !ok && d.toks[n].kind == tokNum {
		p, ok = d.ordinalAlone(n, time.Time{}, nil) // "w/c 9th", "the week of the 16th"
	}
	if !ok || p.Unit != "day" {
		return fail()
	}
	if weekend {
		from, to, ok := weekendHolding(p.From)
		if !ok {
			from = p.From.AddDate(0, 0, int(time.Saturday)-int(p.From.Weekday()))
			to = from.AddDate(0, 0, 2)
		}
		return from, to, "weekend", p.last, true
	}
	from := p.From
	if !fromDay {
		from = from.AddDate(0, 0, -((int(from.Weekday()) + 6) % 7)) // its Monday
	}
	return from, from.AddDate(0, 0, 7), "range", p.last, true
}

// anyWeekendOfAt reads "any weekend in MONTH", "a weekend in MONTH",
// "one of the weekends of MONTH", "weekends in MONTH" at k: the month's
// first Saturday or Sunday to its last.
func (d *dateReader) anyWeekendOfAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	n := k
	switch d.word(n) {
	case "any", "a", "every":
		if d.word(n+1) != "weekend" {
			return fail()
		}
		n++
	case "one":
		if d.word(n+1) != "of" || d.word(n+2) != "the" || d.word(n+3) != "weekends" {
			return fail()
		}
		n += 3
	case "weekends":
	default:
		return fail()
	}
	switch d.word(n + 1) {
	case "in", "of", "during":
	default:
		return fail()
	}
	start, last, ok := d.monthOf(n + 2)
	if !ok || d.word(n+2) == "it" || d.word(n+2) == "that" {
		return fail()
	}
	weekend := func(t time.Time) bool { return t.Weekday() == time.Saturday || t.Weekday() == time.Sunday }
	first, end := start, start.AddDate(0, 1, 0)
	for !weekend(first) {
		first = first.AddDate(0, 0, 1)
	}
	lastDay := end.AddDate(0, 0, -1)
	for !weekend(lastDay) {
		lastDay = lastDay.AddDate(0, 0, -1)
	}
	return first, lastDay.AddDate(0, 0, 1), "range", last, true
}

// weekdaysAround anchors a range of two weekdays written just after a
// holiday or a weekend in its sentence ("Ascension Day weekend,
// Thursday to Sunday", "over Easter, Friday until Monday") to that
// holiday: the first weekday is the one within three days of it, the
// second the next such day from there. Read alone, the weekdays would be
// the coming ones. Other ranges come back as they were.
func (d *dateReader) weekdaysAround(a, p, q point) (point, point) {
	if a.Unit != "holiday" && a.Unit != "weekend" || p.Unit != "day" || q.Unit != "day" ||
		p.last-p.first > 1 || q.last-q.first > 1 || !d.namesWeekday(p.first, p.last) || !d.namesWeekday(q.first, q.last) {
		return p, q
	}
	for k := a.last + 1; k < p.first; k++ {
		if t := d.toks[k]; t.kind == tokPunct && t.isPunct(".", "!", "?", ";") {
			return p, q
		}
	}
	from := a.From
	for delta := -3; delta <= 3; delta++ {
		if day := a.From.AddDate(0, 0, delta); day.Weekday() == p.From.Weekday() {
			from = day
		}
	}
	to := from.AddDate(0, 0, (int(q.From.Weekday())-int(from.Weekday())+7)%7)
	p.From, p.To = from, from.AddDate(0, 0, 1)
	q.From, q.To = to, to.AddDate(0, 0, 1)
	return p, q
}

// dateWeekend reads a day or a one-day feast written before "weekend"
// ("the 4th of July weekend", "the July 4th long weekend", "the 1 May
// weekend", "the Canada Day long weekend") as the
// weekend it falls on or makes long: a Saturday or Sunday its Saturday
// and Sunday, a Friday Friday to Sunday, a Monday Saturday to Monday. A
// day in mid-week makes no weekend of its own: p comes back as read.
func (d *dateReader) dateWeekend(p point) point {
	n := p.last + 1
	if d.word(n) == "long" || d.word(n) == "holiday" {
		n++
	}
	oneDay := p.Unit == "day" || p.Unit == "holiday" && p.To.Sub(p.From) <= 25*time.Hour
	if !oneDay || d.word(n) != "weekend" || n >= len(d.toks) || d.taken[n] || d.namesWeekday(p.first, p.last) {
		return p
	}
	from, to, ok := weekendHolding(p.From)
	if !ok {
		return p
	}
	p.From, p.To, p.Unit, p.last = from, to, "weekend", n
	p.Span.End = d.toks[n].end
	return p
}

// weekendHolding is the weekend a day is in or makes long: a Saturday
// or Sunday its Saturday and Sunday, a Friday Friday to Sunday, a Monday
// Saturday to Monday, as [from, to). ok is false for a day in mid-week.
func weekendHolding(day time.Time) (from, to time.Time, ok bool) {
	from = day
	switch day.Weekday() {
	case time.Saturday:
	case time.Sunday:
		from = day.AddDate(0, 0, -1)
	case time.Friday:
	case time.Monday:
		return day.AddDate(0, 0, -2), day.AddDate(0, 0, 1), true
	default:
		return time.Time{}, time.Time{}, false
	}
	return from, from.AddDate(0, 0, (int(time.Monday)-int(from.Weekday())+7)%7), true // to the Monday after
}

// thatWeekendAt reads "that weekend" or "that same weekend" as the
// weekend of the day or week read last before it ("Tet is on Saturday 6
// February and I'm free all that weekend", "this week ... Saturday and
// Sunday are mine. Anything on that weekend?"): a Sunday's Saturday and
// Sunday, else the first Saturday and Sunday from the day's start. With
// nothing of a week or less before it, it is no time.
func (d *dateReader) thatWeekendAt(i int, pts []point) (point, bool) {
	n := i + 1
	if d.word(n) == "same" {
		n++
	}
	if d.word(i) != "that" || d.word(n) != "weekend" || len(pts) == 0 || d.taken[n] {
		return point{}, false
	}
	ref := pts[len(pts)-1]
	if ref.From.IsZero() || ref.To.IsZero() || ref.To.Sub(ref.From) > 8*24*time.Hour {
		return point{}, false
	}
	sat := ref.From.AddDate(0, 0, (int(time.Saturday)-int(ref.From.Weekday())+7)%7)
	if ref.From.Weekday() == time.Sunday {
		sat = ref.From.AddDate(0, 0, -1)
	}
	p := point{first: i, last: n, year: true}
	p.From, p.To, p.Unit = sat, sat.AddDate(0, 0, 2), "weekend"
	p.Span = Span{d.toks[i].start, d.toks[n].end}
	return p, true
}

// weekdaysOfMonthAt reads "Saturdays in September", "every Friday in
// March", "each Sunday of June", "any Tuesday in May" at k: the month's
// first such weekday to its last, as "any weekend in August" is.
func (d *dateReader) weekdaysOfMonthAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	n := k
	var wd time.Weekday
	switch d.word(n) {
	case "every", "each", "any", "all":
		n++
		w, ok := weekdays[d.word(n)]
		if !ok || len(d.word(n)) <= 3 {
			w, ok = weekdays[pluralDay(d.word(n))]
			if !ok {
				return fail()
			}
		}
		wd = w
	default:
		w, ok := weekdays[pluralDay(d.word(n))]
		if !ok {
			return fail()
		}
		wd = w
	}
	switch d.word(n + 1) {
	case "in", "of", "during", "through", "throughout":
	default:
		return fail()
	}
	start, last, ok := d.monthOf(n + 2)
	if !ok || d.word(n+2) == "it" || d.word(n+2) == "that" {
		return fail()
	}
	first := start.AddDate(0, 0, (int(wd)-int(start.Weekday())+7)%7)
	end := start.AddDate(0, 1, 0).AddDate(0, 0, -1)
	lastDay := end.AddDate(0, 0, -((int(end.Weekday()) - int(wd) + 7) % 7))
	return first, lastDay.AddDate(0, 0, 1), "range", last, true
}

// pluralDay is the weekday a plural names ("saturdays" → "saturday"),
// or "" when w is no weekday's full name with an s.
func pluralDay(w string) string {
	if len(w) < 7 || w[len(w)-1] != 's' {
		return ""
	}
	if _, ok := weekdays[w[:len(w)-1]]; ok {
		return w[:len(w)-1]
	}
	return ""
}
