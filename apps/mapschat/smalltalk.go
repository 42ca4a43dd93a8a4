package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Messages that need no map: the time of sunrise, sunset or the tides
// (the maps hold no sky and no sea), a "never mind" that signs off.

var (
	// reSkyTimes asks when the sun rises or sets, or the tide turns.
	reSkyTimes = regexp.MustCompile(`\b(?:what time|when|how early|how late)(?:'s|’s|s| is| does| do| will)?(?: the)? (?:sunrise|sunset|sun ?up|sun ?down|sun (?:come up|go down|rise|set)|first light|golden hour|dawn|dusk|high tide|low tide|tides?)\b|\b(?:sunrise|sunset|tide) (?:times?|tables?)\b`)
	// reSearchAsked asks for places: "any", "find", "where".
	reSearchAsked = regexp.MustCompile(`\b(?:any|find|where|wheres|nearest|closest|show|recommend|suggest|list|good)\b`)
	// reNeverMind signs off without a request: "nvm we'll manage", "never
	// mind, all good".
	reNeverMind = regexp.MustCompile(`^(?:(?:lol|haha|ha|ok(?:ay)?|k|oh|ah|well|nah|no|eh)[,.!]*\s+)*(?:nvm|never ?mind|forget it|forget that|no worries|all good|we'?re good|i'?m good)\b`)
)

// skyTimesAsked says whether the message asks when the sun rises or sets
// or the tide turns, and nothing the maps hold (no search, no route): a
// kind named is then where the sky is watched ("high tide at the beach").
func skyTimesAsked(low string, rd *understand.Reading) bool {
	return reSkyTimes.MatchString(low) && (len(rd.Terms) == 0 || !reSearchAsked.MatchString(low)) && !reDirections.MatchString(low)
}

// signsOff says whether the message takes the request back and asks
// nothing more: "lol nvm we'll manage".
func signsOff(low string, rd *understand.Reading) bool {
	return reNeverMind.MatchString(low) && len(rd.Terms) == 0 && !strings.Contains(low, "?") && !reDirections.MatchString(low)
}
