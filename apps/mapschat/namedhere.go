package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A name followed by a kind word ("the Nemours hospital", "the Hagley
// museum") is a place of that kind with that name in the conversation's
// area, even when the name alone is a far town's (Nemours, France): the
// far town is read only when the words do not go on with a kind. The
// offline maps geocode a place by its whole name only, so a route to one
// named so is a search for it near the area first, then the route to
// what it finds.

// kindWords are the kind words that end a place's name, in any case.
const kindWords = `(?:hospital|museum|library|church|park|school|university|college|medical center|center|centre|stadium|clinic|hotel|inn|market|mall|zoo|theater|theatre|gallery|marina|arena)`

var (
	reKindWord = regexp.MustCompile(`^\s+` + kindWords + `\b`) // goes on with one
	reKindEnd  = regexp.MustCompile(`\b` + kindWords + `$`)    // ends with one
)

// namedKindsHere is rd with each far town's name that goes on with a kind
// word read as one name with that word, placed nowhere yet ("Nemours
// hospital"): a search in the area. Only when the map's centre is known
// and the town is far from it. names are the names so read.
func namedKindsHere(rd *understand.Reading, here *Loc) (_ *understand.Reading, names []string) {
	if here == nil || here.Point == nil {
		return rd, nil
	}
	var out *understand.Reading
	for i, m := range rd.Mentions {
		if m.Place == nil || m.Role == understand.RoleRegion || m.Place.Kind != understand.KindCity ||
			distKm(here.Point.Lat, here.Point.Lng, m.Place.Lat, m.Place.Lng) <= farKm {
			continue
		}
		k := reKindWord.FindStringIndex(strings.ToLower(rd.Text[m.End:]))
		if k == nil {
			continue
		}
		if out == nil {
			c := *rd
			c.Mentions = slices.Clone(rd.Mentions)
			out = &c
		}
		end := m.End + k[1]
		out.Mentions[i] = understand.Mention{Span: understand.Span{Start: m.Start, End: end}, Text: rd.Text[m.Start:end], Role: m.Role, Cue: m.Cue}
		names = append(names, rd.Text[m.Start:end])
		out.Terms = slices.DeleteFunc(slices.Clone(out.Terms), func(t understand.TermMatch) bool { return t.Start < end && m.Start < t.End })
	}
	if out == nil {
		return rd, nil
	}
	return out, names
}

// searchedFirst is a route whose destination is one of names, a name
// with a kind word the maps do not place ("Nemours hospital", "VA
// Medical Center" in Elsmere): a search for it near its town or the map's
// centre, then the route to the first place found. Any other request is
// returned as it is: a name the maps may know whole ("Kent General
// Hospital") is routed to by that name.
func searchedFirst(r Request, here *Loc, names []string) Request {
	to := r.To
	if r.Kind != KindDirections || r.From == nil || to == nil || to.Known || to.Point != nil || to.PlaceID != "" || to.Ref != "" ||
		len(r.Also) > 0 || len(r.Stops) > 0 || len(r.Modes) > 0 || r.Missing != "" || r.Unresolved != "" {
		return r
	}
	name, town, _ := strings.Cut(to.Name, ",")
	if !slices.Contains(names, strings.TrimSpace(name)) || !reKindEnd.MatchString(strings.ToLower(strings.TrimSpace(name))) || reStreet.MatchString(to.Name) {
		return r
	}
	near := here
	if t := strings.TrimSpace(town); t != "" && (here == nil || !strings.EqualFold(t, here.Name)) {
		near = &Loc{Name: t}
	}
	if near == nil {
		return r
	}
	found := &Loc{Name: strings.TrimSpace(name), PlaceID: foundID}
	route := Request{Kind: KindDirections, From: r.From, To: found, Mode: r.Mode}
	return Request{Kind: KindNearby, Query: strings.TrimSpace(name), Near: near, Then: &route}
}
