package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// fairTimesRE finds travel times asked to match: "our walking times are
// as close as possible", "my driving time and her walking time are
// about equal", "travel times that match", "driving time … almost
// same" (no article, as learners write it).
var fairTimesRE = regexp.MustCompile(`\b(?:driving|walking|travel|drive|walk|commute|trip)\s+times?\b[^.?!;]{0,60}?\b(?:as close as|as equal as|as similar as|as even as|as balanced as|(?:about|roughly|nearly|almost|more or less)?\s*(?:equal|(?:the\s+)?same|similar|even|balanced)|match|close to each other)\b`)

// fairTimes says whether the question asks for travel times that match.
func (q *question) fairTimes() bool { return fairTimesRE.MatchString(q.lower) }

// personAfter are words after a name that make it a person, not a place
// ("Jake is in Milford" read in a list of homes as a place "Jake").
var personAfter = set("is", "lives", "works", "stays", "will", "was", "has", "drives", "walks", "comes", "is coming")

// person says whether a mention no gazetteer knows is a person's name:
// a person's verb follows it.
func (q *question) person(m understand.Mention) bool {
	if !q.known || m.Place != nil {
		return false
	}
	next := strings.Fields(q.lower[m.End:])
	return len(next) > 0 && personAfter[strings.Trim(next[0], ",.;:!?")]
}
