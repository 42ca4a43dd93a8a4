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

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/llm"
)

// placeChoice is the places worker's decision: one candidate place per
// slot ("r1.rest.1", "r2.view.1", "l1.stop2", "meeting", "place1").
type placeChoice struct {
	Reasoning string      `json:"reasoning,omitempty"`
	Picks     []placePick `json:"picks"`
}

// placePick fills one slot with a candidate's place ID.
type placePick struct {
	Slot    string `json:"slot"`
	PlaceID string `json:"place_id"`
}

// Reason returns the reasoning.
func (c placeChoice) Reason() string { return c.Reasoning }

// placesPrompt is what prompts/places_user.tmpl shows.
type placesPrompt struct {
	What  string // what the slots are for
	Slots []slot
}

// slot is a place to fill and the candidates that may fill it.
type slot struct {
	Name  string
	Cands []place
}

// searchPlaces is the search_places action.
func (p *Planner) searchPlaces(ctx context.Context, s *state) (string, error) {
	switch s.Spec.Family {
	case locnav.RoadTrip:
		return p.tripPlaces(ctx, s)
	case locnav.EvenStops:
		return p.legStops(ctx, s)
	case locnav.MeetingPoint:
		return p.meetingPlace(ctx, s)
	case locnav.PlaceFinding:
		return p.directionalPlace(ctx, s)
	}
	return "nothing to search", nil
}

// choose asks the places decision to fill slots; policy fills them when
// no model is configured or the model's picks break a rule (check).
func (p *Planner) choose(ctx context.Context, s *state, what string, slots []slot, policy placeChoice, check func(placeChoice) string) (placeChoice, error) {
	if len(slots) == 0 {
		return policy, nil
	}
	var names, pids []string
	for _, sl := range slots {
		names = append(names, sl.Name)
		for _, c := range sl.Cands {
			if !slices.Contains(pids, c.PlaceID) {
				pids = append(pids, c.PlaceID)
			}
		}
	}
	if len(pids) == 0 {
		return policy, nil
	}
	d, err := decide(ctx, p, "places", "PlaceChoice", func() any { return placesPrompt{What: what, Slots: slots} },
		map[string][]string{"picks.slot": names, "picks.place_id": pids}, policy)
	if err != nil || d.Source != llm.FromModel {
		return policy, nil
	}
	why := ""
	for _, p := range d.Value.Picks {
		i := slices.IndexFunc(slots, func(sl slot) bool { return sl.Name == p.Slot })
		if i < 0 || !slices.ContainsFunc(slots[i].Cands, func(c place) bool { return c.PlaceID == p.PlaceID }) {
			why = fmt.Sprintf("%s is not a candidate for %s", p.PlaceID, p.Slot)
			break
		}
	}
	if why == "" && check != nil {
		why = check(d.Value)
	}
	if why != "" {
		s.Notes = append(s.Notes, "places model's choice rejected ("+why+"); the policy chose")
		return policy, nil
	}
	// Slots the model left empty are filled as the policy would.
	out := d.Value
	for _, p := range policy.Picks {
		if !slices.ContainsFunc(out.Picks, func(q placePick) bool { return q.Slot == p.Slot }) {
			out.Picks = append(out.Picks, p)
		}
	}
	if check != nil && check(out) != "" {
		return policy, nil
	}
	return out, nil
}

func picked(c placeChoice, slots []slot, name string) (place, bool) {
	for _, p := range c.Picks {
		if p.Slot != name {
			continue
		}
		for _, sl := range slots {
			if sl.Name != name {
				continue
			}
			for _, cand := range sl.Cands {
				if cand.PlaceID == p.PlaceID {
					return cand, true
				}
			}
		}
	}
	return place{}, false
}

// kindTypes are the place types that may serve as a road-trip kind:
// Google's legacy types have no rest area or viewpoint, so a text search
// for "rest stop" or "scenic viewpoint" there answers with these.
var kindTypes = map[string][]string{
	"rest_area": {"rest_area", "rest_stop", "gas_station", "convenience_store", "parking"},
	"viewpoint": {"viewpoint", "tourist_attraction", "natural_feature", "park"},
}

