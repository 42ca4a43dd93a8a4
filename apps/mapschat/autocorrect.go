package mapschat

import (
	"github.com/cairn-agents/cairn/geo"
	"slices"
	"strings"
	"unicode"
)

// Corrections a phone's autocorrect makes the writer type: the word
// meant written again after the wrong one, with a star ("Hairington?
// *Harrington") or as a sentence of its own ("to Lowes. LEWES. stupid
// phone"), in any case.

// autocorrected is text with each wrong word replaced by the correction
// written after it, when the correction is spelled like the words it
// follows: "any gas in Hairington? *Harrington" reads "any gas in
// Harrington?". A word said twice ("Dover. DOVER.") or unlike the
// words before it is left as it is.
func autocorrected(text string) string {
	words := strings.Fields(text)
	for j := 1; j < len(words); j++ {
		fix, ok := correctionAt(words, j)
		if !ok {
			continue
		}
		key := strings.ToLower(fix)
		for n := 1; n <= 3 && n <= j; n++ {
			typed := words[j-n : j]
			if n > 1 && strings.ContainsAny(strings.Join(typed[:n-1], ""), ".!?,;:") {
				break // the typo is within one sentence
			}
			bare := strings.TrimRight(typed[n-1], ".!?,;:")
			joined := strings.ToLower(strings.Join(append(slices.Clone(typed[:n-1]), bare), ""))
			if joined == key || tooFar(joined, key) || !sameStart(joined, key) {
				continue
			}
			out := append(slices.Clone(words[:j-n]), titled(key)+typed[n-1][len(bare):])
			return autocorrected(strings.Join(append(out, words[j+1:]...), " "))
		}
	}
	return text
}

// correctionAt is the word at j as a correction of the words before it:
// starred ("*Harrington") or a sentence of its own after a sentence's
// end ("Lowes. LEWES. stupid phone"); its letters, ok false when it is
// neither.
func correctionAt(words []string, j int) (string, bool) {
	w := words[j]
	if rest, ok := strings.CutPrefix(w, "*"); ok {
		w = strings.Trim(rest, "*.!?,;:")
	} else {
		prev := words[j-1]
		if !strings.ContainsAny(prev[len(prev)-1:], ".!?") || j+1 < len(words) && !strings.ContainsAny(w[len(w)-1:], ".!") {
			return "", false
		}
		w = strings.TrimRight(w, ".!")
	}
	if len([]rune(w)) < 4 || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' }) >= 0 {
		return "", false
	}
	return w, true
}

// sameStart says whether a and b begin with the same letter: a typo
// keeps the first one.
func sameStart(a, b string) bool {
	return a != "" && b != "" && []rune(a)[0] == []rune(b)[0]
}

// tooFar reports whether typed is more than an edit per four letters
// (at least one) from the correction key.
func tooFar(typed, key string) bool {
	limit := max(1, len([]rune(key))/4)
	return geo.EditDistance(typed, key, limit) > limit
}
