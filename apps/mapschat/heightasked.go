package mapschat

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

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

// listedWordIn is the listed result that a capitalised word of the text
// names alone ("Winterthur is on a hill?" after a list holding
// "Winterthur Museum"): a place found in the conversation before any
// the maps would geocode. Nil when no word, or a word of several
// results, names one. A text typed in one case has no capitals to go
// by: any of its words may name the result.
func listedWordIn(text string, mem Memory) *Loc {
	oneCase := strings.ToLower(text) == text || strings.ToUpper(text) == text
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '-' }) {
		if r, _ := utf8.DecodeRuneInString(w); !oneCase && !unicode.IsUpper(r) {
			continue
		}
		if i := listedByWord(strings.ToLower(w), mem); i > 0 {
			return placeLoc(mem.Results[i-1], mem.Results[i-1].Name)
		}
	}
	return nil
}
