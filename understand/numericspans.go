package understand

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// SlashOrder says which number of a date written with slashes is the
// day. The zero value guesses: the day first when a number can only be
// a day ("25/3") or two dates share the second ("3/8 - 9/8"), else the
// month first.
type SlashOrder uint8

// Slash orders.
const (
	SlashGuess      SlashOrder = iota
	SlashDayFirst              // 3/10 is 3 October, as most of the world writes
	SlashMonthFirst            // 3/10 is 10 March, as the United States writes
)

// monthFirstCountries write a date's month before its day: 3/10 is 10
// March.
var monthFirstCountries = map[string]bool{"US": true, "PR": true, "GU": true, "AS": true, "VI": true, "MP": true,
	"UM": true, "PH": true, "FM": true, "MH": true, "PW": true, "JP": true, "CN": true, "KR": true, "TW": true}

// SlashOrderOf is how people of a country (ISO 3166 alpha-2 code) write
// a slashed date: the month first in the United States, the Philippines
// and East Asia, the day first elsewhere; SlashGuess for no country and
// for Canada, which writes both.
func SlashOrderOf(countryCode string) SlashOrder {
	switch c := strings.ToUpper(countryCode); {
	case c == "" || c == "CA":
		return SlashGuess
	case monthFirstCountries[c]:
		return SlashMonthFirst
	}
	return SlashDayFirst
}

// numDate is one date written in digits, as numericRange reads it.
type numDate struct {
	form    numForm
	y, a, b int // the year (0: none written) and the two other numbers as written
	end     int // bytes read
	// loose: a dotted day with no dot after its month ("26.9"), which
	// may as well be a decimal; read only as a range after "from".
	loose bool
}

type numForm int

const (
	formYMD    numForm = iota + 1 // 2026/5/14, 2026.5.14, 2026-05-14
	formDotted                    // 1.12. or 23.12.2026: day first
	formSlash                     // 3/25, 25/3, 9/8/2026: either order
	formBare                      // 3 or 3.: a day alone
)

