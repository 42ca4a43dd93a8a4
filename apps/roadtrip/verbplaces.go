package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file keeps a verb written after "to" from being read as the
// place gone to: "we would like to sing in two towns" is no trip to
// Sing Buri, "we want to hike near Ordino" none to a town called Hike.

// infinitiveRE ends the words before a verb: "would like to", "we want
// to", "hoping to".
var infinitiveRE = regexp.MustCompile(`\b(?:like|love|want|wants|wanted|need|needs|hope|hoping|plan|planning|wish|have|has|able|ought|try|trying)\s+to\s+$`)

// asVerbPlace says whether a mention is a verb written in lower case
// after "to" that a reader took for a place by a guess (its word is not
// the place's name: "sing" for Sing Buri).
func (q *question) asVerbPlace(m understand.Mention) bool {
	if m.Text != strings.ToLower(m.Text) || strings.Contains(m.Text, " ") ||
		m.Place != nil && understand.Normalize(m.Place.Name) == understand.Normalize(m.Text) {
		return false // a town written in lower case ("want to dover") keeps its name
	}
	return infinitiveRE.MatchString(q.lower[max(0, m.Start-30):m.Start])
}

// endVerbRE ends the words before the place a trip ends in, said by a
// verb of ending the reader does not know in every form: "the coach
// finishes in Canillo", "the ride wraps up at Lewes".
var endVerbRE = regexp.MustCompile(`\b(?:finishes|finished|ends|ended|terminates|wraps up|winds up|arrives|arrive|arriving|pulls in)\s+(?:up\s+)?(?:in|at)\s+$`)

// endedIn is the place after start a verb of ending goes to, a parish
// named like its town included; nil when none.
func (q *question) endedIn(start *understand.Mention) *understand.Mention {
	for _, m := range q.r.Mentions {
		if start != nil && (m.Start < start.End || sameReading(m, *start)) || !namesTown(m) {
			continue
		}
		if endVerbRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) {
			m.Role = understand.RoleTo
			return &m
		}
	}
	return nil
}

// objectVerbRE is a word in lower case after "to" with an object after
// it: "to settle one family matter", "to fix the roof", "to thank our
// host".
var objectVerbRE = regexp.MustCompile(`\bto\s+([a-z]+)\s+(?:one|a|an|the|our|my|his|her|their|your|this|that|these|those|some|it|them|him|us|me|things|everything)\b`)

// travelVerbs may name where one goes in their own right ("to visit
// the …"), so they are left to the reader.
var travelVerbs = set("visit", "see", "pass", "stop", "go", "drive", "reach", "meet", "avoid", "skip", "get", "head",
	"return", "come", "travel", "ride", "walk", "explore", "leave", "start", "end", "finish", "take", "make", "find")

// maskedVerbs is text with each verb after "to" that has an object after
// it, and that names a place only outside the preferred regions, written
// as underscores of its length ("we want to ______ one family matter"):
// the reader then reads no place there, and no town of England ("to
// settle") pulls the question's other towns to England. Spans are kept,
// so the reading's text can be the unmasked one.
func maskedVerbs(text string, sp understand.Speller, prefer []understand.Place) string {
	b := []byte(text)
	for _, ix := range objectVerbRE.FindAllStringSubmatchIndex(text, -1) {
		w := text[ix[2]:ix[3]]
		if travelVerbs[w] || len(w) < 3 {
			continue
		}
		found, near := false, false
		for _, p := range sp.Lookup(understand.Normalize(w)) {
			found = true
			near = near || inPreferred(p, prefer)
		}
		if found && !near {
			copy(b[ix[2]:ix[3]], strings.Repeat("_", len(w)))
		}
	}
	return string(b)
}
