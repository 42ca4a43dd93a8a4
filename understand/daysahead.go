package understand

import "time"

// Days read from the words around them rather than a calendar's names:
// a day of the month written alone after a time word ("before the
// 15th", "until the 3rd"), "now" as a range's first end ("between now
// and Friday"), a count of units ahead ("three weeks from now"), a
// weekday's part ("Friday evening"), a stay's length after its first
// day ("next Monday for a week", "in ten days and stay one week",
// "three weeks from now ... for the weekend", "... for a long weekend",
// its Friday to Monday) and the week or weekend
// after or before a time ("the week after Easter").

// bareDayLeads before "the 15th" with no month make it a day: the next
// such day (or, in the past tense, the latest).
var bareDayLeads = map[string]bool{"before": true, "until": true, "till": true, "til": true, "by": true, "after": true,
	"on": true, "through": true, "thru": true}

// clauseStarts begin a new clause after a day written without a comma
// ("between now and the 3rd anything in glasgow?").
var clauseStarts = map[string]bool{"any": true, "anything": true, "something": true, "what": true, "whats": true,
	"what's": true, "where": true, "please": true, "thanks": true}

// nowSeps join "now" to the other end of a range.
var nowSeps = map[string]bool{"and": true, "to": true, "until": true, "till": true, "til": true, "through": true, "thru": true,
	"-": true, "–": true}

// bareDayAt reads a day of the month written with no month after a time
// word ("before the 15th", "until the twentieth") or as the end of a
// range from now ("between now and the 3rd"): the next such day, or the
// latest one in the past tense. A bare number is no day ("by the 3"),
// nor one before a noun ("on the 3rd floor").
func (d *dateReader) bareDayAt(i int) (point, bool) {
	p := point{first: i, last: i}
	prev := d.word(i - 1)
	if !bareDayLeads[prev] && !(nowSeps[prev] && d.word(i-2) == "now") || d.word(i) != "the" {
		return p, false
	}
	dd, next, words, ok := d.dayAt(i)
	if !ok || !words && !(next-1 > i+1 && d.toks[next-1].kind == tokWord) {
		return p, false
	}
	if next < len(d.toks) && d.toks[next].kind == tokWord && (!nounStops[d.word(next)] && !clauseStarts[d.word(next)] || d.word(next) == "of") && !timePreps[d.word(next)] {
		return p, false
	}
	if _, ok := monthNames[d.word(next)]; ok {
		return p, false
	}
	if _, ok := monthNames[d.word(next+1)]; ok && d.word(next) == "of" {
		return p, false // "on the 11th of July": a day of that month
	}
	from := d.day(d.now.Year(), d.now.Month(), 1)
	step := 1
	if d.tense == Past {
		step = -1
	}
	for k := 0; k < 14; k++ {
		if validDay(from.Year(), from.Month(), dd) {
			day := from.AddDate(0, 0, dd-1)
			if d.tense == Past && !day.After(d.now) || d.tense != Past && !day.Before(d.now) {
				p.From, p.To, p.Unit = day, day.AddDate(0, 0, 1), "day"
				p.last = next - 1
				p.Span = Span{d.toks[i].start, d.toks[next-1].end}
				return p, true
			}
		}
		from = from.AddDate(0, step, 0)
	}
	return p, false
}

// nowAt reads "now" as today when it begins a range: "between now and
// the 3rd", "from now until Friday". Alone ("I'm now in Paris") it is
// no frame.
func (d *dateReader) nowAt(i int) (point, bool) {
	p := point{first: i, last: i}
	if d.word(i) != "now" || (d.word(i-1) != "between" && d.word(i-1) != "from") || !nowSeps[d.word(i+1)] {
		return p, false
	}
	p.From, p.To, p.Unit = d.now, d.now.AddDate(0, 0, 1), "day"
	p.Span = Span{d.toks[i].start, d.toks[i].end}
	return p, true
}

