package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/geo"
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
	Total          float64 // km from start to end, straight
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
		ends[i], err = p.locate(ctx, names[i])
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
	// At most three rounds of corridor samples: later rounds fill gaps
	// where samples named the same city twice or left the region.
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
				pool = append(pool, c)
			}
		}
		p.log.Debug("roadtrip: corridor samples", "round", round, "asked", n, "found", names)
	}
	pool = preferRegion(pool, s.Start.Address, s.End.Address, want)
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].Frac < pool[j].Frac })
	for i := range pool {
		pool[i].ID = fmt.Sprintf("c%d", i+1)
	}
	s.Pool = pool
	if free := countFree(pool); free < need {
		s.Notes = append(s.Notes, fmt.Sprintf("only %d distinct cities found between %s and %s (%.0f km apart), fewer than the %d asked per route; routes have fewer cities rather than invented ones",
			free, s.Start.Name, s.End.Name, total, spec.Cities))
	}
	policy := chooseRoutes(pool, spec.Cities, spec.Routes)
	d, err := decide(ctx, p, "towns", "RouteChoice", func() any {
		return townsPrompt{Start: s.Start.Name, End: s.End.Name, Routes: spec.Routes, Cities: spec.Cities, Pool: pool, Total: math.Round(total)}
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
		sort.SliceStable(cs, func(x, y int) bool { return cityByID(pool, cs[x]).Frac < cityByID(pool, cs[y]).Frac })
		name := strings.TrimSpace(rp.Name)
		if name == "" {
			name = routeName(i, pool, cs)
		}
		s.Routes = append(s.Routes, route{Name: name, Cities: cs})
		obs = append(obs, fmt.Sprintf("route %d: %s", i+1, strings.Join(cityNames(pool, cs), ", ")))
	}
	return fmt.Sprintf("%s → %s, %.0f km; %d candidate cities; %s", s.Start.Address, s.End.Address, total, len(pool), strings.Join(obs, "; ")), nil
}

// far reports whether a point at progress f and offset off (km) lies too
// far from a corridor total km long for any sensible route to pass it.
func far(f, off, total float64) bool {
	return f < -0.1 || f > 1.1 || math.Abs(off) > math.Max(0.6*total, 60)
}

// preferRegion drops cities outside the region (state, country) that the
// start and end share, when at least want cities inside it remain.
func preferRegion(pool []city, a, b string, want int) []city {
	ra, rb := region(a), region(b)
	if ra == "" || ra != rb {
		return pool
	}
	var in []city
	for _, c := range pool {
		if c.Include || region(c.Address) == ra {
			in = append(in, c)
		}
	}
	if countFree(in) >= want {
		return in
	}
	return pool
}

// landSide is +1 when the cities found in the start's and end's shared
// region lie left of those outside it, -1 when right, else 0: later
// samples move that way (off water, away from a neighbouring state).
func landSide(pool []city, a, b string) float64 {
	ra := region(a)
	if ra == "" || ra != region(b) {
		return 0
	}
	var in, out, nin, nout float64
	for _, c := range pool {
		if c.Include {
			continue
		}
		if region(c.Address) == ra {
			in, nin = in+c.OffKm, nin+1
		} else {
			out, nout = out+c.OffKm, nout+1
		}
	}
	// Samples on the line itself (the first round) say nothing of sides.
	if nin == 0 || nout == 0 || math.Abs(in/nin-out/nout) < 0.1 {
		return 0
	}
	if in/nin > out/nout {
		return 1
	}
	return -1
}

