package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads where units, crews or vehicles are posted when a place
// for them to meet is asked ("Medic 7 is staged at the Five Points
// junction just outside Lewes; Medic 12 is in quarters in Georgetown"):
// each clause that posts something names its town last.

// stationedRE is a verb of being posted somewhere.
var stationedRE = regexp.MustCompile(`\b(?:staged|stationed|based|posted|parked|positioned|deployed|garaged|docked|in quarters|on standby|waiting)\b`)

// stationed are the towns of the clauses that post someone or something:
// the last town each such clause names.
func (q *question) stationed() []understand.Mention {
	var out []understand.Mention
	lo := 0
	for lo < len(q.lower) {
		hi := len(q.lower)
		if k := strings.IndexAny(q.lower[lo:], ".;!?\n"); k >= 0 {
			hi = lo + k
		}
		if stationedRE.MatchString(q.lower[lo:hi]) {
			var last *understand.Mention
			for i, m := range q.places {
				if m.Start >= lo && m.End <= hi && (m.Place == nil || m.Place.Kind == understand.KindCity) {
					last = &q.places[i]
				}
			}
			if last != nil {
				out = append(out, *last)
			}
		}
		lo = hi + 1
	}
	return out
}
