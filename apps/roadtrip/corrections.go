package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a place taken back as it is written: "I'm in Smyrna
// wait no I'm at my mom's in Clayton", "End: Smyrna - actually make it
// Dover, not Smyrna", "to Milton, scratch Milton, Lewes", "Canillo, I
// mean Encamp". The place taken back is nobody's and names nothing; the
// one said in its stead takes its role when the reader gave it none.

// retractRE, between two places, says the second replaces the first.
// "actually" and "sorry" alone are not enough: "I live in Milford.
// Actually my sister lives in Lewes" keeps both.
var retractRE = regexp.MustCompile(`\b(?:wait,? no|no,? wait|no no|actually,? no|(?:actually,? |sorry,? )?make (?:it|that)|(?:actually,? |sorry,? )?i mean|(?:actually,? |sorry,? )?i meant|or rather|scratch (?:that|it)|scratch|correction|change (?:it|that) to|oops)\b`)

// insteadRE, after a place, says the place after it is the one taken
// back: "Dover, not Smyrna", "Dover instead of Smyrna".
var insteadRE = regexp.MustCompile(`^\s*,?\s*(?:not|instead of|rather than|and not)\s+$`)

var (
	// insteadLowerRE is a word or two in lower case after words that
	// put a place in another's stead: "to seaford i mean laurel".
	insteadLowerRE = regexp.MustCompile(`(?i:\b(?:i mean|i meant|wait,? no|no,? wait|make (?:it|that)|or rather|instead of|rather than))[,:]?\s+([a-z]+)(\s+[a-z]+)?`)
	// notLowerRE and notLowerNextRE are a town struck out with "not"
	// after words taking it back and the town after it, both in lower
	// case: "to milton - no wait not milton, milford".
	notLowerRE     = regexp.MustCompile(`(?i:\b(?:wait,? no|no,? wait|i mean|i meant|sorry|oops|actually))[,:]?\s+not\s+([a-z]+)(\s+[a-z]+)?`)
	notLowerNextRE = regexp.MustCompile(`(?i:\b(?:wait,? no|no,? wait|i mean|i meant|sorry|oops|actually))[,:]?\s+not\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*\s*,\s+([a-z]+)(\s+[a-z]+)?`)
	// notStruckRE is a town struck out with "not" after words taking it
	// back and the one put in its stead after a comma: "no wait not
	// Milton, Milford".
	notStruckRE = regexp.MustCompile(`(?i:\b(wait,? no|no,? wait|i mean|i meant|sorry|oops|actually))([,:]?\s+not\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)\s*,\s+(\p{Lu})`)
	// scratchRE is a place struck out and the one put in its stead
	// after a comma: "scratch Ordino, La Massana".
	scratchRE = regexp.MustCompile(`(?i:\b(scratch|forget|strike))\s+(that|it|\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)\s*,\s+(\p{Lu})`)
)

// placesInStead writes the place put in another's stead so the reader
// reads it as a place on its own: a town in lower case after "i mean"
// capitalised, and so a town struck out after "no wait not" and the one
// after it ("no wait not milton, milford"); and "make it" before the
// place after "scratch X," or "no wait not X," (else "Ordino, La
// Massana" reads as a town and its region).
func placesInStead(text string, sp understand.Speller, prefer []understand.Place) string {
	if sp != nil {
		text = lowerTownsAfter(notLowerRE, text, sp, prefer)
		text = lowerTownsAfter(notLowerNextRE, text, sp, prefer)
	}
	text = notStruckRE.ReplaceAllString(text, "$1$2, make it $3")
	text = scratchRE.ReplaceAllString(text, "$1 $2, make it $3")
	if sp == nil {
		return text
	}
	return lowerTownsAfter(insteadLowerRE, text, sp, prefer)
}

// untaken are the places with the ones taken back left out, each place
// said in another's stead holding the role of the one it replaces.
func (q *question) untaken(places []understand.Mention) []understand.Mention {
	gone := make([]bool, len(places))
	for i := 0; i < len(places); i++ {
		x := places[i]
		if gone[i] {
			continue
		}
		// the next place other than x; x said again in between is
		// part of the taking back ("scratch Milton, Lewes")
		j := i + 1
		for j < len(places) && sameReading(places[j], x) {
			j++
		}
		if j == len(places) {
			break
		}
		gap := q.lower[x.End:places[j].Start]
		if len(gap) > 60 || strings.ContainsAny(gap, "?!\n") || !retractRE.MatchString(gap) {
			continue
		}
		y := &places[j]
		if y.Role == understand.RoleNone || y.Role == understand.RoleIn {
			y.Role, y.Cue = x.Role, x.Cue
		}
		for k := i; k < len(places); k++ {
			if sameReading(places[k], x) && (k < j || q.sameSentence(y.Start, places[k].Start)) {
				gone[k] = true
			}
		}
	}
	// "make it Dover, not Smyrna", "Dover instead of Smyrna" after an
	// earlier Smyrna: every Smyrna is taken back
	for j := range places {
		for k := j + 1; k < len(places) && places[k].Start-places[j].End < 20; k++ {
			if !insteadRE.MatchString(q.lower[places[j].End:places[k].Start]) {
				continue
			}
			for i := range j {
				if !sameReading(places[i], places[k]) {
					continue
				}
				if y := &places[j]; y.Role == understand.RoleNone || y.Role == understand.RoleIn {
					y.Role, y.Cue = places[i].Role, places[i].Cue
				}
				for n := range places {
					gone[n] = gone[n] || sameReading(places[n], places[k])
				}
			}
		}
	}
	var out []understand.Mention
	for i, m := range places {
		if !gone[i] {
			out = append(out, m)
		}
	}
	return out
}

// sameSentence says whether bytes i and j of the text lie in one
// sentence.
func (q *question) sameSentence(i, j int) bool {
	lo, hi := min(i, j), max(i, j)
	return !strings.ContainsAny(q.lower[lo:hi], ".!?;\n")
}
