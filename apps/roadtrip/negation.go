package roadtrip

import (
	"regexp"
	"slices"
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

// roleAfterRE, just after a place, says what a trip does with it:
// "Dover is to be avoided entirely", "Smyrna must be skipped", "Milford
// is off limits" (avoided); "Milton has to be included" (visited).
var roleAfterRE = regexp.MustCompile(`^,?\s+(?:is|are|must|should|shall|has to|have to|needs to|need to|is to|are to|will)\s+(?:be\s+|get\s+)?(?:[a-z]+ly\s+)?(avoided|skipped|excluded|bypassed|off[- ]limits|a no[- ]go|visited|included)\b`)

var (
	// amongAfterRE, just after a place, puts it among the towns a trip
	// passes: "Milford shall be one of the intermediate towns", "Smyrna
	// must be among the cities visited", "Milford must be one of them"
	// (the towns just counted).
	amongAfterRE = regexp.MustCompile(`^,?\s+(?:is|must|should|shall|has to|needs to|will|ought to)\s+(?:also\s+)?be\s+(?:one of|among|part of|in)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}(?:cit(?:y|ies)|towns?|villages?|municipalit(?:y|ies)|places?|stops?|waypoints?|localit(?:y|ies)|communit(?:y|ies)|settlements?|route|routes|itinerary|trip)\b|^,?\s+(?:is|must|should|shall|has to|needs to|will|ought to)\s+(?:also\s+)?be\s+(?:one of|among)\s+(?:them|those|these)\b`)
	// wantAfterRE, just after a place that begins its clause, says the
	// asker wants to go there, the place put first as a learner may put
	// it: "Smyrna I want visit", "Milton we would like to see".
	wantAfterRE = regexp.MustCompile(`^,?\s+(?:i|we)\s+(?:really\s+|also\s+)?(?:want|wanna|would like|'d like|’d like|need|must|have to|like)\s+(?:to\s+)?(?:visit|see|pass|go|stop)\b`)
)

// rolesAfter are the places a sentence says, after them, are to be
// avoided, and those it says are to be visited.
func (q *question) rolesAfter() (avoided, visited []understand.Mention) {
	for _, m := range q.places {
		if m.Role == understand.RoleFrom || m.Role == understand.RoleTo {
			continue
		}
		after := q.lower[m.End:]
		if amongAfterRE.MatchString(after) ||
			wantAfterRE.MatchString(after) && strings.TrimSpace(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) == "" {
			visited = append(visited, m)
			continue
		}
		switch w := roleAfterRE.FindStringSubmatch(after); {
		case w == nil:
		case w[1] == "visited" || w[1] == "included":
			visited = append(visited, m)
		default:
			avoided = append(avoided, m)
		}
	}
	return avoided, visited
}

// personWords say the place after them is where a person is ("me in
// Newark", "my buddy in Dover", "she's in Lewes").
var personWords = set("me", "i", "i'm", "im", "my", "mine", "we", "we're", "our", "he", "he's", "she", "she's", "they", "they're",
	"his", "her", "their", "friend", "friends", "buddy", "sister", "brother", "mom", "dad", "parents", "cousin", "wife", "husband",
	"partner", "colleague", "coworker", "one", "other",
	// family and friends as a group chat writes them ("sis in middletown, dad in dover")
	"sis", "bro", "mum", "ma", "pa", "mother", "father", "son", "daughter", "kid", "kids", "aunt", "uncle",
	"grandma", "grandpa", "gran", "nan", "granny", "hubby", "boyfriend", "girlfriend", "bf", "gf", "roommate",
	"roomie", "bestie", "boss", "ex", "fiance", "fiancee", "neighbor", "neighbour",
	// titles before a surname, as titledPeople writes them ("mrs haldane in lewes")
	"mr", "mrs", "ms", "mx", "dr", "prof")

// peopleIn are the places written "in" after a person ("me in newark,
// my buddy in dover"), or after a verb of living or working earlier in
// the clause ("Dad still lives in the old house in Laurel", "I work in a
// hotel in Encamp"): people's places. In a
// list of "name in place" where one name is a person or lives or sleeps
// there, every name is ("me in bear, jess in middletown, tom in newark",
// "the choir sleeps in Encamp, the band in Ordino").
func (q *question) peopleIn() []understand.Mention {
	var out, named []understand.Mention
	person := false
	for _, m := range q.role(understand.RoleIn) {
		lo := clauseStart(q.lower, m.Start, 0)
		words := strings.FieldsFunc(q.lower[lo:m.Start], func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '\'') })
		if n := len(words); n >= 2 && n <= 4 && words[n-1] == "in" && (lo == 0 || q.lower[lo-1] == ',') {
			named = append(named, m) // "jess in middletown"
			person = person || personWords[words[n-2]] || q.worksOrLivesIn(m)
		}
		if q.worksOrLivesIn(m) {
			out = append(out, m)
			continue
		}
		for k := len(words) - 1; k >= max(0, len(words)-4); k-- {
			if personWords[words[k]] {
				out = append(out, m)
				break
			}
		}
	}
	if person && len(named) >= 2 {
		for _, m := range named {
			if !slices.ContainsFunc(out, func(o understand.Mention) bool { return o.Span == m.Span }) {
				out = append(out, m)
			}
		}
		slices.SortFunc(out, func(a, b understand.Mention) int { return a.Start - b.Start })
	}
	return out
}

// homeWords, earlier in a clause, make the town "in" which it ends a
// home ("lives in the farmhouse in Milford"); where people sleep or
// are lodged is theirs too ("half of us sleep in Encamp", "the band
// bunks in a motel in Dover").
var homeWords = set("live", "lives", "living", "lived", "reside", "resides", "residing", "stay", "stays", "staying",
	"sleep", "sleeps", "sleeping", "slept", "lodged", "bunk", "bunks", "bunking")

// workWords do so for the place one works ("I work in a hotel in
// Escaldes-Engordany"), as "works in Dover" is read.
var workWords = set("work", "works", "working")

// worksOrLivesIn says whether m is written "in" after a verb of living
// or working earlier in its clause ("I work in a hotel in X", "she
// lives in the old house in X"): someone's place, a town even when a
// parish is named like it.
func (q *question) worksOrLivesIn(m understand.Mention) bool {
	words := strings.FieldsFunc(q.lower[clauseStart(q.lower, m.Start, 0):m.Start], func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '\'') })
	if len(words) == 0 || words[len(words)-1] != "in" {
		return false
	}
	return slices.ContainsFunc(words, func(w string) bool { return homeWords[w] || workWords[w] })
}

// refusedRE ends the words just before a fraction said only to be
// refused: "(not halfway, …)", "rather than halfway", "instead of
// the middle".
var refusedRE = regexp.MustCompile(`(?:^|[^a-z'])(?:not|no|never|rather than|instead of)\s+(?:at\s+|just\s+|exactly\s+)?(?:the\s+)?$`)

// refusedAt says whether the fraction written at byte i is refused
// ("about two-thirds of the way there (not halfway …)"): the stop is
// at the other fraction, not at both.
func (q *question) refusedAt(i int) bool {
	return refusedRE.MatchString(q.lower[clauseStart(q.lower, i, 0):i])
}
