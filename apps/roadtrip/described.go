package roadtrip

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a relative clause after a town ("stop in Dover, where
// our granddaughter is stationed at the Air Force base, so …", "from
// Camden, which is right next to Dover, …"): it describes the town, and
// the places it names are no stops, ends or homes of the trip.

// relativeOpenRE opens a relative clause right after a place's name.
var relativeOpenRE = regexp.MustCompile(`^\s*[,(–—-]\s*(?:where|which|who|whose|that's|which's)\b`)

// undescribed are places with those named inside a relative clause
// about another place left out.
func (q *question) undescribed(places []understand.Mention) []understand.Mention {
	type span struct{ lo, hi int }
	var clauses []span
	for _, m := range q.r.Mentions {
		loc := relativeOpenRE.FindStringIndex(q.lower[m.End:])
		if loc == nil {
			continue
		}
		lo := m.End + loc[1]
		hi := len(q.lower)
		if k := strings.IndexAny(q.lower[lo:], ",.;!?)\n"); k >= 0 {
			hi = lo + k
		}
		clauses = append(clauses, span{lo, hi})
	}
	if len(clauses) == 0 {
		return places
	}
	return slices.DeleteFunc(places, func(m understand.Mention) bool {
		return slices.ContainsFunc(clauses, func(c span) bool { return m.Start >= c.lo && m.End <= c.hi })
	})
}
