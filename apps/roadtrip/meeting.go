package roadtrip

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/geo"
)

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
