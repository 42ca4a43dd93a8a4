package roadtrip

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads stops asked at an interval of a drive of a given
// length, in time or in distance: "stop every 40 minutes on a 2-hour
// drive" is stops at the thirds, "a break roughly every 5 miles of a
// 15-mile ride" too, Y/X - 1 of them (none at the start or the end).

// durationRE finds a length of time: "40 minutes", "2 hours", "a
// 3-hour drive", "90 min", "half an hour", "an hour".
var durationRE = regexp.MustCompile(`\b(?:(\d+(?:\.\d+)?)|(an?|one|two|three|four|five|six|seven|eight|ten|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety))?[\s-]*(half[\s-]+an?[\s-]+hour|half[\s-]+hours?|hours?|hrs?|minutes?|mins?)\b`)

var durationWords = map[string]float64{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50,
	"sixty": 60, "ninety": 90}

// intervalStops is how many stops a drive of a length written with
// stops every so often written needs, in time or in distance; 0 when
// either is not written or they do not divide into 1-10 stops.
func (q *question) intervalStops() int {
	if n := q.timeIntervalStops(); n > 0 {
		return n
	}
	return q.distanceIntervalStops()
}

// distanceIntervalStops reads the interval and the length as distances
// ("every 45 km" of "135 km", "roughly every 5 miles" of "~15 mi"),
// miles and kilometres alike.
func (q *question) distanceIntervalStops() int {
	every, total := 0.0, 0.0
	for _, x := range q.r.Quantities {
		km := x.Value
		switch {
		case x.Kind != understand.Measure || x.Value <= 0:
			continue
		case x.Unit == "mi":
			km *= 1.609
		case x.Unit != "km":
			continue
		}
		if everyBefore(q.lower[max(0, x.Start-12):x.Start]) {
			every = km
		} else {
			total = max(total, km)
		}
	}
	return intervalsIn(total, every)
}

// everyBefore says whether the words before a quantity end in "every"
// or "each".
func everyBefore(s string) bool {
	before := strings.Fields(s)
	return len(before) > 0 && (before[len(before)-1] == "every" || before[len(before)-1] == "each")
}

// intervalsIn is how many stops divide total into legs of every, 0 when
// they do not divide it into 2-11 legs of about that length.
func intervalsIn(total, every float64) int {
	if every <= 0 || total <= every {
		return 0
	}
	r := total / every
	if n := math.Round(r); math.Abs(r-n) < 0.15 && n >= 2 && n <= 11 {
		return int(n) - 1
	}
	return 0
}

// timeIntervalStops reads the interval and the length as durations.
func (q *question) timeIntervalStops() int {
	every, total := 0.0, 0.0
	for _, ix := range durationRE.FindAllStringSubmatchIndex(q.lower, -1) {
		num, word, unit := sub(q.lower, ix, 1), sub(q.lower, ix, 2), sub(q.lower, ix, 3)
		v := 1.0
		switch {
		case num != "":
			v, _ = strconv.ParseFloat(num, 64)
		case word != "":
			v = durationWords[word]
		}
		minutes := v
		switch {
		case strings.HasPrefix(unit, "half"):
			minutes = 30 * v
		case strings.HasPrefix(unit, "h"):
			minutes = 60 * v
		}
		stated := num != "" || word != "" || strings.HasPrefix(unit, "half")
		if strings.HasPrefix(unit, "h") {
			// "an hour and a half", "2 hours 15 minutes": the rest of a
			// length said in two parts.
			if more := moreMinutes(q.lower[ix[1]:]); more > 0 {
				minutes, stated = minutes+more, true
			}
		}
		if wholeHoursBeforeRE.MatchString(q.lower[max(0, ix[0]-16):ix[0]]) && (word == "a" || word == "an") && strings.HasPrefix(unit, "half") {
			// "one and a half hours": the hours before "and a half".
			h := wholeHoursBeforeRE.FindStringSubmatch(q.lower[max(0, ix[0]-16):ix[0]])[1]
			n, err := strconv.ParseFloat(h, 64)
			if err != nil {
				n = durationWords[h]
			}
			minutes, stated = 60*n+30, true
		}
		if everyBefore(q.lower[max(0, ix[0]-12):ix[0]]) {
			every = minutes
		} else if stated {
			total = max(total, minutes)
		}
	}
	return intervalsIn(total, every)
}

var (
	// andHalfRE is the half after hours: "an hour and a half", "2 hours
	// and a half".
	andHalfRE = regexp.MustCompile(`^\s+and\s+a\s+half\b`)
	// andMinutesRE is minutes after hours: "an hour and 20 minutes", "2
	// hours 15 min".
	andMinutesRE = regexp.MustCompile(`^,?\s+(?:and\s+)?(\d{1,2}|five|ten|fifteen|twenty|thirty|forty|forty-five|fifty)\s*(?:minutes?|mins?)\b`)
	// wholeHoursBeforeRE ends the whole hours before "and a half hour(s)":
	// "one and", "2 and".
	wholeHoursBeforeRE = regexp.MustCompile(`\b(\d{1,2}|one|two|three|four|five|six|seven|eight|ten)\s+and\s+$`)
)

// moreMinutes is the minutes a length in hours goes on with just after
// it ("and a half" is 30, "and 20 minutes" 20); 0 when none.
func moreMinutes(after string) float64 {
	if andHalfRE.MatchString(after) {
		return 30
	}
	m := andMinutesRE.FindStringSubmatch(after)
	if m == nil {
		return 0
	}
	if n, err := strconv.ParseFloat(m[1], 64); err == nil {
		return n
	}
	return durationWords[m[1]]
}

// sub is the i-th group of a match found at ix, "" when it did not take part.
func sub(s string, ix []int, i int) string {
	if ix[2*i] < 0 {
		return ""
	}
	return s[ix[2*i]:ix[2*i+1]]
}
