package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo"
)

// cityPlaces searches kind ("rest_area" or "viewpoint") in cities, in the
// given order, a few at a time, until enough reports every route is
// served. Unless the region is known to be covered (an earlier search
// found something), it stops when the first two cities searched hold
// nothing of the kind: the data does not cover the region.
func (p *Planner) cityPlaces(ctx context.Context, s *state, kind string, order []city, covered bool, found map[string][]place, enough func(map[string][]place) bool) (map[string][]place, []string, error) {
	var searched []string
	taken := map[string]bool{}
	for _, ps := range found {
		for _, p := range ps {
			taken[p.PlaceID] = true
		}
	}
	const maxCities = 6 // searches per kind: a bound on tool calls
	for i := 0; i < len(order) && len(searched) < maxCities; {
		if enough(found) {
			break
		}
		if !covered && len(searched) >= 2 && len(found) == 0 {
			break
		}
		batch := order[i:min(i+2, len(order))]
		i += len(batch)
		res := make([][]place, len(batch))
		errs := parallel(len(batch), func(j int) error {
			c := batch[j]
			sr, err := p.mapsFor(ctx).SearchPlaces(ctx, geo.SearchRequest{Query: queryWord(kind) + " in " + c.Name})
			if err != nil {
				return err
			}
			for _, p := range sr.Places {
				if !fits(kind, p) {
					continue
				}
				pl := toPlace(p)
				inCity := strings.Contains(strings.ToLower(pl.Address), strings.ToLower(c.Name))
				// In the city by address, or right by the corridor point
				// that named it.
				if !inCity && distKm(pl.Lat, pl.Lng, c.Lat, c.Lng) > 5 {
					continue
				}
				pl.City = c.Name
				res[j] = append(res[j], pl)
			}
			return nil
		})
		// A place whose name and address another hit shares cannot be
		// found again by its address alone: keep it, but last.
		seenKey := map[string]int{}
		for _, rs := range res {
			for _, p := range rs {
				seenKey[strings.ToLower(p.Name+"|"+p.Address)]++
			}
		}
		for j := range res {
			sort.SliceStable(res[j], func(a, b int) bool {
				return seenKey[strings.ToLower(res[j][a].Name+"|"+res[j][a].Address)] < seenKey[strings.ToLower(res[j][b].Name+"|"+res[j][b].Address)]
			})
		}
		for j, c := range batch {
			searched = append(searched, c.Name)
			if errs[j] != nil && !errors.Is(errs[j], geo.ErrZeroResults) {
				if ctx.Err() != nil {
					return nil, searched, ctx.Err()
				}
				s.Notes = append(s.Notes, fmt.Sprintf("%s search in %s failed: %v", queryWord(kind), c.Name, errs[j]))
				continue
			}
			for _, p := range res[j] {
				if !taken[p.PlaceID] {
					taken[p.PlaceID] = true
					found[c.ID] = append(found[c.ID], p)
				}
			}
		}
	}
	return found, searched, nil
}

// corridorPlaces searches kind around up to three points of the straight
// line from start to end, each within a radius that covers its stretch,
// and files each hit under the city whose name its address holds, or
// whose corridor point is within 5 km. A city lies in a searched circle
// whose search was not cut off at 20 hits is fully searched (done).
// Longer trips (over 300 km) are searched city by city instead.
func (p *Planner) corridorPlaces(ctx context.Context, s *state, kind string, cities []city) (found map[string][]place, done map[string]bool, hits int, orphans []place) {
	found, done = map[string][]place{}, map[string]bool{}
	if s.Start == nil || s.End == nil {
		return found, done, 0, nil
	}
	a, b := [2]float64{s.Start.Lat, s.Start.Lng}, [2]float64{s.End.Lat, s.End.Lng}
	total := distKm(a[0], a[1], b[0], b[1])
	k := int(math.Ceil(total / 100))
	if k > 3 {
		return found, done, 0, nil
	}
	k = max(k, 1)
	radius := math.Min(50, total/float64(2*k)+10)
	pts := make([][2]float64, k)
	res := make([][]geo.Place, k)
	errs := parallel(k, func(i int) error {
		pts[i] = interpolate(a, b, (float64(i)+0.5)/float64(k), 0)
		sr, err := p.mapsFor(ctx).SearchPlaces(ctx, geo.SearchRequest{Query: queryWord(kind), Location: &geo.LatLng{Lat: pts[i][0], Lng: pts[i][1]}, Radius: radius * 1000})
		res[i] = sr.Places
		return err
	})
	taken := map[string]bool{}
	for i := range pts {
		if errs[i] != nil && !errors.Is(errs[i], geo.ErrZeroResults) {
			continue
		}
		if len(res[i]) < 20 {
			for _, c := range cities {
				if distKm(c.Lat, c.Lng, pts[i][0], pts[i][1]) < radius-5 {
					done[c.ID] = true
				}
			}
		}
		for _, p := range res[i] {
			if !fits(kind, p) || taken[p.PlaceID] {
				continue
			}
			pl := toPlace(p)
			best, bestD := -1, 5.0
			for j, c := range cities {
				if strings.Contains(strings.ToLower(pl.Address), strings.ToLower(c.Name)) {
					best = j
					break
				}
				if d := distKm(pl.Lat, pl.Lng, c.Lat, c.Lng); d <= bestD {
					best, bestD = j, d
				}
			}
			if best < 0 {
				// By the way but in no candidate city: its town may be one.
				if f, off := project(a, b, [2]float64{pl.Lat, pl.Lng}); f > 0 && f < 1 && math.Abs(off) < math.Max(10, total/4) {
					taken[p.PlaceID] = true
					orphans = append(orphans, pl)
				}
				continue
			}
			taken[p.PlaceID] = true
			pl.City = cities[best].Name
			found[cities[best].ID] = append(found[cities[best].ID], pl)
			hits++
		}
	}
	return found, done, hits, orphans
}

