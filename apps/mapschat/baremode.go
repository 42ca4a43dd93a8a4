package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// reBareMode is a message that is a travel mode and nothing else: "walk?",
// "and driving?", "by bike?", "on foot then?".
var reBareMode = regexp.MustCompile(`^(?:(?:and|ok(?:ay)?|so|or|what about|how about)[,.]?\s+)*(?:by\s+|on\s+)?(walk|walking|foot|drive|driving|car|bike|biking|cycle|cycling|bicycle|transit|bus|train)(?:\s+(?:then|instead|there))?\s*[?.!]*$`)

// bareModeAsked reads a mode said alone right after a list ("coffee?"
// then "walk?") as the route in that mode from here to the first result,
// the nearest as the search ranked them; right after a detail or the
// whereabouts of one place ("open now?" then "walk?"), as the route to
// that place. After a route, a bare mode is the same route in that mode
// (readKind's follow-up), so this needs another answer as the last.
// ok false for any other message.
func bareModeAsked(low string, rd *understand.Reading, mem Memory, here *Loc) (Request, bool) {
	m := reBareMode.FindStringSubmatch(low)
	if m == nil || here == nil || len(rd.Terms) > 0 || otherPlaceNamed(rd) {
		return Request{}, false
	}
	switch {
	case mem.Last == KindNearby && len(mem.Results) > 0:
		return Request{Kind: KindDirections, From: here, To: placeLoc(mem.Results[0], "the first one"), Mode: bareModes[m[1]]}, true
	case (mem.Last == KindDetails || mem.Last == KindWhere) && mem.Subject != nil && mem.Subject.PlaceID != "":
		return Request{Kind: KindDirections, From: here, To: placeLoc(*mem.Subject, "it"), Mode: bareModes[m[1]]}, true
	}
	return Request{}, false
}

// bareModes are the modes reBareMode's words name.
var bareModes = map[string]string{
	"walk": "walking", "walking": "walking", "foot": "walking",
	"drive": "driving", "driving": "driving", "car": "driving",
	"bike": "bicycling", "biking": "bicycling", "cycle": "bicycling", "cycling": "bicycling", "bicycle": "bicycling",
	"transit": "transit", "bus": "transit", "train": "transit",
}

// modeAfterRemark reads a bare mode closing a message after a remark of
// its own ("nvm my mom said she'll drive us. by car?", "change of plan,
// got my bike back. cycling?") as the last route in that mode; ok false
// for any other message.
func modeAfterRemark(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	if mem.Trip == nil || mem.Last != KindDirections || len(rd.Terms) > 0 || otherPlaceNamed(rd) {
		return Request{}, false
	}
	parts := reSentenceEnd.Split(strings.TrimSpace(low), -1)
	if len(parts) < 2 {
		return Request{}, false
	}
	m := reBareMode.FindStringSubmatch(parts[len(parts)-1])
	if m == nil {
		return Request{}, false
	}
	return Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: bareModes[m[1]]}, true
}
