package understand

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// TimeFrame is a period the text names, read against Options.Now: "next
// month", "in March", "last spring", "between March and June 2026",
// "since 2019", "the past 3 weeks", "on Saturday". From is its first
// instant and To the instant after its end, both in Now's location; a
// zero From or To leaves that side open ("since March" has no To... it
// ends at the end of today; "before 2019" has no From).
type TimeFrame struct {
	Span
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
	// Unit is the size it was named in: day, week, weekend, month,
	// season, quarter, year, or range for two joined ("March to June").
	Unit string `json:"unit"`
}

// Tense says which way a month or season named without a year points.
type Tense uint8

// Tenses. Nearest is the zero value.
const (
	Nearest Tense = iota // the one closest to Now: "in March" in November is next March
	Future               // the next one not yet over: questions about events to come
	Past                 // the latest one already begun: questions about data measured
)

var monthNames = map[string]time.Month{"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3,
	"april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
	"september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12}

// seasons start in their month (meteorological, northern hemisphere).
var seasons = map[string]time.Month{"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}

var weekdays = map[string]time.Weekday{"sunday": 0, "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4,
	"friday": 5, "saturday": 6, "sun": 0, "mon": 1, "tue": 2, "tues": 2, "wed": 3, "thu": 4, "thur": 4, "thurs": 4,
	"fri": 5, "sat": 6}

// earliestYear and latestYear bound the years a number written as one
// may be, and any frame counted ahead of today: "in 2010 year" is no
// frame two thousand years out.
const (
	earliestYear = 1800
	latestYear   = 2200
)

// measureUnits after a number make it a measure, not a year: "2000 m".
var measureUnits = map[string]bool{"km": true, "mi": true, "m": true, "ft": true, "dbar": true, "°C": true, "°": true,
	"mph": true, "km/h": true, "%": true}

// timePreps before a month, season or year make it a date: "in may",
// "since 2019".
var timePreps = map[string]bool{"in": true, "since": true, "during": true, "until": true, "till": true, "before": true,
	"after": true, "from": true, "between": true, "through": true, "of": true, "by": true, "early": true, "late": true,
	"mid": true, "throughout": true, "for": true, "to": true, "and": true, "around": true, "on": true, "this": true,
	"next": true, "last": true, "past": true, "coming": true, "previous": true, "thru": true, "til": true}

var (
	isoDateRe   = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	isoMonthRe  = regexp.MustCompile(`^(\d{4})-(\d{2})\b`)
	slashDateRe = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})/(\d{4})\b`)
)

// dateReader reads time frames relative to now.
type dateReader struct {
	now     time.Time // midnight of the reference day
	tense   Tense
	slashes SlashOrder
	toks    []token
	taken   []bool
	// caseless: the text has no capitals to tell a month ("may",
	// "november") from a word; its place and neighbours tell.
	caseless bool
	southern bool // seasons of the southern hemisphere
}

func (d *dateReader) day(y int, m time.Month, dd int) time.Time {
	return time.Date(y, m, dd, 0, 0, 0, 0, d.now.Location())
}

// point is one time point read: a frame, with what was written.
type point struct {
	TimeFrame
	first, last int  // tokens
	year        bool // a year was written
	month       time.Month
	unanchored  bool // a month or season with no year: its year may come from a range's other end
	departure   bool // a stay's last day after a verb of leaving ("fly home on the 16th"): read as "till"
}

// readDates finds the time frames of toks.
func readDates(text string, toks []token, taken []bool, now time.Time, tense Tense, slashes SlashOrder, southern bool) []TimeFrame {
	d := &dateReader{now: time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location()), tense: tense, slashes: slashes, southern: southern,
		toks: toks, taken: taken, caseless: isCaseless(toks)}
	var pts []point
	for i := 0; i < len(toks); i++ {
		if taken[i] || toks[i].masked {
			continue
		}
		p, ok := d.weekdayNamingDay(text, i, pts) // dayforms.go: "Tuesday 8 September"
		if !ok {
			p, ok = d.endDayAt(i, pts) // dayforms.go: "the 11th of July ... till the 19th"
		}
		if !ok {
			p, ok = d.bareDaysOfMonthAt(i, pts) // dayforms.go: "next month ... from 12 until 18"
		}
		if !ok {
			p, ok = d.thatWeekendAt(i, pts) // weekof.go: "Saturday 6 February ... all that weekend"
		}
		if !ok {
			p, ok = d.dayBesideLastAt(text, i, pts) // feastrelative.go: "on the 14th ... the day before"
		}
		if !ok {
			p, ok = d.spanAt(text, i) // spans.go, numericspans.go: ranges of days, parts of months, holidays
		}
		if !ok {
			p, ok = d.pointAt(text, i)
		}
		if !ok {
			p, ok = d.alternativeWeekdayAt(i, pts) // dayforms.go: "tomorrow or sat"
		}
		if !ok {
			p, ok = d.weekdayBeforeAlternativeAt(i) // dayforms.go: "sat or sun"
		}
		if ok {
			if p.Unit == "day" {
				p = d.withDayPart(p) // daysahead.go: "Friday evening"
			}
			p = d.dateWeekend(p) // weekof.go: "the 4th of July weekend", "the Canada Day weekend"
			pts = append(pts, p)
			markTaken(taken, p.first, p.last+1)
			i = p.last
		}
	}
	pts = d.weekdaysAgainstOthers(pts) // dayforms.go: "this Saturday and next Saturday", "the Wednesday in between"
	pts = d.refinedMonths(pts)         // numericspans.go: "in March, from the 3rd to the 9th"
	var out []TimeFrame
	for k := 0; k < len(pts); k++ {
		p := pts[k]
		lead := d.word(p.first - 1)
		if p.departure {
			lead = "till"
		}
		// Ranges: "between A and B", "from A to B", "A–B", "A through B",
		// "A → B".
		if k+1 < len(pts) {
			q := pts[k+1]
			sep := d.joined(p.last+1, q.first)
			if s, ok := strings.CutSuffix(sep, " the"); ok && (s == "to" || s == "until" || s == "till") && d.namesWeekday(q.first, q.last) {
				sep = s // "the Thursday until the Sunday"
			}
			if sep == "and" && lead == "between" || (sep == "to" || sep == "until" || sep == "till" || sep == "through" ||
				sep == "thru" || sep == "-" || sep == "–" || sep == "—" || sep == "→" || sep == "->") && (lead == "from" || sep != "to" || p.Unit == q.Unit) {
				if k > 0 {
					p, q = d.weekdaysAround(pts[k-1], p, q) // weekof.go: "Easter, Friday to Monday"
				}
				q = d.weekdayAfter(p, q) // feastrelative.go: "from Ascension Day until the Sunday"
				if p.unanchored && q.year {
					p = d.inYearOf(p, q)
				}
				if !q.To.After(p.From) && q.unanchored {
					q.From, q.To = q.From.AddDate(1, 0, 0), q.To.AddDate(1, 0, 0)
				}
				if !q.To.After(p.From) && d.namesWeekday(q.first, q.last) {
					q.From, q.To = q.From.AddDate(0, 0, 7), q.To.AddDate(0, 0, 7) // "Saturday to Monday"
				}
				start := p.first
				if lead == "between" || lead == "from" {
					start--
				}
				out = append(out, TimeFrame{Span: Span{toks[start].start, q.End}, From: p.From, To: q.To, Unit: "range"})
				k++
				continue
			}
		}
		// "the Friday before Whitsun": feastrelative.go.
		if k+1 < len(pts) {
			if tf, ok := d.weekdayBeside(p, pts[k+1]); ok {
				out = append(out, tf)
				k++
				continue
			}
		}
		// Two days as alternatives: dayforms.go.
		if k+1 < len(pts) {
			if tf, ok := d.eitherDays(p, pts[k+1]); ok {
				out = append(out, tf)
				k++
				continue
			}
		}
		// A stay's length after its first day ("next Monday for a week"),
		// the week after or before a time ("the week after Easter"):
		// daysahead.go.
		if q, ok := d.stayFor(p); ok {
			out = append(out, q.TimeFrame)
			continue
		}
		if q, ok := d.weekAround(p); ok {
			out = append(out, q.TimeFrame)
			continue
		}
		// "since the start of 2020", "until the end of March", "after the
		// end of the monsoon": the word before the edge leads, and the
		// edge is the frame's start or its end
		leadAt, edge := p.first-1, ""
		if lead == "of" && d.word(p.first-3) == "the" {
			switch d.word(p.first - 2) {
			case "start", "beginning", "outset":
				edge = "start"
			case "end", "close":
				edge = "end"
			}
			switch w := d.word(p.first - 4); w {
			case "since", "from", "before", "until", "till", "by", "after":
				if edge != "" {
					lead, leadAt = w, p.first-4
				}
			}
		}
		// "the day after Bastille Day": feastrelative.go.
		if tf, ok := d.dayBeside(p, lead); ok && edge == "" {
			out = append(out, tf)
			continue
		}
		// Of events to come, "from next Monday", "starting Friday" is
		// that day on; "since" and a past "from" run to today.
		if (lead == "from" || lead == "starting" || lead == "beginning") && d.tense == Future && p.From.After(d.now) && edge == "" {
			p.Span.Start = toks[leadAt].start
			p.To, p.Unit = time.Time{}, "range"
			out = append(out, p.TimeFrame)
			continue
		}
		switch lead {
		case "since", "from":
			p.Span.Start = toks[leadAt].start
			if edge == "end" {
				p.From = p.To
			}
			p.To = d.now.AddDate(0, 0, 1)
			if p.From.After(d.now) {
				p.From = p.From.AddDate(-1, 0, 0)
			}
			p.Unit = "range"
		case "before", "until", "till", "til", "by":
			p.Span.Start = toks[leadAt].start
			// "till next Thursday", "until the 20th": that day is in.
			if edge != "end" && !(p.Unit == "day" && lead != "before" && lead != "by") {
				p.To = p.From
			}
			p.From = time.Time{}
			p.Unit = "range"
		case "after":
			p.Span.Start = toks[leadAt].start
			if edge != "start" {
				p.From = p.To
			}
			p.To = time.Time{}
			p.Unit = "range"
		}
		out = append(out, p.TimeFrame)
	}
	return out
}

func (d *dateReader) word(i int) string {
	if i < 0 || i >= len(d.toks) {
		return ""
	}
	return d.toks[i].low
}

// joined is the lower-case text of tokens [i, j), or "" if more than two.
func (d *dateReader) joined(i, j int) string {
	if j-i < 1 || j-i > 2 {
		return ""
	}
	var parts []string
	for k := i; k < j; k++ {
		parts = append(parts, d.toks[k].low)
	}
	return strings.Join(parts, " ")
}

// inYearOf moves an unanchored month or season p into q's year (or the
// year before, when it would start after q).
func (d *dateReader) inYearOf(p, q point) point {
	y := q.From.Year()
	from := d.day(y, p.From.Month(), 1)
	if from.After(q.From) {
		from = from.AddDate(-1, 0, 0)
	}
	months := monthsBetween(p.From, p.To)
	p.From, p.To = from, from.AddDate(0, months, 0)
	return p
}

func monthsBetween(a, b time.Time) int {
	return (b.Year()-a.Year())*12 + int(b.Month()-a.Month())
}

// pointAt reads one time point starting at toks[i].
func (d *dateReader) pointAt(text string, i int) (point, bool) {
	t := d.toks[i]
	p := point{first: i, last: i}
	span := func(last int) { p.last = last; p.Span = Span{t.start, d.toks[last].end} }
	if q, ok := d.agoAt(i); ok { // "two years ago", "the year before last"
		return q, true
	}
	// daysahead.go: "three weeks from now", "between now and ...",
	// "before the 15th", "a week on Saturday"
	for _, read := range []func(int) (point, bool){d.fromNowAt, d.nowAt, d.bareDayAt, d.weekOnAt, d.textedTomorrowAt} {
		if q, ok := read(i); ok {
			return q, true
		}
	}
	// months is the n months from month mo (a month, a season) of the year
	// written at toks[yearAt], else of the year pick chooses by the tense.
	months := func(mo time.Month, n int, unit string, yearAt int) (point, bool) {
		if y, last := d.yearAfter(yearAt); y > 0 {
			p.From = d.day(y, mo, 1)
			p.To, p.Unit, p.year = p.From.AddDate(0, n, 0), unit, true
			span(last)
			return p, true
		}
		p.From = d.pick(mo, n)
		p.To, p.Unit, p.unanchored = p.From.AddDate(0, n, 0), unit, true
		span(i)
		return p, true
	}
	// ISO and slashed dates, read on the text.
	if t.kind == tokNum {
		rest := text[t.start:min(len(text), t.start+12)] // the patterns are anchored and short
		// y-m-d and m/d/y (d/m/y when the month cannot be one).
		for _, f := range []struct {
			re         *regexp.Regexp
			y, mo, day int // submatch numbers
		}{{isoDateRe, 1, 2, 3}, {slashDateRe, 3, 1, 2}} {
			m := f.re.FindStringSubmatchIndex(rest)
			if m == nil {
				continue
			}
			num := func(k int) int { n, _ := strconv.Atoi(rest[m[2*k]:m[2*k+1]]); return n }
			y, mo, dd := num(f.y), num(f.mo), num(f.day)
			if mo > 12 && dd <= 12 || f.re == slashDateRe && d.slashes == SlashDayFirst && dd <= 12 { // 15/03/2026
				mo, dd = dd, mo
			}
			if mo >= 1 && mo <= 12 && dd >= 1 && dd <= 31 {
				p.From = d.day(y, time.Month(mo), dd)
				p.To, p.Unit, p.year = p.From.AddDate(0, 0, 1), "day", true
				span(d.tokenEnding(i, t.start+m[1]))
				return p, true
			}
		}
		if m := isoMonthRe.FindStringSubmatchIndex(rest); m != nil && m[0] == 0 {
			y, _ := strconv.Atoi(rest[m[2]:m[3]])
			mo, _ := strconv.Atoi(rest[m[4]:m[5]])
			if mo >= 1 && mo <= 12 && y >= earliestYear && y <= latestYear {
				p.From = d.day(y, time.Month(mo), 1)
				p.To, p.Unit, p.year = p.From.AddDate(0, 1, 0), "month", true
				span(d.tokenEnding(i, t.start+m[1]))
				return p, true
			}
		}
		// "15 March 2026", "the 15th of March", "the 15. March"
		n := i + 1
		if n < len(d.toks) && !d.toks[n].space && (d.toks[n].low == "th" || d.toks[n].low == "st" || d.toks[n].low == "nd" || d.toks[n].low == "rd" ||
			d.toks[n].low == "." && monthNames[d.word(n+1)] > 0) {
			n++
		}
		if d.word(n) == "of" {
			n++
		}
		if mo, k, ok := d.dotMonthAt(i + 1); ok { // "17. mai", "3. März"
			if dd, err := strconv.Atoi(t.raw); err == nil && dd >= 1 && dd <= 31 {
				y, last := d.yearAfter(k + 1)
				return d.dayPoint(p, i, last, y, mo, dd), true
			}
		}
		if mo, ok := monthNames[d.word(n)]; ok && (d.toks[n].cap || d.caseless || d.word(n) != "may" && d.word(n) != "march") {
			dd, err := strconv.Atoi(t.raw)
			if err == nil && dd >= 1 && dd <= 31 {
				y, last := d.yearAfter(n + 1)
				return d.dayPoint(p, i, last, y, mo, dd), true
			}
		}
		// A year: "in 2019", "2019", "2019-2021" (the second end is read next),
		// "2010 year" as a learner writes "the year 2010"; not a measure
		// ("between 1500 and 2000 m").
		if y, err := strconv.Atoi(t.raw); err == nil && len(t.raw) == 4 && y >= earliestYear && y <= latestYear && !measureUnits[units[d.word(i+1)]] {
			prev := d.word(i - 1)
			if timePreps[prev] || prev == "year" || prev == "-" || prev == "–" || d.word(i+1) == "-" || d.word(i+1) == "–" ||
				d.word(i+1) == "to" || d.word(i+1) == "and" && prev != "" || d.word(i+1) == "year" {
				p.From = d.day(y, 1, 1)
				p.To, p.Unit, p.year = p.From.AddDate(1, 0, 0), "year", true
				span(i)
				if d.word(i+1) == "year" {
					span(i + 1)
				}
				return p, true
			}
		}
		return p, false
	}
	if t.kind != tokWord {
		return p, false
	}
	w := t.low
	// Q1 2024
	if len(w) == 2 && w[0] == 'q' && w[1] >= '1' && w[1] <= '4' {
		if y, last := d.yearAfter(i + 1); y > 0 {
			p.From = d.day(y, time.Month(3*int(w[1]-'1')+1), 1)
			p.To, p.Unit, p.year = p.From.AddDate(0, 3, 0), "quarter", true
			span(last)
			return p, true
		}
	}
	switch w {
	case "today", "tonight":
		p.From, p.To, p.Unit = d.now, d.now.AddDate(0, 0, 1), "day"
		last, to := d.andTheDaysAfter(i, p.To)
		p.To = to
		span(last)
		return p, true
	case "tomorrow":
		p.From, p.To, p.Unit = d.now.AddDate(0, 0, 1), d.now.AddDate(0, 0, 2), "day"
		last, to := d.andTheDaysAfter(i, p.To)
		p.To = to
		span(last)
		return p, true
	case "yesterday":
		p.From, p.To, p.Unit = d.now.AddDate(0, 0, -1), d.now, "day"
		span(i)
		return p, true
	case "this", "next", "last", "coming", "past", "previous", "upcoming":
		return d.relative(p, i)
	case "in":
		// "in 3 days", "in two weeks": the day or period that far ahead;
		// not past latestYear ("in 2010 year" is the year 2010, read at
		// the number).
		if q, n := numberAt(d.toks, i+1); n > 0 && q.Kind == Count {
			if u, next := d.periodAt(i + 1 + n); u != "" && d.add(d.now, u, int(q.Value)).Year() <= latestYear {
				p.From = d.add(d.now, u, int(q.Value))
				p.To, p.Unit = d.add(p.From, "day", 1), "day"
				span(next - 1)
				return p, true
			}
		}
		return p, false
	case "early", "mid", "late":
		// "early March": the month; the words say no more than that here.
		if _, ok := monthNames[d.word(i+1)]; ok {
			if q, ok := d.pointAt(text, i+1); ok {
				q.first, q.Span.Start = i, t.start
				return q, true
			}
		}
		return p, false
	}
	if wd, ok := weekdays[w]; ok && (t.cap || d.caseless || d.word(i-1) == "on" || d.word(i-1) == "this" || d.word(i-1) == "next") && len(w) > 3 {
		ahead := (int(wd) - int(d.now.Weekday()) + 7) % 7
		p.From = d.now.AddDate(0, 0, ahead)
		p.To, p.Unit = p.From.AddDate(0, 0, 1), "day"
		span(i)
		return p, true
	}
	if mo, ok := partMonth(w); ok {
		// "mid-July", "early-March": the month, as "mid July" is.
		return months(mo, 1, "month", i+1)
	}
	if mo, ok := monthNames[w]; ok && d.monthWritten(i) {
		// "March 15(, 2026)", "March 2026", "March"
		n := i + 1
		if d.word(n) == "." { // "Sept. 2026"
			n++
		}
		if n < len(d.toks) && d.toks[n].kind == tokNum && len(d.toks[n].raw) <= 2 {
			if dd, err := strconv.Atoi(d.toks[n].raw); err == nil && dd >= 1 && dd <= 31 {
				k := n + 1
				if k < len(d.toks) && !d.toks[k].space && (d.toks[k].low == "th" || d.toks[k].low == "st" || d.toks[k].low == "nd" || d.toks[k].low == "rd") {
					k++
				}
				if d.word(k) == "," {
					k++
				}
				y, last := d.yearAfter(k)
				if y == 0 {
					last = k - 1
					if d.word(last) == "," {
						last--
					}
				}
				return d.dayPoint(p, i, last, y, mo, dd), true
			}
		}
		return months(mo, 1, "month", n)
	}
	if mo, ok := d.season(w); ok && (timePreps[d.word(i-1)] || d.toks[i].cap || d.isYear(i+1)) && (w != "fall" || timePreps[d.word(i-1)] || d.isYear(i+1)) {
		return months(mo, 3, "season", i+1)
	}
	return p, false
}

// monthWritten says whether a month word at i is a month: "may" and
// "march" lower case only after a time word, abbreviations only
// capitalised.
func (d *dateReader) monthWritten(i int) bool {
	t := d.toks[i]
	prev := d.word(i - 1)
	next := i + 1
	if next < len(d.toks) && d.toks[next].raw == "." {
		next++
	}
	numberAfter := next < len(d.toks) && d.toks[next].kind == tokNum
	if d.caseless && !t.cap {
		// No capitals: a month by its neighbours ("in march", "may 30th",
		// "17 may", "the month of may"), a full name but "may" and
		// "march" always; none after a year ("float 2017 january": which
		// January is not said the way a reader would take it).
		numberBefore := i > 0 && d.toks[i-1].kind == tokNum && !d.isYear(i-1)
		switch {
		case i > 0 && d.isYear(i-1):
			return false
		case t.low == "may" || t.low == "march" || t.low == "mar":
			return (timePreps[prev] || numberAfter || numberBefore) && !(t.low == "may" && d.word(i+1) == "i")
		case len(t.low) <= 4 && t.low != "june" && t.low != "july":
			return numberAfter || numberBefore || timePreps[prev] || d.dashedToMonth(i)
		}
		return true
	}
	// A day's number before a capitalised month ("7–11 Sept", "3 May")
	// makes it one too.
	dayBefore := i > 0 && d.toks[i-1].kind == tokNum && len(d.toks[i-1].raw) <= 2
	switch {
	case t.low == "may" || t.low == "march" || t.low == "mar":
		return t.cap && (timePreps[prev] || numberAfter || dayBefore || prev == "") && !(t.low == "may" && d.word(i+1) == "i")
	case len(t.low) <= 4 && t.low != "june" && t.low != "july":
		return t.cap && (numberAfter || dayBefore || timePreps[prev] || d.dashedToMonth(i))
	}
	return t.cap || timePreps[prev] || numberAfter
}

// dashedToMonth says whether a dash and a month with a number after it
// follow the month word at i: "Jan-Mar 2020", "Jun – Aug 2019".
func (d *dateReader) dashedToMonth(i int) bool {
	if i+3 >= len(d.toks) || d.toks[i+1].kind != tokPunct || !strings.ContainsAny(d.toks[i+1].raw, "-–—") {
		return false
	}
	_, month := monthNames[d.toks[i+2].low]
	return month && d.toks[i+3].kind == tokNum
}

// isYear says whether toks[i] is a four-digit year.
func (d *dateReader) isYear(i int) bool {
	if i >= len(d.toks) || d.toks[i].kind != tokNum || len(d.toks[i].raw) != 4 {
		return false
	}
	y, err := strconv.Atoi(d.toks[i].raw)
	return err == nil && y >= earliestYear && y <= latestYear
}

// yearAfter reads a year at i ("2026", ", 2026"); 0 and i-1 if none.
func (d *dateReader) yearAfter(i int) (int, int) {
	k := i
	if d.word(k) == "," {
		k++
	}
	if d.isYear(k) {
		y, _ := strconv.Atoi(d.toks[k].raw)
		return y, k
	}
	return 0, i - 1
}

// dayPoint is the day dd of month mo in year y (0: the nearest such day).
func (d *dateReader) dayPoint(p point, first, last, y int, mo time.Month, dd int) point {
	if y > 0 {
		p.From, p.year = d.day(y, mo, dd), true
	} else {
		p.From = d.pick(mo, 1).AddDate(0, 0, dd-1)
		p.unanchored = true
	}
	p.To, p.Unit = p.From.AddDate(0, 0, 1), "day"
	p.first, p.last = first, last
	p.Span = Span{d.toks[first].start, d.toks[last].end}
	return p
}

// pick is the first day of the months-long period starting in month mo
// that the tense points to.
func (d *dateReader) pick(mo time.Month, months int) time.Time {
	y := d.now.Year()
	this := d.day(y, mo, 1)
	if mo == 12 && months == 3 && d.now.Month() <= 2 {
		this = d.day(y-1, 12, 1) // winter started last December
	}
	end := this.AddDate(0, months, 0)
	switch d.tense {
	case Future:
		if !end.After(d.now) {
			return this.AddDate(1, 0, 0)
		}
		return this
	case Past:
		if this.After(d.now) {
			return this.AddDate(-1, 0, 0)
		}
		return this
	}
	if !this.After(d.now) && end.After(d.now) {
		return this // now is inside it
	}
	best := this
	for _, c := range []time.Time{this.AddDate(-1, 0, 0), this.AddDate(1, 0, 0)} {
		if absDur(c.Sub(d.now)) < absDur(best.Sub(d.now)) {
			best = c
		}
	}
	return best
}

func absDur(x time.Duration) time.Duration {
	if x < 0 {
		return -x
	}
	return x
}

// add moves t by n units.
func (d *dateReader) add(t time.Time, unit string, n int) time.Time {
	switch unit {
	case "week":
		return t.AddDate(0, 0, 7*n)
	case "month":
		return t.AddDate(0, n, 0)
	case "year":
		return t.AddDate(n, 0, 0)
	}
	return t.AddDate(0, 0, n)
}
