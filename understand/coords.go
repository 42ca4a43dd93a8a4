package understand

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Coordinate is a position written in the text: "10N 65E", "10°N",
// "12°30'S", "40°N/45°W", "40 degrees north, 45 degrees west", "N40
// W45", "-12.5, 45.3", "lat 38.9 lon -75.5", "lat 40N long 45W", "40
// south 160 west" (a pair of words needs no degrees). A
// latitude or a longitude may be written alone ("north of 10°N").
type Coordinate struct {
	Span
	Lat    float64 `json:"lat"`
	Lng    float64 `json:"lng"`
	HasLat bool    `json:"has_lat"`
	HasLng bool    `json:"has_lng"`
}

// Direction is a compass direction written in the text ("north of
// Dover", "heading south", "northern Delaware", "N of 10°N"). Of is the
// span of what it is relative to (a place or a coordinate written right
// after "of"), zero when nothing is.
type Direction struct {
	Span
	Way string `json:"way"` // north, south, east, west, northeast, ...
	Of  Span   `json:"of"`
}

const hemi = `(\d{1,3}(?:\.\d+)?)\s*(?:°|º|deg(?:rees?)?)?\s*(?:(\d{1,2}(?:\.\d+)?)\s*['′]\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|″|'')\s*)?)?`

// hemiWord is a hemisphere, as a letter or a word ("north" only after
// degrees: see readCoordinates), and an optional "latitude" after it.
const hemiWord = `([NSEW]|north|south|east|west)\b(?:\s+(?:lat(?:itude)?|long?(?:itude)?)\b)?`

var (
	// 10N 65E, 10°N, 65.5° W, 12°30'S, 40°N/45°W, 40 degrees north and
	// 45 degrees west; a space before the letter only after a degree
	// sign or in a pair.
	hemiRe = regexp.MustCompile(`(?i)^` + hemi + hemiWord + `(?:\s*(?:[,/;]|\band\b)?\s*` + hemi + hemiWord + `)?`)
	// N40 W45, S 12.5, E 45.3: the letter first, upper case, as a pair.
	prefixRe = regexp.MustCompile(`^([NS])\s?(\d{1,2}(?:\.\d+)?)\s*°?\s*(?:[,/;]\s*)?([EW])\s?(\d{1,3}(?:\.\d+)?)°?(?:\b|$)`)
	// -12.5, 45.3 and (38.9, -75.5): two decimals, one of them with a
	// point, in range.
	pairRe = regexp.MustCompile(`^(-?\d{1,2}(?:\.\d+)?)°?\s*,\s*(-?\d{1,3}(?:\.\d+)?)°?`)
	// lat 38.9, lon -75.5; latitude: -12.5
	// lat 40N, long 45W: a hemisphere letter may follow the value;
	// "long" only after a latitude (it is a common word).
	labelRe       = regexp.MustCompile(`(?i)^(lat(?:itude)?|long?(?:itude)?|lng)\s*[:=]?\s*(-?\d{1,3}(?:\.\d+)?)(?:\s*°)?(?:\s*([NSEW])\b)?`)
	labelBeforeRe = regexp.MustCompile(`(?i)\b(lat(?:itude)?|long?(?:itude)?|lng)\s*[:=]?\s*$`)
	// what may join "lat 40" to "lon -45"
	labelGapRe = regexp.MustCompile(`(?i)^\s*(?:[,/;]|and)?\s*$`)
	// what before "90s" makes it a decade, not 90°S
	decadeBeforeRe = regexp.MustCompile(`(?i)(?:\bthe\s+['’‘]?|['’‘])$`)
)

