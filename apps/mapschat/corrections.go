package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Spoken messages and the corrections in them: fillers of dictation
// ("uh", "um") are no words of the request, and "not X, Y" replaces X,
// whichever end of the last route or search X was (which place a message
// takes back is understand's Reading.Retractions; which end of the route
// in memory it was is this app's).

// reFillers are the fillers of speech, with the comma a dictation puts
// after them: "uh", "um", "erm", "hmm".
var reFillers = regexp.MustCompile(`(?i)\b(?:u+h+|u+m+|uhm+|erm+|hmm+|mhm)\b,?\s*`)

// withoutFillers is text less its fillers of speech.
func withoutFillers(text string) string {
	if !reFillers.MatchString(text) {
		return text
	}
	return strings.Join(strings.Fields(reFillers.ReplaceAllString(text, "")), " ")
}

// replacedPlace reads "not Smyrna, Milford" and "no wait not Harrington I
// meant Georgetown" (a place taken back and the one in its stead, as
// understand's Reading.Retractions reads them) as the last route with
// the place taken back replaced by the other one named, at the same end,
// or the last search moved there; ok false for any other message.
//
// A message that, less what it takes back, names both ends of a route
// asks that route ("how long from the green to the first one... wait no,
// from the museum"): it corrects itself, not the request before.
func replacedPlace(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	if len(rd.Terms) > 0 || len(low) != len(rd.Text) {
		return Request{}, false
	}
	if kept := withoutTakenBack(rd); hasRole(kept, understand.RoleFrom) && hasRole(kept, understand.RoleTo) {
		return Request{}, false
	}
	var old, repl *Loc
	for _, t := range rd.Retractions() {
		if t.Successor >= 0 {
			old, repl = mentionLoc(rd.Mentions[t.Taken]), mentionLoc(rd.Mentions[t.Successor])
			break
		}
	}
	if old == nil || repl == nil {
		return Request{}, false
	}
	switch {
	case mem.Last == KindDirections && mem.Trip != nil:
		r := Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: mem.Trip.Mode}
		switch {
		case old.samePlace(r.From) || strings.EqualFold(old.Name, r.From.Name):
			r.From = repl
		case old.samePlace(r.To) || strings.EqualFold(old.Name, r.To.Name):
			r.To = repl
		default:
			return Request{}, false
		}
		return r, true
	case mem.Last == KindNearby && mem.Search != nil:
		return Request{Kind: KindNearby, Query: mem.Search.Query, Near: repl}, true
	}
	return Request{}, false
}

// withoutTakenBack is rd less the places its text takes back, each said
// in another's stead holding the role of the one it replaces (as
// understand's Reading.WithoutRetracted reads them): "directions to
// Milford, I mean Milton, from Camden" goes to Milton.
func withoutTakenBack(rd *understand.Reading) *understand.Reading {
	if len(rd.Retractions()) == 0 {
		return rd
	}
	out := *rd
	out.Mentions = rd.WithoutRetracted()
	return &out
}
