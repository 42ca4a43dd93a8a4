package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// sideOfLowerRE is a side of something written in lower case, as texting
// writes names ("west of parc central", "north of the museu del
// perfum"): the words after the side, up to five.
var sideOfLowerRE = regexp.MustCompile(`\b(?i:north|south|east|west|northeast|northwest|southeast|southwest)\s+of\s+(?:the\s+)?([\p{Ll}'’-]+(?:\s+[\p{Ll}'’-]+){0,4})`)

// landmarksLowered writes a landmark of a preferred region named in
// lower case after a side ("west of parc central") as the data names it
// ("west of Parc Central"), so the reader reads it as the landmark: the
// longest run of the words after the side that is a landmark's own name.
func landmarksLowered(text string, sp understand.Speller, prefer []understand.Place) string {
	var b strings.Builder
	last := 0
	for from := 0; from < len(text); {
		ix := sideOfLowerRE.FindStringSubmatchIndex(text[from:])
		if ix == nil {
			break
		}
		lo, hi := from+ix[2], from+ix[3]
		from = lo // the next side may stand in the words not taken
		words := strings.Fields(text[lo:hi])
		for n := len(words); n >= 1; n-- {
			phrase := strings.Join(words[:n], " ")
			name, ok := landmarkNamed(phrase, sp, prefer)
			if !ok || text[lo:lo+len(phrase)] != phrase { // words spaced unevenly: leave them
				continue
			}
			b.WriteString(text[last:lo])
			b.WriteString(name)
			last = lo + len(phrase)
			from = last
			break
		}
		if from == lo {
			from = lo + len(words[0])
		}
	}
	b.WriteString(text[last:])
	return b.String()
}

// landmarkNamed is the name of the landmark of a preferred region whose
// own name is phrase, written as the data writes it.
func landmarkNamed(phrase string, sp understand.Speller, prefer []understand.Place) (string, bool) {
	key := understand.Normalize(phrase)
	if len(key) < 4 {
		return "", false
	}
	for _, p := range sp.Lookup(key) {
		if p.Kind == understand.KindLandmark && understand.Normalize(p.Name) == key && inPreferred(p, prefer) {
			return p.Name, true
		}
	}
	return "", false
}
