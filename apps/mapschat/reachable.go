package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A kind asked for with a way of reaching it: "which coffee places in
// Newark could I get to without a car?", "any pharmacies I can reach on
// foot from here" ask for places of the kind, not a route to one ("reach"
// is no slip for "beach": slips.go).

var (
	// reWhichBefore opens a question for places of a kind: "which ",
	// "what kind of ", "any good ".
	reWhichBefore = regexp.MustCompile(`\b(?:which|what|any|are there(?: any)?)\s+(?:[a-z'’-]+\s+){0,2}$`)
	// reReachAfter follows the kind: "places in Newark could I get to",
	// "that we can walk to", "are reachable by bus".
	reReachAfter = regexp.MustCompile(`^(?:[\w'’.,-]+\s+){0,5}?(?:(?:that|which)\s+)?(?:` +
		`(?:(?:i|we|you|one|she|he|they)\s+)?(?:could|can|would|might)\s+(?:(?:i|we|you|one|she|he|they)\s+)?(?:still\s+|easily\s+|actually\s+)?` +
		`(?:get to|reach|go to|walk to|roll to|wheel to|bike to|cycle to|make it to|get over to|get there|walk there)` +
		`|(?:are|is)\s+(?:reachable|accessible|walkable|within reach))\b`)
)

// reachableKinds says whether a kind of rd is asked for with a way of
// reaching it: the question lists places, it plans no route.
func reachableKinds(low string, rd *understand.Reading) bool {
	if len(low) != len(rd.Text) {
		return false
	}
	for _, t := range rd.Terms {
		if reWhichBefore.MatchString(low[:t.Start]) && reReachAfter.MatchString(strings.TrimLeft(low[t.End:], " ")+" ") {
			return true
		}
	}
	return false
}
