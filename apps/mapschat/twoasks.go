package mapschat

import (
	"regexp"
	"strings"
)

// reRouteAsk is where a route question starts after a search in the same
// message, joined by "and", "also" or a semicolon: "…, and how far is
// Dover from Smyrna?", "…; also directions to Lewes".
var reRouteAsk = regexp.MustCompile(`(?i)(?:;\s*|,?\s+(?:and|plus)\s+(?:also\s+)?|,?\s+also\s+)(?:how (?:much )?(?:far|long)|what(?:'s| is) the (?:drive|distance|route|way)|directions|distance|route me)\b`)

// reSearchAsk starts an ask for places of a kind: "is there anywhere
// …", "can you find me parks …", "any pizza …".
var reSearchAsk = regexp.MustCompile(`(?i)\b(?:(?:can|could|would) you\s+(?:please\s+)?)?(?:find|show|search|look for|list|any|are there|is there|where can (?:i|we)|i need|we need|i want|get me|give me)\b`)

// reSentenceEnd ends a sentence: the search is the one just before the
// route question, not the story before it.
var reSentenceEnd = regexp.MustCompile(`[.!?]\s+`)

// searchAndRoute reads two asks in one message, a search and then a
// route between places of their own ("find me parks in Dover, and also
// how far is Dover from Smyrna?") as both; "it" and "there" in the
// route are the place the search finds. Ok false for any other
// message.
func (a *Assistant) searchAndRoute(text string, mem Memory, here *Loc) (Request, bool) {
	for _, ix := range reRouteAsk.FindAllStringIndex(text, -1) {
		head, tail := strings.TrimSpace(text[:ix[0]]), strings.TrimSpace(text[ix[0]:])
		tail = strings.TrimLeft(tail, ",; ")
		if ends := reSentenceEnd.FindAllStringIndex(head, -1); len(ends) > 0 {
			head = head[ends[len(ends)-1][1]:]
		}
		at := reSearchAsk.FindStringIndex(head)
		if at == nil {
			continue
		}
		head = head[at[0]:]
		first := readRequest(strings.ToLower(head), a.readText(head, here, true), mem, here)
		if first.Kind != KindNearby || first.Near == nil || first.Query == "" || first.Then != nil {
			continue
		}
		m2 := mem
		m2.Subject = &Place{Name: "the first " + first.Query + " found", PlaceID: foundID}
		m2.Results = []Place{*m2.Subject}
		second := readRequest(strings.ToLower(tail), a.readText(tail, here, true), m2, here)
		if second.Kind != KindDirections || second.From == nil || second.To == nil || second.Missing != "" ||
			second.Unresolved != "" || len(second.Also) > 0 || len(second.Stops) > 0 || second.From.isFound() {
			continue
		}
		first.Then = &second
		return first, true
	}
	return Request{}, false
}
