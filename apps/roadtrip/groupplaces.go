package roadtrip

import (
	"regexp"
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads what a group says of all of its people at once: the
// town all of them are in while each stays at a place of their own ("Me
// and my tita are here in Wilmington … I'm staying at the Sheraton Suites
// Wilmington and she's at The Westin Wilmington"), and the way all of
// them go ("We'll both just walk", "we all go on foot").

var (
	// groupModeRE is the group saying how all of them travel: "we'll both
	// walk", "we both just walk lang", "all of us will cycle".
	groupModeRE = regexp.MustCompile(`\b(?:we|we'll|we’ll|we're|we’re|both of us|all of us|the two of us|the three of us)\s+(?:(?:both|all|will|would|can|shall|are|just|only|simply|going\s+to|plan\s+to|want\s+to|prefer\s+to|have\s+to|must)\s+){0,4}(walk|walking|go\s+on\s+foot|come\s+on\s+foot|cycle|cycling|bike|biking|drive|driving|go\s+by\s+car|come\s+by\s+car)\b`)
	// groupHereRE, before a town in its clause, says the whole group is
	// there: "we are here in", "me and my aunt are in", "we're all in".
	groupHereRE = regexp.MustCompile(`\b(?:we|we're|we’re|us|me and [a-z ]{1,30}|[a-z ]{1,30} and (?:i|me))\b[^,.;:!?]{0,30}$`)
)

// groupMode is the mode the group says of all its people; "" when none.
func (q *question) groupMode() string {
	m := groupModeRE.FindStringSubmatch(q.lower)
	if m == nil || len(groupModeRE.FindAllString(q.lower, -1)) > 1 {
		return ""
	}
	return modeOfWord(m[1])
}

// sharedTownKm is how near a town the places people stay at lie when the
// town is only where all of them are.
const sharedTownKm = 8

// withoutSharedTown are origins without the town the whole group is in
// when two or more others are places people stay at within it (a hotel,
// a friend's house): the town is where they all are, no one's start.
func (q *question) withoutSharedTown(origins []understand.Mention) []understand.Mention {
	return slices.DeleteFunc(slices.Clone(origins), func(m understand.Mention) bool {
		if m.Place == nil || m.Place.Kind != understand.KindCity || !m.Place.HasPoint ||
			!groupHereRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) {
			return false
		}
		within := 0
		for _, o := range origins {
			if o.Place != nil && o.Place.Kind == understand.KindLandmark && o.Place.HasPoint &&
				distKm(m.Place.Lat, m.Place.Lng, o.Place.Lat, o.Place.Lng) <= sharedTownKm {
				within++
			}
		}
		return within >= 2
	})
}