// adoptTowns makes candidate cities of the towns of places found by the
// corridor but in no candidate city: a town is named by reverse geocoding
// the place (as corridor samples are) and must be the town its address
// names. At most two lookups; the places are filed under their towns.
func (p *Planner) adoptTowns(ctx context.Context, s *state, orphans []place, into map[string]map[string][]place, kinds map[string]string) []string {
	var added []string
	for _, pl := range orphans {
		if len(added) == 2 {
			break
		}
		id := ""
		for _, c := range s.Pool {
			if strings.Contains(strings.ToLower(pl.Address), strings.ToLower(c.Name)) {
				id = c.ID
			}
		}
		if id == "" {
			rg, err := p.mapsFor(ctx).ReverseGeocode(ctx, pl.Lat, pl.Lng)
			if err != nil {
				continue
			}
			name := ""
			for _, c := range rg.AddressComponents {
				if slices.Contains(c.Types, "locality") {
					name = c.LongName
					break
				}
			}
			if name == "" || !strings.Contains(pl.Address, name) || !keep(city{Name: name, PlaceID: rg.PlaceID}, s.Pool, append([]string{s.Start.Name, s.End.Name, s.Spec.Start, s.Spec.End}, s.Spec.Avoid...)) {
				continue
			}
			a, b := [2]float64{s.Start.Lat, s.Start.Lng}, [2]float64{s.End.Lat, s.End.Lng}
			f, off := project(a, b, [2]float64{pl.Lat, pl.Lng})
			id = fmt.Sprintf("c%d", len(s.Pool)+1)
			for slices.ContainsFunc(s.Pool, func(c city) bool { return c.ID == id }) {
				id += "b"
			}
			s.Pool = append(s.Pool, city{ID: id, Name: name, PlaceID: rg.PlaceID, Address: rg.FormattedAddress, Lat: pl.Lat, Lng: pl.Lng,
				Frac: clamp(f, 0.01, 0.99), OffKm: off})
			added = append(added, name)
		}
		pl.City = cityByID(s.Pool, id).Name
		m := into[kinds[pl.PlaceID]]
		m[id] = append(m[id], pl)
	}
	return added
}

