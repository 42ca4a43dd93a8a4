package understand

import (
	"strconv"
	"strings"
)

// QuantityKind says what a Quantity is.
type QuantityKind string

// The kinds of quantities Read finds.
const (
	Count    QuantityKind = "count"    // "3 cities", "two routes", "a rest stop"
	Ordinal  QuantityKind = "ordinal"  // "the third stop", "2nd"
	Fraction QuantityKind = "fraction" // "a third of the way", "halfway", "every quarter"
	Measure  QuantityKind = "measure"  // "5 km", "30 minutes", "4.5 stars", "10%"
)

// Quantity is a number in the text, in words or digits.
type Quantity struct {
	Span
	Kind  QuantityKind `json:"kind"`
	Value float64      `json:"value"` // a fraction's value is Num/Den
	// Num and Den are a fraction's parts: "two thirds" is 2 and 3.
	Num int `json:"num,omitempty"`
	Den int `json:"den,omitempty"`
	// Every marks a fraction asked for at each point: "every quarter",
	// "quarter points", "in thirds" (Den-1 points).
	Every bool `json:"every,omitempty"`
	// Unit is a measure's unit: km, mi, m, ft, min, h, s, day, week,
	// month, year, %, star, °C, dbar.
	Unit string `json:"unit,omitempty"`
	// Noun is what a count or ordinal counts, singular, with the words
	// written before it ("rest stop", "intermediate city"); Head is its
	// last word ("stop", "city").
	Noun string `json:"noun,omitempty"`
	Head string `json:"head,omitempty"`
	// Bound is "at least", "at most", "about" or "exactly" when written.
	Bound string `json:"bound,omitempty"`
	// Article marks a count of one read from "a" or "an": weaker than a
	// number written ("a trip with 3 route options" asks for 3).
	Article bool `json:"article,omitempty"`
}

var smallNumbers = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "single": 1, "dozen": 12,
	"couple": 2, "pair": 2, "both": 2, "twin": 2,
	// frequent misspellings
	"thre": 3, "threee": 3, "fourr": 4, "fiv": 5}

var tens = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90}

var ordinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
	"eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1, "final": -1}

// denominators name the parts of a whole: "third" is 3.
var denominators = map[string]int{"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
	"fourth": 4, "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7,
	"eighth": 8, "eighths": 8, "tenth": 10, "tenths": 10}

// halfway words are the midpoint: one half.
var halfway = map[string]bool{"halfway": true, "half-way": true, "midway": true, "midpoint": true, "mid-point": true,
	"mid-way": true, "middle": false, "midpoints": true}

var units = map[string]string{"km": "km", "kms": "km", "kilometer": "km", "kilometers": "km", "kilometre": "km",
	"kilometres": "km", "mi": "mi", "mile": "mi", "miles": "mi", "m": "m", "meter": "m", "meters": "m", "metre": "m",
	"metres": "m", "ft": "ft", "feet": "ft", "foot": "ft", "min": "min", "mins": "min", "minute": "min",
	"minutes": "min", "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "sec": "s", "secs": "s",
	"seconds": "s", "day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month", "months": "month",
	"year": "year", "years": "year", "yr": "year", "yrs": "year", "%": "%", "percent": "%", "per cent": "%",
	"star": "star", "stars": "star", "°c": "°C", "°": "°", "degrees": "°", "degree": "°", "dbar": "dbar",
	"decibar": "dbar", "decibars": "dbar", "mph": "mph", "kmh": "km/h", "kph": "km/h"}

// nounStops end the noun a count counts.
var nounStops = map[string]bool{"of": true, "in": true, "to": true, "from": true, "for": true, "with": true, "and": true,
	"or": true, "per": true, "each": true, "that": true, "which": true, "between": true, "along": true, "on": true,
	"at": true, "near": true, "the": true, "a": true, "an": true, "by": true, "through": true, "via": true, "who": true,
	"where": true, "within": true, "around": true, "than": true, "is": true, "are": true, "should": true, "must": true,
	"we": true, "i": true, "you": true, "it": true, "they": true, "as": true, "so": true, "but": true, "if": true,
	"into": true, "over": true, "under": true, "before": true, "after": true, "every": true, "when": true, "while": true,
	"can": true, "could": true, "would": true, "will": true, "like": true, "about": true, "please": true, "too": true,
	"also": true, "then": true, "there": true, "not": true, "no": true, "away": true, "up": true, "down": true,
	"only": true, "total": true, "altogether": true, "apart": true, "long": true, "ago": true, "later": true,
	"me": true, "us": true, "them": true, "all": true, "these": true, "those": true, "this": true,
	// a pronoun contracted with its verb starts a clause ("Over Easter I'll be ..."), never a noun
	"i'll": true, "i'm": true, "i've": true, "i'd": true, "we'll": true, "we're": true, "we've": true, "we'd": true,
	"you'll": true, "you're": true, "they'll": true, "they're": true, "he'll": true, "she'll": true, "it's": true}

