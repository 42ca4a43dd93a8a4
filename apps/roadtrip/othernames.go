package roadtrip

import (
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a town written by a name of another language that the
// gazetteer's own and alternate names come within a few letters of
// ("San Julián de Loria" for Sant Julià de Lòria, "Andorra la Vieja"
// for Andorra la Vella, whose alternates hold "Andorra la Vielha"), and
// a town whose other name is also a landmark's near it ("east of
// Andorre-la-Vieille": the capital, not the point of that name).

// placeRoles are the roles of a name that must be a place; a name
// without one may be a person's.
var placeRoles = []understand.Role{understand.RoleFrom, understand.RoleTo, understand.RoleBetween, understand.RoleVia,
	understand.RoleAvoid, understand.RoleNear, understand.RoleRelative, understand.RoleHome, understand.RoleIn}

// sameTownKm is how near a landmark must lie to a town of its name to
// stand for the town.
const sameTownKm = 3.0

// otherNames gives the mentions of r that name a town by another
// language's name their town.
func otherNames(r *understand.Reading, o understand.Options) {
	sp, ok := o.Gazetteer.(understand.Speller)
	if !ok {
		return
	}
	for i := range r.Mentions {
		m := &r.Mentions[i]
		switch {
		case !slices.Contains(placeRoles, m.Role):
		case m.Place == nil:
			if p := spelledTown(m.Text, sp, o.Prefer); p != nil {
				m.Place = p
			}
		case m.Place.Kind == understand.KindLandmark:
			if p := townNamed(*m.Place, m.Text, sp); p != nil {
				m.Place = p
			}
		}
	}
}

// spelledTown is the one town of a preferred region whose own or
// alternate name is within an edit per eight letters of name, its
// saint's word in any language ("Saint-Julien-de-Lòria"); nil when none
// or several are.
func spelledTown(name string, sp understand.Speller, prefer []understand.Place) *understand.Place {
	key := understand.Normalize(name)
	if len(key) < 8 {
		return nil
	}
	return oneTown(saintKeys(key), func(k string) []understand.Place { return sp.Spell(k, len(k)/8) }, prefer)
}

// saintKeys are key and, when it starts with a saint's word of one
// language ("saint julien", "san julian", "st julia"), the key with each
// other language's word: the name's saint is the same.
func saintKeys(key string) []string {
	head, rest, ok := strings.Cut(key, " ")
	if !ok || head != "st" && !slices.Contains(saintWords, head) {
		return []string{key}
	}
	keys := []string{key}
	for _, w := range saintWords {
		if w != head {
			keys = append(keys, w+" "+rest)
		}
	}
	return keys
}

// townNamed is the town a landmark's name also names, when it lies
// within sameTownKm of the landmark: the name is the town's.
func townNamed(landmark understand.Place, name string, g understand.Gazetteer) *understand.Place {
	if !landmark.HasPoint {
		return nil
	}
	for _, p := range g.Lookup(understand.Normalize(name)) {
		if p.Kind == understand.KindCity && p.CountryCode == landmark.CountryCode && p.HasPoint &&
			distKm(p.Lat, p.Lng, landmark.Lat, landmark.Lng) <= sameTownKm {
			return &p
		}
	}
	return nil
}