// readCoordinates finds the coordinates of text outside mask.
func readCoordinates(text string, mask []Span) []Coordinate {
	var out []Coordinate
	// taken says whether [a, b) overlaps a coordinate found by an
	// earlier pattern or the mask (the format); matches of one pattern
	// never overlap each other.
	var before []Span
	before = append(before, mask...)
	taken := func(a, b int) bool {
		for _, c := range before {
			if a < c.End && b > c.Start {
				return true
			}
		}
		return false
	}
	done := func() {
		before = append(before[:len(mask)], nil...)
		for _, c := range out {
			before = append(before, c.Span)
		}
	}
	out = append(out, readLabelPairs(text, taken)...) // "lat/lon: -11.5/110"
	done()
	for _, m := range anchored(hemiRe, text, numberStarts) {
		if taken(m[0], m[1]) {
			continue
		}
		c := Coordinate{Span: Span{m[0], m[1]}}
		v1, ok1 := dms(text, m[2:8])
		h1 := strings.ToUpper(text[m[8] : m[8]+1])
		// A lone "5 N" or "3 E" is not a coordinate: it needs a degree
		// sign, a letter written at once after the number, or a pair. A
		// word ("40 degrees north") needs degrees: "I-95 north" is a road.
		single := m[10] < 0
		if single && labelBeforeRe.MatchString(text[max(0, m[0]-12):m[0]]) {
			continue // "lat 40N": the label's
		}
		if single && decadeBeforeRe.MatchString(text[max(0, m[0]-5):m[0]]) && text[m[8]:m[9]] == "s" && strings.HasSuffix(text[m[2]:m[8]], "0") {
			continue // "the 90s", "the '80s": a decade (yearparts.go)
		}
		first := text[m[2]:m[8]]
		// a pair of words ("40 south 160 west", "10 north, 65 east") needs
		// no degrees: a bearing is written once ("I-95 north"), and a
		// road's number follows a dash
		wordPair := !single && m[9]-m[8] > 1 && m[17]-m[16] > 1 && !(m[0] > 0 && text[m[0]-1] == '-')
		if single && !degreed(first) && strings.Contains(strings.TrimSpace(text[m[2]:m[9]]), " ") ||
			m[9]-m[8] > 1 && !degreed(first) && !wordPair {
			continue
		}
		if !ok1 || !place(&c, v1, h1) {
			continue
		}
		if !single {
			v2, ok2 := dms(text, m[10:16])
			h2 := strings.ToUpper(text[m[16] : m[16]+1])
			if m[17]-m[16] > 1 && !degreed(text[m[10]:m[16]]) && !wordPair {
				continue
			}
			if !ok2 || !place(&c, v2, h2) || c.HasLat == c.HasLng && !(c.HasLat && c.HasLng) {
				continue
			}
		}
		out = append(out, c)
	}
	done()
	for _, m := range anchored(prefixRe, text, prefixStarts) {
		if taken(m[0], m[1]) {
			continue
		}
		lat, err1 := strconv.ParseFloat(text[m[4]:m[5]], 64)
		lng, err2 := strconv.ParseFloat(text[m[8]:m[9]], 64)
		c := Coordinate{Span: Span{m[0], m[1]}}
		if err1 != nil || err2 != nil || !place(&c, lat, text[m[2]:m[3]]) || !place(&c, lng, text[m[6]:m[7]]) {
			continue
		}
		out = append(out, c)
	}
	done()
	for _, m := range anchored(pairRe, text, numberStarts) {
		a, b := text[m[2]:m[3]], text[m[4]:m[5]]
		if taken(m[2], m[1]) || !strings.ContainsAny(a+b, ".-") || !strings.Contains(a, ".") && !strings.Contains(b, ".") {
			continue
		}
		lat, err1 := strconv.ParseFloat(a, 64)
		lng, err2 := strconv.ParseFloat(b, 64)
		if err1 != nil || err2 != nil || math.Abs(lat) > 90 || math.Abs(lng) > 180 {
			continue
		}
		out = append(out, Coordinate{Span: Span{m[2], m[1]}, Lat: lat, Lng: lng, HasLat: true, HasLng: true})
	}
	done()
	for _, m := range anchored(labelRe, text, labelStarts) {
		if taken(m[0], m[1]) {
			continue
		}
		v, err := strconv.ParseFloat(text[m[4]:m[5]], 64)
		if err != nil {
			continue
		}
		label := strings.ToLower(text[m[2]:m[3]])
		h := ""
		if m[6] >= 0 {
			h = strings.ToUpper(text[m[6]:m[7]])
		}
		if h == "S" || h == "W" {
			v = -math.Abs(v)
		}
		c := Coordinate{Span: Span{m[0], m[1]}}
		if strings.HasPrefix(label, "lat") {
			if math.Abs(v) > 90 || h == "E" || h == "W" {
				continue
			}
			c.Lat, c.HasLat = v, true
		} else {
			if math.Abs(v) > 180 || h == "N" || h == "S" {
				continue
			}
			c.Lng, c.HasLng = v, true
		}
		// "lat 38.9, lon -75.5", "latitude 40 and longitude -45": one
		// coordinate.
		if n := len(out); n > 0 && c.HasLng && out[n-1].HasLat && !out[n-1].HasLng && out[n-1].End <= m[0] && labelGapRe.MatchString(text[out[n-1].End:m[0]]) {
			out[n-1].Lng, out[n-1].HasLng, out[n-1].End = c.Lng, true, c.End
			continue
		}
		if strings.HasPrefix(label, "long") {
			continue // "long 45" alone is no longitude
		}
		out = append(out, c)
	}
	return out
}

