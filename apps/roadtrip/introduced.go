package roadtrip

import (
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads the asker's origin said as an introduction in a
// question about meeting ("Hello, I am from Murcia … my sister lives in
// Andorra la Vella and I am staying in Sant Julià de Lòria"): where the
// asker comes from, far from the places the people are now, is who the
// asker is, not where anyone sets off.

// introducedOrigins are origins with the asker's introduced origin left
// out, when it lies in another country or state than every other origin
// and at least two others remain.
func (q *question) introducedOrigins(origins []understand.Mention) []understand.Mention {
	var intro, rest []understand.Mention
	for _, m := range origins {
		if m.Place != nil && q.askerOrigin(m) {
			intro = append(intro, m)
		} else {
			rest = append(rest, m)
		}
	}
	if len(intro) == 0 || len(rest) < 2 {
		return origins
	}
	return slices.DeleteFunc(origins, func(m understand.Mention) bool {
		return slices.ContainsFunc(intro, func(i understand.Mention) bool { return i.Span == m.Span }) &&
			!slices.ContainsFunc(rest, func(o understand.Mention) bool { return sameArea(m, o) })
	})
}

// sameArea says whether two readings lie in one country and, in the
// United States, one state (a place no gazetteer knows is taken to).
func sameArea(a, b understand.Mention) bool {
	if a.Place == nil || b.Place == nil {
		return true
	}
	return a.Place.CountryCode == b.Place.CountryCode && (a.Place.CountryCode != "US" || a.Place.Region == b.Place.Region)
}
