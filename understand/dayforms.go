package understand

import (
	"slices"
	"strconv"
	"time"
)

// Days written the ways people write them around a date: a weekday
// naming the date after it ("Tuesday 8 September", "Mon 11th"), two days
// offered as alternatives ("Saturday or Sunday", "tomorrow or Sat"),
// "tomorrow" as texts shorten it ("2moro", "tmrw"), and weekdays named
// against days named before them ("this Saturday and next Saturday",
// "the Wednesday in between"), a stay's last day after its first ("till
// the 19th", "fly home on the 16th"), and bare days after a month ("next
// month ... from 12 until 18").

// textedTomorrow are "tomorrow" as texts write it in one word; the
// forms starting with "2" are tokenised as a number and a word.
var textedTomorrow = map[string]bool{"tmrw": true, "tmr": true, "tmrow": true, "tomoz": true, "tmoro": true, "2moro": true,
	"2morro": true, "2morrow": true, "2mrw": true, "2moz": true}

// textedTomorrowAt reads "2moro", "tmrw" at i as tomorrow.
func (d *dateReader) textedTomorrowAt(i int) (point, bool) {
	p := point{first: i, last: i}
	w, last := d.word(i), i
	if d.toks[i].kind == tokNum && i+1 < len(d.toks) && !d.toks[i+1].space {
		w, last = d.toks[i].raw+d.word(i+1), i+1
	}
	if !textedTomorrow[w] {
		return p, false
	}
	p.From, p.To, p.Unit, p.last = d.now.AddDate(0, 0, 1), d.now.AddDate(0, 0, 2), "day", last
	p.Span = Span{d.toks[i].start, d.toks[last].end}
	return p, true
}

// weekdayNamingDay reads a weekday written just before a date, which
// only names the date's day ("Tuesday 8 September", "Sun, 17 May",
// "Mon 11th"): the date, its span from the weekday. Read apart, the
// weekday would be the coming one and join the date into a range.
//
// An ordinal day with no month ("Mon 11th") is of the month of the time
// read just before it in the sentence ("the second week of May (Mon 11th
// to Sun 17th)"), else the next such day.
func (d *dateReader) weekdayNamingDay(text string, i int, pts []point) (point, bool) {
	w := d.word(i)
	wd, ok := weekdays[w]
	if !ok || !(d.toks[i].cap || d.caseless || len(w) > 3) {
		return point{}, false
	}
	j := i + 1
	if d.word(j) == "," || d.word(j) == "." && d.toks[j].start == d.toks[i].end {
		j++
	}
	if j >= len(d.toks) || d.taken[j] {
		return point{}, false
	}
	if _, ok := weekdays[d.word(j)]; ok {
		return point{}, false
	}
	q, ok := d.spanAt(text, j)
	if !ok {
		q, ok = d.pointAt(text, j)
	}
	if !ok && d.toks[j].kind == tokNum {
		q, ok = d.ordinalAlone(j, d.monthBefore(i, pts), &wd)
	}
	// "Saturday the 31st": the ordinal after "the".
	if !ok && d.word(j) == "the" && j+1 < len(d.toks) && !d.taken[j+1] && d.toks[j+1].kind == tokNum {
		if q, ok = d.ordinalAlone(j+1, d.monthBefore(i, pts), &wd); ok {
			q.first = j
		}
	}
	if !ok || q.Unit != "day" || q.first != j {
		return point{}, false
	}
	if q.unanchored {
		q.From, q.To = d.weekdayYear(q.From, q.To, wd)
	}
	q.first, q.Span.Start = i, d.toks[i].start
	return q, true
}

// weekdayYear moves days written with a weekday and no year, which the
// tense put in a year where the weekday is wrong, to the year before
// when the weekday is right there and the days are just gone, less
// than three months back: "sat 29 to mon 31 august" said on 10
// September 2026 are 2026's, just over, not 2027's (29 August 2027 is a
// Sunday).
func (d *dateReader) weekdayYear(from, to time.Time, wd time.Weekday) (time.Time, time.Time) {
	if from.Weekday() == wd {
		return from, to
	}
	f, t := from.AddDate(-1, 0, 0), to.AddDate(-1, 0, 0)
	if f.Weekday() != wd || f.Day() != from.Day() || t.After(d.now.AddDate(0, 0, 1)) || t.Before(d.now.AddDate(0, -3, 0)) {
		return from, to
	}
	return f, t
}

