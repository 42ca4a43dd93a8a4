package roadtrip

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo"
)

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
		best := p.balance(ctx, s, lg, cands, spec.at())
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
			best = p.balance(ctx, s, lg, cands, spec.at())
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
// each measured against its share of the drive (at holds the stops'
// fractions: a stop a quarter of the way makes legs of 1/4 and 3/4),
// from one distance-matrix call; without it, the nearest candidates.
func (p *Planner) balance(ctx context.Context, s *state, lg *leg, cands [][]place, at []float64) []int {
	n := len(cands)
	best := make([]int, n)
	var flat []place
	var idx [][]int
	for j, cs := range cands {
		best[j] = -1
		if len(cs) > 0 {
			best[j] = 0
		}
		var ci []int
		for _, c := range cs {
			ci = append(ci, len(flat))
			flat = append(flat, c)
		}
		idx = append(idx, ci)
	}
	share := legShares(at, n)
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
				fk := idx[k][cur[k]]
				legs = append(legs, dist(prev, fk))
				prev = fk + 1
			}
			legs = append(legs, dist(prev, len(flat)))
			lo, hi, tot := math.Inf(1), 0.0, 0.0
			for k, l := range legs {
				tot += l
				l /= share[k]
				lo, hi = math.Min(lo, l), math.Max(hi, l)
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

// legShares are the parts of the drive the n+1 legs around n stops at
// the fractions at should take, relative to each other; all 1 (equal)
// when the stops are evenly spaced or at does not fit.
func legShares(at []float64, n int) []float64 {
	share := make([]float64, n+1)
	prev, even := 0.0, len(at) == n
	for k := range share {
		f := 1.0
		if k < n && k < len(at) {
			f = at[k]
		}
		share[k] = f - prev
		prev = f
		even = even && share[k] > 0 && math.Abs(share[k]*float64(n+1)-1) < 1e-6
	}
	if even || len(at) != n || slices.ContainsFunc(share, func(x float64) bool { return x <= 0 }) {
		for k := range share {
			share[k] = 1
		}
	}
	return share
}
