package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A listed result named by a word or two of its name ("and Kells?",
// "St Joseph's!! how do I get there") is that result, not a faraway
// place the gazetteer gives the same name (Kells in Ireland, St. Joseph
// in Indiana).

// namesakeKm is how far from the map's centre a place named like a
// listed result must be for the result to be meant: nearer, it is a
// place of the person's own area ("Dover" beside "Dover Park").
const namesakeKm = 50

// foldName is a name lower-cased with its dots and curly apostrophes
// folded, so "St Joseph's" and "St. Joseph’s Church" compare.
func foldName(s string) string {
	s = strings.NewReplacer(".", "", "’", "'", "‘", "'").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

// listedNamesakes are references to the listed results that mentions of
// rd name by words of their names, where the mention's place is unknown
// or over namesakeKm from the map's centre.
func listedNamesakes(rd *understand.Reading, mem Memory, here *Loc) []understand.Reference {
	if len(mem.Results) == 0 || here == nil || here.Point == nil {
		return nil
	}
	var out []understand.Reference
	for _, m := range rd.Mentions {
		if m.Role == understand.RoleRegion || m.Place != nil && m.Place.HasPoint &&
			distKm(here.Point.Lat, here.Point.Lng, m.Place.Lat, m.Place.Lng) <= namesakeKm {
			continue
		}
		frag := foldName(m.Text)
		if len(frag) < 4 || isTermKey(understand.Normalize(frag)) {
			continue
		}
		for i, p := range mem.Results {
			if hasWords(foldName(p.Name), frag) {
				out = append(out, understand.Reference{Span: m.Span, Text: m.Text, Kind: understand.RefNth, Index: i + 1, Role: m.Role})
				break
			}
		}
	}
	return out
}

// reThatsIt is a confirmation, not a place: "that's it", "this is it".
var reThatsIt = regexp.MustCompile(`\b(?:that'?s|that’s|thats|that is|this is|this'?s)\s+$`)

// thereIsTheNamed is rd with "there" and "it" pointing at the listed
// result the message named before them ("St Joseph's! how do I get
// there"), and a confirmation's "that's it" no place.
func thereIsTheNamed(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) {
		return rd
	}
	named := -1
	for i, r := range rd.References {
		if r.Kind == understand.RefNth && r.Role == understand.RoleNone {
			named = i
			break
		}
	}
	if named < 0 {
		return rd
	}
	var refs []understand.Reference
	pointed := false
	for i, r := range rd.References {
		switch {
		case i == named:
			continue
		case r.Kind == understand.RefIt && reThatsIt.MatchString(low[:r.Start]):
			continue
		case (r.Kind == understand.RefThere || r.Kind == understand.RefIt) && r.Start > rd.References[named].End:
			if r.Kind == understand.RefThere && r.Role == understand.RoleNone {
				r.Role = understand.RoleTo // "get there", "go there": where to
			}
			r.Kind, r.Index, pointed = understand.RefNth, rd.References[named].Index, true
		}
		refs = append(refs, r)
	}
	if !pointed {
		return rd
	}
	out := *rd
	out.References = refs
	return &out
}
