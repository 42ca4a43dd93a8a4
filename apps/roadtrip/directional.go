package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/geo"
)

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
