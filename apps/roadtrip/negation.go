package roadtrip

import (
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// negWords, among the three words before a thing asked for, say none is
// wanted ("no rest stops", "without a viewpoint", "skip the rest areas").
var negWords = set("no", "without", "skip", "skipping", "zero", "not", "don't", "dont", "never", "none", "nor", "avoid", "w/o")

// negated says whether the question writes one of the phrases with a
// word of negation just before it.
func (q *question) negated(phrases ...string) bool {
	for _, p := range phrases {
		for from := 0; from < len(q.lower); {
			i := strings.Index(q.lower[from:], p)
			if i < 0 {
				break
			}
			from = i + from + 1
			before := strings.FieldsFunc(q.lower[clauseStart(q.lower, from-1, 0):from-1], func(r rune) bool {
				return !(r >= 'a' && r <= 'z' || r == '\'' || r == '/')
			})
			for k := len(before) - 1; k >= 0 && k >= len(before)-3; k-- {
				if negWords[before[k]] {
					return true
				}
			}
		}
	}
	return false
}

// personWords say the place after them is where a person is ("me in
// Newark", "my buddy in Dover", "she's in Lewes").
var personWords = set("me", "i", "i'm", "im", "my", "mine", "we", "we're", "our", "he", "he's", "she", "she's", "they", "they're",
	"his", "her", "their", "friend", "friends", "buddy", "sister", "brother", "mom", "dad", "parents", "cousin", "wife", "husband",
	"partner", "colleague", "coworker", "one", "other")

// peopleIn are the places written "in" after a person ("me in newark,
// my buddy in dover"): people's homes.
func (q *question) peopleIn() []understand.Mention {
	var out []understand.Mention
	for _, m := range q.role(understand.RoleIn) {
		lo := clauseStart(q.lower, m.Start, 0)
		words := strings.FieldsFunc(q.lower[lo:m.Start], func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '\'') })
		for k := len(words) - 1; k >= 0 && k >= len(words)-4; k-- {
			if personWords[words[k]] {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