// kindWords in a place's name mark it as the kind whatever its types.
var kindWords = map[string][]string{
	"rest_area": {"rest area", "rest stop", "service area", "services", "travel plaza", "r&r"},
	"viewpoint": {"viewpoint", "view point", "lookout", "overlook", "mirador", "vista", "scenic"},
	// Google has no swimming_pool type; checkers look at the name.
	"swimming_pool": {"swim", "aquatic", "natatorium"},
}

// fits reports whether a search hit can serve as kind: it has the type, or
// (for the road-trip kinds) a type or name that means it.
func fits(kind string, p geo.Place) bool {
	if slices.Contains(p.Types, kind) {
		return true
	}
	if slices.ContainsFunc(kindTypes[kind], func(t string) bool { return slices.Contains(p.Types, t) }) {
		return true
	}
	n := strings.ToLower(p.Name)
	return slices.ContainsFunc(kindWords[kind], func(w string) bool { return strings.Contains(n, w) })
}

// queryWord is how a place type is asked for in a text search.
func queryWord(t string) string {
	switch t {
	case "gas_station":
		return "gas station"
	case "lodging":
		return "hotel"
	case "rest_area":
		return "rest stop"
	case "viewpoint":
		return "scenic viewpoint"
	}
	return strings.ReplaceAll(t, "_", " ")
}

// ---- road trips ----

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

// ---- candidates near a point ----

// near searches each type around p and keeps places of a wanted type that
// pass the rating filter, nearest first.
func (p *Planner) near(ctx context.Context, s *state, types []string, lat, lng, radiusM float64, extra string) ([]place, error) {
	if len(types) == 0 {
		types = []string{"restaurant"}
	}
	res := make([][]place, len(types))
	errs := parallel(len(types), func(i int) error {
		q := queryWord(types[i])
		if extra != "" {
			q += " in " + extra
		}
		req := geo.SearchRequest{Query: q}
		if extra == "" {
			req.Location = &geo.LatLng{Lat: lat, Lng: lng}
			req.Radius = clamp(radiusM, 1000, geo.MaxSearchRadius)
		}
		sr, err := p.mapsFor(ctx).SearchPlaces(ctx, req)
		if err != nil {
			return err
		}
		for _, p := range sr.Places {
			if slices.ContainsFunc(types, func(t string) bool { return fits(t, p) }) {
				res[i] = append(res[i], toPlace(p))
			}
		}
		return nil
	})
	var out []place
	var failed []error
	for i := range types {
		if errs[i] != nil && !errors.Is(errs[i], geo.ErrZeroResults) {
			failed = append(failed, errs[i])
		}
		for _, p := range res[i] {
			if slices.ContainsFunc(out, func(o place) bool { return o.PlaceID == p.PlaceID }) {
				continue
			}
			if s.Spec.MinRating > 0 {
				if p.Rating == nil {
					addNote(s, fmt.Sprintf("the maps backend gives no ratings; the minimum rating %.1f could not be checked", s.Spec.MinRating))
				} else if *p.Rating < s.Spec.MinRating {
					continue
				}
			}
			out = append(out, p)
		}
	}
	if len(out) == 0 && len(failed) > 0 {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errors.Join(failed...)
	}
	if extra == "" {
		sort.SliceStable(out, func(a, b int) bool {
			return distKm(out[a].Lat, out[a].Lng, lat, lng) < distKm(out[b].Lat, out[b].Lng, lat, lng)
		})
	}
	return out, nil
}

func addNote(s *state, n string) {
	if !slices.Contains(s.Notes, n) {
		s.Notes = append(s.Notes, n)
	}
}

// ---- even stops ----