// fromNowAt reads a count of units ahead of now: "three weeks from
// now", "10 days from today", "a month from now" are that day.
func (d *dateReader) fromNowAt(i int) (point, bool) {
	p := point{first: i, last: i}
	n, v := 0, 1
	if w := d.word(i); w == "a" || w == "an" {
		n = 1
	} else if q, k := numberAt(d.toks, i); k > 0 && q.Kind == Count && q.Value >= 1 && q.Value == float64(int(q.Value)) {
		n, v = k, int(q.Value)
	} else {
		return p, false
	}
	unit, next := d.periodAt(i + n)
	if unit == "" || d.word(next) != "from" || d.word(next+1) != "now" && d.word(next+1) != "today" || d.add(d.now, unit, v).Year() > latestYear {
		return p, false
	}
	p.From = d.add(d.now, unit, v)
	p.To, p.Unit, p.last = p.From.AddDate(0, 0, 1), "day", next+1
	p.Span = Span{d.toks[i].start, d.toks[next+1].end}
	return p, true
}

// dayParts after a weekday belong to it: "Friday evening to Sunday" is
// Friday to Sunday.
var dayParts = map[string]bool{"morning": true, "afternoon": true, "evening": true, "night": true, "noon": true,
	"lunchtime": true, "arvo": true}

// withDayPart extends a day read at last by the part of the day written
// after it.
func (d *dateReader) withDayPart(p point) point {
	if dayParts[d.word(p.last+1)] {
		p.last++
		p.Span.End = d.toks[p.last].end
	}
	return p
}

// stayWords before a length make it a stay's: "and stay one week",
// "staying for ten days".
var stayWords = map[string]bool{"for": true, "stay": true, "staying": true, "stays": true, "remain": true, "remaining": true}

// stayAdverbs between a stay word and its length: "stay there ten
// days", "staying on for a week", "remain here two weeks".
var stayAdverbs = map[string]bool{"there": true, "here": true, "on": true, "over": true, "around": true}

// stayFor extends a day read at p by a stay's length written after it
// in its sentence, before any other time: "next Monday for a week" is
// that Monday to the Sunday, "in ten days and stay one week" the tenth
// day and six after, "three weeks from now I'll be there for the
// weekend" the Saturday and Sunday of that week, "two weeks from now
// for a long weekend" the Friday to the Monday of it. ok is false when no
// length follows.
func (d *dateReader) stayFor(p point) (point, bool) {
	if p.Unit != "day" {
		return p, false
	}
	for k := p.last + 1; k < len(d.toks) && k <= p.last+9; k++ {
		t := d.toks[k]
		if t.breaks() || d.taken[k] {
			return p, false
		}
		if !stayWords[t.low] {
			continue
		}
		n := k + 1
		if t.low != "for" && stayAdverbs[d.word(n)] {
			n++ // "and stay there ten days", "staying on for a week"
		}
		if t.low != "for" && d.word(n) == "for" {
			n++
		}
		from, length, unit := p.From, 1, ""
		switch w := d.word(n); {
		case (w == "the" || w == "a") && (d.word(n+1) == "weekend"):
			unit, n = "weekend", n+1
		case (w == "the" || w == "a") && d.word(n+1) == "long" && d.word(n+2) == "weekend":
			unit, n = "long weekend", n+2
		case w == "a" || w == "an" || w == "one":
			n++
		default:
			q, c := numberAt(d.toks, n)
			if c == 0 || q.Kind != Count || q.Value < 1 || q.Value > 60 || q.Value != float64(int(q.Value)) {
				continue
			}
			length, n = int(q.Value), n+c
		}
		var to time.Time
		switch u := timeUnit(d.word(n)); {
		case unit == "weekend":
			sat := from.AddDate(0, 0, (int(time.Saturday)-int(from.Weekday())+7)%7)
			if from.Weekday() == time.Sunday {
				sat = from.AddDate(0, 0, -1)
			}
			from, to = sat, sat.AddDate(0, 0, 2)
		case unit == "long weekend":
			// The Friday to the Monday of the day's (Monday-first) week.
			fri := from.AddDate(0, 0, 4-(int(from.Weekday())+6)%7)
			from, to = fri, fri.AddDate(0, 0, 4)
		case d.word(n) == "fortnight":
			to = from.AddDate(0, 0, 14*length)
		case u == "day" || u == "week":
			to = d.add(from, u, length)
		default:
			continue
		}
		p.From, p.To, p.Unit, p.last = from, to, "range", n
		p.Span.End = d.toks[n].end
		return p, true
	}
	return p, false
}

