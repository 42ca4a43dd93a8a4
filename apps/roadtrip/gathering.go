package roadtrip

import (
	"regexp"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a trip's start where a group gathers before it sets
// off ("we gather in Saint-Julien-de-Lòria and we finish at Pas de la
// Casa", "the club assembles at Milton, then rides to Lewes"), and keeps
// a capitalised word read as a town abroad only by a guess ("Ride
// captain …" as Riede, Germany) from standing for a start the task
// names nowhere.

// gatherRE ends the text before the place a group gathers in.
var gatherRE = regexp.MustCompile(`\b(?:gather|gathers|gathering|assemble|assembles|assembling|muster|musters|mustering|regroup|regroups|congregate|congregates|convene|convenes|meet up|meets up|meet|meets|form up|line up|rally|rallies)\s+(?:up\s+|together\s+|first\s+)?(?:in|at)\s+(?:the\s+)?$`)

// gatheredAt is the place before end a group gathers in; nil when none.
func (q *question) gatheredAt(end *understand.Mention) *understand.Mention {
	for i, m := range q.places {
		if m.Start >= end.Start || sameReading(m, *end) || m.Role != understand.RoleIn && m.Role != understand.RoleNone {
			continue
		}
		if gatherRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) {
			return &q.places[i]
		}
	}
	return nil
}

// guessedAbroad says whether m was read as a place only by a guess (its
// words are not the place's name: "Ride" for Riede) in another country
// than the trip's end: no start the question gives.
func guessedAbroad(m, end understand.Mention) bool {
	return m.Role == understand.RoleNone && m.Place != nil && end.Place != nil &&
		understand.Normalize(m.Place.Name) != understand.Normalize(m.Text) && m.Place.CountryCode != end.Place.CountryCode
}