func (p *Planner) legStops(ctx context.Context, s *state) (string, error) {
	var obs []string
	used := map[string]bool{}
	for li := range s.Legs {
		lg := &s.Legs[li]
		if lg.From == nil || lg.To == nil {
			continue
		}
		spec := s.Spec.Legs[li]
		n := len(lg.Points)
		legKm := distKm(lg.From.Lat, lg.From.Lng, lg.To.Lat, lg.To.Lng)
		// Each point's circle reaches the neighbouring points, so the
		// matrix can trade a stop forward or back.
		radius := clamp(legKm/float64(n+1)*1000, 5000, geo.MaxSearchRadius)
		m := max(2, min(12, 24/max(1, n)))
		cands := make([][]place, n)
		errs := parallel(n, func(j int) error {
			ps, err := p.near(ctx, s, spec.Types, lg.Points[j][0], lg.Points[j][1], radius, "")
			if len(ps) == 0 && radius < geo.MaxSearchRadius { // nothing near: look wider once
				ps, err = p.near(ctx, s, spec.Types, lg.Points[j][0], lg.Points[j][1], 2*radius, "")
			}
			cands[j] = ps
			return err
		})
		for j := range cands {
			if errs[j] != nil {
				s.Notes = append(s.Notes, fmt.Sprintf("leg %d stop %d: search failed: %v", li+1, j+1, errs[j]))
			}
			cands[j] = slices.DeleteFunc(cands[j], func(p place) bool { return used[p.PlaceID] })
			cands[j] = spread(cands[j], m, lg)
		}
		best := p.balance(ctx, s, lg, cands)
		// Checkers find a stop again by a text search for its name; a
		// stop that search does not list is replaced, twice at most.
		for try := 0; try < 2; try++ {
			bad := p.unfindable(ctx, cands, best)
			if len(bad) == 0 {
				break
			}
			fewer := slices.Clone(cands)
			for j, k := range bad {
				if len(cands[j]) > 1 { // the only candidate stays, unverified
					fewer[j] = slices.Delete(slices.Clone(cands[j]), k, k+1)
				}
			}
			cands = fewer
			best = p.balance(ctx, s, lg, cands)
		}
		var slots []slot
		var policy placeChoice
		for j := range cands {
			name := fmt.Sprintf("l%d.stop%d", li+1, j+1)
			slots = append(slots, slot{Name: name, Cands: cands[j]})
			if best[j] >= 0 {
				policy.Picks = append(policy.Picks, placePick{Slot: name, PlaceID: cands[j][best[j]].PlaceID})
			}
		}
		policy.Reasoning = "the candidates whose driving legs between consecutive stops are most even"
		choice, err := p.choose(ctx, s, fmt.Sprintf("stops at the even fractions of leg %d (%s → %s)", li+1, lg.From.Name, lg.To.Name), slots, policy, nil)
		if err != nil {
			return "", err
		}
		lg.Stops = nil
		for _, sl := range slots {
			if p, ok := picked(choice, slots, sl.Name); ok {
				lg.Stops = append(lg.Stops, p)
				used[p.PlaceID] = true
			}
		}
		if len(lg.Stops) < n {
			s.Notes = append(s.Notes, fmt.Sprintf("leg %d: %d of %d stops found: no %s of the required type near the other fraction points in the maps data",
				li+1, len(lg.Stops), n, strings.Join(spec.Types, "/")))
		}
		obs = append(obs, fmt.Sprintf("leg %d: %d stops", li+1, len(lg.Stops)))
	}
	return strings.Join(obs, "; "), nil
}

// unfindable returns, by point, the index of each chosen candidate that a
// text search for its name does not list.
func (p *Planner) unfindable(ctx context.Context, cands [][]place, best []int) map[int]int {
	bad := map[int]int{}
	var mu sync.Mutex
	parallel(len(best), func(j int) error {
		if best[j] < 0 {
			return nil
		}
		if !p.findable(ctx, cands[j][best[j]]) {
			mu.Lock()
			bad[j] = best[j]
			mu.Unlock()
		}
		return nil
	})
	return bad
}

// findable reports whether a text search for pl's name lists pl.
func (p *Planner) findable(ctx context.Context, pl place) bool {
	sr, err := p.mapsFor(ctx).SearchPlaces(ctx, geo.SearchRequest{Query: pl.Name})
	if err != nil {
		return false
	}
	return slices.ContainsFunc(sr.Places, func(q geo.Place) bool { return q.PlaceID == pl.PlaceID })
}

// spread keeps m of ps, evenly spaced in their progress along the leg, so
// the matrix can shift a stop forward or back where roads bend.
func spread(ps []place, m int, lg *leg) []place {
	if len(ps) <= m {
		return ps
	}
	a, b := [2]float64{lg.From.Lat, lg.From.Lng}, [2]float64{lg.To.Lat, lg.To.Lng}
	sorted := slices.Clone(ps)
	sort.SliceStable(sorted, func(i, j int) bool {
		fi, _ := project(a, b, [2]float64{sorted[i].Lat, sorted[i].Lng})
		fj, _ := project(a, b, [2]float64{sorted[j].Lat, sorted[j].Lng})
		return fi < fj
	})
	out := make([]place, 0, m)
	for k := 0; k < m; k++ {
		out = append(out, sorted[k*(len(sorted)-1)/(m-1)])
	}
	return out
}