func (p *Planner) tripPlaces(ctx context.Context, s *state) (string, error) {
	spec := s.Spec
	if len(s.Routes) == 0 {
		return "no routes to search along", nil
	}
	// Cities in more routes first, then in travel order.
	uses := map[string]int{}
	for _, rt := range s.Routes {
		for _, id := range rt.Cities {
			uses[id]++
		}
	}
	order := slices.Clone(s.Pool)
	order = slices.DeleteFunc(order, func(c city) bool { return uses[c.ID] == 0 })
	sort.SliceStable(order, func(i, j int) bool { return uses[order[i].ID] > uses[order[j].ID] })
	enough := func(n int) func(map[string][]place) bool {
		return func(f map[string][]place) bool {
			for _, rt := range s.Routes {
				c := 0
				for _, id := range rt.Cities {
					c += len(f[id])
				}
				if c < n {
					return false
				}
			}
			return true
		}
	}
	var rest, view map[string][]place
	var restSearched, viewSearched []string
	var err error
	// First a few wide searches along the corridor; then city by city
	// where those did not look.
	var restDone, viewDone map[string]bool
	var restHits, viewHits int
	var restOrph, viewOrph []place
	parallel(2, func(i int) error {
		if i == 0 && spec.RestStops > 0 {
			rest, restDone, restHits, restOrph = p.corridorPlaces(ctx, s, "rest_area", s.Pool)
		}
		if i == 1 && spec.Viewpoints > 0 {
			view, viewDone, viewHits, viewOrph = p.corridorPlaces(ctx, s, "viewpoint", s.Pool)
		}
		return nil
	})
	// Places by the way in towns no sample named: only when some route
	// cannot get its rest stops and viewpoints from its own towns.
	if rest != nil && view != nil && len(restOrph)+len(viewOrph) > 0 && !allServed(s, rest, view, spec.RestStops, spec.Viewpoints) {
		kinds := map[string]string{}
		for _, p := range restOrph {
			kinds[p.PlaceID] = "rest"
		}
		for _, p := range viewOrph {
			kinds[p.PlaceID] = "view"
		}
		if added := p.adoptTowns(ctx, s, append(restOrph, viewOrph...), map[string]map[string][]place{"rest": rest, "view": view}, kinds); len(added) > 0 {
			s.Notes = append(s.Notes, "candidate towns added for places found by the way: "+strings.Join(added, ", "))
			restHits++
		}
	}
	if restHits+viewHits > 0 {
		if moved := adjustRoutes(s, rest, view, spec.RestStops, spec.Viewpoints); moved != "" {
			s.Notes = append(s.Notes, moved)
		}
		uses = map[string]int{}
		for _, rt := range s.Routes {
			for _, id := range rt.Cities {
				uses[id]++
			}
		}
		order = slices.DeleteFunc(slices.Clone(s.Pool), func(c city) bool { return uses[c.ID] == 0 })
		sort.SliceStable(order, func(i, j int) bool { return uses[order[i].ID] > uses[order[j].ID] })
	}
	covered := restHits+viewHits > 0
	notDone := func(done map[string]bool) []city {
		return slices.DeleteFunc(slices.Clone(order), func(c city) bool { return done[c.ID] })
	}
	if spec.RestStops > 0 {
		rest, restSearched, err = p.cityPlaces(ctx, s, "rest_area", notDone(restDone), covered, rest, enough(spec.RestStops))
		if err != nil {
			return "", err
		}
		restSearched = append(restSearched, namesOf(order, restDone)...)
	}
	if spec.Viewpoints > 0 {
		// Viewpoints first where no rest stop was found, so the two sets
		// of cities differ.
		vo := notDone(viewDone)
		sort.SliceStable(vo, func(i, j int) bool { return len(rest[vo[i].ID]) < len(rest[vo[j].ID]) })
		view, viewSearched, err = p.cityPlaces(ctx, s, "viewpoint", vo, covered || len(rest) > 0, view, enough(spec.Viewpoints))
		if err != nil {
			return "", err
		}
		viewSearched = append(viewSearched, namesOf(order, viewDone)...)
	}
	var slots []slot
	for i, rt := range s.Routes {
		var rc, vc []place
		for _, id := range rt.Cities {
			rc = append(rc, rest[id]...)
			vc = append(vc, view[id]...)
		}
		for j := 1; j <= spec.RestStops; j++ {
			slots = append(slots, slot{Name: fmt.Sprintf("r%d.rest.%d", i+1, j), Cands: rc})
		}
		for j := 1; j <= spec.Viewpoints; j++ {
			slots = append(slots, slot{Name: fmt.Sprintf("r%d.view.%d", i+1, j), Cands: vc})
		}
	}
	policy := tripPolicy(s.Routes, s.Pool, rest, view, spec.RestStops, spec.Viewpoints)
	choice, err := p.choose(ctx, s, "rest stops and scenic viewpoints per route", slots, policy, func(c placeChoice) string {
		return checkTrip(c, slots, len(s.Routes), spec.RestStops, spec.Viewpoints)
	})
	if err != nil {
		return "", err
	}
	// Amenities of the chosen rest stops, from their details, at once.
	amen := map[string][]string{}
	var ids []string
	for _, p := range choice.Picks {
		if strings.Contains(p.Slot, ".rest.") && !slices.Contains(ids, p.PlaceID) {
			ids = append(ids, p.PlaceID)
		}
	}
	var amu sync.Mutex
	parallel(len(ids), func(i int) error {
		d, err := p.mapsFor(ctx).PlaceDetails(ctx, ids[i])
		if err == nil && len(d.Amenities) > 0 {
			amu.Lock()
			amen[ids[i]] = d.Amenities
			amu.Unlock()
		}
		return nil
	})
	var obs []string
	for i := range s.Routes {
		rt := &s.Routes[i]
		rt.RestStops, rt.Viewpoints = nil, nil
		for j := 1; j <= spec.RestStops; j++ {
			if p, ok := picked(choice, slots, fmt.Sprintf("r%d.rest.%d", i+1, j)); ok {
				p.Amenities = amen[p.PlaceID]
				rt.RestStops = append(rt.RestStops, p)
			}
		}
		for j := 1; j <= spec.Viewpoints; j++ {
			if p, ok := picked(choice, slots, fmt.Sprintf("r%d.view.%d", i+1, j)); ok {
				rt.Viewpoints = append(rt.Viewpoints, p)
			}
		}
		if spec.RestStops > 0 && len(rt.RestStops) < spec.RestStops {
			s.Notes = append(s.Notes, fmt.Sprintf("route %d: %d of %d rest stops: the maps data has no more rest stops in its cities (searched: %s)",
				i+1, len(rt.RestStops), spec.RestStops, strings.Join(restSearched, ", ")))
		}
		if spec.Viewpoints > 0 && len(rt.Viewpoints) < spec.Viewpoints {
			s.Notes = append(s.Notes, fmt.Sprintf("route %d: %d of %d scenic viewpoints: the maps data has no more viewpoints in its cities outside the rest-stop cities (searched: %s)",
				i+1, len(rt.Viewpoints), spec.Viewpoints, strings.Join(viewSearched, ", ")))
		}
		obs = append(obs, fmt.Sprintf("route %d: %d rest stops, %d viewpoints", i+1, len(rt.RestStops), len(rt.Viewpoints)))
	}
	return strings.Join(obs, "; "), nil
}

