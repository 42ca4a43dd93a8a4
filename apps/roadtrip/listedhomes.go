package roadtrip

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads the later homes of a list of homes, written with no
// verb of living and perhaps after an aside: "our bass leader lives in
// Smyrna, our soprano leader in Dover, and the alto leader, bless her,
// all the way down in Milford", "my colleagues stay in Arinsal and in
// Pas de la Casa".

var (
	// listFillerWords say how far a home is, not whose it is.
	listFillerWords = set("and", "all", "the", "way", "down", "up", "over", "out", "there", "far", "clear", "back", "off", "then", "also", "too")
	// asideRE is a short aside between commas: "bless her", "poor
	// guy", "God love him", "I think".
	asideRE = regexp.MustCompile(`^\s*(?:bless|god|poor|sadly|luckily|lucky|of course|i think|i believe|mind you|honestly|bless his|bless their)\b`)
	// notListWords, between two places, say the second is no home of
	// the list: a request, a way, a place to go.
	notListWords = set("meet", "meeting", "find", "want", "wants", "need", "needs", "like", "go", "going", "drive", "driving", "visit",
		"work", "works", "near", "at", "to", "from", "stop", "we", "i", "us", "somewhere", "halfway", "between", "is", "are", "was",
		"or", "not", "but", "except", "avoid", "via", "through", "thru", "than")
)

// listedHomes are the places that continue a list of homes: each
// written "in" after a home earlier in its sentence, with only a
// person's words of a few words, an aside or words of distance between.
func (q *question) listedHomes(homes []understand.Mention) []understand.Mention {
	var out []understand.Mention
	for _, m := range q.places {
		if m.Role != understand.RoleIn && m.Role != understand.RoleNone ||
			slices.ContainsFunc(homes, func(h understand.Mention) bool { return sameReading(h, m) }) {
			continue
		}
		var prev *understand.Mention
		for i, h := range homes {
			if h.End <= m.Start && (prev == nil || h.End > prev.End) {
				prev = &homes[i]
			}
		}
		if prev != nil && q.continuesList(prev.End, m.Start) {
			out = append(out, m)
			homes = append(homes, m)
		}
	}
	return out
}

// continuesList says whether the text between a home ending at lo and
// a place starting at hi continues a list of homes.
func (q *question) continuesList(lo, hi int) bool {
	between := q.lower[lo:hi]
	if strings.ContainsAny(between, ".!?;:\n") || !strings.HasSuffix(strings.TrimRight(between, " "), " in") {
		return false
	}
	for _, m := range q.r.Mentions { // "Dover, Delaware, and …": the region is the home's
		if isRegion(m) && m.Start >= lo && m.End <= hi {
			between = between[:m.Start-lo] + strings.Repeat(" ", m.End-m.Start) + between[m.End-lo:]
		}
	}
	for _, t := range q.r.Terms {
		if t.Start >= lo && t.End <= hi {
			return false // "and the park in Smyrna": a place, no home
		}
	}
	if !strings.Contains(between, ",") && !strings.Contains(between, " and ") {
		return false
	}
	var words []string
	for _, part := range strings.Split(between, ",") {
		if asideRE.MatchString(part) && len(strings.Fields(part)) <= 3 {
			continue
		}
		for _, w := range strings.Fields(part) {
			if w != "in" && !listFillerWords[w] {
				words = append(words, w)
			}
		}
	}
	if len(words) > 4 {
		return false
	}
	for _, w := range words {
		if notListWords[w] {
			return false
		}
	}
	return true
}
