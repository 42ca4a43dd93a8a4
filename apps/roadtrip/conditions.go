package roadtrip

import (
	"regexp"
	"strings"
)

// conditionRE finds a request made on a condition no maps tool can
// check: the weather ("if it rains", "unless it's sunny", "depending on
// the forecast").
var conditionRE = regexp.MustCompile(`(?i)\b(if|unless|in case|depending on|whether|when)\b(?:\s+[\w']+){0,6}?\s+(weather|forecast|rain\w*|snow\w*|sunny|sunshine|storm\w*|cloudy|windy|temperature)\b`)

// liveRE finds a question about the roads as they are now: traffic,
// delays, closures "right now" or "live" (the maps give typical times,
// no live traffic).
var liveRE = regexp.MustCompile(`(?i)\b(?:(?:traffic|delays?|congestion|jams?|closures?|accidents?|roadworks|road works|hold-?ups?)\b[^.?!]{0,80}?\b(?:right now|at the moment|at this moment|currently|live|in real[- ]time|as we speak|this minute)|(?:live|current|real[- ]time|today's|present)\s+(?:traffic|delays?|congestion|road conditions|closures?))\b`)

// uncheckable says which condition of the question the tools cannot
// check, in words for the message; "" when none.
func uncheckable(text string) string {
	if m := liveRE.FindString(text); m != "" {
		return "the question asks about the roads as they are now (\"" + m + "\"), which no maps tool can check: the maps give typical driving times, not live traffic"
	}
	m := conditionRE.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return "the request depends on the weather (\"" + strings.TrimSpace(m[0]) + "\"), which no maps tool can check: ask for one place, or say which weather to plan for"
}
