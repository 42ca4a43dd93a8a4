package understand

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// spanAt reads the time frames of several words that dates.go's single
// points do not: ranges of days in one or two months ("Feb 12 to 17",
// "13-18 February 2026", "between the 20th and 28th of February", "from
// October 28 to November 2, 2026", "14/02/2026 to 01/03/2026"), days
// written as ordinal words and years in words ("march first to march
// fifteenth twenty twenty six"), days of a month named "next month" or
// "this month" ("from 3 until 9 of next month": monthof.go), day-first
// dotted dates ("08.05.2026"),
// parts of a month ("the first two weeks of June", "the first half of
// March", "the last weekend of May"), a quarter with no year ("in Q3"),
// the early, mid or late part of a season ("late summer" is August),
// holidays ("over Easter", "around Christmas", "New Year's Eve") and a
// stay counted ahead ("in 3 weeks, for one week"), decades and thirds of
// a year ("the 2010s", "mid-2018": yearparts.go), and first those
// numericspans.go reads: ranges of days in digits, "the week after next",
// ordinal days in a month named before. A range's leading "from" or
// "between" is part of it.
func (d *dateReader) spanAt(text string, i int) (point, bool) {
	if d.toks[i].masked {
		return point{}, false
	}
	start := i
	if w := d.word(i); w == "from" || w == "between" {
		start = i + 1
	}
	// A period named between two feasts ("between Christmas and New
	// Year") is a holiday of its own, "between" its first word.
	if d.word(i) == "between" {
		if from, to, unit, last, ok := d.holidayAt(i); ok && !slices.ContainsFunc(d.taken[i:last+1], func(t bool) bool { return t }) {
			p := point{first: i, last: last, year: true}
			p.From, p.To, p.Unit = from, to, unit
			p.Span = Span{d.toks[i].start, d.toks[last].end}
			return p, true
		}
	}
	for _, read := range []func(int) (time.Time, time.Time, string, int, bool){
		func(k int) (time.Time, time.Time, string, int, bool) { return d.numericRange(text, k) }, d.afterNext, d.ordinalDaysBack,
		func(k int) (time.Time, time.Time, string, int, bool) { return d.slashPair(text, k) }, d.slashDay, d.dayRange, d.daysOfRelativeMonthAt, d.wordDay, d.dottedDay, d.partOf, d.quarterAt, d.seasonPart, d.holidayAt,
		func(k int) (time.Time, time.Time, string, int, bool) { return d.weekOfAt(text, k) }, d.anyWeekendOfAt, d.weekdaysOfMonthAt, d.stayAt, d.decadeAt, d.yearPartAt,
	} {
		from, to, unit, last, ok := read(start)
		if !ok {
			continue
		}
		first := start
		if start > i && unit == "range" {
			first = i
		}
		for k := first; k <= last; k++ {
			if d.taken[k] || d.toks[k].masked {
				return point{}, false
			}
		}
		p := point{first: first, last: last, year: true}
		p.From, p.To, p.Unit = from, to, unit
		p.Span = Span{d.toks[first].start, d.toks[last].end}
		return p, true
	}
	return point{}, false
}

// rangeSeps join the two ends of a range of days.
var rangeSeps = map[string]bool{"-": true, "–": true, "—": true, "to": true, "until": true, "till": true, "til": true,
	"through": true, "thru": true, "and": true}

// ordinalDays are the days of a month as ordinal words.
var ordinalDays = func() map[string]int {
	m := map[string]int{}
	small := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	for i, w := range small {
		m[w] = i + 1
	}
	for i, w := range []string{"tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
		"seventeenth", "eighteenth", "nineteenth", "twentieth"} {
		m[w] = 10 + i
	}
	m["thirtieth"] = 30
	for i, w := range small {
		m["twenty-"+w], m["twenty "+w] = 21+i, 21+i
	}
	m["thirty-first"], m["thirty first"] = 31, 31
	return m
}()