// verbsInIng after a noun end it ("towns avoiding Dover"); other -ing
// words may be part of it ("driving routes", "parking spots").
var verbsInIng = map[string]bool{"avoiding": true, "including": true, "passing": true, "visiting": true, "stopping": true,
	"heading": true, "going": true, "leaving": true, "starting": true, "ending": true, "skipping": true, "bypassing": true,
	"excluding": true, "arriving": true, "departing": true, "coming": true, "traveling": true, "travelling": true,
	"following": true, "connecting": true, "linking": true, "making": true, "taking": true, "using": true, "being": true,
	"having": true, "spread": true, "spaced": true, "located": true, "situated": true, "placed": true, "positioned": true}

// vagueAfterA makes "a" no count: "a few", "a lot", "a bit".
var vagueAfterA = map[string]bool{"few": true, "lot": true, "bit": true, "number": true, "handful": true,
	"total": true, "bunch": true, "little": true, "way": true, "lot.": true, "while": true, "maximum": true,
	"minimum": true, "max": true, "min": true}

// readNumbers finds the quantities of toks, skipping tokens taken.
func readNumbers(toks []token, taken []bool) []Quantity {
	var out []Quantity
	for i := 0; i < len(toks); i++ {
		if taken[i] || toks[i].masked {
			continue
		}
		if q, n := fractionAt(toks, i); n > 0 {
			q.Span = Span{toks[i].start, toks[i+n-1].end}
			out = append(out, q)
			markTaken(taken, i, i+n)
			i += n - 1
			continue
		}
		if q, n := numberAt(toks, i); n > 0 {
			q.Bound = boundBefore(toks, i)
			end := i + n + restatedAt(toks, i+n, q.Value)
			if end < len(toks) && !toks[end].masked {
				if u, k := unitAt(toks, end); k > 0 {
					q.Kind, q.Unit = Measure, u
					end += k
				}
			}
			if q.Kind == Count || q.Kind == Ordinal {
				noun, head, k := nounAt(toks, end, taken)
				q.Noun, q.Head = noun, head
				if k == 0 && q.Kind == Count {
					// "routes: 2", "number of cities = 3"
					q.Noun, q.Head = nounBefore(toks, i)
				}
				if q.Head == "" && (toks[i].low == "a" || toks[i].low == "an") {
					markTaken(taken, i, end)
					i = end - 1
					continue // "a" counts only something
				}
				end += k
			}
			q.Span = Span{toks[i].start, toks[end-1].end}
			out = append(out, q)
			markTaken(taken, i, end)
			i = end - 1
		}
	}
	return out
}

// restatedAt is the tokens at i that write the number just read again
// in brackets, as contracts and careful writers do ("forty (40) miles",
// "12 (twelve) people"): 0 when there are none. The unit or noun after
// them is the number's.
func restatedAt(toks []token, i int, v float64) int {
	if i >= len(toks) || !toks[i].isPunct("(") {
		return 0
	}
	q, n := numberAt(toks, i+1)
	if n == 0 || q.Value != v || i+1+n >= len(toks) || !toks[i+1+n].isPunct(")") {
		return 0
	}
	return n + 2
}

func markTaken(taken []bool, i, j int) {
	for k := i; k < j && k < len(taken); k++ {
		taken[k] = true
	}
}

// digitsOnly drops thousands commas and writes signs as ParseFloat reads them.
var digitsOnly = strings.NewReplacer(",", "", "−", "-", "+", "")

