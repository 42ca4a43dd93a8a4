package mapschat

import (
	"regexp"
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// Places of the conversation compared by how far they are: two listed
// results against each other from where the person is ("is the 1st one
// closer than the 2nd?").

// reNearerThan compares by nearness: "closer than", "more close",
// "nearer", "further away", "which is quicker".
var reNearerThan = regexp.MustCompile(`\b(?:closer|nearer|more (?:close|near|far)|less far|farther|further|quicker|faster|shorter|longer)\b`)

// reBareOrdinal is an order said alone: "the third", "the 2nd".
var reBareOrdinal = regexp.MustCompile(`\bthe (first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\b`)

// listedCompared reads "is the 1st one closer than the 2nd?" as a route
// to each listed result named, from the start of the last route to one of
// them, else from here; ok false unless two results or more are named.
func listedCompared(low string, rd *understand.Reading, mem Memory, here *Loc, mode string) (Request, bool) {
	if !reNearerThan.MatchString(low) || len(rd.Mentions) > 0 {
		return Request{}, false
	}
	refs := slices.Clone(rd.References)
	for _, m := range reBareOrdinal.FindAllStringSubmatchIndex(low, -1) {
		// "would the third be nearer": an order with no noun after it
		refs = append(refs, understand.Reference{Span: understand.Span{Start: m[0], End: m[1]}, Text: low[m[0]:m[1]], Kind: understand.RefNth,
			Index: ordinalIndex(low[m[2]:m[3]], len(mem.Results))})
	}
	slices.SortStableFunc(refs, func(a, b understand.Reference) int { return a.Start - b.Start })
	var picked []*Loc
	for _, ref := range refs {
		if ref.Kind != understand.RefNth {
			continue
		}
		l, _ := resolveRef(ref, mem, here)
		if l != nil && !containsPlace(picked, l) {
			picked = append(picked, l)
		}
	}
	if len(picked) < 2 {
		return Request{}, false
	}
	r := Request{Kind: KindDirections, To: picked[0], Also: picked[1:], From: here, Mode: mode}
	if t := mem.Trip; t != nil && containsPlace(picked, &t.To) && !containsPlace(picked, &t.From) {
		r.From = &t.From // "2nd one how long to get there", then this
		if r.Mode == "" {
			r.Mode = t.Mode
		}
	}
	if r.From == nil {
		r.Missing = "where"
	}
	return r, true
}

func containsPlace(ls []*Loc, l *Loc) bool {
	for _, o := range ls {
		if o.samePlace(l) {
			return true
		}
	}
	return false
}
