package roadtrip

import (
	"regexp"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads what travellers say of themselves before the trip:
// where they come from ("we are a family from Istanbul. We rent a car
// in Andorra la Vella and go to Pas de la Casa" starts in Andorra la
// Vella), where they pick up a car, and a town they wish to see with
// a reason ("we want to see Canillo for sure, my wife saw photos").

var (
	// askerFromRE ends the words before where the askers come from:
	// "we are a family from", "I'm from", "we come from", "me and my
	// wife are from".
	askerFromRE = regexp.MustCompile(`\b(?:we are|we're|i am|i'm|im|we come|i come|we both come|we all come|are all|(?:me|i) and my [a-z]+ (?:are|come))\b[^,.;:!?]{0,30}\bfrom\s+$`)
	// pickupRE ends the words before where a car is rented or picked up,
	// its article perhaps dropped as learners of English do ("we rent car
	// at X").
	pickupRE = regexp.MustCompile(`\b(?:rent|rents|renting|rented|hire|hires|hiring|hired|pick up|picks up|picking up|collect|collects|collecting|get|getting|take|taking)\s+(?:(?:a|the|our|my|one)\s+)?(?:rental\s+|hire\s+)?(?:car|van|camper|campervan|rv|motorhome|vehicle|motorbike|bike)\s+(?:up\s+)?(?:in|at|from)\s+$`)
	// wishedVisitRE ends the words before a town the askers wish to see.
	wishedVisitRE = regexp.MustCompile(`\b(?:want|wants|would like|'d like|would love|'d love|wish|hope|hoping|must|have|need|really want)\s+to\s+(?:see|visit|stop in|stop at|stop by|pass through|go through|check out|explore|walk around|spend time in)\s+$`)
)

// askerOrigin says whether a place written with from is where the
// askers come from, not where the drive starts.
func (q *question) askerOrigin(m understand.Mention) bool {
	return askerFromRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start])
}

// namesTown says whether a mention names a town, a parish named like its
// town included ("Andorra la Vella").
func namesTown(m understand.Mention) bool {
	return m.Place == nil || m.Place.Kind == understand.KindCity || m.Place.Kind == understand.KindRegion && m.Place.Region == m.Place.Name
}

// pickedUpIn is the town before end where a car is rented or picked up;
// nil when none.
func (q *question) pickedUpIn(end *understand.Mention) *understand.Mention {
	for _, m := range q.r.Mentions {
		if end != nil && (m.Start >= end.Start || sameReading(m, *end)) || !namesTown(m) {
			continue
		}
		if pickupRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) {
			m.Role = understand.RoleFrom
			return &m
		}
	}
	return nil
}

// wishedVisits are the towns the askers say they want to see.
func (q *question) wishedVisits() []understand.Mention {
	var out []understand.Mention
	for _, m := range q.places {
		if (m.Role == understand.RoleNone || m.Role == understand.RoleTo) && wishedVisitRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) {
			out = append(out, m)
		}
	}
	return out
}
