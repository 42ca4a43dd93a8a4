package understand

import (
	"strings"
	"time"
)

// relative reads "this/next/last/coming/past ..." at i: a unit ("next
// month"), a count of units ("the past 3 weeks"), a month, a season or
// a weekday. "This coming" is "coming"; "the coming weekend" said on a
// weekday is the one ahead that week, not the week after.
func (d *dateReader) relative(p point, i int) (point, bool) {
	mod := d.word(i)
	t0 := d.toks[i]
	n := i + 1
	if w := d.word(n); mod == "this" && (w == "coming" || w == "upcoming") {
		mod, n = w, n+1
	}
	count := 1
	counted := false
	if q, k := numberAt(d.toks, n); k > 0 && q.Kind == Count && q.Value >= 1 && d.toks[n].low != "a" {
		count, counted = int(q.Value), true
		n += k
	}
	w := d.word(n)
	set := func(from, to time.Time, unit string) (point, bool) {
		p.From, p.To, p.Unit = from, to, unit
		p.last = n
		p.Span = Span{t0.start, d.toks[n].end}
		if i > 0 && d.word(i-1) == "the" {
			p.first, p.Span.Start = i-1, d.toks[i-1].start
		}
		return p, true
	}
	dir := 0 // -1 back, 0 this, +1 ahead
	switch mod {
	case "next", "coming", "upcoming":
		dir = 1
	case "last", "past", "previous":
		dir = -1
	}
	unit := timeUnit(w)
	if w == "weekend" || w == "weekends" {
		unit = "weekend"
	}
	if w == "fortnight" || w == "fortnights" {
		// "the next fortnight", "the coming two fortnights": fourteen
		// days a fortnight, from or to today.
		unit, count, counted = "day", 14*count, true
	}
	if counted || mod == "past" && unit != "" && unit != "weekend" {
		// "the past 3 weeks", "the next 10 days": from or to today.
		if unit != "day" && unit != "week" && unit != "month" && unit != "year" {
			return p, false
		}
		ahead := count
		if dir < 0 {
			ahead = -count
		}
		if y := d.add(d.now, unit, ahead).Year(); y > latestYear || y < earliestYear {
			return p, false // "the next 2010 years": no frame
		}
		if dir < 0 {
			return set(d.add(d.now, unit, -count), d.now.AddDate(0, 0, 1), "range")
		}
		return set(d.now, d.add(d.now, unit, count), "range")
	}
	if mod == "this" && !counted && dayParts[w] {
		// "this evening", "this afternoon": today.
		return set(d.now, d.now.AddDate(0, 0, 1), "day")
	}
	switch unit {
	case "day":
		return p, false
	case "week":
		// Weeks start on Monday.
		start := d.now.AddDate(0, 0, -((int(d.now.Weekday()) + 6) % 7))
		start = start.AddDate(0, 0, 7*dir)
		return set(start, start.AddDate(0, 0, 7), "week")
	case "weekend":
		ahead := (int(time.Saturday) - int(d.now.Weekday()) + 7) % 7
		if d.now.Weekday() == time.Sunday {
			ahead = -1
		}
		if (mod == "coming" || mod == "upcoming") && ahead > 0 {
			dir = 0 // said on a weekday: this week's
		}
		sat := d.now.AddDate(0, 0, ahead)
		sat = sat.AddDate(0, 0, 7*dir)
		if dir < 0 && ahead > 0 {
			// "last weekend" on a weekday is the one just gone.
			sat = d.now.AddDate(0, 0, ahead-7)
		}
		return set(sat, sat.AddDate(0, 0, 2), "weekend")
	case "month":
		start := d.day(d.now.Year(), d.now.Month(), 1).AddDate(0, dir, 0)
		return set(start, start.AddDate(0, 1, 0), "month")
	case "year":
		start := d.day(d.now.Year()+dir, 1, 1)
		return set(start, start.AddDate(1, 0, 0), "year")
	}
	if mo, ok := monthNames[w]; ok && len(w) >= 3 {
		this := d.day(d.now.Year(), mo, 1)
		switch {
		case dir > 0 && !this.After(d.now):
			this = this.AddDate(1, 0, 0)
		case dir < 0 && !this.AddDate(0, 1, 0).Before(d.now.AddDate(0, 0, 1)) && !this.AddDate(0, 1, 0).Before(d.now):
			this = this.AddDate(-1, 0, 0)
		}
		return set(this, this.AddDate(0, 1, 0), "month")
	}
	if mo, ok := d.season(w); ok {
		this := d.day(d.now.Year(), mo, 1)
		if mo == 12 && d.now.Month() <= 2 {
			this = this.AddDate(-1, 0, 0)
		}
		switch {
		case dir > 0 && !this.After(d.now):
			this = this.AddDate(1, 0, 0)
		case dir < 0 && this.AddDate(0, 3, 0).After(d.now):
			this = this.AddDate(-1, 0, 0)
		case dir == 0 && d.tense == Future && !this.AddDate(0, 3, 0).After(d.now):
			this = this.AddDate(1, 0, 0) // "this spring" said in December: the coming one
		}
		return set(this, this.AddDate(0, 3, 0), "season")
	}
	if wd, ok := weekdays[w]; ok {
		ahead := (int(wd) - int(d.now.Weekday()) + 7) % 7
		day := d.now.AddDate(0, 0, ahead)
		switch {
		case dir > 0 && ahead == 0:
			day = day.AddDate(0, 0, 7)
		case dir < 0:
			day = day.AddDate(0, 0, -7)
			if ahead == 0 {
				day = d.now.AddDate(0, 0, -7)
			}
		}
		return set(day, day.AddDate(0, 0, 1), "day")
	}
	return p, false
}