// balance picks one candidate per point (-1 where none) so the driving
// legs from start through the stops to the end are as even as possible,
// from one distance-matrix call; without it, the nearest candidates.
func (p *Planner) balance(ctx context.Context, s *state, lg *leg, cands [][]place) []int {
	n := len(cands)
	best := make([]int, n)
	var flat []place
	var at [][]int
	for j, cs := range cands {
		best[j] = -1
		if len(cs) > 0 {
			best[j] = 0
		}
		var idx []int
		for _, c := range cs {
			idx = append(idx, len(flat))
			flat = append(flat, c)
		}
		at = append(at, idx)
	}
	if len(flat) == 0 || slices.Contains(best, -1) {
		return best
	}
	origins := []string{lg.From.Query}
	var dests []string
	for _, p := range flat {
		origins = append(origins, "place_id:"+p.PlaceID)
		dests = append(dests, "place_id:"+p.PlaceID)
	}
	dests = append(dests, lg.To.Query)
	mx, err := p.mapsFor(ctx).DistanceMatrix(ctx, geo.MatrixRequest{Origins: origins, Destinations: dests, Mode: geo.ModeDriving})
	if err != nil || len(mx.Results) != len(origins) {
		addNote(s, fmt.Sprintf("distance matrix failed (%v); stops are the candidates nearest the fraction points", err))
		return best
	}
	dist := func(o, d int) float64 { // o: 0 start, k+1 flat k; d: k flat k, len(flat) end
		row := mx.Results[o].Elements
		if d >= len(row) || row[d].Distance == nil || row[d].Status != geo.StatusOK {
			return math.Inf(1)
		}
		return float64(row[d].Distance.Value)
	}
	cur := make([]int, n)
	bestScore, bestTotal := math.Inf(1), math.Inf(1)
	var rec func(j int)
	rec = func(j int) {
		if j == n {
			legs := make([]float64, 0, n+1)
			prev := 0
			for k := 0; k < n; k++ {
				fk := at[k][cur[k]]
				legs = append(legs, dist(prev, fk))
				prev = fk + 1
			}
			legs = append(legs, dist(prev, len(flat)))
			lo, hi, tot := math.Inf(1), 0.0, 0.0
			for _, l := range legs {
				lo, hi, tot = math.Min(lo, l), math.Max(hi, l), tot+l
			}
			if lo <= 0 || math.IsInf(hi, 1) {
				return
			}
			// Even legs first, then little detour: each past its 10%
			// tolerance costs far more than within it.
			spreadR, detour := (hi-lo)/lo, 0.0
			if direct := dist(0, len(flat)); direct > 0 && !math.IsInf(direct, 1) {
				detour = math.Max(0, tot/direct-1)
			}
			sc := spreadR + detour + 10*(math.Max(0, spreadR-0.1)+math.Max(0, detour-0.1))
			if sc < bestScore-1e-9 || (math.Abs(sc-bestScore) < 1e-9 && tot < bestTotal) {
				bestScore, bestTotal = sc, tot
				copy(best, cur)
			}
			return
		}
		for c := range cands[j] {
			dup := false
			for k := 0; k < j; k++ {
				if cands[k][cur[k]].PlaceID == cands[j][c].PlaceID {
					dup = true
				}
			}
			if !dup {
				cur[j] = c
				rec(j + 1)
			}
		}
	}
	rec(0)
	return best
}

// ---- meeting points ----

