package roadtrip

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
)

// solveState solves tk and returns the final state as the answer node
// left it, the result and the run's events.
func solveState(t *testing.T, p *Planner, tk locnav.Task) (state, Result, []event.Event) {
	t.Helper()
	ctx, events := event.Collect(context.Background())
	res, err := p.Solve(ctx, tk)
	if err != nil {
		t.Fatal(err)
	}
	evs := events()
	var s state
	for _, e := range evs {
		if e.Kind == event.StateSet && e.Node == actAnswer {
			if err := json.Unmarshal(e.State, &s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.Spec == nil {
		t.Fatal("no final state in the events")
	}
	return s, res, evs
}

// labelRe is a place named only by its kind.
var labelRe = regexp.MustCompile(`^(?i:rest area|service area|viewpoint|rest stop)$`)

// TestReadmeTrip plans the README's example, Wilmington to Dover through
// three towns with a rest stop and a viewpoint per route: every town lies
// along the road (little detour, in driving order; not Brookside, west of
// Newark), the two routes take different rest stops since the way has two,
// no place is named by its kind alone, and a note says what the routes
// must share.
func TestReadmeTrip(t *testing.T) {
	s, res, _ := solveState(t, newPlanner(t, mcpTools(t), Options{}), locnav.Task{Question: readmeTrip})
	if len(s.Routes) != 2 || s.Road == nil || s.Road.Unmeasured {
		t.Fatalf("%d routes, road %+v", len(s.Routes), s.Road)
	}
	limit := detourLimit(s.Road.Direct)
	for i, rt := range s.Routes {
		if len(rt.Cities) != 3 {
			t.Errorf("route %d: %d towns, want 3", i+1, len(rt.Cities))
		}
		var towns []city
		for _, id := range rt.Cities {
			c := cityByID(s.Pool, id)
			towns = append(towns, c)
			if c.DetourKm > limit {
				t.Errorf("route %d: %s adds %.1f km to the %.0f km drive, more than %.1f", i+1, c.Name, c.DetourKm, s.Road.Direct, limit)
			}
			if c.Name == "Brookside" {
				t.Errorf("route %d goes through Brookside, west of Newark", i+1)
			}
		}
		// Driving order: no other order of the towns is shorter.
		for x := range towns {
			for y := x + 1; y < len(towns); y++ {
				sw := slices.Clone(towns)
				sw[x], sw[y] = sw[y], sw[x]
				if driveKm(sw) < driveKm(towns)-0.1 {
					t.Errorf("route %d: %v drives shorter with %s and %s swapped", i+1, cityNames(s.Pool, rt.Cities), towns[x].Name, towns[y].Name)
				}
			}
		}
		if len(rt.RestStops) != 1 || len(rt.Viewpoints) != 1 {
			t.Errorf("route %d: %d rest stops, %d viewpoints, want 1 and 1", i+1, len(rt.RestStops), len(rt.Viewpoints))
		}
	}
	if len(s.Routes[0].RestStops) == 1 && len(s.Routes[1].RestStops) == 1 && s.Routes[0].RestStops[0].PlaceID == s.Routes[1].RestStops[0].PlaceID {
		t.Errorf("both routes stop at %s, though the way has two rest stops", s.Routes[0].RestStops[0].Name)
	}
	var a tripAnswer
	if err := json.Unmarshal(res.Answer, &a); err != nil {
		t.Fatal(err)
	}
	for _, r := range a.Routes {
		for _, p := range r.RestStops {
			if labelRe.MatchString(p.Name) {
				t.Errorf("rest stop named %q", p.Name)
			}
		}
		for _, v := range r.Viewpoints {
			if labelRe.MatchString(v.Name) || !strings.HasSuffix(v.Name, " near "+v.City) && describedRe.MatchString(v.Name) {
				t.Errorf("viewpoint named %q in %s", v.Name, v.City)
			}
		}
	}
	// The way has one viewpoint: both routes take it, and say so.
	if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "routes 1 and 2 share the scenic viewpoint") }) {
		t.Errorf("no note on the shared viewpoint: %q", res.Notes)
	}
	t.Logf("%s; notes %q", res.Answer, res.Notes)
}

// TestRoutesDiffer: where the way has enough towns, alternative routes
// share none, and each town is one the maps name first around it (not a
// place named after a town beside it, as Dover Base Housing is after
// Dover).
func TestRoutesDiffer(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	for _, q := range []string{
		"Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 towns",
		"Plan 3 road trip routes from Wilmington to Rehoboth Beach in Delaware, each through 2 towns",
	} {
		s, _, _ := solveState(t, p, locnav.Task{Question: q})
		seen := map[string]int{}
		for i, rt := range s.Routes {
			for _, id := range rt.Cities {
				if j, ok := seen[id]; ok {
					t.Errorf("%q: routes %d and %d both visit %s", q, j+1, i+1, cityByID(s.Pool, id).Name)
				}
				seen[id] = i
			}
		}
		for id := range seen {
			c := cityByID(s.Pool, id)
			for _, o := range s.Pool {
				if o.ID != id && strings.HasPrefix(c.Name, o.Name+" ") {
					t.Errorf("%q: %s visited, a part of %s", q, c.Name, o.Name)
				}
			}
		}
	}
}