// numberAt reads a number at toks[i]: digits, words ("twenty-one", "a
// dozen"), an ordinal ("third", "3rd"). n is the tokens read, 0 if none.
func numberAt(toks []token, i int) (Quantity, int) {
	if i >= len(toks) {
		return Quantity{}, 0
	}
	t := toks[i]
	if t.kind == tokNum {
		v, err := strconv.ParseFloat(digitsOnly.Replace(t.raw), 64)
		if err != nil {
			return Quantity{}, 0
		}
		// "3rd", "10th": the tokenizer split the suffix off.
		if i+1 < len(toks) && !toks[i+1].space {
			switch toks[i+1].low {
			case "st", "nd", "rd", "th":
				return Quantity{Kind: Ordinal, Value: v}, 2
			}
		}
		return Quantity{Kind: Count, Value: v}, 1
	}
	if t.kind != tokWord {
		return Quantity{}, 0
	}
	w := t.low
	if o, ok := ordinals[w]; ok && o > 0 {
		return Quantity{Kind: Ordinal, Value: float64(o)}, 1
	}
	if w == "a" || w == "an" {
		if i+1 < len(toks) {
			nx := toks[i+1].low
			if o := ordinals[nx]; o > 0 { // "a second route"
				return Quantity{Kind: Ordinal, Value: float64(o)}, 2
			}
			if nx == "dozen" || nx == "couple" || nx == "pair" || nx == "hundred" || nx == "thousand" {
				v := map[string]float64{"dozen": 12, "couple": 2, "pair": 2, "hundred": 100, "thousand": 1000}[nx]
				n := 2
				if i+2 < len(toks) && toks[i+2].low == "of" {
					n = 3
				}
				return Quantity{Kind: Count, Value: v}, n
			}
			if vagueAfterA[nx] {
				return Quantity{}, 0
			}
		}
		return Quantity{Kind: Count, Value: 1, Article: true}, 1
	}
	// A year in two halves: "twenty ten" is 2010, not 30.
	if y, n := yearWordsAt(toks, i); n > 0 {
		return Quantity{Kind: Count, Value: float64(y)}, n
	}
	// Word numbers: "twenty-one", "one hundred and five", "two dozen",
	// "two thousand and five".
	// A digit or teen word ends the number: "five nine" is not 14, nor
	// "two twenty" 22 (spoken digits are read by Numerals).
	total, cur, n := 0, 0, 0
	unit := false // the last word read was a digit or a teen
	for k := i; k < len(toks) && toks[k].kind == tokWord; k++ {
		parts := strings.Split(toks[k].low, "-")
		ok := true
		for _, p := range parts {
			if _, small := smallNumbers[p]; unit && (small && p != "dozen" || tens[p] > 0) {
				ok = false
				break
			}
			unit = false
			switch {
			case p == "dozen" && cur > 0:
				cur *= 12
			case p == "hundred":
				cur = max(cur, 1) * 100
			case p == "thousand":
				total += max(cur, 1) * 1000
				cur = 0
			case tens[p] > 0:
				cur += tens[p]
			default:
				v, isNum := smallNumbers[p]
				if !isNum || (p == "couple" || p == "pair" || p == "dozen" || p == "both" || p == "twin") && k > i {
					ok = false
				} else {
					cur += v
					unit = true
				}
			}
			if !ok {
				break
			}
		}
		if !ok {
			break
		}
		n = k - i + 1
		if k+2 < len(toks) && toks[k+1].low == "and" && (toks[k+2].low != "" && (tens[toks[k+2].low] > 0 || smallNumbers[toks[k+2].low] > 0)) && total+cur >= 100 {
			k++
		}
	}
	if n == 0 {
		return Quantity{}, 0
	}
	if n == 1 && (w == "couple" || w == "pair") {
		k := 1
		if i+1 < len(toks) && toks[i+1].low == "of" {
			k = 2
		}
		return Quantity{Kind: Count, Value: 2}, k
	}
	return Quantity{Kind: Count, Value: float64(total + cur)}, n
}

