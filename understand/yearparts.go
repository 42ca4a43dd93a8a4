package understand

import (
	"strconv"
	"time"
)

// Decades and thirds of a year, read by spanAt: "the 2010s", "the
// 1990's", "the '90s", "the 90s", "the nineties", "the noughties" are
// the ten years from the decade's first ([2010-01-01, 2020-01-01)); a
// decade written in two digits or a word is the latest one begun by now
// (the next one in the Future tense): "the 20s" in 2026 is the 2020s,
// "the 90s" the 1990s. "early 2018", "mid-2018", "the middle of 2018",
// "late in 2018" are the first, middle or last third of the year:
// January–April, May–August, September–December.

// decadeWords name a decade by its tens.
var decadeWords = map[string]int{"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60,
	"seventies": 70, "eighties": 80, "nineties": 90, "noughties": 0, "naughties": 0, "aughts": 0}

// isApostrophe says whether toks[k] is an apostrophe.
func (d *dateReader) isApostrophe(k int) bool {
	w := d.word(k)
	return k < len(d.toks) && d.toks[k].kind == tokPunct && (w == "'" || w == "’" || w == "‘")
}

// plural says whether an "s" (or "'s") is written at once after toks[k]:
// the end of the "s", or -1.
func (d *dateReader) plural(k int) int {
	n := k + 1
	if n < len(d.toks) && !d.toks[n].space && d.isApostrophe(n) {
		n++
	}
	if n < len(d.toks) && !d.toks[n].space && d.toks[n].low == "s" {
		return n
	}
	return -1
}

// decadeAt reads a decade at k: "2010s", "1990's", "'90s", "the 90s",
// "the nineties".
func (d *dateReader) decadeAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if d.word(k) == "the" {
		k++ // "since the 2000s": the frame's edge word leads "the"
	}
	if k >= len(d.toks) {
		return fail()
	}
	decade := func(y, last int) (time.Time, time.Time, string, int, bool) {
		from := d.day(y, 1, 1)
		return from, from.AddDate(10, 0, 0), "range", last, true
	}
	// a decade in two digits or a word: the latest begun by now
	century := func(tens int) int {
		y := 2000 + tens
		if d.tense != Future && y > d.now.Year() {
			y -= 100
		}
		return y
	}
	t := d.toks[k]
	if t.kind == tokNum {
		n, err := strconv.Atoi(t.raw)
		last := d.plural(k)
		if err != nil || last < 0 || n%10 != 0 {
			return fail()
		}
		switch {
		case len(t.raw) == 4 && n >= earliestYear && n <= latestYear:
			return decade(n, last)
		case len(t.raw) == 2 && (d.word(k-1) == "the" || d.isApostrophe(k-1) && d.word(k-2) == "the"):
			return decade(century(n), last)
		}
		return fail()
	}
	if d.isApostrophe(k) && k+1 < len(d.toks) && !d.toks[k+1].space && d.toks[k+1].kind == tokNum && len(d.toks[k+1].raw) == 2 {
		n, err := strconv.Atoi(d.toks[k+1].raw)
		if last := d.plural(k + 1); err == nil && last > 0 && n%10 == 0 {
			return decade(century(n), last)
		}
		return fail()
	}
	if tens, ok := decadeWords[t.low]; ok && d.word(k-1) == "the" {
		return decade(century(tens), k)
	}
	return fail()
}

// yearThirds are the first months of a year's early, middle and late
// thirds.
var yearThirds = map[string]time.Month{"early": 1, "mid": 5, "middle": 5, "late": 9}

// yearPartAt reads a third of a year at k: "early 2018", "mid-2018",
// "mid 2018", "(the) middle of 2018", "early in 2018", "late in 2018";
// not a decade ("early 2010s").
func (d *dateReader) yearPartAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	if d.word(k) == "the" && d.word(k+1) == "middle" && d.word(k+2) == "of" {
		k++
	}
	w := d.word(k)
	mo, ok := yearThirds[w]
	if !ok {
		return fail()
	}
	n := k + 1
	switch {
	case w == "middle":
		if d.word(n) != "of" {
			return fail()
		}
		n++
	case d.word(n) == "-" && !d.toks[n].space:
		n++
	case d.word(n) == "in" && w != "mid":
		n++
	}
	if d.word(n) == "," {
		return fail()
	}
	y, next, ok := d.yearAt(n)
	if !ok || d.plural(next-1) >= 0 {
		return fail()
	}
	from := d.day(y, mo, 1)
	return from, from.AddDate(0, 4, 0), "range", next - 1, true
}