// dayAt reads a day of a month at k: "14", "14th", "the 14th", "the
// fourteenth", "twenty-first". words says it was written in words.
func (d *dateReader) dayAt(k int) (day, next int, words, ok bool) {
	if d.word(k) == "the" {
		k++
	}
	if k >= len(d.toks) {
		return 0, 0, false, false
	}
	t := d.toks[k]
	if t.kind == tokNum && len(t.raw) <= 2 {
		n, err := strconv.Atoi(t.raw)
		if err != nil || n < 1 || n > 31 {
			return 0, 0, false, false
		}
		next = k + 1
		if next < len(d.toks) && !d.toks[next].space {
			switch d.toks[next].low {
			case "st", "nd", "rd", "th":
				next++
			case ".":
				// German and Scandinavian ordinals: "the 3. of May", "am
				// 3. Mai".
				if _, month := monthNames[d.word(next+1)]; month || d.word(next+1) == "of" {
					next++
				}
			}
		}
		return n, next, false, true
	}
	if n, ok := ordinalDays[d.word(k)+" "+d.word(k+1)]; ok {
		return n, k + 2, true, true
	}
	if n, ok := ordinalDays[t.low]; ok {
		return n, k + 1, true, true
	}
	return 0, 0, false, false
}

// monthAt reads a month's name at k ("Feb", "Feb.", "february").
func (d *dateReader) monthAt(k int) (time.Month, int, bool) {
	mo, ok := monthNames[d.word(k)]
	if !ok {
		return 0, 0, false
	}
	if w := d.word(k); d.word(k+1) == "." && len(w) <= 4 && w != "may" && w != "june" && w != "july" {
		return mo, k + 2, true // "Feb.", not a sentence's end
	}
	return mo, k + 1, true
}

// yearAt reads a year at k, a comma before it allowed: "2026", "twenty
// twenty six", "two thousand and twenty-six".
func (d *dateReader) yearAt(k int) (int, int, bool) {
	if d.word(k) == "," {
		k++
	}
	if d.isYear(k) {
		y, _ := strconv.Atoi(d.toks[k].raw)
		return y, k + 1, true
	}
	return d.yearWords(k)
}

var unitWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

