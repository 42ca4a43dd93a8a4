package roadtrip

import (
	"regexp"
	"strings"

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
// askers come from, not where the drive starts. An aside in brackets
// ("we are a family (2 adults, 3 children) coming from") is skipped.
func (q *question) askerOrigin(m understand.Mention) bool {
	blanked := bracketedRE.ReplaceAllStringFunc(q.lower[:m.Start], func(s string) string { return strings.Repeat(" ", len(s)) })
	before := bracketedRE.ReplaceAllString(q.lower[clauseStart(blanked, m.Start, 0):m.Start], "")
	return askerFromRE.MatchString(before)
}

// bracketedRE is an aside in brackets.
var bracketedRE = regexp.MustCompile(`\s*\([^()]*\)`)

// fromThereRE points back to the place named before it as where a
// drive sets off: "and from there we drive to".
var fromThereRE = regexp.MustCompile(`\bfrom (?:there|that town|that village|that point|that place)\b`)

// nowAt is where travellers who said where they come from set off, and
// where they go then: the place "from there" points back to and the one
// it leads to ("coming from Perpignan … we cross the border at Pas de
// la Casa and from there we drive to Andorra la Vella"), else the town
// they say they stay or live in now, before end ("I am traveling from
// Osaka and now I stay in Sant Julià de Lòria. Tomorrow I will drive to
// Canillo"). Nil when neither is written.
func (q *question) nowAt(origin, end understand.Mention) (start, to *understand.Mention) {
	for _, ix := range fromThereRE.FindAllStringIndex(q.lower, -1) {
		if ix[0] < origin.End {
			continue
		}
		hi := len(q.lower)
		if k := strings.IndexAny(q.lower[ix[1]:], ".!?;\n"); k >= 0 {
			hi = ix[1] + k
		}
		for i, m := range q.places {
			if m.Start > origin.Start && m.End <= ix[0] && namesTown(m) {
				start = &q.places[i]
			}
			if to == nil && m.Start >= ix[1] && m.End <= hi && m.Role == understand.RoleTo {
				to = &q.places[i]
			}
		}
		if start != nil && to != nil && !sameReading(*start, *to) {
			return start, to
		}
		start, to = nil, nil
	}
	for i, m := range q.places {
		if m.Start > origin.End && m.End <= end.Start && m.Role == understand.RoleHome && namesTown(m) && !sameReading(m, end) && !q.askerOrigin(m) {
			return &q.places[i], &end
		}
	}
	return nil, nil
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
