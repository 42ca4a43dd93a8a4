package understand

import "time"

// Days counted from a feast or a dated day: "the day after Bastille
// Day", "the day before Canada Day", "the Friday before Whitsun", "the
// Monday after Easter", and a range from one to a weekday ("from
// Ascension Day until the Sunday"), which is that weekday after it, not
// the coming one.

// fixedPoint says whether p is one day or one-day feast on the
// calendar, from which other days can be counted: not a weekday alone,
// nor a feast of several days ("Christmas", "Easter"), whose day after
// or Friday before is a matter of custom.
func (d *dateReader) fixedPoint(p point) bool {
	return (p.Unit == "holiday" || p.Unit == "day") && !p.From.IsZero() && p.To.Sub(p.From) <= 25*time.Hour && !d.bareWeekday(p)
}

// bareWeekday says whether p is written as a weekday's name alone ("the
// Friday", "Sunday"), which counts from the coming week.
func (d *dateReader) bareWeekday(p point) bool {
	names := 0
	for k := p.first; k <= p.last; k++ {
		w := d.word(k)
		if _, ok := weekdays[w]; ok {
			names++
			continue
		}
		if w != "the" && w != "on" {
			return false
		}
	}
	return names == 1
}

// dayBeside reads "the day after X" and "the day before X" when lead
// ("after", "before") stands between "day" and the feast or day p:
// the one day after p ends or before it starts.
func (d *dateReader) dayBeside(p point, lead string) (TimeFrame, bool) {
	if lead != "after" && lead != "before" || d.word(p.first-2) != "day" || !d.fixedPoint(p) {
		return TimeFrame{}, false
	}
	start := p.first - 2
	if d.word(start-1) == "the" {
		start--
	}
	from := p.To
	if lead == "before" {
		from = p.From.AddDate(0, 0, -1)
	}
	return TimeFrame{Span: Span{d.toks[start].start, p.End}, From: from, To: from.AddDate(0, 0, 1), Unit: "day"}, true
}

// weekdayBeside reads "the Friday before X" and "the Monday after X", a
// weekday p written just before "before" or "after" and the feast or
// day q: the last such weekday before q, or the first after it.
func (d *dateReader) weekdayBeside(p, q point) (TimeFrame, bool) {
	sep := d.joined(p.last+1, q.first)
	// Before a feast of several days is before its first ("the Friday
	// before Whitsun"); after one, a matter of custom.
	if sep != "before" && sep != "after" || !d.bareWeekday(p) || !d.fixedPoint(q) && !(sep == "before" && q.Unit == "holiday" && !q.From.IsZero()) {
		return TimeFrame{}, false
	}
	want := p.From.Weekday()
	for day := q.From; !d.fixedPoint(q) && day.Before(q.To); day = day.AddDate(0, 0, 1) {
		if day.Weekday() == want {
			return TimeFrame{}, false // "the Friday before Easter": Good Friday, or the week before?
		}
	}
	var day time.Time
	if sep == "before" {
		day = q.From.AddDate(0, 0, -1)
		for day.Weekday() != want {
			day = day.AddDate(0, 0, -1)
		}
	} else {
		day = q.To
		for day.Weekday() != want {
			day = day.AddDate(0, 0, 1)
		}
	}
	return TimeFrame{Span: Span{p.Start, q.End}, From: day, To: day.AddDate(0, 0, 1), Unit: "day"}, true
}

// weekdayAfter moves q, a weekday alone ending a range from the feast or
// day p ("from Ascension Day until the Sunday"), to the first such
// weekday after p.
func (d *dateReader) weekdayAfter(p, q point) point {
	if !d.bareWeekday(q) || !d.fixedPoint(p) {
		return q
	}
	want := q.From.Weekday()
	day := p.From.AddDate(0, 0, 1)
	for day.Weekday() != want {
		day = day.AddDate(0, 0, 1)
	}
	q.From, q.To = day, day.AddDate(0, 0, 1)
	return q
}

// besideWords name the day or the part of one a day just named is
// counted from: "the day before", "the evening before", "the night
// after".
var besideWords = map[string]bool{"day": true, "evening": true, "night": true, "morning": true, "afternoon": true}

// dayBesideLastAt reads "the day before", "the day after", "the evening
// before" (and "... that") at i when no time follows them: the day
// before or after the last one-day time written before, as in "the
// wedding is on the 14th, I'll have the day before free" (the 13th).
// "the week after", "the weekend after", "the weekend before" are the
// week or weekend beside the last time of a week or less ("this
// weekend? make that the weekend after" is the next weekend). With a
// time after them ("the day after Bastille Day", "the day before
// yesterday", "the week after next") they are that time's, read
// elsewhere.
func (d *dateReader) dayBesideLastAt(text string, i int, pts []point) (point, bool) {
	p := point{first: i, last: i}
	unit := d.word(i + 1)
	week := unit == "week" || unit == "weekend"
	if d.word(i) != "the" || !besideWords[unit] && !week || len(pts) == 0 {
		return p, false
	}
	dir := d.word(i + 2)
	if dir != "before" && dir != "after" || week && (d.word(i+3) == "next" || d.word(i+3) == "last") {
		return p, false
	}
	last := i + 2
	if d.word(last+1) == "that" || d.word(last+1) == "it" {
		last++
	} else if last+1 < len(d.toks) && !d.toks[last+1].breaks() {
		if _, ok := d.spanAt(text, last+1); ok {
			return p, false
		}
		if _, ok := d.pointAt(text, last+1); ok {
			return p, false
		}
		if d.word(last+1) == "the" && last+2 < len(d.toks) {
			if _, ok := d.pointAt(text, last+2); ok {
				return p, false // "the day after the 14th"
			}
		}
	}
	prev := pts[len(pts)-1]
	if week && prev.last < i && !prev.From.IsZero() && prev.To.Sub(prev.From) <= 8*24*time.Hour {
		p.From, p.To, p.Unit = weekBeside(prev.From, prev.To, unit, dir)
		p.last, p.Span = last, Span{d.toks[i].start, d.toks[last].end}
		return p, true
	}
	if week || !d.fixedPoint(prev) || prev.last >= i {
		return p, false
	}
	from := prev.To
	if dir == "before" {
		from = prev.From.AddDate(0, 0, -1)
	}
	p.From, p.To, p.Unit, p.last = from, from.AddDate(0, 0, 1), "day", last
	p.Span = Span{d.toks[i].start, d.toks[last].end}
	return p, true
}
