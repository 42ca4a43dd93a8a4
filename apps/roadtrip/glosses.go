package roadtrip

import (
	"regexp"
	"strings"
)

// This file reads a word of another language glossed in English, or an
// English word glossed in another language, in brackets or between
// dashes ("2 different percorsi (routes)", "exactly 2 paesi — little
// towns —", "one panoramic point (belvedere)"): when one side is a noun
// a trip counts (a route, a town, a viewpoint) and the other is not,
// the counted noun is written in place of the other, so the count
// before it counts it.

// glossRE is a word and up to three words after it in brackets or
// between dashes.
var glossRE = regexp.MustCompile(`(\pL+)\s*(?:\(\s*(\pL+(?:\s+\pL+){0,2})\s*\)|[—–]\s*(\pL+(?:\s+\pL+){0,2})\s*[—–])`)

// countedNoun says whether a word (singular or plural) is the head of a
// noun a trip counts.
func countedNoun(w string) bool {
	w = strings.ToLower(w)
	for _, s := range []string{w, strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "ies") + "y"} {
		if routeHeads[s] || cityHeads[s] || viewHeads[s] {
			return true
		}
	}
	return false
}

// countBeforeRE ends the words before a counted noun with its count
// and up to two words between ("2 different", "exactly 2", "one
// panoramic").
var countBeforeRE = regexp.MustCompile(`(?i)\b(?:\d+|a|an|one|two|three|four|five|six|each|every|per)\s+(?:\pL+\s+){0,2}$`)

// glossed writes the counted noun of a gloss in place of its other word,
// when the word is in lower case and a count comes just before it.
func glossed(text string) string {
	var b strings.Builder
	last := 0
	for _, ix := range glossRE.FindAllStringSubmatchIndex(text, -1) {
		word := text[ix[2]:ix[3]]
		gloss := sub(text, ix, 2) + sub(text, ix, 3)
		glossHead := gloss[strings.LastIndexByte(gloss, ' ')+1:]
		if word != strings.ToLower(word) || gloss != strings.ToLower(gloss) || !countBeforeRE.MatchString(text[:ix[0]]) {
			continue
		}
		var with string
		switch {
		case countedNoun(glossHead) && !countedNoun(word):
			with = gloss
		case countedNoun(word) && !countedNoun(glossHead):
			with = word
		default:
			continue
		}
		b.WriteString(text[last:ix[0]])
		b.WriteString(with)
		last = ix[1]
	}
	b.WriteString(text[last:])
	return b.String()
}
