package mapschat

import (
	"regexp"

	"github.com/cairn-agents/cairn/understand"
)

// A route asked again the other way round ("and the other direction?",
// "and back?", "the reverse way"): the last route with its ends swapped,
// in its mode unless the message names another.

// reReversed opens a message (after "and", "ok", "what about" …) with a
// route's reversal, ended by punctuation, a mode or a remark that goes
// on without it ("and the other direction we might loop back").
var reReversed = regexp.MustCompile(`^(?:(?:and|ok(?:ay)?|so|now|then|also|what about|how about|and what about|and how about|same for|same but)[,.]? )*` +
	`(?:(?:going|coming|heading|getting|the trip|the route|the way) )?(?:the )?` +
	`(?:other (?:direction|way(?: round| around)?)|opposite (?:direction|way)|reverse(?: (?:way|direction|route|trip))?|reversed|` +
	`return(?: (?:trip|journey|leg|route))?|way back|back(?: again)?|in reverse)\b(?:\s*(?:[?.!,]|$|by\b|on\b|in\b|with\b)|\s+(?:i|we|might|may|maybe|could|would|should|please|pls|too|as well)\b)`)

// reversedTrip reads a reversal of the last route: from its end to its
// start, the same way unless a mode is named; ok false when there is no
// route before, or the message names a place of its own.
func reversedTrip(low string, rd *understand.Reading, mem Memory, mode string) (Request, bool) {
	if mem.Trip == nil || !reReversed.MatchString(low) || otherPlaceNamed(rd) || len(rd.Terms) > 0 {
		return Request{}, false
	}
	if mode == "" {
		mode = mem.Trip.Mode
	}
	from, to := mem.Trip.To, mem.Trip.From
	return Request{Kind: KindDirections, From: &from, To: &to, Mode: mode}, true
}