var (
	numYMDRe    = regexp.MustCompile(`^(\d{4})([/.\-])(\d{1,2})([/.\-])(\d{1,2})`)
	numDottedRe = regexp.MustCompile(`^(\d{1,2})\.(\d{1,2})\.(\d{4})?`)
	numLooseRe  = regexp.MustCompile(`^(\d{1,2})\.(\d{1,2})`)
	numSlashRe  = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?`)
	numBareRe   = regexp.MustCompile(`^(\d{1,2})\.?`)
	numSepRe    = regexp.MustCompile(`(?i)^\s*(?:-|–|—|~|〜|～|to\b|until\b|till\b|til\b|through\b|thru\b|bis\b)\s*`)
)

// numDateAt reads one numeric date at the start of s, the longest form
// first; a digit or letter right after it is no date.
func numDateAt(s string) (numDate, bool) {
	num := func(m []string, g int) int { n, _ := strconv.Atoi(m[g]); return n }
	done := func(nd numDate) (numDate, bool) {
		if nd.end < len(s) {
			c := s[nd.end]
			if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' {
				return numDate{}, false
			}
		}
		return nd, true
	}
	if m := numYMDRe.FindStringSubmatch(s); m != nil && m[2] == m[4] {
		return done(numDate{form: formYMD, y: num(m, 1), a: num(m, 3), b: num(m, 5), end: len(m[0])})
	}
	if m := numDottedRe.FindStringSubmatch(s); m != nil {
		nd := numDate{form: formDotted, a: num(m, 1), b: num(m, 2), end: len(m[0])}
		if m[3] != "" {
			nd.y = num(m, 3)
		}
		if nd, ok := done(nd); ok {
			return nd, true
		}
	}
	if m := numLooseRe.FindStringSubmatch(s); m != nil {
		if nd, ok := done(numDate{form: formDotted, a: num(m, 1), b: num(m, 2), end: len(m[0]), loose: true}); ok {
			return nd, true
		}
	}
	if m := numSlashRe.FindStringSubmatch(s); m != nil {
		nd := numDate{form: formSlash, a: num(m, 1), b: num(m, 2), end: len(m[0])}
		if m[3] != "" {
			if nd.y = num(m, 3); nd.y < 100 {
				nd.y += 2000
			}
		}
		return done(nd)
	}
	if m := numBareRe.FindStringSubmatch(s); m != nil {
		return done(numDate{form: formBare, a: num(m, 1), end: len(m[0])})
	}
	return numDate{}, false
}

// numericRange reads a range of days written in digits that slashPair
// and dates.go do not: year first ("2026/5/14 ~ 2026/5/17", "2026/3/25
// - 4/10", "2026.5.14-17"), day first with dots and the year written
// once or not at all ("1.12. until 23.12.2026", "24.-26.12.", after
// "from" even with no dot after the months: "from 26.9 until 3.10"), a range
// of days before a slashed month ("3-9/8", "12-15/6/2026") and two
// slashed days without a year ("25/3 - 10/4"); and one year-first date
// ("2026/5/14") or a dotted day after a time word ("on 24.12.").
func (d *dateReader) numericRange(text string, k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if k >= len(d.toks) || d.toks[k].kind != tokNum {
		return fail()
	}
	t := d.toks[k]
	if t.start > 0 && strings.ContainsRune("0123456789/.-", rune(text[t.start-1])) {
		return fail() // inside a longer number or date
	}
	s := text[t.start:]
	a, ok := numDateAt(s)
	if !ok {
		return fail()
	}
	end := a.end
	var b numDate
	if sep := numSepRe.FindString(s[end:]); sep != "" {
		if nb, ok := numDateAt(s[end+len(sep):]); ok {
			b, end = nb, end+len(sep)+nb.end
		}
	}
	var from, to time.Time
	switch {
	case b.form == 0:
		// One date: year first, or dotted after a time word.
		switch {
		case a.form == formYMD && a.y >= earliestYear && a.y <= latestYear && a.a >= 1 && a.a <= 12 && validDay(a.y, time.Month(a.a), a.b):
			from = d.day(a.y, time.Month(a.a), a.b)
			to = from.AddDate(0, 0, 1)
		case a.form == formDotted && !a.loose && a.y == 0 && timePreps[d.word(k-1)] && a.b >= 1 && a.b <= 12:
			f, e, ok := d.daysFrame(time.Month(a.b), a.a, time.Month(a.b), a.a, 0)
			if !ok {
				return fail()
			}
			from, to = f, e
		default:
			return fail()
		}
		return from, to, "day", d.tokenEnding(k, t.start+end), true
	case a.form == formYMD:
		y2, m2, d2 := a.y, a.a, b.a
		switch b.form {
		case formYMD:
			y2, m2, d2 = b.y, b.a, b.b
		case formSlash: // 4/10 after 2026/3/25: the month first, as the first date
			m2, d2 = b.a, b.b
			if b.y > 0 {
				y2 = b.y
			}
		case formBare:
		default:
			return fail()
		}
		if a.a < 1 || a.a > 12 || m2 < 1 || m2 > 12 || !validDay(a.y, time.Month(a.a), a.b) || !validDay(y2, time.Month(m2), d2) {
			return fail()
		}
		from, to = d.day(a.y, time.Month(a.a), a.b), d.day(y2, time.Month(m2), d2).AddDate(0, 0, 1)
		if !to.After(from) && b.form == formSlash && b.y == 0 {
			to = to.AddDate(1, 0, 0)
		}
	default:
		var d1, m1, d2, m2, y int
		switch {
		case a.form == formDotted && b.form == formDotted:
			// "from 26.9 until 3.10": with a dot missing after a month,
			// a range of days only after "from", and of at most two months.
			if (a.loose || b.loose) && (d.word(k-1) != "from" || a.y > 0 || b.y > 0 || (b.b-a.b+12)%12 > 2 ||
				d.toks[d.tokenEnding(k, t.start+end)].end != t.start+end) { // "12.5 degrees" is one token
				return fail()
			}
			d1, m1, d2, m2 = a.a, a.b, b.a, b.b
			y = b.y
			if y == 0 && a.y > 0 {
				if y = a.y; m2 < m1 {
					y++
				}
			}
		case a.form == formBare && b.form == formDotted, a.form == formBare && b.form == formSlash:
			// "24.-26.12.", "3-9/8": the days of one month, day first.
			d1, m1, d2, m2, y = a.a, b.b, b.a, b.b, b.y
			if d1 >= d2 {
				return fail()
			}
		case a.form == formSlash && b.form == formSlash && (a.y == 0 || b.y == 0):
			// Day first when a day cannot be a month, or when both share
			// the second number ("3/8 - 9/8"); else month first, as dates.go
			// reads one slashed date.
			dayFirst, monthFirst := a.a > 12 || b.a > 12, a.b > 12 || b.b > 12
			if dayFirst && monthFirst {
				return fail()
			}
			if !dayFirst && !monthFirst {
				switch d.slashes {
				case SlashDayFirst:
					dayFirst = true
				case SlashMonthFirst:
				default:
					dayFirst = a.b == b.b && a.a != b.a
				}
			}
			d1, m1, d2, m2 = a.b, a.a, b.b, b.a
			if dayFirst {
				d1, m1, d2, m2 = a.a, a.b, b.a, b.b
			}
			y = max(a.y, b.y)
		default:
			return fail()
		}
		// "1-3/4 inch" is a measure: a slashed range ends a phrase, or a
		// preposition follows it ("3-9/8 in Cowes").
		if n := d.tokenEnding(k, t.start+end) + 1; n < len(d.toks) && (units[d.word(n)] != "" ||
			b.form == formSlash && d.toks[n].kind != tokPunct && !nounStops[d.word(n)] && !timePreps[d.word(n)]) {
			return fail()
		}
		if m1 < 1 || m1 > 12 || m2 < 1 || m2 > 12 {
			return fail()
		}
		f, e, ok := d.daysFrame(time.Month(m1), d1, time.Month(m2), d2, y)
		if !ok {
			return fail()
		}
		from, to = f, e
	}
	if !to.After(from) {
		return fail()
	}
	return from, to, "range", d.tokenEnding(k, t.start+end), true
}

// afterNext reads "the week after next", "the weekend after next", "the
// month after next", "the year after next": the one after the coming
// one (weeks Monday to Sunday).
func (d *dateReader) afterNext(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if d.word(k) == "the" {
		k++
	}
	w := d.word(k)
	if d.word(k+1) != "after" || d.word(k+2) != "next" {
		return fail()
	}
	var from, to time.Time
	switch {
	case w == "weekend":
		ahead := (int(time.Saturday) - int(d.now.Weekday()) + 7) % 7
		if d.now.Weekday() == time.Sunday {
			ahead = -1
		}
		from = d.now.AddDate(0, 0, ahead+7)
		to = from.AddDate(0, 0, 2)
	case units[w] == "week":
		from = d.now.AddDate(0, 0, -((int(d.now.Weekday())+6)%7)+14)
		to = from.AddDate(0, 0, 7)
	case units[w] == "month":
		from = d.day(d.now.Year(), d.now.Month(), 1).AddDate(0, 2, 0)
		to = from.AddDate(0, 1, 0)
	case units[w] == "year":
		from = d.day(d.now.Year()+2, 1, 1)
		to = from.AddDate(1, 0, 0)
	default:
		return fail()
	}
	unit := units[w]
	if w == "weekend" {
		unit = "weekend"
	}
	return from, to, unit, k + 2, true
}

// ordinalDaysBack reads a range of days written as ordinals with no
// month ("from the 3rd to the 9th", "the 12th-15th", "between the
// tenth and the fourteenth") in the month named last before it, up to
// two sentences back: "Heading to Kyoto in March, from the 3rd to the
// 9th", "mid-June, say the 12th to the 18th". The month's own frame gives way to it (refinedMonths).
func (d *dateReader) ordinalDaysBack(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	ordinal := func(k int) (int, int, bool) {
		dd, next, words, ok := d.dayAt(k)
		if !ok || !words && !(next-1 > k && d.toks[next-1].kind == tokWord) {
			return 0, 0, false // a bare number is no day
		}
		return dd, next, true
	}
	d1, n, ok := ordinal(k)
	if !ok {
		return fail()
	}
	sep := d.word(n)
	if !rangeSeps[sep] || sep == "and" && d.word(k-1) != "between" {
		return fail()
	}
	d2, next, ok := ordinal(n + 1)
	if !ok || d2 == d1 {
		return fail()
	}
	if _, _, ok := d.monthAt(next); ok || d.word(next) == "of" {
		return fail() // "the 3rd to the 9th of March" is dayRange's
	}
	if next < len(d.toks) && d.toks[next].kind == tokWord && !nounStops[d.word(next)] && !clauseStarts[d.word(next)] && !timePreps[d.word(next)] {
		return fail() // "from the 3rd to the 5th floor"
	}
	breaks := 0
	for i := k - 1; i >= 0 && k-i <= 30; i-- {
		if t := d.toks[i]; t.kind == tokPunct && (t.raw == "." || t.raw == "!" || t.raw == "?") {
			if breaks++; breaks > 2 {
				break
			}
		}
		mo, ok := monthNames[d.word(i)]
		if !ok || !d.monthWritten(i) {
			if mo, ok = partMonth(d.word(i)); !ok {
				continue
			}
		}
		y, _ := d.yearAfter(i + 1)
		from, to, ok := d.daysFrame(mo, d1, mo, d2, y)
		if !ok || d2 < d1 {
			return fail()
		}
		return from, to, "range", next - 1, true
	}
	from, to, ok := d.nextOrdinalDays(d1, d2)
	if !ok {
		return fail()
	}
	return from, to, "range", next - 1, true
}

// nextOrdinalDays are the days d1 to d2 of a month when no month is
// named before them ("in Edinburgh from the 3rd to the 9th", said on 28
// July, is 3-9 August): the next such days not begun, as "the 3rd"
// alone is the next 3rd, or the latest over in the past tense. A last
// day before the first runs into the month after ("from the 28th to the
// 3rd").
func (d *dateReader) nextOrdinalDays(d1, d2 int) (time.Time, time.Time, bool) {
	month, step := d.day(d.now.Year(), d.now.Month(), 1), 1
	if d.tense == Past {
		step = -1
	}
	for k := 0; k < 14; k++ {
		m := month.AddDate(0, step*k, 0)
		last := m
		if d2 < d1 {
			last = m.AddDate(0, 1, 0)
		}
		if !validDay(m.Year(), m.Month(), d1) || !validDay(last.Year(), last.Month(), d2) {
			continue
		}
		from, to := m.AddDate(0, 0, d1-1), last.AddDate(0, 0, d2)
		if d.tense == Past && !to.After(d.now.AddDate(0, 0, 1)) || d.tense != Past && !from.Before(d.now) {
			return from, to, true
		}
	}
	return time.Time{}, time.Time{}, false
}

// refinedMonths drops a month's frame that a later range of days within
// it, written with no month of its own, refines: "in March, from the
// 3rd to the 9th" is the 3rd to the 9th.
func (d *dateReader) refinedMonths(pts []point) []point {
	var out []point
	for k, p := range pts {
		if p.Unit == "month" && k+1 < len(pts) {
			q := pts[k+1]
			if (q.Unit == "range" || q.Unit == "day") && !q.From.Before(p.From) && !q.To.After(p.To) && !d.namesMonth(q.first, q.last) {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// namesMonth says whether tokens [i, j] hold a month's name.
func (d *dateReader) namesMonth(i, j int) bool {
	for k := i; k <= j; k++ {
		if _, ok := monthNames[d.word(k)]; ok {
			return true
		}
	}
	return false
}