// weekAround reads "the week after", "the weekend after" or "the week
// before" written just before a time p: the Monday-Sunday week after
// (before) the one p starts in, or the Saturday-Sunday after p ends.
// ok is false when no such words come before p.
func (d *dateReader) weekAround(p point) (point, bool) {
	dir, unit := d.word(p.first-1), d.word(p.first-2)
	if dir != "after" && dir != "before" || unit != "week" && unit != "weekend" || unit == "weekend" && dir != "after" {
		return p, false
	}
	first := p.first - 2
	if w := d.word(first - 1); w == "the" || w == "a" {
		first--
	}
	p.From, p.To, p.Unit = weekBeside(p.From, p.To, unit, dir)
	p.first, p.Span.Start = first, d.toks[first].start
	return p, true
}

// weekBeside is the Monday-Sunday week after or before the one from
// starts in (unit "week"), or the Saturday-Sunday after the frame
// [from, to) ends or before it starts (unit "weekend").
func weekBeside(from, to time.Time, unit, dir string) (time.Time, time.Time, string) {
	monday := from.AddDate(0, 0, -((int(from.Weekday()) + 6) % 7))
	switch {
	case unit == "weekend" && dir == "after":
		last := to.AddDate(0, 0, -1)
		ahead := (int(time.Saturday) - int(last.Weekday()) + 7) % 7
		if ahead == 0 {
			ahead = 7
		}
		sat := last.AddDate(0, 0, ahead)
		return sat, sat.AddDate(0, 0, 2), "weekend"
	case unit == "weekend":
		back := (int(from.Weekday()) - int(time.Sunday) + 7) % 7
		if back == 0 {
			back = 7
		}
		sun := from.AddDate(0, 0, -back)
		return sun.AddDate(0, 0, -1), sun.AddDate(0, 0, 1), "weekend"
	case dir == "after":
		return monday.AddDate(0, 0, 7), monday.AddDate(0, 0, 14), "week"
	default:
		return monday.AddDate(0, 0, -7), monday, "week"
	}
}

// namesWeekday says whether tokens [i, j] hold a weekday's name.
func (d *dateReader) namesWeekday(i, j int) bool {
	for k := i; k <= j; k++ {
		if _, ok := weekdays[d.word(k)]; ok && len(d.word(k)) > 3 {
			return true
		}
	}
	return false
}

// weekOnAt reads the British "a week on Saturday", "a fortnight on
// Friday", "two weeks on Monday": the weekday that many weeks after the
// coming one (today's weekday counts as the coming one).
func (d *dateReader) weekOnAt(i int) (point, bool) {
	p := point{first: i, last: i}
	n, weeks := i, 0
	switch w := d.word(i); {
	case w == "a" && d.word(i+1) == "week":
		n, weeks = i+2, 1
	case w == "a" && d.word(i+1) == "fortnight":
		n, weeks = i+2, 2
	default:
		q, c := numberAt(d.toks, i)
		if c == 0 || q.Kind != Count || q.Value < 1 || q.Value > 8 || q.Value != float64(int(q.Value)) || timeUnit(d.word(i+c)) != "week" {
			return p, false
		}
		n, weeks = i+c+1, int(q.Value)
	}
	wd, ok := weekdays[d.word(n+1)]
	if d.word(n) != "on" || !ok {
		return p, false
	}
	ahead := (int(wd) - int(d.now.Weekday()) + 7) % 7
	p.From = d.now.AddDate(0, 0, ahead+7*weeks)
	p.To, p.Unit, p.last = p.From.AddDate(0, 0, 1), "day", n+1
	p.Span = Span{d.toks[i].start, d.toks[n+1].end}
	return p, true
}
