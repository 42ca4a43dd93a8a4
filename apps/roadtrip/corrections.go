package roadtrip

import (
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// A place taken back as it is written ("I'm in Smyrna wait no I'm at my
// mom's in Clayton", "make it Dover, not Smyrna", "scratch Ordino, La
// Massana", "to seaford i mean laurel") is read by understand
// (Reading.Retractions); the place taken back is nobody's and names
// nothing, the one said in its stead takes its role.

// untaken are the places less those the text takes back
// (understand's Reading.WithoutTakenBack), each place said in another's
// stead holding the role of the one it replaces; a place only put aside
// where first named ("via Dover instead of Smyrna") stays, to be avoided.
func (q *question) untaken(places []understand.Mention) []understand.Mention {
	kept := q.r.WithoutTakenBack()
	var out []understand.Mention
	for _, m := range places {
		if i := slices.IndexFunc(kept, func(k understand.Mention) bool { return k.Span == m.Span }); i >= 0 {
			m.Role, m.Cue = kept[i].Role, kept[i].Cue
			out = append(out, m)
		}
	}
	return out
}
