package mapschat

import (
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// The places a message points at: a reference resolved against the
// memory, a place named, an earlier result.

// resolveRef resolves "here", "there", "it" and "the second one" against
// the memory; nil and the words when they point at nothing known.
func resolveRef(ref understand.Reference, mem Memory, here *Loc) (*Loc, string) {
	switch ref.Kind {
	case understand.RefHere:
		if here == nil {
			return nil, ref.Text
		}
		return here, ""
	case understand.RefThere, understand.RefIt:
		if mem.Subject != nil {
			return placeLoc(*mem.Subject, ref.Text), ""
		}
		if len(mem.Results) == 1 {
			return placeLoc(mem.Results[0], ref.Text), ""
		}
	case understand.RefNth:
		i := ref.Index - 1
		if ref.Index < 0 {
			i = len(mem.Results) + ref.Index
		}
		if i >= 0 && i < len(mem.Results) {
			return placeLoc(mem.Results[i], ref.Text), ""
		}
	}
	return nil, ref.Text
}

// mentionsResult finds an earlier result the message names ("is Grotto
// Pizza open?").
func mentionsResult(low string, mem Memory) *Place {
	for i := range mem.Results {
		n := strings.ToLower(mem.Results[i].Name)
		if len(n) >= 4 && strings.Contains(low, n) {
			return &mem.Results[i]
		}
	}
	return nil
}

func mentionLoc(m understand.Mention) *Loc {
	l := &Loc{Name: m.Text}
	if m.Qualifier != "" {
		l.Name = m.Text + ", " + m.Qualifier
	}
	if m.Place != nil {
		l.Name, l.Known = m.Place.Qualified(), true
		l.Area = m.Place.Kind == understand.KindRegion || m.Place.Kind == understand.KindCountry
		if m.Place.HasPoint {
			l.Point = &LatLng{Lat: m.Place.Lat, Lng: m.Place.Lng}
		}
	}
	return l
}

func placeLoc(p Place, ref string) *Loc {
	pt := p.Location
	return &Loc{Name: p.Name, Point: &pt, PlaceID: p.PlaceID, Ref: ref, Known: true}
}

// pointsBack says whether the text points at a place spoken of before:
// "there", "it", "the first one".
func pointsBack(rd *understand.Reading) bool {
	for _, r := range rd.References {
		if r.Kind == understand.RefThere || r.Kind == understand.RefIt || r.Kind == understand.RefNth {
			return true
		}
	}
	return false
}
