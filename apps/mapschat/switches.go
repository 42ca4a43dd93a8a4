package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Follow-ups that change the travel mode of the last route in a sentence
// of their own, and pasted addresses and positions asked about.

// reModeAgain asks the last route again: "how long is it then", "is
// there a bus option instead", "same but on foot".
var reModeAgain = regexp.MustCompile(`\b(?:instead|then|rather|option|same (?:but|again|route|trip|way|thing)|how long|how far|how much time|what about|how about|would it take|will it take|does it take)\b`)

// modeSwitch reads "actually we'll bike, how long is it then?" as the
// last route in the mode named, right after that route; ok false when
// the message names places, kinds or no mode.
func modeSwitch(low string, rd *understand.Reading, mem Memory, mode string) (Request, bool) {
	if mem.Trip == nil || mem.Last != KindDirections || mode == "" || len(rd.Mentions) > 0 || len(rd.Terms) > 0 || !reModeAgain.MatchString(low) {
		return Request{}, false
	}
	for _, r := range rd.References {
		if r.Kind == understand.RefNth || r.Kind == understand.RefHere {
			return Request{}, false // "walk to the second one", "from here"
		}
	}
	return Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: mode}, true
}

// reWhatStreet asks what is at a position: "what street is that", "where
// is this".
var reWhatStreet = regexp.MustCompile(`\b(?:what|which)(?:'s|’s| is)?\s+(?:the\s+)?(?:street|road|address|place|town|village|city|hamlet|parish|county|area|neighbou?rhood)\b|\bwhere(?:'s| is)\s+(?:that|this)\b|\bwhat(?:'s| is)\s+(?:that|this|there)\b`)

// reWhatAtSpot asks what is at a position the message gives, whatever
// words stand between: "what's at that spot?", "what is on this pin".
var reWhatAtSpot = regexp.MustCompile(`\bwhat(?:'s|’s|s| is| lies| sits)\s+(?:at|on|in|by|near)\s+(?:that|this|the|those|these)\s+(?:exact\s+)?(?:spot|point|location|place|position|pin|mark|coords?|coordinates)\b`)

// pointAsked reads a pasted position asked about ("38.64, -75.61, what
// street is that?", "my GPS says 42.59, 1.52 - what's around here, which
// village is this?") as a reverse geocode: with a position given, "here"
// is that position, not the map's centre.
func pointAsked(low string) (Request, bool) {
	p := pastedPoint(low)
	if p == nil || !reWhatStreet.MatchString(low) && !reWhatAtSpot.MatchString(low) && !reWhatHere.MatchString(low) {
		return Request{}, false
	}
	return Request{Kind: KindWhatHere, Near: &Loc{Point: p, Ref: "that point"}}, true
}

// reWhereThat is "where is that": the place the message itself holds.
var reWhereThat = regexp.MustCompile(`\bwhere(?:'s| is| exactly is)\s+(?:that|this|it)\b`)

// addressAsked reads a pasted street address asked about ("…at 12 Main
// Street, Seaford. Where is that?") as that address.
func addressAsked(low string, rd *understand.Reading, here *Loc) (Request, bool) {
	if !reWhereThat.MatchString(low) {
		return Request{}, false
	}
	st := streets(rd.Text, here)
	if len(st) != 1 {
		return Request{}, false
	}
	return Request{Kind: KindWhere, Near: &Loc{Name: st[0].Text}}, true
}

// reModeAble asks whether the route just given can be gone another way:
// "is that walkable", "would it be within biking distance".
var reModeAble = regexp.MustCompile(`^(?:(?:and|so|but|ok(?:ay)?|hm+|also)[,.]? )*(?:is|would|'?s) (?:that|it|this|the (?:trip|route|way))(?: one)? (?:be )?(?:even |really |still )?(walkable|bikeable|bikable|cyclable|(?:with)?in (?:walking|biking|cycling) distance|(?:walking|biking|cycling) distance)\b`)

// ableMode is the travel mode reModeAble's word names.
func ableMode(w string) string {
	if strings.Contains(w, "walk") {
		return "walking"
	}
	return "bicycling"
}