// coordWindow bounds the bytes one coordinate may take.
const coordWindow = 64

// anchored runs an anchored pattern at every start position of text
// (a number's first byte, a label's first letter) and returns the
// matches, indexes into text, without overlaps.
func anchored(re *regexp.Regexp, text string, starts func(string, int) bool) [][]int {
	var out [][]int
	for i := 0; i < len(text); i++ {
		if !starts(text, i) {
			continue
		}
		m := re.FindStringSubmatchIndex(text[i:min(len(text), i+coordWindow)])
		if m == nil {
			continue
		}
		for k := range m {
			if m[k] >= 0 {
				m[k] += i
			}
		}
		out = append(out, m)
		i = m[1] - 1
	}
	return out
}

// numberStarts says whether a number starts at i: a digit, or a minus
// before one, after a non-word byte.
func numberStarts(text string, i int) bool {
	c := text[i]
	if i > 0 && isWordByte(text[i-1]) || i > 0 && text[i-1] == '.' {
		return false
	}
	return c >= '0' && c <= '9' || c == '-' && i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9'
}

// prefixStarts says whether an upper-case N or S starts a word at i.
func prefixStarts(text string, i int) bool {
	return (text[i] == 'N' || text[i] == 'S') && (i == 0 || !isWordByte(text[i-1]))
}

// degreed says whether a written value has a degree sign, minutes or
// the word degrees.
func degreed(s string) bool {
	return strings.ContainsAny(s, "°º'′") || strings.Contains(strings.ToLower(s), "deg")
}

// labelStarts says whether "lat" or "lon"/"lng" starts a word at i.
func labelStarts(text string, i int) bool {
	if i > 0 && isWordByte(text[i-1]) || i+3 > len(text) {
		return false
	}
	w := strings.ToLower(text[i : i+3])
	return w == "lat" || w == "lon" || w == "lng"
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// dms reads degrees, minutes and seconds from submatch indexes g.
func dms(text string, g []int) (float64, bool) {
	var v float64
	for k, div := range []float64{1, 60, 3600} {
		if g[2*k] < 0 {
			continue
		}
		x, err := strconv.ParseFloat(text[g[2*k]:g[2*k+1]], 64)
		if err != nil || k > 0 && x >= 60 {
			return 0, false
		}
		v += x / div
	}
	return v, true
}

// place sets c's latitude or longitude from a value and its hemisphere.
func place(c *Coordinate, v float64, h string) bool {
	switch h {
	case "N", "S":
		if v > 90 || c.HasLat {
			return false
		}
		if h == "S" {
			v = -v
		}
		c.Lat, c.HasLat = v, true
	case "E", "W":
		if v > 180 || c.HasLng {
			return false
		}
		if h == "W" {
			v = -v
		}
		c.Lng, c.HasLng = v, true
	}
	return true
}

// compass maps direction words to the way they point.
var compass = map[string]string{"north": "north", "south": "south", "east": "east", "west": "west",
	"northeast": "northeast", "northwest": "northwest", "southeast": "southeast", "southwest": "southwest",
	"north-east": "northeast", "north-west": "northwest", "south-east": "southeast", "south-west": "southwest",
	"northern": "north", "southern": "south", "eastern": "east", "western": "west", "northbound": "north",
	"southbound": "south", "eastbound": "east", "westbound": "west", "northward": "north", "southward": "south",
	"eastward": "east", "westward": "west", "northwards": "north", "southwards": "south", "eastwards": "east",
	"westwards": "west", "northeastern": "northeast", "northwestern": "northwest", "southeastern": "southeast",
	"southwestern": "southwest", "ne": "northeast", "nw": "northwest", "se": "southeast", "sw": "southwest"}

// readDirections finds compass words; what follows "of" is what they
// are relative to (a place or coordinate starting there).
func readDirections(toks []token, ms []Mention, cs []Coordinate) []Direction {
	var out []Direction
	for i, t := range toks {
		if t.masked || t.kind != tokWord {
			continue
		}
		way := compass[t.low]
		if way == "" || len(t.low) == 2 && !t.upper {
			continue
		}
		d := Direction{Span: Span{t.start, t.end}, Way: way}
		if i+1 < len(toks) && (toks[i+1].low == "of" || toks[i+1].low == "from") {
			at := toks[i+1].end
			for _, m := range ms {
				if m.Start > at && m.Start-at <= 5 {
					d.Of = m.Span
					break
				}
			}
			for _, c := range cs {
				if d.Of == (Span{}) && c.Start > at && c.Start-at <= 2 {
					d.Of = c.Span
					break
				}
			}
		}
		out = append(out, d)
	}
	return out
}