func (p *Planner) meetingPlace(ctx context.Context, s *state) (string, error) {
	if len(s.Origins) < 2 {
		return "fewer than two origins located", nil
	}
	spec := s.Spec
	modes := make([]string, len(s.Origins))
	var lat, lng, wsum float64
	for i, o := range s.Origins {
		modes[i] = geo.ModeDriving
		if i < len(spec.Origins) && spec.Origins[i].Mode != "" {
			modes[i] = spec.Origins[i].Mode
		}
		w := 1.0
		if modes[i] == geo.ModeWalking {
			w = 4 // walkers are slower: meet nearer them
		}
		lat, lng, wsum = lat+w*o.Lat, lng+w*o.Lng, wsum+w
	}
	lat, lng = lat/wsum, lng/wsum
	far := 0.0
	for _, o := range s.Origins {
		far = math.Max(far, distKm(lat, lng, o.Lat, o.Lng))
	}
	groups := map[string][]int{}
	for i, m := range modes {
		groups[m] = append(groups[m], i)
	}
	type scored struct {
		p     place
		sc    float64
		times []float64
	}
	var all []scored
	seen := map[string]bool{}
	radius := clamp(far*1000/2, 2000, geo.MaxSearchRadius)
	// Search around a centre, time every new candidate from every origin,
	// then move the centre towards the origins that take longest; at most
	// four rounds, fewer once travel times agree within 10%.
	for round := 0; round < 4; round++ {
		cands, err := p.near(ctx, s, spec.PlaceTypes, lat, lng, radius, "")
		if err != nil && round == 0 {
			return "", err
		}
		cands = slices.DeleteFunc(cands, func(p place) bool { return seen[p.PlaceID] })
		cands = cands[:min(len(cands), 20)]
		var times [][]float64
		if len(cands) > 0 {
			times, err = p.travelTimes(ctx, s.Origins, groups, cands)
			if err != nil {
				if round == 0 {
					return "", err
				}
				break
			}
		}
		for j, c := range cands {
			seen[c.PlaceID] = true
			lo, hi := math.Inf(1), 0.0
			ts := make([]float64, len(s.Origins))
			for i := range s.Origins {
				ts[i] = times[i][j]
				lo, hi = math.Min(lo, ts[i]), math.Max(hi, ts[i])
			}
			v := math.Inf(1)
			if lo > 0 && !math.IsInf(hi, 1) {
				v = (hi - lo) / lo
			}
			all = append(all, scored{c, v, ts})
		}
		sort.SliceStable(all, func(a, b int) bool { return all[a].sc < all[b].sc })
		if len(all) == 0 || all[0].sc <= 0.1 || math.IsInf(all[0].sc, 1) {
			break
		}
		best := all[0]
		mean := 0.0
		for _, t := range best.times {
			mean += t
		}
		mean /= float64(len(best.times))
		lat, lng = best.p.Lat, best.p.Lng
		for i, o := range s.Origins {
			w := float64(round+1) * (best.times[i] - mean) / mean
			lat += w * (o.Lat - best.p.Lat)
			lng += w * (o.Lng - best.p.Lng)
		}
		radius = math.Max(2000, radius/2)
	}
	if len(all) == 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("no %s found near the meeting area in the maps data", strings.Join(spec.PlaceTypes, "/")))
		return "no candidates", nil
	}
	// The best few that a search by name finds again.
	var sc []scored
	for _, x := range all[:min(4, len(all))] {
		if p.findable(ctx, x.p) {
			sc = append(sc, x)
		}
	}
	if len(sc) == 0 {
		sc = all
	}
	top := make([]place, 0, 5)
	for _, x := range sc[:min(5, len(sc))] {
		top = append(top, x.p)
	}
	slots := []slot{{Name: "meeting", Cands: top}}
	policy := placeChoice{Reasoning: fmt.Sprintf("travel times differ by %.0f%% at most", 100*sc[0].sc),
		Picks: []placePick{{Slot: "meeting", PlaceID: top[0].PlaceID}}}
	choice, err := p.choose(ctx, s, "the meeting place with the most equal travel times", slots, policy, nil)
	if err != nil {
		return "", err
	}
	chosen, ok := picked(choice, slots, "meeting")
	if !ok {
		chosen = top[0]
	}
	s.Stops = []place{chosen}
	if sc[0].sc > 0.1 {
		s.Notes = append(s.Notes, fmt.Sprintf("best candidate's travel times still differ by %.0f%%", 100*sc[0].sc))
	}
	return fmt.Sprintf("%d candidates; chose %s (travel times within %.0f%%)", len(all), chosen.Name, 100*sc[0].sc), nil
}