var teenWords = map[string]int{"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}

// twoDigits reads 10..99 in words at k: "twenty six", "twenty-six",
// "thirty", "twelve".
func (d *dateReader) twoDigits(k int) (int, int, bool) {
	w := d.word(k)
	if n, ok := teenWords[w]; ok {
		return n, k + 1, true
	}
	if a, b, ok := strings.Cut(w, "-"); ok {
		if t, ok1 := tens[a]; ok1 {
			if u, ok2 := unitWords[b]; ok2 {
				return t + u, k + 1, true
			}
		}
		return 0, 0, false
	}
	t, ok := tens[w]
	if !ok {
		return 0, 0, false
	}
	if u, ok := unitWords[d.word(k+1)]; ok {
		return t + u, k + 2, true
	}
	return t, k + 1, true
}

// yearWords reads a year written in words at k: "twenty twenty six",
// "nineteen ninety-nine", "two thousand twenty-six", "two thousand and
// nine".
func (d *dateReader) yearWords(k int) (int, int, bool) {
	switch d.word(k) {
	case "nineteen", "twenty":
		hi := 19
		if d.word(k) == "twenty" {
			hi = 20
		}
		if d.word(k+1) == "oh" || d.word(k+1) == "o" {
			if u, ok := unitWords[d.word(k+2)]; ok {
				return hi*100 + u, k + 3, true
			}
			return 0, 0, false
		}
		if lo, next, ok := d.twoDigits(k + 1); ok {
			return hi*100 + lo, next, true
		}
	case "two":
		if d.word(k+1) != "thousand" {
			return 0, 0, false
		}
		n := k + 2
		if d.word(n) == "and" {
			n++
		}
		if u, ok := unitWords[d.word(n)]; ok {
			return 2000 + u, n + 1, true
		}
		if lo, next, ok := d.twoDigits(n); ok {
			return 2000 + lo, next, true
		}
	}
	return 0, 0, false
}

// validDay says whether day dd is in month mo of year y.
func validDay(y int, mo time.Month, dd int) bool {
	return dd >= 1 && dd <= daysIn(y, mo)
}

func daysIn(y int, mo time.Month) int {
	return time.Date(y, mo+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// daysFrame is the frame of days [d1 of m1, d2 of m2] inclusive: in year
// y when written, else the year the tense picks for the first month; an
// end before the start is in the next year.
func (d *dateReader) daysFrame(m1 time.Month, d1 int, m2 time.Month, d2 int, y int) (time.Time, time.Time, bool) {
	var from time.Time
	if y > 0 {
		from = d.day(y, m1, 1)
		if m2 < m1 { // "Dec 28 to Jan 3, 2027": the year is the end's
			from = from.AddDate(-1, 0, 0)
		}
	} else {
		from = d.pick(m1, 1)
	}
	if !validDay(from.Year(), m1, d1) {
		return time.Time{}, time.Time{}, false
	}
	from = from.AddDate(0, 0, d1-1)
	ey := from.Year()
	if m2 < m1 || m2 == m1 && d2 < d1 {
		ey++
	}
	if !validDay(ey, m2, d2) {
		return time.Time{}, time.Time{}, false
	}
	return from, d.day(ey, m2, d2).AddDate(0, 0, 1), true
}

// dayRange reads a range of days written with month names, the month
// first ("Feb 12 to 17", "Feb 14-17 2026", "October 28 to November 2,
// 2026", "march first to march fifteenth") or the day first ("13-18
// February 2026", "14 to 22 February", "the 20th and 28th of February",
// "3rd July to 5th July", "the 30th to the 2nd of May", over April's
// end).
func (d *dateReader) dayRange(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	finish := func(m1 time.Month, d1 int, m2 time.Month, d2 int, n int) (time.Time, time.Time, string, int, bool) {
		y, next, ok := d.yearAt(n)
		if !ok {
			y, next = 0, n
		}
		from, to, ok := d.daysFrame(m1, d1, m2, d2, y)
		if !ok {
			return fail()
		}
		return from, to, "range", next - 1, true
	}
	// Month first.
	if m1, n, ok := d.monthAt(k); ok {
		d1, n, _, ok := d.dayAt(n)
		if !ok || !rangeSeps[d.word(n)] {
			return fail()
		}
		n++
		m2 := m1
		if mo, n2, ok := d.monthAt(n); ok {
			m2, n = mo, n2
		}
		d2, n, _, ok := d.dayAt(n)
		if !ok {
			return fail()
		}
		if _, _, ok := d.monthAt(n); ok {
			return fail() // "May 3 to 5 June": no range of one month
		}
		return finish(m1, d1, m2, d2, n)
	}
	// Day first, both ends maybe after their weekdays ("Fri 10 to Sun 12
	// July", "Thu, 10 December until Sat 19 December").
	wd, weekdayFirst := weekdays[d.word(k)]
	if weekdayFirst {
		k++
		if k < len(d.toks) && d.toks[k].raw == "," {
			k++
		}
	}
	d1, n, _, ok := d.dayAt(k)
	if !ok {
		return fail()
	}
	if d.word(n) == "of" {
		n++
	}
	m1, hasM1 := time.Month(0), false
	if mo, n2, ok := d.monthAt(n); ok {
		m1, hasM1, n = mo, true, n2
	}
	if !rangeSeps[d.word(n)] {
		return fail()
	}
	n++
	if _, ok := weekdays[d.word(n)]; ok && weekdayFirst {
		n++
	}
	d2, n, _, ok := d.dayAt(n)
	if !ok {
		return fail()
	}
	if d.word(n) == "of" {
		n++
	}
	m2, n, ok := d.monthAt(n)
	if !ok {
		return fail()
	}
	if !hasM1 {
		m1 = m2
		if d1 > d2 {
			// "the 31 to the 2 of November", "from 28 to 3 March": the
			// month written once, at the end, the range runs over the
			// month before's end.
			m1 = (m2+10)%12 + 1
		}
	}
	from, to, unit, last, ok := finish(m1, d1, m2, d2, n)
	if ok && weekdayFirst && !d.isYear(last) {
		from, to = d.weekdayYear(from, to, wd)
	}
	return from, to, unit, last, ok
}

// wordDay reads one day written with an ordinal word or a year in words,
// which dates.go does not: "March first", "the fifth of May", "June 3
// twenty twenty six".
func (d *dateReader) wordDay(k int) (time.Time, time.Time, string, int, bool) {
	var mo time.Month
	var dd, n int
	var words, ok bool
	if m, n1, ok1 := d.monthAt(k); ok1 {
		if dd, n, words, ok = d.dayAt(n1); !ok {
			return time.Time{}, time.Time{}, "", 0, false
		}
		mo = m
	} else {
		if dd, n, words, ok = d.dayAt(k); !ok {
			return time.Time{}, time.Time{}, "", 0, false
		}
		if d.word(n) == "of" {
			n++
		}
		if mo, n, ok = d.monthAt(n); !ok {
			return time.Time{}, time.Time{}, "", 0, false
		}
	}
	y, next, hasYear := d.yearAt(n)
	yearWords := hasYear && !d.isYear(next-1)
	if !words && !yearWords {
		return time.Time{}, time.Time{}, "", 0, false
	}
	if !hasYear {
		y, next = 0, n
	}
	from, to, ok := d.daysFrame(mo, dd, mo, dd, y)
	if !ok {
		return time.Time{}, time.Time{}, "", 0, false
	}
	return from, to, "day", next - 1, true
}

var dottedRe = regexp.MustCompile(`^(\d{1,2})\.(\d{1,2})\.(\d{4})$`)

// dottedDay reads a date written day first with dots, as in most of
// Europe: "08.05.2026" is the 8th of May.
func (d *dateReader) dottedDay(k int) (time.Time, time.Time, string, int, bool) {
	if k >= len(d.toks) || d.toks[k].kind != tokNum {
		return time.Time{}, time.Time{}, "", 0, false
	}
	m := dottedRe.FindStringSubmatch(d.toks[k].raw)
	if m == nil {
		return time.Time{}, time.Time{}, "", 0, false
	}
	dd, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	y, _ := strconv.Atoi(m[3])
	if mo < 1 || mo > 12 || !validDay(y, time.Month(mo), dd) {
		return time.Time{}, time.Time{}, "", 0, false
	}
	from := d.day(y, time.Month(mo), dd)
	return from, from.AddDate(0, 0, 1), "day", k, true
}

var slashPairRe = regexp.MustCompile(`(?i)^(\d{1,2})/(\d{1,2})/(\d{4})\s*(?:-|–|—|to|until|till|through|thru|and)\s*(\d{1,2})/(\d{1,2})/(\d{4})\b`)

// slashPair reads two slashed dates joined as a range, both read the same
// way: day first when either can only be ("14/02/2026 to 01/03/2026"),
// else month first, as dates.go reads one alone.
func (d *dateReader) slashPair(text string, k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if k >= len(d.toks) || d.toks[k].kind != tokNum {
		return fail()
	}
	t := d.toks[k]
	m := slashPairRe.FindStringSubmatchIndex(text[t.start:])
	if m == nil {
		return fail()
	}
	num := func(g int) int { n, _ := strconv.Atoi(text[t.start+m[2*g] : t.start+m[2*g+1]]); return n }
	a, b, y1, c, e, y2 := num(1), num(2), num(3), num(4), num(5), num(6)
	dayFirst := (a > 12 || c > 12) && b <= 12 && e <= 12
	if !dayFirst && (a > 12 || c > 12) {
		return fail()
	}
	if !dayFirst && d.slashes == SlashDayFirst && b <= 12 && e <= 12 {
		dayFirst = true
	}
	m1, d1, m2, d2 := a, b, c, e
	if dayFirst {
		m1, d1, m2, d2 = b, a, e, c
	}
	if m1 < 1 || m1 > 12 || m2 < 1 || m2 > 12 || !validDay(y1, time.Month(m1), d1) || !validDay(y2, time.Month(m2), d2) {
		return fail()
	}
	from, to := d.day(y1, time.Month(m1), d1), d.day(y2, time.Month(m2), d2).AddDate(0, 0, 1)
	if !to.After(from) {
		return fail()
	}
	return from, to, "range", d.tokenEnding(k, t.start+m[1]), true
}

// partOrdinals are the parts of a month counted from its start; -1 its
// end.
var partOrdinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1, "final": -1,
	"1st": 1, "2nd": 2, "3rd": 3, "4th": 4}

// partOf reads a part of a month or year: "the first two weeks of June",
// "the first half of March", "first week of November 2026", "the last
// 10 days of May", "the second weekend of July", "the first half of
// 2027", "the last weekend of next month" (monthOf).
func (d *dateReader) partOf(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if d.word(k) == "the" {
		k++
	}
	if k >= len(d.toks) {
		return fail()
	}
	ord, n := 0, k+1
	if d.toks[k].kind == tokNum && k+1 < len(d.toks) && !d.toks[k+1].space {
		ord, n = partOrdinals[d.toks[k].raw+d.word(k+1)], k+2
	} else {
		ord = partOrdinals[d.word(k)]
	}
	if ord == 0 {
		return fail()
	}
	count := 1
	if q, c := numberAt(d.toks, n); c > 0 && q.Kind == Count && q.Value >= 1 && q.Value <= 31 && (ord == 1 || ord == -1) {
		count, n = int(q.Value), n+c
	}
	unit := d.word(n)
	if d.word(n+1) != "of" && d.word(n+1) != "in" {
		// "September, the first two weekends": of the month just named.
		start, ok := d.monthJustBefore(k)
		if !ok {
			return fail()
		}
		return d.partOfMonth(start, ord, count, unit, n)
	}
	n += 2
	if d.word(n) == "the" && d.word(n+1) == "month" {
		return fail()
	}
	// Of a year: its halves, and its first or last weeks, days or
	// months ("the last two weeks of the year" are 18-31 December).
	if y, next, ok := d.yearOf(n); ok {
		start, end := d.day(y, 1, 1), d.day(y+1, 1, 1)
		var from, to time.Time
		switch u := timeUnit(unit); {
		case unit == "half" && count == 1:
			from = start
			if ord != 1 {
				from = d.day(y, 7, 1)
			}
			to = from.AddDate(0, 6, 0)
		case (u == "week" || u == "day" || u == "month" || unit == "fortnight") && (ord == 1 || ord == -1):
			if unit == "fortnight" {
				u, count = "day", 14*count
			}
			from, to = start, d.add(start, u, count)
			if ord == -1 {
				from, to = d.add(end, u, -count), end
			}
		default:
			return fail()
		}
		return from, to, "range", next - 1, true
	}
	start, last, ok := d.monthOf(n)
	if !ok {
		return fail()
	}
	return d.partOfMonth(start, ord, count, unit, last)
}

// partOfMonth is the part of the month starting at start that ord,
// count and unit name ("first", 2, "weekends"), its last token at last.
// The first (last) n weekends run from the first Saturday to the nth
// Sunday (from the nth Saturday from the end to the last Sunday).
func (d *dateReader) partOfMonth(start time.Time, ord, count int, unit string, last int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	days := daysIn(start.Year(), start.Month())
	first, end := 0, 0 // days of the month, inclusive
	span := func(size int) {
		switch {
		case ord == -1:
			first, end = days-size+1, days
		case count == 1:
			first, end = (ord-1)*size+1, ord*size
		default:
			first, end = 1, size
		}
	}
	switch unit {
	case "week", "weeks":
		span(7 * count)
	case "fortnight":
		span(14)
	case "day", "days":
		span(count)
	case "half":
		if count != 1 || ord > 2 {
			return fail()
		}
		first, end = 1, 15
		if ord != 1 {
			first, end = 16, days
		}
	case "weekend", "weekends":
		if count > 1 && ord != 1 && ord != -1 || count > 5 {
			return fail()
		}
		sat := start.AddDate(0, 0, (int(time.Saturday)-int(start.Weekday())+7)%7)
		if ord == -1 {
			lastDay := start.AddDate(0, 0, days-1)
			sat = lastDay.AddDate(0, 0, -((int(lastDay.Weekday()) - int(time.Saturday) + 7) % 7))
			sat = sat.AddDate(0, 0, -7*(count-1))
		} else {
			sat = sat.AddDate(0, 0, 7*(ord-1))
		}
		if count > 1 {
			return sat, sat.AddDate(0, 0, 7*(count-1)+2), "range", last, true
		}
		return sat, sat.AddDate(0, 0, 2), "weekend", last, true
	default:
		return fail()
	}
	if first < 1 || end > days || end < first {
		return fail()
	}
	return start.AddDate(0, 0, first-1), start.AddDate(0, 0, end), "range", last, true
}

// yearOf reads the year a part is of at k: "2027", "the year", "this
// year", "next year", "last year".
func (d *dateReader) yearOf(k int) (int, int, bool) {
	if y, next, ok := d.yearAt(k); ok && d.word(k) != "," {
		return y, next, true
	}
	if d.word(k+1) != "year" {
		return 0, 0, false
	}
	switch d.word(k) {
	case "the", "this":
		return d.now.Year(), k + 2, true
	case "next", "coming":
		return d.now.Year() + 1, k + 2, true
	case "last", "past", "previous":
		return d.now.Year() - 1, k + 2, true
	}
	return 0, 0, false
}

// quarterAt reads a quarter with no year, "Q3", "the third quarter", as
// the tense picks it; "Q3 2026" is dates.go's.
func (d *dateReader) quarterAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	q, last := 0, k
	if w := d.word(k); len(w) == 2 && w[0] == 'q' && w[1] >= '1' && w[1] <= '4' {
		q = int(w[1] - '0')
	} else {
		n := k
		if d.word(n) == "the" {
			n++
		}
		o := partOrdinals[d.word(n)]
		if o < 1 || d.word(n+1) != "quarter" {
			return fail()
		}
		q, last = o, n+1
	}
	n := last + 1
	of := d.word(n) == "of"
	if of {
		n++
	}
	if y, next, ok := d.yearAt(n); ok {
		if d.toks[k].low[0] == 'q' && !of {
			return fail() // "Q3 2026": dates.go reads it
		}
		from := d.day(y, time.Month(3*q-2), 1)
		return from, from.AddDate(0, 3, 0), "quarter", next - 1, true
	}
	from := d.pick(time.Month(3*q-2), 3)
	return from, from.AddDate(0, 3, 0), "quarter", last, true
}

// seasonPart reads the early, mid or late part of a season as its first,
// middle or last month: "late summer" is August, "early spring 2027"
// March 2027.
func (d *dateReader) seasonPart(k int) (time.Time, time.Time, string, int, bool) {
	off := map[string]int{"early": 0, "mid": 1, "late": 2}
	w, season, n := d.word(k), d.word(k+1), k+1
	if a, b, ok := strings.Cut(w, "-"); ok { // "mid-summer", one word
		w, season, n = a, b, k
	} else if season == "-" {
		season, n = d.word(k+2), k+2
	}
	o, ok := off[w]
	mo, ok2 := d.season(season)
	if !ok || !ok2 {
		return time.Time{}, time.Time{}, "", 0, false
	}
	start, last := d.pick(mo, 3), n
	if y, next, ok := d.yearAt(n + 1); ok && d.word(n+1) != "," {
		start, last = d.day(y, mo, 1), next-1
	}
	from := start.AddDate(0, o, 0)
	return from, from.AddDate(0, 1, 0), "month", last, true
}

// stayAt reads a stay counted ahead with its length: "in 3 weeks, for
// one week", "in two days for a weekend", "in a month for 10 days".
func (d *dateReader) stayAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if d.word(k) != "in" {
		return fail()
	}
	n := k + 1
	count := 1
	if w := d.word(n); w == "a" || w == "an" || w == "one" {
		n++
	} else if q, c := numberAt(d.toks, n); c > 0 && q.Kind == Count && q.Value >= 1 {
		count, n = int(q.Value), n+c
	} else {
		return fail()
	}
	u, next := d.periodAt(n)
	if u != "day" && u != "week" && u != "month" {
		return fail()
	}
	from := d.add(d.now, u, count)
	n = next
	if d.word(n) == "," {
		n++
	}
	if d.word(n) != "for" {
		return fail()
	}
	n++
	length := 1
	if w := d.word(n); w == "a" || w == "an" || w == "one" {
		n++
	} else if q, c := numberAt(d.toks, n); c > 0 && q.Kind == Count && q.Value >= 1 {
		length, n = int(q.Value), n+c
	} else {
		return fail()
	}
	var to time.Time
	switch w := d.word(n); {
	case w == "weekend" || w == "weekends":
		to = from.AddDate(0, 0, 2*length)
	case w == "fortnight":
		to = from.AddDate(0, 0, 14*length)
	case timeUnit(w) == "day" || timeUnit(w) == "week" || timeUnit(w) == "month":
		to = d.add(from, timeUnit(w), length)
	default:
		return fail()
	}
	return from, to, "range", n, true
}
