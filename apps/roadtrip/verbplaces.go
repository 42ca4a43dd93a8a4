package roadtrip

import (
	"regexp"
	"slices"
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

// reachVerbRE ends the words before a town a clause that sets off from
// another goes on to, by a verb of getting there or of what one does
// there with the town as its object: "we load out of Wilmington and play
// Dover", "leave Newark at 8 and hit Dover by noon", "out of Lewes and
// make Milford for lunch", "from Seaford and gig in Laurel".
var reachVerbRE = regexp.MustCompile(`\band\s+(?:then\s+)?(?:(?:we|i|they|he|she|you)\s+)?(?:(?:will|'ll|’ll|can|should|must|gonna|wanna|want to|need to|have to|hope to)\s+)?` +
	`(?:play|plays|playing|hit|hits|hitting|make|makes|making|gig|gigs|gigging|perform|performs|performing|land|lands|landing)(?:\s+(?:in|at))?\s+$`)

// reachedByVerb are places with a town reached by such a verb after a
// start in its clause read as the place gone to, a leg's end.
func (q *question) reachedByVerb(places []understand.Mention) []understand.Mention {
	for i, m := range places {
		if m.Role != understand.RoleNone && m.Role != understand.RoleIn || m.Place == nil || !namesTown(m) {
			continue
		}
		lo := clauseStart(q.lower, m.Start, 0)
		loc := reachVerbRE.FindStringIndex(q.lower[lo:m.Start])
		if loc == nil || !slices.ContainsFunc(places[:i], func(f understand.Mention) bool {
			return f.Role == understand.RoleFrom && f.Start >= lo && !sameReading(f, m)
		}) {
			continue
		}
		places[i].Role, places[i].Cue = understand.RoleTo, strings.TrimSpace(q.lower[lo+loc[0]:m.Start])
	}
	return places
}