// endDayAt reads a day of the month written alone as the last day of a
// stay whose first day was read just before it in its sentence ("on the
// 11th of July and staying till the 19th", "from 3 March until the
// 9th"): a day of that day's month, or of the month after when it comes
// before the first. Read alone it would be the next such day from today.
func (d *dateReader) endDayAt(i int, pts []point) (point, bool) {
	departure := false
	switch d.word(i - 1) {
	case "until", "till", "til", "through", "thru":
	case "on":
		// "... and fly home on the 16th", "and leave on the 8th": the day
		// of leaving ends the stay as "till" would.
		if departure = d.leavingBefore(i - 1); !departure {
			return point{}, false
		}
	default:
		return point{}, false
	}
	month := d.monthBefore(i, pts)
	if month.IsZero() || pts[len(pts)-1].Unit != "day" {
		return point{}, false
	}
	p, ok := d.bareDayAt(i)
	if !ok {
		return point{}, false
	}
	first := pts[len(pts)-1].From
	for k := 0; k < 2; k++ {
		m := month.AddDate(0, k, 0)
		if dd := p.From.Day(); validDay(m.Year(), m.Month(), dd) {
			if day := m.AddDate(0, 0, dd-1); day.After(first) {
				p.From, p.To = day, day.AddDate(0, 0, 1)
				p.departure = departure
				return p, true
			}
		}
	}
	return point{}, false
}

// leavingVerbs end a stay when a day follows them: "leave on", "fly home
// on", "head back on", "check out on", "return on".
var leavingVerbs = map[string]bool{"leave": true, "leaving": true, "depart": true, "departing": true, "return": true,
	"returning": true, "fly": true, "flying": true, "head": true, "heading": true, "go": true, "going": true,
	"travel": true, "travelling": true, "traveling": true, "drive": true, "driving": true, "come": true, "coming": true,
	"get": true, "getting": true, "check": true, "checking": true}

// leavingBefore says whether a verb of leaving ends just before token
// on: "leave", "fly home", "head back", "check out" ("fly" alone or "fly
// out" may be the way there).
func (d *dateReader) leavingBefore(on int) bool {
	w, v := d.word(on-1), d.word(on-2)
	switch {
	case w == "home" || w == "back":
		return leavingVerbs[v]
	case w == "out":
		return v == "check" || v == "checking"
	}
	switch w {
	case "leave", "leaving", "depart", "departing", "return", "returning":
		return true
	}
	return false
}

// monthBefore is the first day of the month of the last time read
// before token i in its sentence, zero when there is none.
func (d *dateReader) monthBefore(i int, pts []point) time.Time {
	if len(pts) == 0 {
		return time.Time{}
	}
	p := pts[len(pts)-1]
	for k := p.last + 1; k < i; k++ {
		if t := d.toks[k]; t.kind == tokPunct && t.isPunct(".", "!", "?", ";") {
			return time.Time{}
		}
	}
	return d.day(p.From.Year(), p.From.Month(), 1)
}

// ordinalAlone reads an ordinal day with no month, after weekday wd when
// it is not nil ("Mon 11th", "Saturday the 31st"): of month when it is
// not zero, else the next such day of this month or the next, as "the
// 11th" is read; of events to come, the next that falls on wd (the 31st
// that is a Saturday) when one does in the next six months (further, a
// slip of the weekday is likelier).
func (d *dateReader) ordinalAlone(j int, month time.Time, wd *time.Weekday) (point, bool) {
	if j+1 >= len(d.toks) || d.toks[j+1].space {
		return point{}, false
	}
	switch d.word(j + 1) {
	case "st", "nd", "rd", "th":
	default:
		return point{}, false
	}
	dd, _, _, ok := d.dayAt(j)
	if !ok {
		return point{}, false
	}
	start, tries := d.day(d.now.Year(), d.now.Month(), 1), 14
	if !month.IsZero() {
		start, tries = month, 1
	}
	if wd != nil && month.IsZero() && d.tense != Past {
		if p, ok := d.ordinalFrom(j, dd, start, 6, wd, false); ok {
			return p, true
		}
	}
	return d.ordinalFrom(j, dd, start, tries, nil, !month.IsZero())
}

