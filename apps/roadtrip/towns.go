package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/llm"
)

// routeChoice is the towns worker's decision: which candidate cities each route
// visits, by City.ID.
type routeChoice struct {
	Reasoning string      `json:"reasoning,omitempty"`
	Routes    []routePick `json:"routes"`
}

// routePick is one route of a RouteChoice.
type routePick struct {
	Name   string   `json:"name" jsonschema:"a short route name from its cities"`
	Cities []string `json:"cities" jsonschema:"candidate city ids (c1, c2, ...) in travel order"`
}

// Reason returns the reasoning.
func (c routeChoice) Reason() string { return c.Reasoning }

// townsPrompt is what prompts/towns_user.tmpl shows.
type townsPrompt struct {
	Start, End     string
	Routes, Cities int     // routes asked, cities per route
	Pool           []city  // the candidates
	Total          float64 // driving km from start to end
}

func (p *Planner) planTrip(ctx context.Context, s *state) (string, error) {
	spec := s.Spec
	ends := make([]point, 2+len(spec.Include))
	names := append([]string{spec.Start, spec.End}, spec.Include...)
	errs := parallel(len(names), func(i int) error {
		var err error
		if spec.Region != "" && !strings.Contains(names[i], ",") {
			// The region only narrows: a hit that is the region itself
			// (or another place) is not the place asked for.
			if ends[i], err = p.locate(ctx, names[i]+", "+spec.Region); err == nil && sameName(ends[i].Name, names[i]) {
				return nil
			}
		}
		ends[i], err = p.locateNamed(ctx, spec.Unknown, names[i])
		return err
	})
	if errs[0] != nil {
		errs[0] = fmt.Errorf("starting place: %w", errs[0])
	}
	if errs[1] != nil {
		errs[1] = fmt.Errorf("destination: %w", errs[1])
	}
	if err := errors.Join(errs[0], errs[1]); err != nil {
		return "", err
	}
	if spec.Region == "" {
		if note := p.nearNamesakes(ctx, &ends[0], &ends[1], spec.Start, spec.End); note != "" {
			addNote(s, note)
		}
	}
	ends[0], ends[1] = namedAsAsked(ends[0], spec.Start), namedAsAsked(ends[1], spec.End)
	s.Start, s.End = &ends[0], &ends[1]
	a, b := [2]float64{s.Start.Lat, s.Start.Lng}, [2]float64{s.End.Lat, s.End.Lng}
	total := distKm(a[0], a[1], b[0], b[1])
	var pool []city
	for i, inc := range spec.Include {
		if errs[2+i] != nil {
			s.Notes = append(s.Notes, fmt.Sprintf("must-visit %q could not be located (%v); routes do not include it", inc, errs[2+i]))
			continue
		}
		loc := ends[2+i]
		f, off := project(a, b, [2]float64{loc.Lat, loc.Lng})
		if far(f, off, total) {
			// A namesake elsewhere: try the start's region.
			if _, region, ok := strings.Cut(s.Start.Address, ", "); ok && !strings.Contains(inc, ",") {
				if q, err := p.locate(ctx, inc+", "+region); err == nil {
					if f2, off2 := project(a, b, [2]float64{q.Lat, q.Lng}); !far(f2, off2, total) {
						loc, f, off = q, f2, off2
					}
				}
			}
		}
		if far(f, off, total) {
			s.Notes = append(s.Notes, fmt.Sprintf("must-visit %q (%s) is %.0f km from the line %s → %s (%.0f km long): no sensible route passes it, so routes do not include it",
				inc, loc.Address, math.Max(math.Abs(off), math.Min(distKm(a[0], a[1], loc.Lat, loc.Lng), distKm(b[0], b[1], loc.Lat, loc.Lng))), s.Start.Name, s.End.Name, total))
			continue
		}
		pool = append(pool, city{Name: loc.Name, PlaceID: loc.PlaceID, Address: loc.Address, Lat: loc.Lat, Lng: loc.Lng,
			Frac: clamp(f, 0.01, 0.99), OffKm: off, Include: true})
	}
	inc := len(pool)
	need := max(0, spec.Cities-inc)
	if spec.Cities < inc {
		s.Notes = append(s.Notes, fmt.Sprintf("%d must-visit cities but only %d cities per route asked; routes keep the must-visit cities", inc, spec.Cities))
		need = 0
	}
	want := poolSize(need, spec.Routes)
	avoid := append([]string{s.Start.Name, s.End.Name, spec.Start, spec.End}, spec.Avoid...)
	for _, c := range p.townsAlong(ctx, a, b, total) {
		if keep(c, pool, avoid) {
			pool = append(pool, c)
		}
	}
	// Where the maps name no towns around the way (a backend that does
	// not search for towns), reverse geocoding names them: at most three
	// rounds of corridor samples; later rounds fill gaps where samples
	// named the same city twice or left the region.
	inRegion := func() int { return countFree(preferRegion(pool, s.Start.Address, s.End.Address, 0)) }
	for round, before := 0, -1; round < 4 && inRegion() < want && (round < 2 || len(pool) > before); round++ {
		before = len(pool)
		n := want - inRegion() + 1 + round
		found, err := p.sampleCities(ctx, a, b, total, n, round, landSide(pool, s.Start.Address, s.End.Address))
		if err != nil {
			return "", err
		}
		var names []string
		for _, c := range found {
			names = append(names, c.Name+" ("+c.Address+")")
			if keep(c, pool, avoid) {
				c.Rank = len(pool) + maxTowns // after every town a search named
				pool = append(pool, c)
			}
		}
		p.log.Debug("roadtrip: corridor samples", "round", round, "asked", n, "found", names)
	}
	pool = preferRegion(pool, s.Start.Address, s.End.Address, want)
	if len(pool) > 0 {
		pool = p.alongTheRoad(ctx, s, pool, want)
	}
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].Frac < pool[j].Frac })
	for i := range pool {
		pool[i].ID = fmt.Sprintf("c%d", i+1)
	}
	s.Pool = pool
	if free := countFree(pool); free < need {
		s.Notes = append(s.Notes, fmt.Sprintf("only %d distinct cities found between %s and %s (%.0f km apart), fewer than the %d asked per route; routes have fewer cities rather than invented ones",
			free, s.Start.Name, s.End.Name, total, spec.Cities))
	}
	policy := chooseRoutes(pool, s.Road, spec.Cities, spec.Routes)
	d, err := decide(ctx, p, "towns", "RouteChoice", func() any {
		direct := total
		if s.Road != nil {
			direct = s.Road.Direct
		}
		return townsPrompt{Start: s.Start.Name, End: s.End.Name, Routes: spec.Routes, Cities: spec.Cities, Pool: pool, Total: math.Round(direct)}
	}, map[string][]string{"routes.cities": ids(pool)}, policy)
	if err != nil {
		return "", err
	}
	choice := d.Value
	if d.Source == llm.FromModel {
		if why := checkRoutes(choice, pool, spec.Cities, len(policy.Routes)); why != "" {
			s.Notes = append(s.Notes, "towns model's routes rejected ("+why+"); the geometry policy chose")
			choice = policy
		}
	}
	if len(choice.Routes) < spec.Routes {
		s.Notes = append(s.Notes, fmt.Sprintf("only %d distinct routes possible with the cities found (asked %d)", len(choice.Routes), spec.Routes))
	}
	s.Routes = nil
	var obs []string
	for i, rp := range choice.Routes {
		cs := slices.Clone(rp.Cities)
		driveOrder(pool, s.Road, cs)
		name := strings.TrimSpace(rp.Name)
		if name == "" {
			name = routeName(i, pool, cs)
		}
		s.Routes = append(s.Routes, route{Name: name, Cities: cs})
		obs = append(obs, fmt.Sprintf("route %d: %s", i+1, strings.Join(cityNames(pool, cs), ", ")))
	}
	return fmt.Sprintf("%s → %s, %.0f km; %d candidate cities; %s", s.Start.Address, s.End.Address, total, len(pool), strings.Join(obs, "; ")), nil
}

