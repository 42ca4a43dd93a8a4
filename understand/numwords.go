package understand

import (
	"strconv"
	"strings"
)

// Numerals returns text with the numbers it spells in words written as
// digits, for callers that match patterns on the text: "two thousand
// metres" becomes "2000 metres", "in twenty ten" "in 2010", "nineteen
// ninety-eight" "1998", "two thousand and five" "2005", "a dozen" "12",
// "one and a half km" "1.5 km", "half a km" "0.5 km", "3 thousand"
// "3000". Read finds the same values as Quantities; Read(Numerals(text))
// also reads "in twenty ten" as a year.
//
// Words that are numbers only sometimes stay as written: ordinals
// ("first"), "a" alone, "couple", "pair", "both", "single", "half"
// without "a" and a unit, and "one" alone unless a unit follows ("which
// one", "one of the floats"; "one km" is 1 km).
func Numerals(text string) string {
	toks := tokenize(text, nil)
	var b strings.Builder
	last := 0
	put := func(i, n int, v float64) {
		b.WriteString(text[last:toks[i].start])
		b.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
		last = toks[i+n-1].end
	}
	for i := 0; i < len(toks); i++ {
		if d, n := spokenDigitsAt(toks, i); n > 0 {
			b.WriteString(text[last:toks[i].start])
			b.WriteString(d)
			last = toks[i+n-1].end
			i += n - 1
			continue
		}
		v, n := spelledAt(toks, i)
		if n == 0 {
			continue
		}
		// "one and a half", "2 and a half"
		if j := i + n; j+2 < len(toks) && toks[j].low == "and" && toks[j+1].low == "a" && toks[j+2].low == "half" {
			v, n = v+0.5, n+3
		}
		put(i, n, v)
		i += n - 1
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// spokenDigitsAt reads a number spoken digit by digit at toks[i], as
// an identifier or code is read aloud: "five nine oh six oh seven two"
// is 5906072, "three nine double oh one" 39001. A run of three or more
// digit words (zero to nine, "oh" or "o" after the first, "double" or
// "triple" before one) is read so; two ("two three floats") are not.
// It returns the digits and the tokens read, 0 when none.
func spokenDigitsAt(toks []token, i int) (string, int) {
	var digits strings.Builder
	words, j := 0, i
	for j < len(toks) && toks[j].kind == tokWord {
		w, times := toks[j].low, 1
		k := j
		if (w == "double" || w == "triple") && j+1 < len(toks) && toks[j+1].kind == tokWord {
			times, k = map[string]int{"double": 2, "triple": 3}[w], j+1
			w = toks[k].low
		}
		d, ok := digitWords[w]
		if !ok && (w == "oh" || w == "o") && words > 0 {
			d, ok = 0, true
		}
		if !ok {
			break
		}
		for range times {
			digits.WriteByte(byte('0' + d))
		}
		words += times
		j = k + 1
	}
	if words < 3 {
		return "", 0
	}
	return digits.String(), j - i
}

// digitWords are the words of the ten digits.
var digitWords = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

// spelledAt reads a number spelled at toks[i] that Numerals writes as
// digits: its value and the tokens read, 0 when none.
func spelledAt(toks []token, i int) (float64, int) {
	t := toks[i]
	unitNext := func(j int) bool {
		if j >= len(toks) {
			return false
		}
		_, k := unitAt(toks, j)
		return k > 0 || toks[j].low == "and" && j+2 < len(toks) && toks[j+1].low == "a" && toks[j+2].low == "half"
	}
	switch {
	case t.kind == tokNum:
		// "3 thousand", "1.5 thousand metres"
		if i+1 < len(toks) && (toks[i+1].low == "thousand" || toks[i+1].low == "hundred") {
			v, err := strconv.ParseFloat(digitsOnly.Replace(t.raw), 64)
			if err == nil {
				return v * map[string]float64{"thousand": 1000, "hundred": 100}[toks[i+1].low], 2
			}
		}
		if unitNext(i + 1) {
			v, err := strconv.ParseFloat(digitsOnly.Replace(t.raw), 64)
			if err == nil && toks[i+1].low == "and" {
				return v, 1 // "2 and a half km"
			}
		}
		return 0, 0
	case t.kind != tokWord:
		return 0, 0
	}
	if t.low == "half" && i+2 < len(toks) && (toks[i+1].low == "a" || toks[i+1].low == "an") {
		if _, k := unitAt(toks, i+2); k > 0 {
			return 0.5, 2 // "half a kilometre"
		}
	}
	if y, n := yearWordsAt(toks, i); n > 0 {
		return float64(y), n
	}
	w := t.low
	if w == "a" || w == "an" {
		if i+1 < len(toks) {
			switch toks[i+1].low {
			case "dozen", "hundred", "thousand":
				q, n := numberAt(toks, i)
				if n > 2 && toks[i+2].low == "of" {
					n = 2 // "a dozen of them": keep "of"
				}
				return q.Value, n
			}
		}
		return 0, 0
	}
	if _, ok := spelled[strings.Split(w, "-")[0]]; !ok {
		return 0, 0
	}
	q, n := numberAt(toks, i)
	if n == 0 || q.Kind != Count {
		return 0, 0
	}
	if n == 1 && w == "one" && !unitNext(i+1) {
		return 0, 0
	}
	return q.Value, n
}

// spelled are the words a spelled number starts with.
var spelled = func() map[string]bool {
	m := map[string]bool{"hundred": true, "thousand": true}
	for w := range smallNumbers {
		switch w {
		case "single", "dozen", "couple", "pair", "both", "twin", "thre", "threee", "fourr", "fiv":
		default:
			m[w] = true
		}
	}
	for w := range tens {
		m[w] = true
	}
	return m
}()

// yearWordsAt reads a year spoken in two halves at toks[i]: "twenty
// ten" (2010), "nineteen ninety-eight", "twenty twenty one", "twenty oh
// five" (2005). The first half is nineteen or twenty, the second 10 to
// 99 or "oh" and a digit; "twenty one" is 21, not a year.
func yearWordsAt(toks []token, i int) (int, int) {
	if i+1 >= len(toks) || toks[i].kind != tokWord {
		return 0, 0
	}
	century := map[string]int{"nineteen": 1900, "twenty": 2000}[toks[i].low]
	if century == 0 {
		return 0, 0
	}
	j := i + 1
	w := toks[j].low
	if w == "oh" || w == "o" {
		if j+1 < len(toks) {
			if d := smallNumbers[toks[j+1].low]; d >= 1 && d <= 9 && isDigitWord(toks[j+1].low) {
				return century + d, 3
			}
		}
		return 0, 0
	}
	parts := strings.Split(w, "-")
	v := 0
	switch {
	case len(parts) == 2 && tens[parts[0]] > 0 && smallNumbers[parts[1]] >= 1 && smallNumbers[parts[1]] <= 9 && isDigitWord(parts[1]):
		v = tens[parts[0]] + smallNumbers[parts[1]]
	case len(parts) == 1 && tens[w] > 0:
		v = tens[w]
		// "twenty twenty one"
		if j+1 < len(toks) {
			if d := smallNumbers[toks[j+1].low]; d >= 1 && d <= 9 && isDigitWord(toks[j+1].low) {
				return century + v + d, 3
			}
		}
	case len(parts) == 1 && smallNumbers[w] >= 10 && smallNumbers[w] <= 19 && isDigitWord(w):
		v = smallNumbers[w]
	default:
		return 0, 0
	}
	return century + v, 2
}

// isDigitWord says whether w is a number word proper, not "dozen",
// "couple" or a misspelling.
func isDigitWord(w string) bool {
	switch w {
	case "single", "dozen", "couple", "pair", "both", "twin", "thre", "threee", "fourr", "fiv":
		return false
	}
	_, ok := smallNumbers[w]
	return ok
}