// ordinalFrom is the first day dd of the tries months from start that is
// not over (or any, when fixed names the month) and, when wd is not nil,
// falls on *wd.
func (d *dateReader) ordinalFrom(j, dd int, from time.Time, tries int, wd *time.Weekday, fixed bool) (point, bool) {
	for k := 0; k < tries; k++ {
		if validDay(from.Year(), from.Month(), dd) {
			if day := from.AddDate(0, 0, dd-1); (!day.Before(d.now) || d.tense == Past || fixed) && (wd == nil || day.Weekday() == *wd) {
				p := point{first: j, last: j + 1}
				p.From, p.To, p.Unit = day, day.AddDate(0, 0, 1), "day"
				p.Span = Span{d.toks[j].start, d.toks[j+1].end}
				return p, true
			}
		}
		from = from.AddDate(0, 1, 0)
	}
	return point{}, false
}

// alternativeWeekdayAt reads a weekday in any case and any length
// written after "or", "and" or "&" that follows a day read ("tomorrow or
// sat", "Friday or sun", "this sat and sun"): the other day.
func (d *dateReader) alternativeWeekdayAt(i int, pts []point) (point, bool) {
	wd, ok := weekdays[d.word(i)]
	if !ok || !dayJoiners[d.word(i-1)] || len(pts) == 0 || pts[len(pts)-1].last != i-2 || pts[len(pts)-1].Unit != "day" {
		return point{}, false
	}
	p := point{first: i, last: i}
	prev := pts[len(pts)-1].From // the other day is on or after the first: "this sun and mon"
	p.From = prev.AddDate(0, 0, (int(wd)-int(prev.Weekday())+7)%7)
	p.To, p.Unit, p.Span = p.From.AddDate(0, 0, 1), "day", Span{d.toks[i].start, d.toks[i].end}
	return p, true
}

// dayJoiners join two weekdays into alternatives or a pair of days.
var dayJoiners = map[string]bool{"or": true, "and": true, "&": true, "n": true}

// weekdayBeforeAlternativeAt reads a weekday in any case and any length
// at i when "or" ("and", "&") and another weekday follow it ("sat or
// sun", "fri & sat"): two day names joined are days, though "sat" or
// "sun" alone may be other words. The one after the joiner is then read
// by alternativeWeekdayAt.
func (d *dateReader) weekdayBeforeAlternativeAt(i int) (point, bool) {
	wd, ok := weekdays[d.word(i)]
	if !ok || !dayJoiners[d.word(i+1)] {
		return point{}, false
	}
	if _, ok := weekdays[d.word(i+2)]; !ok {
		return point{}, false
	}
	p := point{first: i, last: i}
	p.From = d.now.AddDate(0, 0, (int(wd)-int(d.now.Weekday())+7)%7)
	p.To, p.Unit, p.Span = p.From.AddDate(0, 0, 1), "day", Span{d.toks[i].start, d.toks[i].end}
	return p, true
}

// eitherDays joins two days offered as alternatives ("this Saturday or
// Sunday", "tomorrow or Saturday") into the frame from the first to the
// second, when the second is within a week after the first: either day
// will do, so both are in.
func (d *dateReader) eitherDays(p, q point) (TimeFrame, bool) {
	if d.joined(p.last+1, q.first) != "or" || p.Unit != "day" || q.Unit != "day" {
		return TimeFrame{}, false
	}
	if !q.From.After(p.From) && d.namesWeekday(q.first, q.last) {
		q.From, q.To = q.From.AddDate(0, 0, 7), q.To.AddDate(0, 0, 7)
	}
	if !q.From.After(p.From) || q.From.Sub(p.From) > 7*24*time.Hour {
		return TimeFrame{}, false
	}
	return TimeFrame{Span: Span{p.Start, q.End}, From: p.From, To: q.To, Unit: "range"}, true
}