// travelTimes is seconds from each origin to each candidate, one distance
// matrix call per travel mode.
func (p *Planner) travelTimes(ctx context.Context, origins []point, groups map[string][]int, cands []place) ([][]float64, error) {
	times := make([][]float64, len(origins))
	var dests []string
	for _, c := range cands {
		dests = append(dests, "place_id:"+c.PlaceID)
	}
	modes := make([]string, 0, len(groups))
	for m := range groups {
		modes = append(modes, m)
	}
	slices.Sort(modes)
	for _, mode := range modes {
		idx := groups[mode]
		var os []string
		for _, i := range idx {
			os = append(os, origins[i].Query)
		}
		mx, err := p.mapsFor(ctx).DistanceMatrix(ctx, geo.MatrixRequest{Origins: os, Destinations: dests, Mode: mode})
		if err != nil {
			return nil, fmt.Errorf("distance matrix (%s): %w", mode, err)
		}
		for k, i := range idx {
			times[i] = make([]float64, len(cands))
			for j := range cands {
				times[i][j] = math.Inf(1)
				if k < len(mx.Results) && j < len(mx.Results[k].Elements) {
					if e := mx.Results[k].Elements[j]; e.Status == geo.StatusOK && e.Duration != nil {
						times[i][j] = float64(e.Duration.Value)
					}
				}
			}
		}
	}
	return times, nil
}

// ---- directional ----

func (p *Planner) directionalPlace(ctx context.Context, s *state) (string, error) {
	spec := s.Spec
	ok := func(p place) bool {
		for i, d := range spec.Directions {
			if i >= len(s.Refs) {
				return false
			}
			ref := s.Refs[i]
			switch d.Direction {
			case "north":
				if p.Lat <= ref.Lat {
					return false
				}
			case "south":
				if p.Lat >= ref.Lat {
					return false
				}
			case "east":
				if p.Lng <= ref.Lng {
					return false
				}
			case "west":
				if p.Lng >= ref.Lng {
					return false
				}
			}
		}
		return true
	}
	var good []place
	cands, err := p.near(ctx, s, spec.PlaceTypes, 0, 0, 0, spec.Area)
	if err != nil && !errors.Is(err, geo.ErrZeroResults) {
		s.Notes = append(s.Notes, fmt.Sprintf("search in %s failed: %v", spec.Area, err))
	}
	for _, c := range cands {
		if ok(c) {
			good = append(good, c)
		}
	}
	if len(good) < spec.Count && len(s.Refs) > 0 {
		// Search again around the corner the constraints point to.
		lat, lng := s.Refs[0].Lat, s.Refs[0].Lng
		for i, d := range spec.Directions {
			ref := s.Refs[min(i, len(s.Refs)-1)]
			switch d.Direction {
			case "north":
				lat = ref.Lat + 0.02
			case "south":
				lat = ref.Lat - 0.02
			case "east":
				lng = ref.Lng + 0.02
			case "west":
				lng = ref.Lng - 0.02
			}
		}
		more, _ := p.near(ctx, s, spec.PlaceTypes, lat, lng, 20000, "")
		for _, c := range more {
			if ok(c) && !slices.ContainsFunc(good, func(g place) bool { return g.PlaceID == c.PlaceID }) {
				good = append(good, c)
			}
		}
	}
	// Places a search by name finds again first.
	var found, lost []place
	for i, g := range good {
		if i < spec.Count+2 && !p.findable(ctx, g) {
			lost = append(lost, g)
		} else {
			found = append(found, g)
		}
	}
	good = append(found, lost...)
	var slots []slot
	var policy placeChoice
	for j := 1; j <= spec.Count; j++ {
		name := fmt.Sprintf("place%d", j)
		slots = append(slots, slot{Name: name, Cands: good})
		if j <= len(good) {
			policy.Picks = append(policy.Picks, placePick{Slot: name, PlaceID: good[j-1].PlaceID})
		}
	}
	policy.Reasoning = "the first search hits that satisfy every direction"
	choice, err := p.choose(ctx, s, "places satisfying every direction constraint", slots, policy, nil)
	if err != nil {
		return "", err
	}
	s.Stops = nil
	for _, sl := range slots {
		if p, ok := picked(choice, slots, sl.Name); ok && !slices.ContainsFunc(s.Stops, func(x place) bool { return x.PlaceID == p.PlaceID }) {
			s.Stops = append(s.Stops, p)
		}
	}
	if len(s.Stops) < spec.Count {
		s.Notes = append(s.Notes, fmt.Sprintf("found %d of %d %s places satisfying the direction constraints in the maps data",
			len(s.Stops), spec.Count, strings.Join(spec.PlaceTypes, "/")))
	}
	return fmt.Sprintf("%d candidates satisfy the constraints; chose %d", len(good), len(s.Stops)), nil
}
