package geo

import (
	"math"
	"sort"
)

// A search for "towns" (or "cities", "villages") answers with the
// populated places around its centre, as Google answers with localities:
// the ones a person would name first come first.

// localityType is the place type of a town in search results.
const localityType = "locality"

// notTowns are GeoNames feature codes of populated places that are no
// town to visit: a section of another place, or one that is gone.
var notTowns = map[string]bool{"PPLX": true, "PPLH": true, "PPLQ": true, "PPLW": true, "PPLCH": true}

// townRank says how readily a person names city i: its population (log
// scale), more for a capital or a seat of government.
func (t *cities) townRank(i uint32) float64 {
	s := math.Log10(float64(t.src.Pop[i]) + 10)
	switch t.src.Features[t.src.Feature[i]] {
	case "PPLC":
		s += 2
	case "PPLA":
		s += 1
	case "PPLA2":
		s += 0.5
	case "PPLA3", "PPLA4":
		s += 0.25
	}
	return s
}

// reachKm is how far from its centre a town of pop people still counts
// as that town to a visitor: about 3 km for 1,000 people, 7 km for
// 35,000, 11 km for a million.
func reachKm(pop uint32) float64 {
	return 2 + 3*math.Log10(math.Max(float64(pop), 1000)/1000+1)
}

// within lists the cities within km of p.
func (t *cities) within(p LatLng, km float64) []uint32 {
	coslat := math.Max(math.Cos(p.Lat*math.Pi/180), 0.01)
	dLat := km / 111.19
	dLng := math.Min(km/(111.19*coslat), 180)
	var out []uint32
	for r := int(math.Floor((p.Lat - dLat + 90) / cellDeg)); r <= int(math.Floor((p.Lat+dLat+90)/cellDeg)); r++ {
		if r < 0 || r >= cellsLat {
			continue
		}
		c0, c1 := int(math.Floor((p.Lng-dLng+180)/cellDeg)), int(math.Floor((p.Lng+dLng+180)/cellDeg))
		if c1-c0 >= cellsLng {
			c0, c1 = 0, cellsLng-1
		}
		for c := c0; c <= c1; c++ {
			k := r*cellsLng + ((c%cellsLng)+cellsLng)%cellsLng
			for _, i := range t.cellIdx[t.cellStart[k]:t.cellStart[k+1]] {
				if Distance(p, t.pos(i)) <= km*1000 {
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// townsNear lists at most limit towns within radius metres of c, best
// first: a town within the reach of one five times its size (Dover Base
// Housing by Dover, a suburb by its city) comes after every town that is
// not, and otherwise the larger, or the seat of government, comes first.
func (e *Engine) townsNear(c LatLng, radius float64, limit int) []Place {
	t := e.cities
	// Towns just outside the circle can still overshadow ones inside it.
	near := t.within(c, radius/1000+reachKm(math.MaxUint32))
	sort.Slice(near, func(a, b int) bool { return t.src.Pop[near[a]] > t.src.Pop[near[b]] })
	var cands []uint32
	for _, i := range near {
		if !notTowns[t.src.Features[t.src.Feature[i]]] && Distance(c, t.pos(i)) <= radius {
			cands = append(cands, i)
		}
	}
	sort.SliceStable(cands, func(a, b int) bool {
		ra, rb := t.townRank(cands[a]), t.townRank(cands[b])
		if ra != rb {
			return ra > rb
		}
		return t.src.GeonameID[cands[a]] < t.src.GeonameID[cands[b]]
	})
	// near is by population, so the towns that can overshadow i are a
	// prefix of it.
	inside := func(i uint32) bool {
		for _, j := range near {
			if t.src.Pop[j] < 5*t.src.Pop[i] {
				return false
			}
			if !notTowns[t.src.Features[t.src.Feature[j]]] && Distance(t.pos(i), t.pos(j)) <= reachKm(t.src.Pop[j])*1000 {
				return true
			}
		}
		return false
	}
	var first, after []uint32
	for _, i := range cands {
		if len(first) == limit {
			break
		}
		if inside(i) {
			after = append(after, i)
		} else {
			first = append(first, i)
		}
	}
	out := make([]Place, 0, limit)
	for _, i := range append(first, after...) {
		if len(out) == limit {
			break
		}
		out = append(out, Place{Name: t.src.Name[i], FormattedAddress: t.address(i), Location: t.pos(i),
			PlaceID: t.placeID(i), Types: []string{localityType, "political"}})
	}
	return out
}