// weekdaysAgainstOthers reads weekdays named against the days written
// before them: "next Saturday" after "this Saturday" or "Saturday" is
// the Saturday after it, not the same coming one ("this Saturday and
// next Saturday I'm busy"), and a weekday "in between" two days is the one between
// them ("Friday and next Friday are booked, the Tuesday in between is
// free").
func (d *dateReader) weekdaysAgainstOthers(pts []point) []point {
	out := slices.Clone(pts)
	for k, p := range out {
		if p.Unit != "day" || !d.namesWeekday(p.first, p.last) {
			continue
		}
		first := p.first
		if d.word(first) == "the" {
			first++
		}
		if d.word(first) == "next" && first+1 == p.last {
			for _, q := range out[:k] {
				if q.Unit == "day" && q.From.Equal(p.From) && d.word(q.last) == d.word(p.last) && (d.word(q.last-1) == "this" || d.bareWeekday(q)) {
					out[k].From, out[k].To = p.From.AddDate(0, 0, 7), p.To.AddDate(0, 0, 7)
				}
			}
			continue
		}
		end := p.last + 1
		switch {
		case d.word(end) == "in" && d.word(end+1) == "between":
			end++
		case d.word(end) == "in" && d.word(end+1) == "the" && d.word(end+2) == "middle":
			end += 2
		case d.word(end) == "between" && (d.word(end+1) == "them" || d.word(end+1) == "those"):
			end++
		default:
			continue
		}
		if k < 2 || !d.bareWeekday(p) {
			continue
		}
		a, b := out[k-2], out[k-1]
		if a.Unit != "day" || b.Unit != "day" || !b.From.After(a.To) || b.From.Sub(a.From) > 8*24*time.Hour {
			continue
		}
		for day := a.To; day.Before(b.From); day = day.AddDate(0, 0, 1) {
			if day.Weekday() == p.From.Weekday() {
				out[k].From, out[k].To, out[k].last = day, day.AddDate(0, 0, 1), end
				out[k].Span.End = d.toks[end].end
				markTaken(d.taken, p.last+1, end+1)
				break
			}
		}
	}
	return out
}

// bareDaysOfMonthAt reads a range of days written as bare numbers after
// "from" or "between", with no month of their own, in the month read
// just before in the sentence: "next month I stay in Ubud from 12 until
// 18", "in August we are there between 3 and 8". Alone such numbers may
// be hours or counts; after a month they are its days.
func (d *dateReader) bareDaysOfMonthAt(i int, pts []point) (point, bool) {
	lead := d.word(i - 1)
	if lead != "from" && lead != "between" || len(pts) == 0 || pts[len(pts)-1].Unit != "month" {
		return point{}, false
	}
	month := d.monthBefore(i, pts)
	sep := d.word(i + 1)
	if month.IsZero() || !rangeSeps[sep] || (sep == "and") != (lead == "between") {
		return point{}, false
	}
	d1, ok1 := d.bareNumber(i)
	d2, ok2 := d.bareNumber(i + 2)
	if !ok1 || !ok2 || d2 <= d1 || !validDay(month.Year(), month.Month(), d2) {
		return point{}, false
	}
	if n := i + 3; n < len(d.toks) {
		// A noun after ("from 3 to 9 people", "9 pm") counts it; the
		// days end their clause or run into another.
		w := d.word(n)
		if d.toks[n].kind == tokWord && !(nounStops[w] || clauseStarts[w]) || w == "of" || w == ":" ||
			w == "." && !d.toks[n].space && n+1 < len(d.toks) && d.toks[n+1].kind == tokNum {
			return point{}, false
		}
	}
	// The lead is the range's, not a "from" of an open frame.
	p := point{first: i - 1, last: i + 2}
	p.From, p.To, p.Unit = month.AddDate(0, 0, d1-1), month.AddDate(0, 0, d2), "range"
	p.Span = Span{d.toks[i-1].start, d.toks[i+2].end}
	return p, true
}

// bareNumber is a day of a month written at i as digits alone ("12",
// not "12th" nor "12.5").
func (d *dateReader) bareNumber(i int) (int, bool) {
	if i >= len(d.toks) || d.toks[i].kind != tokNum || d.taken[i] {
		return 0, false
	}
	n, err := strconv.Atoi(d.toks[i].raw)
	if err != nil || n < 1 || n > 31 {
		return 0, false
	}
	if i+1 < len(d.toks) && !d.toks[i+1].space && d.toks[i+1].kind == tokWord {
		return 0, false
	}
	return n, true
}
