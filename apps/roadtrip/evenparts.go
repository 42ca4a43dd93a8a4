package roadtrip

import (
	"regexp"
	"strings"
)

// This file writes even stops asked in other words as the reader knows
// them: a drive cut into equal parts with a stop where one part ends
// ("split the drive into four equal parts, and where one part finishes
// … one cafe" is a cafe at every quarter), and stops "spaced out
// evenly".

// equalPartsRE is a drive cut into a number of equal parts.
var equalPartsRE = regexp.MustCompile(`(?i)\b(?:in|into)\s+(two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)\s+(?:equal|even|equally long|equal-length|equal length|same-length|same length|same-size|same size|identical)\s+(?:parts|pieces|sections|segments|legs|stretches|chunks|portions|bits|stages|shares)\b`)

// partFractions name the parts by their count: "in quarters" is what
// the reader reads as a stop at every quarter.
var partFractions = map[string]string{"two": "halves", "2": "halves", "three": "thirds", "3": "thirds", "four": "quarters",
	"4": "quarters", "five": "fifths", "5": "fifths", "six": "sixths", "6": "sixths", "seven": "sevenths", "7": "sevenths",
	"eight": "eighths", "8": "eighths", "nine": "ninths", "9": "ninths", "ten": "tenths", "10": "tenths"}

// spacedOutRE is "spaced out evenly", "spread out equally".
var spacedOutRE = regexp.MustCompile(`(?i)\b(?:spaced|spread|distributed|placed|positioned)\s+out\s+(?:evenly|equally)\b`)

// equalParts writes a drive cut into equal parts as its fractions ("in
// quarters") and stops spaced out evenly as "spaced evenly".
func equalParts(text string) string {
	text = equalPartsRE.ReplaceAllStringFunc(text, func(s string) string {
		m := equalPartsRE.FindStringSubmatch(s)
		return "in " + partFractions[strings.ToLower(m[1])]
	})
	return spacedOutRE.ReplaceAllString(text, "spaced evenly")
}
