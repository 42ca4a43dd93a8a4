package roadtrip

import (
	"regexp"
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// nounFractionRE is a fraction that ends in its part's word with a word
// after it, only spaces between: "two quarter horses", "a quarter
// million".
var nounFractionRE = regexp.MustCompile(`(?i)\b(?:halfs?|halves|thirds?|quarters?|fourths?|fifths?)$`)

// nextWordRE is the word just after a quantity, with only spaces before
// it.
var nextWordRE = regexp.MustCompile(`^[ \t]+([a-z]+)\b`)

// fractionFollowers are the words a fraction of a drive is followed by
// ("a third of the way", "a quarter in", "two thirds along", "at the
// quarter mark", "a half, then …"); any other word after the part's word
// is a noun it is part of ("two quarter horses", "a quarter million
// dollars").
var fractionFollowers = set("of", "way", "ways", "mark", "marks", "point", "points", "along", "in", "into", "up", "down",
	"through", "thru", "on", "out", "there", "and", "or", "then", "the", "to", "from", "before", "after", "at", "by",
	"between", "across", "toward", "towards", "home", "distance", "stop", "stops", "section", "leg", "route", "drive",
	"trip", "journey", "road", "ride", "please", "pls", "is", "would", "should", "for", "with", "so", "not", "but", "too",
	"also", "if", "each", "mile", "miles", "km")

// lengthAndRE ends the words before a half that is part of a length:
// "an hour and a half", "2 miles and a half".
var lengthAndRE = regexp.MustCompile(`(?i)\b(?:hours?|hrs?|minutes?|mins?|miles?|km|kilometers?|kilometres?)\s+and\s+$`)

// dropNounFractions leaves out of r's quantities a fraction word that is
// part of a noun after it ("hauling two quarter horses" asks no stop at
// three quarters of the drive) or of a length before it ("an hour and a
// half" asks none at the midpoint).
func dropNounFractions(r *understand.Reading) {
	r.Quantities = slices.DeleteFunc(r.Quantities, func(x understand.Quantity) bool {
		if x.Kind != understand.Fraction || x.Every || !nounFractionRE.MatchString(r.Text[x.Start:x.End]) {
			return false
		}
		if lengthAndRE.MatchString(r.Text[max(0, x.Start-16):x.Start]) {
			return true
		}
		m := nextWordRE.FindStringSubmatch(r.Text[x.End:])
		return m != nil && !fractionFollowers[m[1]]
	})
}