func ids(pool []city) []string {
	out := make([]string, len(pool))
	for i, c := range pool {
		out[i] = c.ID
	}
	if len(out) == 0 {
		out = []string{"none"}
	}
	return out
}

func cityByID(pool []city, id string) city {
	for _, c := range pool {
		if c.ID == id {
			return c
		}
	}
	return city{}
}

func cityNames(pool []city, idList []string) []string {
	out := make([]string, len(idList))
	for i, id := range idList {
		out[i] = cityByID(pool, id).Name
	}
	return out
}

func routeName(i int, pool []city, cs []string) string {
	names := cityNames(pool, cs)
	switch len(names) {
	case 0:
		return fmt.Sprintf("Route %d: direct", i+1)
	case 1:
		return fmt.Sprintf("Route %d via %s", i+1, names[0])
	}
	return fmt.Sprintf("Route %d via %s and %s", i+1, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// chooseRoutes is the towns policy: n distinct sets of k towns (every
// must-visit town in each), chosen one route at a time for the least
// cost: the route's driving beyond the direct way (counted twice), how
// unevenly its towns split the way, how late the maps named them, and
// each town it shares with a route already chosen, so alternatives differ
// in their towns whenever the way has enough of them.
func chooseRoutes(pool []city, road *roadKm, k, n int) routeChoice {
	var fixed, free []int
	for i, c := range pool {
		if c.Include {
			fixed = append(fixed, i)
		} else {
			free = append(free, i)
		}
	}
	prom := prominence(pool)
	extra := func(set []int) float64 {
		towns := make([]city, len(set))
		for x, i := range set {
			towns[x] = pool[i]
		}
		return extraDrive(towns, road)
	}
	if len(free) > maxFree {
		// The towns least off the way and best named.
		sort.SliceStable(free, func(x, y int) bool {
			return extra([]int{free[x]})+0.1*prom[pool[free[x]].PlaceID] < extra([]int{free[y]})+0.1*prom[pool[free[y]].PlaceID]
		})
		free = free[:maxFree]
		slices.Sort(free)
	}
	need := max(0, min(k-len(fixed), len(free)))
	var sets [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == need {
			sets = append(sets, append(slices.Clone(fixed), cur...))
			return
		}
		for i := start; i < len(free); i++ {
			rec(i+1, append(cur, free[i]))
		}
	}
	rec(0, nil)
	cost := make([]float64, len(sets))
	for si, set := range sets {
		towns := make([]city, len(set))
		for x, j := range set {
			towns[x] = pool[j]
		}
		cost[si] = routeCost(towns, road, prom)
	}
	var chosen [][]int
	used := map[int]int{}
	for len(chosen) < n && len(chosen) < len(sets) {
		best, bestS := -1, math.Inf(1)
		for si, set := range sets {
			if slices.ContainsFunc(chosen, func(c []int) bool { return slices.Equal(c, set) }) {
				continue
			}
			sc := cost[si]
			for _, j := range set {
				if !pool[j].Include {
					sc += 0.3 * float64(used[j])
				}
			}
			if sc < bestS {
				best, bestS = si, sc
			}
		}
		if best < 0 {
			break
		}
		chosen = append(chosen, sets[best])
		for _, j := range sets[best] {
			used[j]++
		}
	}
	var out routeChoice
	for i, set := range chosen {
		cs := make([]string, len(set))
		for x, j := range set {
			cs[x] = pool[j].ID
		}
		driveOrder(pool, road, cs)
		out.Routes = append(out.Routes, routePick{Name: routeName(i, pool, cs), Cities: cs})
	}
	out.Reasoning = fmt.Sprintf("%d routes from %d candidate towns, chosen for little driving beyond the direct way, even spacing, towns the maps name first, and variety", len(out.Routes), len(pool))
	return out
}

// routeCost is what chooseRoutes minimises for one route before sharing:
// twice its drive beyond the direct way, how unevenly its towns split the
// way, and how late the maps named its towns (0.15 for a town named last:
// a town a person would name is worth a few percent more driving).
func routeCost(towns []city, road *roadKm, prom map[string]float64) float64 {
	fr := make([]float64, len(towns))
	pr := 0.0
	for x, t := range towns {
		fr[x] = t.Frac
		pr += prom[t.PlaceID]
	}
	sort.Float64s(fr)
	even := 0.0
	for x, f := range fr {
		ideal := float64(x+1) / float64(len(fr)+1)
		even += (f - ideal) * (f - ideal)
	}
	return 2*extraDrive(towns, road) + even + 0.15*pr
}

// extraDrive is the share of driving a route through towns adds to the
// direct way; without road figures, a rough stand-in from how far the
// towns lie off the line.
func extraDrive(towns []city, road *roadKm) float64 {
	// By progress: near enough to the shortest order to compare sets of
	// towns, and cheap enough for a thousand of them.
	ordered := slices.Clone(towns)
	sort.SliceStable(ordered, func(x, y int) bool { return ordered[x].Frac < ordered[y].Frac })
	if road == nil || road.Direct <= 0 {
		e := 0.0
		for _, t := range ordered {
			e += 0.0005*math.Abs(t.OffKm) + 0.002*math.Max(0, t.DetourKm)
		}
		return e
	}
	if len(ordered) == 0 {
		return 0
	}
	return driveKm(ordered)/road.Direct - 1
}

// prominence is, by place ID, how late the maps named each free town
// among the pool's, 0 (first) to 1.
func prominence(pool []city) map[string]float64 {
	var free []city
	for _, c := range pool {
		if !c.Include {
			free = append(free, c)
		}
	}
	sort.SliceStable(free, func(x, y int) bool { return free[x].Rank < free[y].Rank })
	out := map[string]float64{}
	for x, c := range free {
		out[c.PlaceID] = float64(x) / float64(max(1, len(free)-1))
	}
	return out
}

// driveOrder puts a route's town IDs in driving order: the order that
// drives shortest, or by progress without road figures.
func driveOrder(pool []city, road *roadKm, ids []string) {
	sort.SliceStable(ids, func(x, y int) bool { return cityByID(pool, ids[x]).Frac < cityByID(pool, ids[y]).Frac })
	if road == nil {
		return
	}
	towns := make([]city, len(ids))
	for i, id := range ids {
		towns[i] = cityByID(pool, id)
	}
	for i, t := range shortestOrder(towns) {
		ids[i] = t.ID
	}
}

// shortestOrder is towns in the order that drives shortest from the start
// to the end: every order of up to six towns is tried; more are taken by
// progress, then improved by swapping neighbours while that helps.
func shortestOrder(towns []city) []city {
	best := slices.Clone(towns)
	sort.SliceStable(best, func(x, y int) bool { return best[x].Frac < best[y].Frac })
	bestKm := driveKm(best)
	if len(towns) <= 6 {
		cur := slices.Clone(best)
		var perm func(k int)
		perm = func(k int) {
			if k == len(cur) {
				if km := driveKm(cur); km < bestKm-1e-9 {
					bestKm = km
					copy(best, cur)
				}
				return
			}
			for i := k; i < len(cur); i++ {
				cur[k], cur[i] = cur[i], cur[k]
				perm(k + 1)
				cur[k], cur[i] = cur[i], cur[k]
			}
		}
		perm(0)
		return best
	}
	for better := true; better; {
		better = false
		for i := 0; i+1 < len(best); i++ {
			best[i], best[i+1] = best[i+1], best[i]
			if km := driveKm(best); km < bestKm-1e-9 {
				bestKm, better = km, true
			} else {
				best[i], best[i+1] = best[i+1], best[i]
			}
		}
	}
	return best
}

// maxFree bounds the free towns chooseRoutes combines (C(14,4) = 1001
// sets of 4); maxTowns, the towns a trip measures by road.
const (
	maxFree  = 14
	maxTowns = 24
)

// detourLimit is the most km a town may add to a drive of direct km:
// 12% of it, at least 5 km and at most 10 (Brookside, 12 km off the way
// from Wilmington south, is not on it).
func detourLimit(direct float64) float64 { return clamp(0.12*direct, 5, 10) }

// alongTheRoad measures the pool by road (one distance matrix) and keeps
// the towns a route can pass: reachable, not at an end, and each adding
// little to the direct drive (detourLimit). When that leaves
// fewer than want, the least costly of the others come back. Must-visit
// towns stay whatever they cost. At most maxTowns free towns are
// measured, the best named first.
func (p *Planner) alongTheRoad(ctx context.Context, s *state, pool []city, want int) []city {
	var inc, free []city
	for _, c := range pool {
		if c.Include {
			inc = append(inc, c)
		} else {
			free = append(free, c)
		}
	}
	// By straight lines a town cannot cost less than by road: those
	// already far off the way are not worth measuring.
	gcLimit := detourLimit(detourFactor * distKm(s.Start.Lat, s.Start.Lng, s.End.Lat, s.End.Lng))
	free = slices.DeleteFunc(free, func(c city) bool {
		return distKm(s.Start.Lat, s.Start.Lng, c.Lat, c.Lng)+distKm(c.Lat, c.Lng, s.End.Lat, s.End.Lng)-
			distKm(s.Start.Lat, s.Start.Lng, s.End.Lat, s.End.Lng) > 2*gcLimit
	})
	sort.SliceStable(free, func(i, j int) bool { return free[i].Rank < free[j].Rank })
	pool = append(inc, free[:min(len(free), maxTowns)]...)
	road, note := p.measure(ctx, s.Start, s.End, pool)
	if note != "" {
		addNote(s, note)
	}
	s.Road = road
	limit := detourLimit(road.Direct)
	var out, off []city
	for _, c := range pool {
		bad := math.IsInf(c.FromKm, 1) || math.IsInf(c.ToKm, 1)
		if c.Include {
			if bad { // not on the road network: judged by straight lines
				c.FromKm = detourFactor * distKm(s.Start.Lat, s.Start.Lng, c.Lat, c.Lng)
				c.ToKm = detourFactor * distKm(c.Lat, c.Lng, s.End.Lat, s.End.Lng)
				c.DetourKm = c.FromKm + c.ToKm - road.Direct
				c.Frac = c.FromKm / (c.FromKm + c.ToKm)
			}
			out = append(out, c)
			continue
		}
		switch {
		case bad || c.FromKm < 2 || c.ToKm < 2:
		case c.DetourKm > limit:
			off = append(off, c)
		default:
			out = append(out, c)
		}
	}
	sort.SliceStable(off, func(i, j int) bool { return off[i].DetourKm < off[j].DetourKm })
	var dropped []string
	for _, c := range off {
		if countFree(out) < want {
			out = append(out, c)
		} else {
			dropped = append(dropped, c.Name)
		}
	}
	p.log.Debug("roadtrip: towns off the way", "dropped", dropped, "limit_km", limit)
	return out
}

// checkRoutes says what is wrong with a model's routes, "" when nothing.
func checkRoutes(c routeChoice, pool []city, k, n int) string {
	if len(c.Routes) != n {
		return fmt.Sprintf("%d routes, want %d", len(c.Routes), n)
	}
	seen := map[string]bool{}
	want := min(k, len(pool))
	for i, rp := range c.Routes {
		if len(rp.Cities) != want {
			return fmt.Sprintf("route %d has %d cities, want %d", i+1, len(rp.Cities), want)
		}
		set := slices.Clone(rp.Cities)
		slices.Sort(set)
		if len(slices.Compact(set)) != len(rp.Cities) {
			return fmt.Sprintf("route %d repeats a city", i+1)
		}
		for _, c := range pool {
			if c.Include && !slices.Contains(rp.Cities, c.ID) {
				return fmt.Sprintf("route %d misses must-visit %s", i+1, c.Name)
			}
		}
		key := strings.Join(set, ",")
		if seen[key] {
			return fmt.Sprintf("route %d repeats another route", i+1)
		}
		seen[key] = true
	}
	return ""
}

// km