// served says whether rt's cities can give its rest stops and viewpoints
// with the viewpoints in other cities than the rest stops (when the
// route needs both, one city holding both kinds is not enough alone).
func served(rt route, rest, view map[string][]place, nr, nv int) bool {
	if nr == 0 || nv == 0 {
		return true
	}
	for _, a := range rt.Cities {
		for _, b := range rt.Cities {
			if a != b && len(rest[a]) > 0 && len(view[b]) > 0 {
				return true
			}
		}
	}
	return false
}

// allServed says whether every route of s is served.
func allServed(s *state, rest, view map[string][]place, nr, nv int) bool {
	for _, rt := range s.Routes {
		if !served(rt, rest, view, nr, nv) {
			return false
		}
	}
	return true
}

// repeats says whether cities (in any order) are those of a route other
// than routes[i].
func repeats(routes []route, i int, cities []string) bool {
	b := slices.Sorted(slices.Values(cities))
	for j, o := range routes {
		if j != i && slices.Equal(slices.Sorted(slices.Values(o.Cities)), b) {
			return true
		}
	}
	return false
}

// adjustRoutes swaps, in routes that lack rest stops or viewpoints, a city
// without places for a candidate city that has the missing kind, keeping
// must-visit cities and routes distinct. It says what it changed.
func adjustRoutes(s *state, rest, view map[string][]place, nr, nv int) string {
	count := func(rt route, m map[string][]place) int {
		n := 0
		for _, id := range rt.Cities {
			n += len(m[id])
		}
		return n
	}
	var changed []string
	for i := range s.Routes {
		rt := &s.Routes[i]
		for _, kind := range []struct {
			m    map[string][]place
			need int
		}{{rest, nr}, {view, nv}} {
			if kind.need == 0 || count(*rt, kind.m) >= kind.need && (kind.m == nil || served(*rt, rest, view, nr, nv)) {
				continue
			}
			for _, c := range s.Pool {
				if slices.Contains(rt.Cities, c.ID) || len(kind.m[c.ID]) == 0 {
					continue
				}
				// Replace the place-less city nearest c in progress, else
				// the next nearest when that would repeat another route.
				var outs []int
				for j, id := range rt.Cities {
					if oc := cityByID(s.Pool, id); !oc.Include && len(rest[id])+len(view[id]) == 0 {
						outs = append(outs, j)
					}
				}
				if len(outs) == 0 {
					break
				}
				sort.SliceStable(outs, func(x, y int) bool {
					return math.Abs(cityByID(s.Pool, rt.Cities[outs[x]]).Frac-c.Frac) < math.Abs(cityByID(s.Pool, rt.Cities[outs[y]]).Frac-c.Frac)
				})
				out, next := -1, []string(nil)
				for _, j := range outs {
					cand := slices.Clone(rt.Cities)
					cand[j] = c.ID
					sort.SliceStable(cand, func(x, y int) bool { return cityByID(s.Pool, cand[x]).Frac < cityByID(s.Pool, cand[y]).Frac })
					if !repeats(s.Routes, i, cand) {
						out, next = j, cand
						break
					}
				}
				if out < 0 {
					continue
				}
				changed = append(changed, fmt.Sprintf("route %d visits %s instead of %s", i+1, c.Name, cityByID(s.Pool, rt.Cities[out]).Name))
				rt.Cities = next
				rt.Name = routeName(i, s.Pool, next)
				if count(*rt, kind.m) >= kind.need && served(*rt, rest, view, nr, nv) {
					break
				}
			}
		}
	}
	if len(changed) == 0 {
		return ""
	}
	return "routes changed to pass the places found: " + strings.Join(changed, "; ")
}

