package roadtrip

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// checkAnswer holds what the answer will say against what the question
// asked, before the answer is written, and notes what it could not meet
// that no earlier note explains: for a road trip, routes that repeat one
// another, stops that routes share, must-visit towns missing and avoided
// towns visited, stops outside their route's towns, viewpoint towns that
// are the rest-stop towns when the question asked otherwise, and routes
// with fewer towns, rest stops or viewpoints than asked; for the other
// families, fewer stops than asked. It changes nothing else.
func checkAnswer(s *state) {
	if s.Spec == nil || s.Unclear != "" || s.Spec.Unsupported != "" {
		return
	}
	switch s.Spec.Family {
	case locnav.RoadTrip:
		checkTripAnswer(s)
	case locnav.EvenStops:
		for i, lg := range s.Legs {
			if i < len(s.Spec.Legs) && len(lg.Stops) < s.Spec.Legs[i].Stops {
				noteUnlessSaid(s, fmt.Sprintf("leg %d:", i+1), fmt.Sprintf("leg %d has %d of the %d stops asked", i+1, len(lg.Stops), s.Spec.Legs[i].Stops))
			}
		}
	case locnav.PlaceFinding:
		if n := max(1, s.Spec.Count); len(s.Stops) < n {
			noteUnlessSaid(s, "places satisfying", fmt.Sprintf("the answer has %d of the %d places asked", len(s.Stops), n))
		}
	case locnav.MeetingPoint:
		if len(s.Stops) == 0 {
			noteUnlessSaid(s, "meeting", "the answer has no meeting place")
		}
	}
}

func checkTripAnswer(s *state) {
	sp := s.Spec
	if len(s.Routes) < sp.Routes {
		noteUnlessSaid(s, "distinct routes", fmt.Sprintf("the answer has %d of the %d routes asked", len(s.Routes), sp.Routes))
	}
	for i, rt := range s.Routes {
		names := cityNames(s.Pool, rt.Cities)
		if len(rt.Cities) < sp.Cities {
			noteUnlessSaid(s, "distinct cities found", fmt.Sprintf("route %d visits %d of the %d towns asked", i+1, len(rt.Cities), sp.Cities))
		}
		for j := range i {
			if slices.Equal(slices.Sorted(slices.Values(rt.Cities)), slices.Sorted(slices.Values(s.Routes[j].Cities))) {
				addNote(s, fmt.Sprintf("routes %d and %d visit the same towns: the way has too few towns for them to differ", j+1, i+1))
			}
		}
		for _, inc := range sp.Include {
			if !slices.ContainsFunc(names, func(n string) bool { return sameName(n, inc) }) {
				noteUnlessSaid(s, fmt.Sprintf("%q", inc), fmt.Sprintf("route %d does not visit %s, which the question asks every route to", i+1, inc))
			}
		}
		for _, av := range sp.Avoid {
			if slices.ContainsFunc(names, func(n string) bool { return sameName(n, av) }) {
				addNote(s, fmt.Sprintf("route %d visits %s, which the question asks to avoid", i+1, av))
			}
		}
		for _, p := range append(slices.Clone(rt.RestStops), rt.Viewpoints...) {
			if !slices.Contains(names, p.City) {
				addNote(s, fmt.Sprintf("route %d: %s is in %s, none of the route's towns", i+1, describe(p), p.City))
			}
		}
		if len(rt.RestStops) < sp.RestStops {
			noteUnlessSaid(s, fmt.Sprintf("route %d: %d of %d rest stops", i+1, len(rt.RestStops), sp.RestStops),
				fmt.Sprintf("route %d has %d of the %d rest stops asked", i+1, len(rt.RestStops), sp.RestStops))
		}
		if len(rt.Viewpoints) < sp.Viewpoints {
			noteUnlessSaid(s, fmt.Sprintf("route %d: %d of %d scenic viewpoints", i+1, len(rt.Viewpoints), sp.Viewpoints),
				fmt.Sprintf("route %d has %d of the %d scenic viewpoints asked", i+1, len(rt.Viewpoints), sp.Viewpoints))
		}
		if needsOf(sp, s.Task.Question).differ && len(rt.RestStops) > 0 && len(rt.Viewpoints) > 0 &&
			maps.Equal(townsOf(rt.RestStops), townsOf(rt.Viewpoints)) {
			addNote(s, fmt.Sprintf("route %d: its viewpoints are in the towns of its rest stops, though the question asks for other towns: its towns hold no other", i+1))
		}
	}
	for _, kind := range []struct {
		what string
		of   func(route) []place
	}{
		{"rest stop", func(r route) []place { return r.RestStops }},
		{"scenic viewpoint", func(r route) []place { return r.Viewpoints }},
	} {
		by := map[string][]int{} // place ID → routes (1-based)
		var order []place
		for i, rt := range s.Routes {
			for _, p := range kind.of(rt) {
				if len(by[p.PlaceID]) == 0 {
					order = append(order, p)
				}
				if !slices.Contains(by[p.PlaceID], i+1) {
					by[p.PlaceID] = append(by[p.PlaceID], i+1)
				}
			}
		}
		for _, p := range order {
			if rs := by[p.PlaceID]; len(rs) > 1 {
				addNote(s, fmt.Sprintf("routes %s share the %s %s: the maps data has no other %s along the way for them", listInts(rs), kind.what, describe(p), kind.what))
			}
		}
	}
}

// noteUnlessSaid adds note unless a note already holds said.
func noteUnlessSaid(s *state, said, note string) {
	if !slices.ContainsFunc(s.Notes, func(n string) bool { return strings.Contains(n, said) }) {
		addNote(s, note)
	}
}

// listInts writes 1, 2 and 3.
func listInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