// tokenEnding is the index of the token that ends at byte end, from i.
func (d *dateReader) tokenEnding(i, end int) int {
	k := i
	for k+1 < len(d.toks) && d.toks[k+1].end <= end {
		k++
	}
	return k
}

// partMonth reads a month written with its part as one word: "mid-July",
// "early-March", "late-Sept" are the month.
func partMonth(w string) (time.Month, bool) {
	part, name, ok := strings.Cut(w, "-")
	if !ok || part != "early" && part != "mid" && part != "late" {
		return 0, false
	}
	mo, ok := monthNames[name]
	return mo, ok
}

// timeShorthands are units of time as texts and notes shorten them:
// "next 2 wks", "in 3 mths".
var timeShorthands = map[string]string{"wk": "week", "wks": "week", "mth": "month", "mths": "month", "mnth": "month",
	"mnths": "month", "mos": "month", "dys": "day"}

// timeUnit is the unit of time a word names ("weeks", "wks"), else
// the unit units gives it.
func timeUnit(w string) string {
	if u, ok := timeShorthands[w]; ok {
		return u
	}
	return units[w]
}

// periodAt is the unit of time written at i ("weeks", "month's") and
// the token after it, past a possessive's apostrophe and "time": "in
// three weeks' time", "in a month's time". unit is "" when there is none.
func (d *dateReader) periodAt(i int) (unit string, next int) {
	unit = timeUnit(strings.TrimSuffix(strings.TrimSuffix(d.word(i), "'s"), "’s"))
	if unit != "day" && unit != "week" && unit != "month" && unit != "year" {
		return "", i
	}
	next = i + 1
	if a := d.word(next); a == "'" || a == "’" {
		next++
	}
	if d.word(next) == "time" {
		next++
	}
	return unit, next
}

// andTheDaysAfter extends a day read at last, ending at to, by the days
// joined to it: "today and tomorrow", "tomorrow and the day after",
// "tomorrow and the next day", "today and the day after tomorrow"; a
// list joined by commas ("today, tomorrow and yesterday") is days apart.
func (d *dateReader) andTheDaysAfter(last int, to time.Time) (int, time.Time) {
	for {
		n := last + 1
		if d.word(n) == "," && d.word(n+1) == "and" {
			n++
		}
		if w := d.word(n); w != "and" && w != "&" {
			return last, to
		}
		n++
		switch {
		case d.word(n) == "tomorrow" && to.Equal(d.now.AddDate(0, 0, 1)):
			last, to = n, to.AddDate(0, 0, 1)
		case d.word(n) == "the" && d.word(n+1) == "day" && d.word(n+2) == "after" && d.word(n+3) == "tomorrow":
			last, to = n+3, d.now.AddDate(0, 0, 3)
		case d.word(n) == "the" && (d.word(n+1) == "day" && d.word(n+2) == "after" ||
			(d.word(n+1) == "next" || d.word(n+1) == "following") && d.word(n+2) == "day"):
			last, to = n+2, to.AddDate(0, 0, 1)
		default:
			return last, to
		}
	}
}