// region is an address without its first part ("Dover, Delaware, United
// States" → "Delaware, United States").
func region(addr string) string {
	parts := strings.Split(addr, ", ")
	if len(parts) < 2 {
		return ""
	}
	return strings.Join(parts[max(1, len(parts)-2):], ", ")
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

func countFree(pool []city) int {
	n := 0
	for _, c := range pool {
		if !c.Include {
			n++
		}
	}
	return n
}

// poolSize is the fewest free cities from which n distinct routes of k
// cities can be drawn.
func poolSize(k, n int) int {
	if k == 0 {
		return 0
	}
	for p := k; ; p++ {
		if binom(p, k) >= n || p > k+n {
			return p
		}
	}
}

func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// sampleCities reverse-geocodes n points spread along the corridor,
// alternating sides of the straight line for variety.
func (p *Planner) sampleCities(ctx context.Context, a, b [2]float64, total float64, n, round int, side float64) ([]city, error) {
	w := math.Min(math.Max(0.06*total, 2), 25)
	shift := side * w
	pts := make([][2]float64, n)
	for i := range pts {
		// First along the straight line (between two towns it is most
		// likely on land), then off it on both sides.
		f := (float64(i) + 1) / float64(n+1)
		off := 0.0
		if round > 0 {
			f = (float64(i) + 0.5) / float64(n)
			// Wider each round: narrow corridors name the same towns.
			off = shift + float64(round)*[4]float64{-w, w, -w / 2, w / 2}[(i+round)%4]
		}
		pts[i] = interpolate(a, b, f, off)
	}
	out := make([]city, n)
	ok := make([]bool, n)
	errs := parallel(n, func(i int) error {
		rg, err := p.mapsFor(ctx).ReverseGeocode(ctx, pts[i][0], pts[i][1])
		if err != nil {
			return err
		}
		// The town: a locality, else what Google gives rural points
		// (postal town, district); a road or plus code is no town.
		name := ""
	find:
		for _, want := range []string{"locality", "postal_town", "sublocality", "administrative_area_level_2"} {
			for _, c := range rg.AddressComponents {
				if slices.Contains(c.Types, want) {
					name = c.LongName
					break find
				}
			}
		}
		if name == "" {
			return nil
		}
		f, off := project(a, b, pts[i])
		out[i] = city{Name: name, PlaceID: rg.PlaceID, Address: rg.FormattedAddress, Lat: pts[i][0], Lng: pts[i][1], Frac: f, OffKm: off}
		ok[i] = true
		return nil
	})
	var res []city
	var failed []error
	for i := range out {
		if ok[i] {
			res = append(res, out[i])
		} else if errs[i] != nil && !errors.Is(errs[i], geo.ErrZeroResults) {
			failed = append(failed, errs[i])
		}
	}
	if len(res) == 0 && len(failed) > 0 {
		return nil, errors.Join(failed...)
	}
	return res, nil
}

// keep reports whether c is a new city that is not an endpoint or avoided.
func keep(c city, pool []city, avoid []string) bool {
	n := strings.ToLower(c.Name)
	for _, a := range avoid {
		if a = strings.ToLower(strings.TrimSpace(a)); a != "" && (n == a || strings.Contains(n, a) || strings.Contains(a, n)) {
			return false
		}
	}
	for _, p := range pool {
		if p.PlaceID == c.PlaceID || strings.EqualFold(p.Name, c.Name) {
			return false
		}
	}
	return true
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

// chooseRoutes is the towns policy: the n best distinct sets of k cities
// (must-visit cities in all), scored by how evenly they split the way and
// how little they stray from the line, each new route penalised for
// sharing cities with those already chosen.
func chooseRoutes(pool []city, k, n int) routeChoice {
	var fixed, free []int
	for i, c := range pool {
		if c.Include {
			fixed = append(fixed, i)
		} else {
			free = append(free, i)
		}
	}
	if len(free) > 14 {
		free = free[:14]
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
	score := func(set []int) float64 {
		fr := make([]float64, len(set))
		off := 0.0
		for i, j := range set {
			fr[i] = pool[j].Frac
			off += math.Abs(pool[j].OffKm)
		}
		sort.Float64s(fr)
		sc := 0.0
		for i, f := range fr {
			ideal := float64(i+1) / float64(len(fr)+1)
			sc += (f - ideal) * (f - ideal)
		}
		return sc + 0.0005*off
	}
	var chosen [][]int
	used := map[int]int{}
	for len(chosen) < n && len(chosen) < len(sets) {
		best, bestS := -1, math.Inf(1)
		for si, set := range sets {
			if slices.ContainsFunc(chosen, func(c []int) bool { return slices.Equal(c, set) }) {
				continue
			}
			sc := score(set)
			for _, j := range set {
				sc += 0.02 * float64(used[j])
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
		sort.SliceStable(cs, func(x, y int) bool { return cityByID(pool, cs[x]).Frac < cityByID(pool, cs[y]).Frac })
		out.Routes = append(out.Routes, routePick{Name: routeName(i, pool, cs), Cities: cs})
	}
	out.Reasoning = fmt.Sprintf("%d routes from %d candidate cities, chosen for even spacing along the way and variety", len(out.Routes), len(pool))
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