func namesOf(cities []city, done map[string]bool) []string {
	var out []string
	for _, c := range cities {
		if done[c.ID] {
			out = append(out, c.Name)
		}
	}
	return out
}

// tripPolicy picks rest stops spread over each route's cities, then
// viewpoints preferring cities without a rest stop, so the sets differ.
func tripPolicy(routes []route, pool []city, rest, view map[string][]place, nr, nv int) placeChoice {
	var c placeChoice
	for i, rt := range routes {
		restCities := map[string]bool{}
		var got []place
		for len(got) < nr {
			added := false
			for _, id := range rt.Cities { // round robin over cities
				for _, p := range rest[id] {
					if !slices.ContainsFunc(got, func(g place) bool { return g.PlaceID == p.PlaceID }) {
						if len(got) < nr && (!restCities[p.City] || allUsed(rt.Cities, rest, got)) {
							got = append(got, p)
							restCities[p.City] = true
							added = true
						}
						break
					}
				}
			}
			if !added {
				break
			}
		}
		for j, p := range got {
			c.Picks = append(c.Picks, placePick{Slot: fmt.Sprintf("r%d.rest.%d", i+1, j+1), PlaceID: p.PlaceID})
		}
		var vcands []place
		for _, id := range rt.Cities {
			vcands = append(vcands, view[id]...)
		}
		// Cities without rest stops first.
		sort.SliceStable(vcands, func(a, b int) bool { return !restCities[vcands[a].City] && restCities[vcands[b].City] })
		var vg []place
		for _, p := range vcands {
			if len(vg) == nv {
				break
			}
			vg = append(vg, p)
		}
		// The question asks for viewpoint cities that are not exactly
		// the rest-stop cities; when the data offers no other, leave the
		// viewpoints out (the caller notes the shortfall).
		vc := map[string]bool{}
		for _, p := range vg {
			vc[p.City] = true
		}
		if len(vg) > 0 && len(restCities) > 0 && mapsEqual(vc, restCities) {
			vg = nil
		}
		for j, p := range vg {
			c.Picks = append(c.Picks, placePick{Slot: fmt.Sprintf("r%d.view.%d", i+1, j+1), PlaceID: p.PlaceID})
		}
	}
	c.Reasoning = "rest stops spread over each route's cities; viewpoints first in cities without a rest stop"
	return c
}

// allUsed reports whether every city with rest stops already has one in got.
func allUsed(cities []string, rest map[string][]place, got []place) bool {
	for _, id := range cities {
		if len(rest[id]) == 0 {
			continue
		}
		if !slices.ContainsFunc(got, func(g place) bool { return g.City == rest[id][0].City }) {
			return false
		}
	}
	return true
}

// checkTrip enforces distinct places per route and viewpoint cities that
// differ from rest-stop cities.
func checkTrip(c placeChoice, slots []slot, n, nr, nv int) string {
	for i := 1; i <= n; i++ {
		rc, vc := map[string]bool{}, map[string]bool{}
		seen := map[string]bool{}
		for _, p := range c.Picks {
			if !strings.HasPrefix(p.Slot, fmt.Sprintf("r%d.", i)) {
				continue
			}
			pl, _ := picked(c, slots, p.Slot)
			key := p.PlaceID + strings.Split(p.Slot, ".")[1]
			if seen[key] {
				return fmt.Sprintf("route %d uses %s twice", i, p.PlaceID)
			}
			seen[key] = true
			if strings.Contains(p.Slot, ".rest.") {
				rc[pl.City] = true
			} else {
				vc[pl.City] = true
			}
		}
		if len(rc) > 0 && len(vc) > 0 && mapsEqual(rc, vc) {
			return fmt.Sprintf("route %d: viewpoint cities equal rest-stop cities", i)
		}
	}
	return ""
}

func mapsEqual(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
