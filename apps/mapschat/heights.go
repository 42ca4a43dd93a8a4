package mapschat

import (
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// heightsAsked reads a question about the heights of several places:
// listed results by their order ("elevation of the first and the
// third?", "how high are the 2nd and 4th ones") or places compared
// (comparedHeights); ok false for any other message.
func heightsAsked(low string, rd *understand.Reading, mem Memory, here *Loc) (Request, bool) {
	if r, ok := listedHeights(low, rd, mem); ok {
		return r, true
	}
	return comparedHeights(low, rd, here)
}

// listedHeights is the elevation of two or more listed results named
// by their order in one question.
func listedHeights(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	if !reElevation.MatchString(low) && !reHigher.MatchString(low) {
		return Request{}, false
	}
	var ls []*Loc
	for _, ref := range rd.References {
		if ref.Kind != understand.RefNth {
			continue
		}
		l, _ := resolveRef(ref, mem, nil)
		if l != nil && !slices.ContainsFunc(ls, l.samePlace) {
			ls = append(ls, l)
		}
	}
	if len(ls) < 2 {
		return Request{}, false
	}
	return Request{Kind: KindElevation, Near: ls[0], Also: ls[1:]}, true
}

// listedOnly says whether every place of r is one of the listed
// results: an answer about them keeps the list ("the third one" after
// the heights of the first and the third is still the third listed).
func listedOnly(r Request, mem Memory) bool {
	if r.Near == nil || r.Near.PlaceID == "" {
		return false
	}
	for _, l := range append([]*Loc{r.Near}, r.Also...) {
		if l == nil || !slices.ContainsFunc(mem.Results, func(p Place) bool { return p.PlaceID == l.PlaceID }) {
			return false
		}
	}
	return true
}
