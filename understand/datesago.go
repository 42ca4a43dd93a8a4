package understand

import "time"

// Times counted back from now: "two years ago", "a decade ago", "ten
// years back", "five years earlier", "3 months ago", "a week ago", and
// "the year before last", "the month before last", "the day before
// yesterday". Each is the calendar unit that far back, as "last year"
// is: "two years ago" on 27 April 2023 is the year 2021, "3 months ago"
// January 2023, "a decade ago" the year 2013.

// agoWords end a count of units back from now ("before" only as
// "before now" or "before today": "two years before the launch" counts
// from something else).
var agoWords = map[string]bool{"ago": true, "back": true, "earlier": true, "previously": true, "prior": true, "before": true}

// agoAt reads a time counted back from now starting at toks[i].
func (d *dateReader) agoAt(i int) (point, bool) {
	p := point{first: i, last: i}
	if p, ok := d.beforeLast(i); ok {
		return p, true
	}
	// "half a year ago", "a third of a century ago": not "a year ago"
	if prev := d.word(i - 1); prev == "half" || denominators[prev] > 0 || prev == "of" && denominators[d.word(i-2)] > 0 {
		return p, false
	}
	q, k := numberAt(d.toks, i)
	if d.word(i) == "half" && (d.word(i+1) == "a" || d.word(i+1) == "an") {
		q, k = Quantity{Kind: Count, Value: 0.5}, 2 // "half a decade ago"
	}
	if k == 0 || q.Kind != Count {
		return p, false
	}
	w := d.word(i + k)
	unit, v := timeUnit(w), q.Value
	switch w {
	case "decade", "decades":
		unit, v = "year", 10*v
	case "century", "centuries":
		unit, v = "year", 100*v
	}
	if unit != "day" && unit != "week" && unit != "month" && unit != "year" || v < 1 || v > 1000 || v != float64(int(v)) {
		return p, false
	}
	n := int(v)
	last := i + k + 1
	switch d.word(last) {
	case "ago", "back", "previously":
	case "earlier", "prior":
		if nx := d.word(last + 1); nx == "than" || nx == "to" {
			return p, false // "earlier than the launch", "prior to 2019"
		}
	case "before":
		if nx := d.word(last + 1); nx != "now" && nx != "today" {
			return p, false
		}
		last++
	default:
		return p, false
	}
	return d.unitBack(p, i, last, unit, n), true
}

// beforeLast reads "the year before last", "the month before last",
// "the week before last" and "the day before yesterday" at toks[i].
func (d *dateReader) beforeLast(i int) (point, bool) {
	p := point{first: i, last: i}
	unit := units[d.word(i)]
	if d.word(i+1) != "before" || !(d.word(i+2) == "last" && (unit == "week" || unit == "month" || unit == "year") || d.word(i+2) == "yesterday" && unit == "day") {
		return p, false
	}
	first := i
	if d.word(i-1) == "the" {
		first = i - 1
	}
	return d.unitBack(p, first, i+2, unit, 2), true
}

// unitBack is the calendar unit (day, week from Monday, month, year) n
// units back from now, written in toks[first..last].
func (d *dateReader) unitBack(p point, first, last int, unit string, n int) point {
	var from time.Time
	switch unit {
	case "day":
		from = d.now.AddDate(0, 0, -n)
	case "week":
		from = d.now.AddDate(0, 0, -((int(d.now.Weekday())+6)%7)-7*n)
	case "month":
		from = d.day(d.now.Year(), d.now.Month(), 1).AddDate(0, -n, 0)
	case "year":
		from = d.day(d.now.Year()-n, 1, 1)
	}
	p.From, p.To, p.Unit = from, d.add(from, unit, 1), unit
	p.first, p.last = first, last
	p.Span = Span{d.toks[first].start, d.toks[last].end}
	return p
}