// fractionAt reads a fraction at toks[i]: "a third (of the way)",
// "two thirds", "halfway", "1/3", "every quarter", "quarter points",
// "in thirds".
func fractionAt(toks []token, i int) (Quantity, int) {
	t := toks[i]
	if halfway[t.low] {
		return Quantity{Kind: Fraction, Value: 0.5, Num: 1, Den: 2}, ofTheWay(toks, i+1) + 1
	}
	// "the middle of the drive", "smack in the middle of that trip"
	if t.low == "middle" {
		if n := ofTheJourney(toks, i+1); n > 0 {
			return Quantity{Kind: Fraction, Value: 0.5, Num: 1, Den: 2}, n + 1
		}
	}
	if t.low == "half" && i+1 < len(toks) && toks[i+1].low == "way" {
		return Quantity{Kind: Fraction, Value: 0.5, Num: 1, Den: 2}, 2 + ofTheWay(toks, i+2)
	}
	if t.low == "mid" && i+1 < len(toks) && (toks[i+1].low == "point" || toks[i+1].low == "way") {
		return Quantity{Kind: Fraction, Value: 0.5, Num: 1, Den: 2}, 2
	}
	// "1/3"
	if t.kind == tokNum && i+2 < len(toks) && toks[i+1].isPunct("/") && toks[i+2].kind == tokNum && !toks[i+1].space && !toks[i+2].space {
		a, err1 := strconv.Atoi(t.raw)
		b, err2 := strconv.Atoi(toks[i+2].raw)
		if err1 == nil && err2 == nil && b > 0 && a < b && b <= 12 {
			return Quantity{Kind: Fraction, Value: float64(a) / float64(b), Num: a, Den: b}, 3 + ofTheWay(toks, i+3)
		}
	}
	// "every quarter", "each third", "at every third of the way"
	if (t.low == "every" || t.low == "each") && i+1 < len(toks) {
		if d := denominators[toks[i+1].low]; d > 2 || d == 2 && toks[i+1].low == "half" {
			return Quantity{Kind: Fraction, Value: 1 / float64(d), Num: 1, Den: d, Every: true}, 2 + ofTheWay(toks, i+2)
		}
	}
	// "quarter points", "third points", "trisection points"
	if d := denominators[t.low]; d > 0 && i+1 < len(toks) && (toks[i+1].low == "points" || toks[i+1].low == "marks") {
		return Quantity{Kind: Fraction, Value: 1 / float64(d), Num: 1, Den: d, Every: true}, 2
	}
	if t.low == "trisection" || t.low == "trisecting" {
		n := 1
		if i+1 < len(toks) && (toks[i+1].low == "points" || toks[i+1].low == "point") {
			n = 2
		}
		return Quantity{Kind: Fraction, Value: 1.0 / 3, Num: 1, Den: 3, Every: true}, n
	}
	// "in thirds", "into quarters"
	if (t.low == "in" || t.low == "into") && i+1 < len(toks) {
		if d := denominators[toks[i+1].low]; d > 0 && strings.HasSuffix(toks[i+1].low, "s") {
			return Quantity{Kind: Fraction, Value: 1 / float64(d), Num: 1, Den: d, Every: true}, 2
		}
	}
	// "a third", "one quarter", "two-thirds", "two thirds of the way"
	num, n := 0, 0
	switch {
	case t.low == "a" || t.low == "an" || t.low == "one":
		num, n = 1, 1
	case smallNumbers[t.low] > 1 && smallNumbers[t.low] < 10:
		num, n = smallNumbers[t.low], 1
	case t.kind == tokNum:
		if v, err := strconv.Atoi(t.raw); err == nil && v > 0 && v < 10 {
			num, n = v, 1
		}
	case strings.Contains(t.low, "-"):
		a, b, _ := strings.Cut(t.low, "-")
		if v := smallNumbers[a]; v > 0 && v < 10 && denominators[b] > 0 && (a != "one" || b != "") {
			d := denominators[b]
			if v < d {
				return Quantity{Kind: Fraction, Value: float64(v) / float64(d), Num: v, Den: d}, 1 + ofTheWay(toks, i+1)
			}
		}
		return Quantity{}, 0
	}
	if n == 0 || i+1 >= len(toks) {
		return Quantity{}, 0
	}
	w := toks[i+1].low
	d := denominators[w]
	if d == 0 || num >= d {
		return Quantity{}, 0
	}
	// "a fourth" and "a second" can be ordinals ("a second route"): only
	// a fraction "of" something or of the way.
	way := ofTheWay(toks, i+2)
	if way == 0 && (i+2 >= len(toks) || toks[i+2].low != "of") {
		if w == "fourth" || w == "fifth" || w == "sixth" || w == "seventh" || w == "eighth" || w == "tenth" || w == "third" && num == 1 && t.low != "a" && t.low != "one" {
			return Quantity{}, 0
		}
		if w == "third" && (t.low == "a" || t.low == "one") && i+2 < len(toks) && toks[i+2].kind == tokWord && !nounStops[toks[i+2].low] {
			return Quantity{}, 0 // "a third route"
		}
	}
	return Quantity{Kind: Fraction, Value: float64(num) / float64(d), Num: num, Den: d}, n + 1 + way
}

// ofTheWay is the number of tokens of "of the way", "the way", "of
// the route", "along", "of the drive" at i (0 if none).
func ofTheWay(toks []token, i int) int {
	n := 0
	if i < len(toks) && toks[i].low == "of" {
		n = 1
	}
	if i+n+1 < len(toks) && toks[i+n].low == "the" {
		switch toks[i+n+1].low {
		case "way", "route", "drive", "trip", "journey", "distance", "road":
			return n + 2
		}
	}
	if n == 0 && i < len(toks) && toks[i].low == "along" {
		return 1
	}
	return 0
}

