package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
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
// Longer trips (over 300 km) are searched city by city instead. empty
// says every circle was searched and none held a place of any type.
func (p *Planner) corridorPlaces(ctx context.Context, s *state, kind string, cities []city) (found map[string][]place, done map[string]bool, hits int, orphans []place, empty bool) {
	found, done = map[string][]place{}, map[string]bool{}
	if s.Start == nil || s.End == nil {
		return found, done, 0, nil, false
	}
	a, b := [2]float64{s.Start.Lat, s.Start.Lng}, [2]float64{s.End.Lat, s.End.Lng}
	total := distKm(a[0], a[1], b[0], b[1])
	k := int(math.Ceil(total / 100))
	if k > 3 {
		return found, done, 0, nil, false
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
	empty = true
	for i := range pts {
		if errs[i] != nil && !errors.Is(errs[i], geo.ErrZeroResults) {
			empty = false
			continue
		}
		if len(res[i]) > 0 {
			empty = false
		}
		// Fewer than a full page, or none at all: the circle holds no more.
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
	return found, done, hits, orphans, empty
}

// adoptTowns makes candidate cities of the towns of places found by the
// corridor but in no candidate city: a town is named by reverse geocoding
// the place (as corridor samples are) and must be the town its address
// names, and must not add more than detourLimit to the drive. At most
// two towns; the places are filed under their towns.
func (p *Planner) adoptTowns(ctx context.Context, s *state, orphans []place, into map[string]map[string][]place, kinds map[string]string) []string {
	var added []string
	a, b := [2]float64{s.Start.Lat, s.Start.Lng}, [2]float64{s.End.Lat, s.End.Lng}
	direct := detourFactor * distKm(a[0], a[1], b[0], b[1])
	if s.Road != nil {
		direct = s.Road.Direct
	}
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
		// No road figures for it: straight lines, with bends.
		from, to := detourFactor*distKm(a[0], a[1], pl.Lat, pl.Lng), detourFactor*distKm(pl.Lat, pl.Lng, b[0], b[1])
		if id == "" && from+to-direct > detourLimit(direct) {
			continue
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
			f, off := project(a, b, [2]float64{pl.Lat, pl.Lng})
			id = fmt.Sprintf("c%d", len(s.Pool)+1)
			for slices.ContainsFunc(s.Pool, func(c city) bool { return c.ID == id }) {
				id += "b"
			}
			s.Pool = append(s.Pool, city{ID: id, Name: name, PlaceID: rg.PlaceID, Address: rg.FormattedAddress, Lat: pl.Lat, Lng: pl.Lng,
				Frac: clamp(f, 0.01, 0.99), OffKm: off, FromKm: from, ToKm: to, DetourKm: from + to - direct, Rank: len(s.Pool) + maxTowns})
			added = append(added, name)
		}
		pl.City = cityByID(s.Pool, id).Name
		m := into[kinds[pl.PlaceID]]
		m[id] = append(m[id], pl)
	}
	return added
}

// tripPlaces is search_places for road trips: rest stops and viewpoints
// along the way, filed under the pool's towns; routes whose towns hold
// too few change towns; then each route's stops are chosen.
func (p *Planner) tripPlaces(ctx context.Context, s *state) (string, error) {
	spec := s.Spec
	needs := needsOf(spec, s.Task.Question)
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
	restEmpty, viewEmpty := spec.RestStops == 0, spec.Viewpoints == 0
	parallel(2, func(i int) error {
		if i == 0 && spec.RestStops > 0 {
			rest, restDone, restHits, restOrph, restEmpty = p.corridorPlaces(ctx, s, "rest_area", s.Pool)
		}
		if i == 1 && spec.Viewpoints > 0 {
			view, viewDone, viewHits, viewOrph, viewEmpty = p.corridorPlaces(ctx, s, "viewpoint", s.Pool)
		}
		return nil
	})
	// Circles along the whole way that hold nothing at all: the maps data
	// does not cover the region, and town by town would find nothing more.
	uncovered := restEmpty && viewEmpty
	// Places by the way in towns no sample named: only when some route
	// cannot get its rest stops and viewpoints from its own towns.
	if rest != nil && view != nil && len(restOrph)+len(viewOrph) > 0 && !allServed(s, rest, view, needs) {
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
		if moved := adjustRoutes(s, rest, view, needs); moved != "" {
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
	if uncovered {
		restDone, viewDone = map[string]bool{}, map[string]bool{}
		for _, c := range order {
			restDone[c.ID], viewDone[c.ID] = true, true
		}
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
	policy := tripPolicy(s.Routes, rest, view, needs)
	choice, err := p.choose(ctx, s, "rest stops and scenic viewpoints per route", slots, policy, func(c placeChoice) string {
		return checkTrip(c, slots, len(s.Routes), needs)
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
			where := "in its cities"
			if needs.differ {
				where = "in its cities outside the rest-stop cities"
			}
			s.Notes = append(s.Notes, fmt.Sprintf("route %d: %d of %d scenic viewpoints: the maps data has no more viewpoints %s (searched: %s)",
				i+1, len(rt.Viewpoints), spec.Viewpoints, where, strings.Join(viewSearched, ", ")))
		}
		obs = append(obs, fmt.Sprintf("route %d: %d rest stops, %d viewpoints", i+1, len(rt.RestStops), len(rt.Viewpoints)))
	}
	return strings.Join(obs, "; "), nil
}

// tripNeeds is what each route of a trip asks of its towns.
type tripNeeds struct {
	rest, view int // rest stops and scenic viewpoints per route
	// differ: the question asks for viewpoints in other towns than the
	// rest stops.
	differ bool
}

// differRe finds a question's wish for viewpoint towns other than the
// rest-stop towns ("the cities of the viewpoints should differ from the
// cities of the rest stops").
var differRe = regexp.MustCompile(`(?i)(viewpoints?|views?)\b[^.;)]{0,80}\b(differ\w*|distinct|other than|not (?:be )?(?:in )?the same)\b[^.;)]{0,80}\brest\b|\brest\b[^.;)]{0,80}\b(differ\w*|distinct|other than|not (?:be )?(?:in )?the same)\b[^.;)]{0,80}\b(viewpoints?|views?)\b`)

func needsOf(sp *taskSpec, question string) tripNeeds {
	return tripNeeds{rest: sp.RestStops, view: sp.Viewpoints, differ: sp.RestStops > 0 && sp.Viewpoints > 0 && differRe.MatchString(question)}
}

// served says whether rt's towns hold enough rest stops and viewpoints,
// in different towns when the question asks it.
func served(rt route, rest, view map[string][]place, n tripNeeds) bool {
	nr, nv := 0, 0
	for _, id := range rt.Cities {
		nr += len(rest[id])
		nv += len(view[id])
	}
	if nr < n.rest || nv < n.view {
		return false
	}
	if !n.differ {
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
func allServed(s *state, rest, view map[string][]place, n tripNeeds) bool {
	for _, rt := range s.Routes {
		if !served(rt, rest, view, n) {
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

// adjustRoutes changes, in each route its towns cannot serve, a town at a
// time for a pool town that holds what is missing, while that helps:
// the change that costs the route least (its drive, evenness, how late
// the towns were named; towns other routes visit count against it).
// Must-visit towns stay; routes stay distinct. It says what it changed.
func adjustRoutes(s *state, rest, view map[string][]place, n tripNeeds) string {
	prom := prominence(s.Pool)
	cost := func(i int, ids []string) float64 {
		towns := make([]city, len(ids))
		for x, id := range ids {
			towns[x] = cityByID(s.Pool, id)
		}
		c := routeCost(towns, s.Road, prom)
		for _, id := range ids {
			for j, o := range s.Routes {
				if j != i && slices.Contains(o.Cities, id) {
					c += 0.3
				}
			}
		}
		return c
	}
	lacks := func(ids []string) int { // what the towns miss, counted
		nr, nv := 0, 0
		for _, id := range ids {
			nr += len(rest[id])
			nv += len(view[id])
		}
		m := max(0, n.rest-nr) + max(0, n.view-nv)
		if m == 0 && !served(route{Cities: ids}, rest, view, n) {
			m = 1
		}
		return m
	}
	var changed []string
	for i := range s.Routes {
		rt := &s.Routes[i]
		for try := 0; try < len(rt.Cities) && lacks(rt.Cities) > 0; try++ {
			best, bestCost, bestOut, bestIn := []string(nil), math.Inf(1), "", ""
			for j, out := range rt.Cities {
				if cityByID(s.Pool, out).Include {
					continue
				}
				for _, c := range s.Pool {
					if slices.Contains(rt.Cities, c.ID) || len(rest[c.ID])+len(view[c.ID]) == 0 {
						continue
					}
					cand := slices.Clone(rt.Cities)
					cand[j] = c.ID
					if lacks(cand) >= lacks(rt.Cities) || repeats(s.Routes, i, cand) {
						continue
					}
					driveOrder(s.Pool, s.Road, cand)
					// Fewer missing first, then the cheapest.
					if cc := float64(lacks(cand))*10 + cost(i, cand); cc < bestCost {
						best, bestCost, bestOut, bestIn = cand, cc, out, c.ID
					}
				}
			}
			if best == nil {
				break
			}
			changed = append(changed, fmt.Sprintf("route %d visits %s instead of %s", i+1, cityByID(s.Pool, bestIn).Name, cityByID(s.Pool, bestOut).Name))
			rt.Cities = best
			rt.Name = routeName(i, s.Pool, best)
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

// tripPolicy picks each route's rest stops and viewpoints from its towns.
// Routes with the fewest choices pick first; each then takes the set that
// costs least: a place another route already has costs most (routes
// share a stop only when their towns hold no other), an unnamed place
// more than a named one, two stops of a kind in one town a little, and
// viewpoint towns that are exactly the rest-stop towns a little, or, when
// the question asks them to differ, so much that the route goes without
// viewpoints rather than break it.
func tripPolicy(routes []route, rest, view map[string][]place, n tripNeeds) placeChoice {
	cands := func(rt route, m map[string][]place) []place {
		var out []place
		for _, id := range rt.Cities {
			for _, p := range m[id] {
				if !slices.ContainsFunc(out, func(q place) bool { return q.PlaceID == p.PlaceID }) {
					out = append(out, p)
				}
			}
		}
		// Named first, at most ten to weigh.
		sort.SliceStable(out, func(a, b int) bool { return !unnamed(out[a]) && unnamed(out[b]) })
		return out[:min(len(out), 10)]
	}
	order := make([]int, len(routes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := routes[order[a]], routes[order[b]]
		return len(cands(ra, rest))+len(cands(ra, view)) < len(cands(rb, rest))+len(cands(rb, view))
	})
	used := map[string]int{}
	picks := make([][]placePick, len(routes))
	for _, i := range order {
		rc, vc := cands(routes[i], rest), cands(routes[i], view)
		var best []place
		bestR, bestCost := 0, math.Inf(1)
		for _, r := range subsets(len(rc), min(n.rest, len(rc))) {
			for _, v := range subsets(len(vc), min(n.view, len(vc))) {
				rs, vs := pickAt(rc, r), pickAt(vc, v)
				if slices.ContainsFunc(vs, func(p place) bool {
					return slices.ContainsFunc(rs, func(q place) bool { return q.PlaceID == p.PlaceID })
				}) {
					continue // one place is not both a rest stop and a viewpoint
				}
				c := 0.0
				for x, p := range append(slices.Clone(rs), vs...) {
					c += 3*float64(used[p.PlaceID]) + 0.001*float64(x)
					if unnamed(p) {
						c++
					}
				}
				c += 0.5 * float64(repeatedTowns(rs)+repeatedTowns(vs))
				if len(rs) > 0 && len(vs) > 0 && maps.Equal(townsOf(rs), townsOf(vs)) {
					c += map[bool]float64{false: 0.5, true: 100}[n.differ]
				}
				if c < bestCost {
					best, bestR, bestCost = append(rs, vs...), len(rs), c
				}
			}
		}
		if bestCost >= 100 { // the towns cannot meet the wish: no viewpoints
			best = best[:bestR]
		}
		for x, p := range best {
			used[p.PlaceID]++
			kind, k := "rest", x+1
			if x >= bestR {
				kind, k = "view", x-bestR+1
			}
			picks[i] = append(picks[i], placePick{Slot: fmt.Sprintf("r%d.%s.%d", i+1, kind, k), PlaceID: p.PlaceID})
		}
	}
	var c placeChoice
	for _, ps := range picks {
		c.Picks = append(c.Picks, ps...)
	}
	c.Reasoning = "each route's stops from its own towns, most constrained route first: stops no other route has, named before unnamed, spread over the towns"
	return c
}

// subsets lists the k-element index sets of 0..n-1 in lexicographic order.
func subsets(n, k int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i < n; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, nil)
	return out
}

func pickAt(ps []place, idx []int) []place {
	out := make([]place, len(idx))
	for x, i := range idx {
		out[x] = ps[i]
	}
	return out
}

func townsOf(ps []place) map[string]bool {
	m := map[string]bool{}
	for _, p := range ps {
		m[p.City] = true
	}
	return m
}

// repeatedTowns counts the places of ps in a town an earlier one is in.
func repeatedTowns(ps []place) int {
	return len(ps) - len(townsOf(ps))
}

// checkTrip enforces distinct places per route and, when the question
// asks it, viewpoint towns that differ from rest-stop towns.
func checkTrip(c placeChoice, slots []slot, nroutes int, n tripNeeds) string {
	for i := 1; i <= nroutes; i++ {
		var rs, vs []place
		seen := map[string]bool{}
		for _, p := range c.Picks {
			if !strings.HasPrefix(p.Slot, fmt.Sprintf("r%d.", i)) {
				continue
			}
			pl, _ := picked(c, slots, p.Slot)
			if seen[p.PlaceID] {
				return fmt.Sprintf("route %d uses %s twice", i, p.PlaceID)
			}
			seen[p.PlaceID] = true
			if strings.Contains(p.Slot, ".rest.") {
				rs = append(rs, pl)
			} else {
				vs = append(vs, pl)
			}
		}
		if n.differ && len(rs) > 0 && len(vs) > 0 && maps.Equal(townsOf(rs), townsOf(vs)) {
			return fmt.Sprintf("route %d: viewpoint towns equal rest-stop towns", i)
		}
	}
	return ""
}
