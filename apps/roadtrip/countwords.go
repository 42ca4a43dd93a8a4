package roadtrip

import (
	"regexp"
	"strconv"
	"strings"
)

// This file writes counts the reader would miss as plain counts before
// a question is read: a count in words with its digit in brackets, as
// contracts and specifications write it ("exactly two (2) alternative
// routes"), and a count said after its noun, as a learner of English may
// order it ("please make route two", "each route pass city three"), and
// a count said roughly ("three-ish towns", "four or so stops") as the
// count.

var (
	// bracketDigitRE is a number word and its digit in brackets.
	bracketDigitRE = regexp.MustCompile(`(?i)\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*\((\d{1,2})\)`)
	// countAfterNounRE is a thing a trip counts, in lower case, then a
	// number word that ends the clause ("make route two."). A digit is
	// left: "route 1" is a road.
	// roughCountRE is a count said roughly: "three-ish", "4ish", "two or
	// so".
	roughCountRE     = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})(?:\s*-\s*ish|ish|\s+or\s+so)\b`)
	countAfterNounRE = regexp.MustCompile(`\b(routes?|ways?|options?|cit(?:y|ies)|towns?|villages?|stops?|viewpoints?)\s+(one|two|three|four|five|six|seven|eight|nine|ten)\s*([.,;!?]|$|\s+(?:please|pls|thanks|thank you|each|per route|for each)\b)`)
)

var numberWords = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// writeCounts writes a count given twice ("two (2)") once, in words, a
// count said roughly as the count ("three-ish towns" is "three towns"),
// and a count said after its noun before it ("route two." is "two
// route.").
func writeCounts(text string) string {
	text = roughCountRE.ReplaceAllString(text, "$1")
	text = bracketDigitRE.ReplaceAllStringFunc(text, func(s string) string {
		m := bracketDigitRE.FindStringSubmatch(s)
		if n := numberWords[strings.ToLower(m[1])]; m[2] != strconv.Itoa(n) {
			return s // the two disagree: leave both for the reader
		}
		return m[1]
	})
	return countAfterNounRE.ReplaceAllString(text, "$2 $1$3")
}
