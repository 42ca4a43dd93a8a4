package mapschat

import (
	"regexp"

	"github.com/cairn-agents/cairn/understand"
)

// Where the person says they are, in a correction: "i meant smyrna im in
// smyrna not camden" moves the search and says where "me" is from then
// on: the next "how far walking" starts there, not at the map's centre.

// reIAmIn ends with the person placing themself: "im in ", "we're at ".
var reIAmIn = regexp.MustCompile(`\b(?:i'?m|i’m|im|i am|we'?re|we’re|we are)\s+(?:now\s+|actually\s+|currently\s+|really\s+)?(?:in|at)\s+$`)

// whereIAm is the town the person says they are in, nil when none.
func whereIAm(low string, rd *understand.Reading) *Loc {
	if len(low) != len(rd.Text) {
		return nil
	}
	for _, m := range rd.Mentions {
		if m.Place != nil && m.Place.HasPoint && reIAmIn.MatchString(low[:m.Start]) {
			return mentionLoc(m)
		}
	}
	return nil
}