// ofTheJourney reads "of the drive", "of that trip", "of my commute":
// the journey a middle is of; 0 when the words after i are not one
// ("the middle of the Atlantic").
func ofTheJourney(toks []token, i int) int {
	if i+2 >= len(toks) || toks[i].low != "of" {
		return 0
	}
	switch toks[i+1].low {
	case "the", "that", "this", "my", "our", "her", "his", "their", "your", "each", "every":
	default:
		return 0
	}
	switch toks[i+2].low {
	case "way", "route", "drive", "trip", "journey", "road", "ride", "commute", "leg", "run", "roadtrip":
		return 3
	}
	return 0
}

func unitAt(toks []token, i int) (string, int) {
	t := toks[i]
	if t.isPunct("%", "°") {
		if t.raw == "°" && i+1 < len(toks) && (toks[i+1].low == "c" || toks[i+1].low == "f") && !toks[i+1].space {
			return "°" + strings.ToUpper(toks[i+1].low), 2
		}
		return units[t.raw], 1
	}
	if t.kind != tokWord {
		return "", 0
	}
	if u, ok := units[t.low]; ok {
		// "s" alone is a unit only right after the number ("30s").
		if t.low == "s" && t.space {
			return "", 0
		}
		return u, 1
	}
	return "", 0
}

// nounAt reads the noun a count counts, from toks[i]: up to four words
// before a stop word, punctuation, a number or a word already read (a
// place, a date).
func nounAt(toks []token, i int, taken []bool) (noun, head string, n int) {
	var words []string
	skipped := 0
	for k := i; k < len(toks) && k < i+4; k++ {
		t := toks[k]
		if t.kind != tokWord || t.masked || taken[k] || nounStops[t.low] || smallNumbers[t.low] > 0 && k > i || halfway[t.low] || t.low == "half" {
			break
		}
		// "towns avoiding", "stops evenly spaced": a verb or an adverb
		// after the noun ends it; before it ("equally spaced stops") it
		// is skipped.
		if verbsInIng[t.low] || strings.HasSuffix(t.low, "ly") {
			if len(words) > 0 {
				break
			}
			skipped++
			continue
		}
		words = append(words, t.low)
		// "the second one open now": "one" is the whole noun.
		if k == i && (t.low == "one" || t.low == "ones") {
			break
		}
		if t.dot || k+1 < len(toks) && toks[k+1].kind == tokPunct && !toks[k+1].isPunct("-", "'") {
			break
		}
	}
	if len(words) == 0 {
		return "", "", 0
	}
	words[len(words)-1] = singular(words[len(words)-1])
	return strings.Join(words, " "), words[len(words)-1], skipped + len(words)
}

// nounBefore reads "routes: 2", "number of cities = 3", "cities per
// route: 2": the noun just before a colon or equals sign before i.
func nounBefore(toks []token, i int) (noun, head string) {
	if i < 2 || !toks[i-1].isPunct(":", "=") {
		return "", ""
	}
	t := toks[i-2]
	if t.kind != tokWord {
		return "", ""
	}
	w := singular(t.low)
	if i >= 4 && toks[i-3].low == "per" { // "cities per route: 2"
		w = singular(toks[i-4].low)
	}
	return w, w
}

// boundBefore reads "at least", "at most", "about", "exactly", "up to"
// just before a number.
func boundBefore(toks []token, i int) string {
	w := func(k int) string {
		if k < 0 {
			return ""
		}
		return toks[k].low
	}
	switch {
	case w(i-2) == "at" && (w(i-1) == "least" || w(i-1) == "most"):
		return "at " + w(i-1)
	case w(i-2) == "no" && w(i-1) == "more" || w(i-1) == "max" || w(i-1) == "maximum" || w(i-2) == "up" && w(i-1) == "to":
		return "at most"
	case w(i-1) == "min" || w(i-1) == "minimum" || w(i-2) == "no" && w(i-1) == "fewer" || w(i-2) == "no" && w(i-1) == "less":
		return "at least"
	case w(i-1) == "about" || w(i-1) == "around" || w(i-1) == "approximately" || w(i-1) == "roughly" || w(i-1) == "~":
		return "about"
	case w(i-1) == "exactly" || w(i-1) == "precisely" || w(i-2) == "no" && w(i-1) == "more":
		return "exactly"
	}
	return ""
}

// singular is the singular of an English noun, by rule.
func singular(w string) string {
	switch {
	case len(w) < 4 || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}
