package mapschat

import "github.com/cairn-agents/cairn/understand"

// The place whose height is asked follows the words that ask it ("…
// totally random but how high above sea level is Lewes?"): a word
// before them that the gazetteer also knows ("they found change",
// Changé) is the story, not the place.

// heightAskedOf is the first place named after the words asking a
// height, nil when none is.
func heightAskedOf(low string, rd *understand.Reading) *Loc {
	ix := reElevation.FindStringIndex(low)
	if ix == nil || len(low) != len(rd.Text) {
		return nil
	}
	for _, m := range rd.Mentions {
		if m.Role != understand.RoleRegion && m.Start >= ix[0] {
			return mentionLoc(m)
		}
	}
	return nil
}
