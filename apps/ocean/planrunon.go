package ocean

import (
	"strings"
	"unicode"

	"github.com/cairn-agents/cairn/understand"
)

// Typed without stops, a sentence that begins after a name runs into it:
// "out of Cape Town Of the floats …", "off Java Whats the coldest …".
// A capitalised word that only begins a sentence (a question word, a
// pronoun, "Of", "The") after a capitalised word is where the sentence
// ends, so the name is read alone; after a word of a feature's name
// ("Bay Of Bengal", "Isle Of Man") "Of" stays in the name.
var sentenceOpeners = map[string]bool{
	"Of": true, "The": true, "What": true, "Whats": true, "Which": true, "How": true, "Hows": true, "Where": true,
	"Wheres": true, "When": true, "Who": true, "Whos": true, "Why": true, "Can": true, "Could": true, "Would": true,
	"Please": true, "Is": true, "Are": true, "Was": true, "Were": true, "Do": true, "Does": true, "Did": true,
	"Our": true, "My": true, "We": true, "Im": true, "Ive": true, "Id": true, "Its": true, "It": true, "Any": true,
	"Show": true, "Tell": true, "Give": true, "Thanks": true, "Thank": true, "I": true, "On": true, "And": true,
	"But": true, "So": true, "Also": true, "For": true,
	// a request opened as a signal or a form is ("… the NE Pacific Request
	// the three floats …")
	"Request": true, "Requesting": true, "Provide": true, "Identify": true,
}

// A capital that a writer gives only to a sentence's first word also
// ends a sentence after a word in lower case ("sailing from Cape Town
// next month On average was …", "got curious Of all …"); "I" and "The"
// do not, as they are written so inside a sentence or a title.
var notAfterLower = map[string]bool{"I": true, "Im": true, "Ive": true, "Id": true, "The": true}

// A chat interjection ("lol", "haha", "lmao") ends what the writer was
// saying: typed without a stop, the remark before it does not run into
// the question after it ("… in march is brutal lol coldest surface temp
// …").
var chatInterjections = map[string]bool{"lol": true, "lmao": true, "rofl": true, "haha": true, "hahaha": true, "hehe": true, "xd": true}

// markRunOnSentences ends a sentence before such an opener, and after
// such an interjection.
func markRunOnSentences(q string) string {
	words := strings.Split(q, " ")
	for i := 0; i+1 < len(words); i++ {
		if chatInterjections[strings.ToLower(words[i])] && words[i+1] != "" {
			words[i] += "."
		}
	}
	q = strings.Join(words, " ")
	if strings.ToUpper(q) == q {
		return q // shouted: every word is capitalised
	}
	words = strings.Split(q, " ")
	for i := 1; i+1 < len(words); i++ {
		prev, w, next := words[i-1], words[i], words[i+1]
		if !sentenceOpeners[w] || prev == "" || next == "" || !unicode.IsLower([]rune(next)[0]) {
			continue
		}
		if !capitalisedWord(prev) && (notAfterLower[w] || !lowerWord(prev)) {
			continue
		}
		if w == "Of" && featureWords[strings.ToLower(prev)] {
			continue
		}
		words[i-1] = prev + "."
	}
	return strings.Join(words, " ")
}

// lowerWord says whether w is a word of lower-case letters.
func lowerWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return w != ""
}

// capitalisedWord says whether w is a word of letters whose first is a
// capital and the rest lower case: a name's word, not an acronym.
func capitalisedWord(w string) bool {
	rs := []rune(w)
	if len(rs) < 2 || !unicode.IsUpper(rs[0]) {
		return false
	}
	for _, r := range rs[1:] {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// Typed fast, a word the rules key on may have two letters swapped, one
// left out or one doubled ("chnaged", "avergae", "maxmum"): such a word
// of five letters or more is read as the keyword. Only for words that are
// neither keywords nor common words themselves, and never a letter
// changed for another ("charged" is no "changed").
var typoKeywords = []string{
	"changed", "change", "changes", "changing", "average", "maximum", "minimum", "median", "highest", "lowest",
	"warmest", "hottest", "coldest", "coolest", "saltiest", "freshest", "deepest", "shallowest", "nearest", "closest",
	"profile", "profiles", "trajectory", "compare", "comparison", "difference", "through", "between", "monthly",
	"series", "evolution", "surface",
}

var typoNotKeywords = map[string]bool{"chance": true, "chanced": true, "sharest": true, "series": true, "median": true,
	"medium": true, "profiled": true, "thorough": true, "though": true, "rough": true, "surfaced": true, "surfaces": true,
	"closet": true, "coolest": true, "changes": true, "hanged": true}

// rewordTypos writes the keywords typed with such a slip as spelled.
func rewordTypos(q string) string {
	return replaceFunc(reTypoWord, q, func(m []int) string {
		w := q[m[0]:m[1]]
		low := strings.ToLower(w)
		if typoNotKeywords[low] {
			return w
		}
		for _, k := range typoKeywords {
			if low == k {
				return w
			}
		}
		for _, k := range typoKeywords {
			if len(low) == len(k) && !swapped(low, k) || !understand.OneEdit(low, k) {
				continue
			}
			if unicode.IsUpper(rune(w[0])) {
				return strings.ToUpper(k[:1]) + k[1:]
			}
			return k
		}
		return w
	})
}

var reTypoWord = mustGuarded(`\b[A-Za-z]{5,}\b`)

// swapped says whether a and b, of one length, differ by two letters
// side by side in the other order.
func swapped(a, b string) bool {
	for i := 0; i+1 < len(a); i++ {
		if a[i] != b[i] {
			return a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
		}
	}
	return false
}
