package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/understand"
)

// This file reads how each person travels to a meeting: driving unless
// a word of walking or cycling says otherwise ("the walking time from
// X", "I'm cycling over from Lewes", "my bicycling time"); a mode
// refused ("she does not drive") says nothing.

// bikeWords say a person cycles.
var bikeWords = []string{"cycling", "cycle", "cycles", "cycled", "bicycling", "bicycle", "bike", "bikes", "biking",
	"by bike", "on my bike", "ride my bike", "pedal", "pedalling", "pedaling"}

// modeOf is how the person at m travels: the first mode other than
// driving that any mention of the place says ("the walking time from
// X"), else driving.
// With no word of a mode at any mention, the mode its person says of
// themselves elsewhere ("I will walk, she will drive"), else the one the
// group says of all ("we'll both walk").
func (q *question) modeOf(m understand.Mention) string {
	said := false
	for _, o := range q.places {
		if sameReading(o, m) {
			mode := q.modeAt(o)
			if mode != "" && mode != geo.ModeDriving {
				return mode
			}
			said = said || mode != ""
		}
	}
	if !said {
		if mode := q.personMode(m); mode != "" {
			return mode
		}
		if mode := q.groupMode(); mode != "" {
			return mode
		}
	}
	return geo.ModeDriving
}

// modeAt is the mode one mention says: the nearest word of walking,
// cycling or driving before it in its clause, else the first after it;
// "" when no word says one.
func (q *question) modeAt(m understand.Mention) string {
	lo := clauseStart(q.lower, m.Start, 0)
	hi := len(q.lower)
	for k := m.End; k < len(q.lower); k++ {
		if c := q.lower[k]; c == '.' || c == ';' || c == '!' || c == '?' {
			hi = k
			break
		}
	}
	before, after := q.lower[lo:m.Start], q.lower[m.End:hi]
	modes := []struct {
		mode  string
		words []string
	}{{geo.ModeWalking, walkWords}, {geo.ModeBicycling, bikeWords}, {geo.ModeDriving, driveWords}}
	best, at := "", -1
	for _, md := range modes {
		for _, w := range md.words {
			if i := lastUnnegated(before, w); i > at {
				best, at = md.mode, i
			}
		}
	}
	if best != "" {
		return best
	}
	at = len(after)
	for _, md := range modes {
		for _, w := range md.words {
			if i := firstUnnegated(after, w); i >= 0 && i < at {
				best, at = md.mode, i
			}
		}
	}
	return best
}

// negatedModeRE, just before a word of a mode, refuses it: "she do
// not drive so she will walk", "he can't really drive", "I have no car".
var negatedModeRE = regexp.MustCompile(`(?:\bnot|n't|n’t|\bnever|\bno longer|\bcannot|\bwithout|\bno)\s+(?:[a-z]+\s+)?(?:a\s+)?$`)

// lastUnnegated is lastWord of a mode's word not refused before it.
func lastUnnegated(text, w string) int {
	for hi := len(text); ; {
		i := lastWord(text[:hi], w)
		if i <= 0 || !negatedModeRE.MatchString(text[:i]) {
			return i
		}
		hi = i
	}
}

// firstUnnegated is firstWord of a mode's word not refused before it.
func firstUnnegated(text, w string) int {
	for from := 0; from < len(text); {
		i := firstWord(text[from:], w)
		if i < 0 {
			return -1
		}
		if i += from; !negatedModeRE.MatchString(text[:i]) {
			return i
		}
		from = i + 1
	}
	return -1
}

// lastWord is the index of the last w in text that starts a word ("bike"
// in "bikes", not "cycle" in "motorcycle"); -1 when there is none.
func lastWord(text, w string) int {
	for hi := len(text); ; {
		i := strings.LastIndex(text[:hi], w)
		if i < 0 || i == 0 || !isLetter(text[i-1]) {
			return i
		}
		hi = i
	}
}

// firstWord is the index of the first w in text that starts a word; -1
// when there is none.
func firstWord(text, w string) int {
	for from := 0; ; {
		i := strings.Index(text[from:], w)
		if i < 0 {
			return -1
		}
		if i += from; i == 0 || !isLetter(text[i-1]) {
			return i
		}
		from = i + 1
	}
}
