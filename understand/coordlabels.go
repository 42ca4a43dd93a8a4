package understand

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// pairLabelRe is a point written after a pair of labels, in their
// order: "lat/lon: -11.5/110", "latlon 12.5, -45", "lat,lng = 10 65",
// "(lat, lon) = (-33.9, 18.4)", "lon/lat: 110/-11.5".
var pairLabelRe = regexp.MustCompile(`(?i)^\(?\s*(lat(?:itude)?|lon(?:g(?:itude)?)?|lng)\s*(?:[/,&-]|\band\b)?\s*(lat(?:itude)?|lon(?:g(?:itude)?)?|lng)\b\s*\)?\s*(?:[:=]|\bis\b)?\s*\(?\s*(-?\d{1,3}(?:\.\d+)?)\s*°?\s*(?:[/,;]\s*|\s+)(-?\d{1,3}(?:\.\d+)?)(?:\s*°)?(?:\s*\))?`)

// pairLabelStarts says whether a label, or a parenthesis before one,
// starts at i.
func pairLabelStarts(text string, i int) bool {
	if text[i] == '(' {
		j := i + 1
		for j < len(text) && text[j] == ' ' {
			j++
		}
		return j < len(text) && labelStarts(text, j)
	}
	return labelStarts(text, i)
}

// readLabelPairs reads the points written after a pair of labels.
func readLabelPairs(text string, taken func(a, b int) bool) []Coordinate {
	var out []Coordinate
	for _, m := range anchored(pairLabelRe, text, pairLabelStarts) {
		l1, l2 := strings.ToLower(text[m[2]:m[3]]), strings.ToLower(text[m[4]:m[5]])
		if strings.HasPrefix(l1, "lat") == strings.HasPrefix(l2, "lat") || taken(m[0], m[1]) {
			continue // "lon lon 10 20": no pair
		}
		a, err1 := strconv.ParseFloat(text[m[6]:m[7]], 64)
		b, err2 := strconv.ParseFloat(text[m[8]:m[9]], 64)
		if !strings.HasPrefix(l1, "lat") {
			a, b = b, a
		}
		if err1 != nil || err2 != nil || math.Abs(a) > 90 || math.Abs(b) > 180 {
			continue
		}
		end := m[1]
		if text[m[0]] != '(' && strings.HasSuffix(text[m[0]:end], ")") && !strings.Contains(text[m[0]:end], "(") {
			end-- // an unopened parenthesis is the sentence's
		}
		out = append(out, Coordinate{Span: Span{m[0], end}, Lat: a, Lng: b, HasLat: true, HasLng: true})
	}
	return out
}
