package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A leg chained onto the route just given: "then from there to X" starts
// where that route ended, and "last one is X, same thing" ("same again",
// "same way", "likewise") is a route from there to X in its mode, as a
// courier names the drops of a round one by one.

// reSameAgain asks for what was just done, again: the last route's way.
var reSameAgain = regexp.MustCompile(`\b(?:(?:the )?same (?:thing|again|way|deal|drill|as before|as last time|mode)|likewise|ditto|as before)\b`)

// tripEnd is where the last route ended, for a "there" or "it" the
// message starts a route from right after it ("then from there to the
// hospital"); nil otherwise.
func tripEnd(ref understand.Reference, mem Memory) *Loc {
	if ref.Role != understand.RoleFrom || ref.Kind != understand.RefThere && ref.Kind != understand.RefIt ||
		mem.Last != KindDirections || mem.Trip == nil {
		return nil
	}
	to := mem.Trip.To
	return &to
}

// chainedLeg reads a place named with "same thing" after a route: the
// next leg, from where the route ended to that place, the same way
// unless the message names a mode; ok false with no route before, no
// place named, or a kind of place asked ("same thing for cafes").
func chainedLeg(low string, rd *understand.Reading, mem Memory, here *Loc, mode string) (Request, bool) {
	if mem.Trip == nil || mem.Last != KindDirections || !reSameAgain.MatchString(low) || len(rd.Terms) > 0 || !otherPlaceNamed(rd) {
		return Request{}, false
	}
	named := *rd
	named.References = slices.DeleteFunc(slices.Clone(rd.References), func(r understand.Reference) bool {
		return r.Kind == understand.RefNth // "last one is …": the stop counted, not a listed place
	})
	var town *Loc // "the VA out in Elsmere": where the place named is
	named.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), func(m understand.Mention) bool {
		if m.Role == understand.RoleIn && m.Place != nil && m.Place.Kind == understand.KindCity && town == nil {
			town = mentionLoc(m)
			return true
		}
		return false
	})
	if !otherPlaceNamed(&named) {
		named.Mentions, town = rd.Mentions, nil // the town is the place named
	}
	r := directions(&named, mem, here, mode)
	if r.To == nil || r.Unresolved != "" || r.To.samePlace(&mem.Trip.To) {
		return Request{}, false
	}
	if !hasRole(rd, understand.RoleFrom) {
		from := mem.Trip.To
		r.From = &from
	}
	r.Missing = ""
	if r.Mode == "" {
		r.Mode = mem.Trip.Mode
	}
	if town != nil && r.To.Point == nil && !r.To.Known {
		// a place of that town, searched for there (namedhere.go)
		name, _, _ := strings.Cut(r.To.Name, ",")
		r.To = &Loc{Name: name}
		return searchedFirst(r, town, []string{name}), true
	}
	return r, true
}
