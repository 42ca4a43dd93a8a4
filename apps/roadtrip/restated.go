package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a question asked again with one change ("Yesterday I
// asked you: 2 routes from Wilmington to Bethany Beach … Now the same
// question again, only we start in Newark"): the start or the end the
// change names replaces the one asked before.

// changeRE in a sentence says it restates an earlier question with a
// change.
var changeRE = regexp.MustCompile(`\b(?:same|again|instead|this time|change|changed|changing)\b`)

// restated is the later start or end a sentence of change names in
// place of the first: a place with the role from (or to) after the
// first, alone of its kind in a sentence that writes a change and names
// no other end; nil when none is.
func (q *question) restated(first *understand.Mention, role understand.Role) *understand.Mention {
	if first == nil {
		return nil
	}
	for i, m := range q.places {
		if m.Start <= first.End || m.Role != role || sameReading(m, *first) {
			continue
		}
		lo := strings.LastIndexAny(q.lower[:m.Start], ".!?;\n") + 1
		hi := len(q.lower)
		if k := strings.IndexAny(q.lower[m.End:], ".!?;\n"); k >= 0 {
			hi = m.End + k
		}
		if lo <= first.Start || !changeRE.MatchString(q.lower[lo:hi]) || strings.Contains(q.lower[lo:m.Start], "back") {
			continue
		}
		other := false
		for _, n := range q.places {
			if n.Start >= lo && n.End <= hi && n.Span != m.Span && (n.Role == understand.RoleFrom || n.Role == understand.RoleTo) {
				other = true
			}
		}
		if !other {
			return &q.places[i]
		}
	}
	return nil
}
