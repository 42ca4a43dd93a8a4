package roadtrip

import (
	"regexp"
	"strings"
)

// conditionRE finds a request made on a condition no maps tool can
// check: the weather ("if it rains", "unless it's sunny", "depending on
// the forecast").
var conditionRE = regexp.MustCompile(`(?i)\b(if|unless|in case|depending on|whether|when)\b(?:\s+[\w']+){0,6}?\s+(weather|forecast|rain\w*|snow\w*|sunny|sunshine|storm\w*|cloudy|windy|temperature)\b`)

// uncheckable says which condition of the question the tools cannot
// check, in words for the message; "" when none.
func uncheckable(text string) string {
	m := conditionRE.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return "the request depends on the weather (\"" + strings.TrimSpace(m[0]) + "\"), which no maps tool can check: ask for one place, or say which weather to plan for"
}