// The complex trip asks more stops than the way holds: every route still
// gets its rest stops and viewpoints (routes pass the towns that have
// them), and the notes name each shared stop.
func TestComplexTripShares(t *testing.T) {
	s, res, _ := solveState(t, newPlanner(t, mcpTools(t), Options{}), locnav.Task{Question: complexTrip})
	shared := map[string]bool{}
	for i, rt := range s.Routes {
		for _, p := range append(slices.Clone(rt.RestStops), rt.Viewpoints...) {
			if !slices.Contains(cityNames(s.Pool, rt.Cities), p.City) {
				t.Errorf("route %d: %s in %s, not one of its towns", i+1, p.Name, p.City)
			}
			for j, o := range s.Routes {
				if j != i && slices.ContainsFunc(append(slices.Clone(o.RestStops), o.Viewpoints...), func(q place) bool { return q.PlaceID == p.PlaceID }) {
					shared[describe(p)] = true
				}
			}
		}
	}
	for name := range shared {
		if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "share the") && strings.Contains(n, name) }) {
			t.Errorf("%s is shared without a note: %q", name, res.Notes)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		p    place
		want string
	}{
		{place{Name: "Viewpoint", Address: "Smyrna, Delaware, United States", City: "Smyrna"}, "Viewpoint near Smyrna"},
		{place{Name: "Viewpoint", Address: "CG-2, Canillo, Andorra", City: "Canillo"}, "Viewpoint on CG-2 near Canillo"},
		{place{Name: "Rest Area", Address: "Dune Road, Lewes, Delaware, United States", City: "Lewes"}, "Rest area on Dune Road near Lewes"},
		{place{Name: "Service Area", Address: "Brookside, Delaware, United States", City: "Bear"}, "Service area near Bear"},
		{place{Name: "Battery 519", Address: "Post Lane, Lewes, Delaware, United States", City: "Lewes"}, "Battery 519"},
		{place{Name: "Viewpoint", Address: "Smyrna, Delaware, United States"}, "Viewpoint"}, // no town: nothing to say it is near
	} {
		if got := describe(c.p); got != c.want {
			t.Errorf("describe(%s, %s) = %q, want %q", c.p.Name, c.p.Address, got, c.want)
		}
	}
}

// TestCheckAnswer: the check before answering notes each unmet part of a
// road trip, and nothing when all is met.
func TestCheckAnswer(t *testing.T) {
	rest := place{Name: "Rest Area", PlaceID: "osm:1", City: "Smyrna"}
	view := place{Name: "Lookout Tower", PlaceID: "osm:2", City: "Smyrna"}
	pool := []city{{ID: "c1", Name: "Smyrna"}, {ID: "c2", Name: "Dover"}, {ID: "c3", Name: "Camden"}}
	base := func() state {
		return state{
			Task: locnav.Task{Question: "3 routes through 2 towns, must visit Smyrna, avoid Camden, 1 rest stop and 1 viewpoint each; the cities of the viewpoints should differ from the cities of the rest stops"},
			Spec: &taskSpec{Family: locnav.RoadTrip, Routes: 3, Cities: 2, RestStops: 1, Viewpoints: 1, Include: []string{"Smyrna"}, Avoid: []string{"Camden"}},
			Pool: pool,
			Routes: []route{
				{Cities: []string{"c1", "c2"}, RestStops: []place{rest}, Viewpoints: []place{view}},
				{Cities: []string{"c2", "c3"}, RestStops: []place{rest}},
			},
		}
	}
	s := base()
	checkAnswer(&s)
	for _, want := range []string{
		"2 of the 3 routes asked",
		"route 2 does not visit Smyrna",
		"route 2 visits Camden, which the question asks to avoid",
		"route 2: Rest area near Smyrna is in Smyrna, none of the route's towns",
		"route 2 has 0 of the 1 scenic viewpoints asked",
		"route 1: its viewpoints are in the towns of its rest stops",
		"routes 1 and 2 share the rest stop Rest area near Smyrna",
	} {
		if !slices.ContainsFunc(s.Notes, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("no note %q in %q", want, s.Notes)
		}
	}
	// A note that already says it is not said twice.
	s = base()
	s.Notes = []string{"route 2: 0 of 1 scenic viewpoints: the maps data has no more viewpoints in its cities (searched: Dover)"}
	checkAnswer(&s)
	if slices.ContainsFunc(s.Notes, func(n string) bool { return strings.Contains(n, "route 2 has 0 of the 1 scenic viewpoints") }) {
		t.Errorf("shortfall noted twice: %q", s.Notes)
	}

	met := state{
		Task: locnav.Task{Question: "1 route through 2 towns with a rest stop and a viewpoint"},
		Spec: &taskSpec{Family: locnav.RoadTrip, Routes: 1, Cities: 2, RestStops: 1, Viewpoints: 1},
		Pool: pool,
		Routes: []route{{Cities: []string{"c1", "c2"}, RestStops: []place{rest},
			Viewpoints: []place{{Name: "Lookout", PlaceID: "osm:3", City: "Dover"}}}},
	}
	checkAnswer(&met)
	if len(met.Notes) > 0 {
		t.Errorf("notes for a met answer: %q", met.Notes)
	}
}
