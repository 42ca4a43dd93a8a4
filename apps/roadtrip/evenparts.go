package roadtrip

import (
	"regexp"
	"strings"
)

// This file writes even stops asked in other words as the reader knows
// them: a drive cut into equal parts with a stop where one part ends
// ("split the drive into four equal parts, and where one part finishes
// … one cafe" is a cafe at every quarter), stops "spaced out evenly",
// and stops at equal gaps along the drive ("2 petrol pumps at equal
// distance on the route", "with even gaps along the way", "equally far
// apart").

// equalPartsRE is a drive cut into a number of equal parts.
var equalPartsRE = regexp.MustCompile(`(?i)\b(?:in|into)\s+(two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)\s+(?:equal|even|equally long|equal-length|equal length|same-length|same length|same-size|same size|identical)\s+(?:parts|pieces|sections|segments|legs|stretches|chunks|portions|bits|stages|shares)\b`)

// partFractions name the parts by their count: "in quarters" is what
// the reader reads as a stop at every quarter.
var partFractions = map[string]string{"two": "halves", "2": "halves", "three": "thirds", "3": "thirds", "four": "quarters",
	"4": "quarters", "five": "fifths", "5": "fifths", "six": "sixths", "6": "sixths", "seven": "sevenths", "7": "sevenths",
	"eight": "eighths", "8": "eighths", "nine": "ninths", "9": "ninths", "ten": "tenths", "10": "tenths"}

// spacedOutRE is "spaced out evenly", "spread out equally".
var spacedOutRE = regexp.MustCompile(`(?i)\b(?:spaced|spread|distributed|placed|positioned)\s+out\s+(?:evenly|equally)\b`)

// equalGapsRE is stops at equal gaps along a drive, or from each other:
// not "at equal distance from both of us", a meeting's fairness.
var equalGapsRE = regexp.MustCompile(`(?i)\b(?:at|with|in)\s+(?:an?\s+|the\s+)?(?:equal|even|same|regular|identical)\s+(?:distances?|gaps?|spacing|spaces)` +
	`(\s+(?:apart|from each other|from one another|between (?:them|each other))|\s+(?:on|along|over|across|down|up)\s+(?:the|my|our|this|that|your)\s+(?:route|way|road|drive|trip|journey|highway|ride|stretch))\b`)

// farApartRE is "equally far apart", "the same distance apart".
var farApartRE = regexp.MustCompile(`(?i)\b(?:(?:equally|evenly)\s+far|(?:the\s+)?same\s+distance)\s+apart\b`)

// equalParts writes a drive cut into equal parts as its fractions ("in
// quarters") and stops spaced out evenly, at equal gaps or equally far
// apart as "spaced evenly".
func equalParts(text string) string {
	text = equalPartsRE.ReplaceAllStringFunc(text, func(s string) string {
		m := equalPartsRE.FindStringSubmatch(s)
		return "in " + partFractions[strings.ToLower(m[1])]
	})
	text = equalGapsRE.ReplaceAllString(text, "spaced evenly$1")
	text = farApartRE.ReplaceAllString(text, "spaced evenly")
	return spacedOutRE.ReplaceAllString(text, "spaced evenly")
}
