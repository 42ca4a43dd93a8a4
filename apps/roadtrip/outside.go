package roadtrip

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/understand"
)

// This file says when a question's trip cannot be on the maps: an end
// or a person's place of a question about places (stops along a drive,
// a meeting place) the gazetteer reads outside the regions the maps
// hold places for ("a gas station halfway from Andorra la Vella to
// Toulouse, France" with maps of Delaware and Andorra; routes through
// towns the world gazetteer gives anywhere), or a town named in a
// region the maps hold that no town of the region is named ("to
// Blueharbor, Delaware").
// prefer are the maps' regions; with none (maps of the world) every
// place may be on them.

// landmarkWords name a building or a park, which the maps may know
// when the gazetteer, which knows towns, does not.
var landmarkWords = set("park", "museum", "library", "center", "centre", "station", "airport", "university", "college",
	"school", "hospital", "mall", "market", "hotel", "inn", "church", "stadium", "zoo", "garden", "gardens", "square",
	"hall", "building", "tower", "bridge", "marina", "pier", "boardwalk", "campus", "office", "store", "shop")

// offMaps says which place the spec needs that the maps cannot hold,
// in words for the message; "" when none. A place read outside them
// whose name g also knows inside them, with no region written, is a
// misreading, not a place outside.
func (q *question) offMaps(s *taskSpec, g understand.Gazetteer, prefer []understand.Place) string {
	if len(prefer) == 0 || g == nil || s.Family == "" {
		return ""
	}
	needed := []string{s.Start, s.End}
	needed = append(needed, s.Include...)
	for _, l := range s.Legs {
		needed = append(needed, l.From, l.To)
	}
	for _, o := range s.Origins {
		needed = append(needed, o.Place)
	}
	held := func(p *understand.Place) bool {
		return slices.ContainsFunc(prefer, func(r understand.Place) bool {
			return p.Name == r.Name || p.Region == r.Name || p.Country == r.Name
		})
	}
	names := make([]string, len(prefer))
	for i, r := range prefer {
		names[i] = r.Name
	}
	covered := strings.Join(names, ", ")
	var ms []understand.Mention
	inside := false // a place the question needs is inside the maps' regions
	for _, m := range q.places {
		if slices.Contains(needed, specName(m)) && m.Role != understand.RoleNone {
			ms = append(ms, m)
			inside = inside || m.Place != nil && held(m.Place)
		}
	}
	// A question all elsewhere is one for other maps; one crossing the
	// edge of these asks for what they cannot give.
	crosses := inside && s.Family != locnav.RoadTrip
	for _, m := range ms {
		switch {
		case crosses && m.Place != nil && !held(m.Place) && (m.Qualifier != "" || !slices.ContainsFunc(g.Lookup(understand.Normalize(m.Text)), func(p understand.Place) bool { return held(&p) })):
			return fmt.Sprintf("%s lies outside the maps' places (%s): no stop or place there can be found", specName(m), covered)
		case m.Place == nil && m.Qualifier != "" && !q.person(m) && townLike(m.Text) && q.heldRegion(m.Qualifier, held):
			return fmt.Sprintf("no town named %q is known in %s: check the spelling or name a nearby town", m.Text, m.Qualifier)
		case m.Place == nil && m.Qualifier == "" && inside && !q.person(m) && townLike(m.Text) && s.Family != locnav.PlaceFinding && !q.quoted(m):
			// "between Blorptown and Wilmington": the other place is on
			// the maps, this one is no town anywhere ('Blorptown' in
			// quotes is a name as written, left to the maps).
			return fmt.Sprintf("no town named %q is known (the maps hold %s): check the spelling or name a nearby town", m.Text, covered)
		}
	}
	return ""
}

// heldRegion says whether a qualifier ("Delaware", "DE") names a region
// the maps hold.
func (q *question) heldRegion(qualifier string, held func(*understand.Place) bool) bool {
	for _, m := range q.r.Mentions {
		if m.Place != nil && (m.Place.Kind == understand.KindRegion || m.Place.Kind == understand.KindCountry) &&
			strings.EqualFold(m.Text, qualifier) && held(m.Place) {
			return true
		}
	}
	return false
}

// townLike says whether a name reads as a town's, not a landmark's.
func townLike(name string) bool {
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if landmarkWords[w] {
			return false
		}
	}
	return true
}

// quoted says whether a mention is written in quotes.
func (q *question) quoted(m understand.Mention) bool {
	return m.Start > 0 && m.End < len(q.r.Text) && strings.ContainsAny(q.r.Text[m.Start-1:m.Start], "'\"") &&
		strings.ContainsAny(q.r.Text[m.End:m.End+1], "'\"")
}
