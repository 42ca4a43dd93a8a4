package roadtrip

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// TestParseSpecUpstream checks the understanding policy against what each
// upstream task's evaluators check: counts, must-visit and must-avoid
// cities, legs and their stops, origins and travel modes, directions.
func TestParseSpecUpstream(t *testing.T) {
	dir := benchDir(t)
	if dir == "" {
		t.Skip("../shared/benchmarks is absent")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "google_maps_task_*.json"))
	if len(files) != 35 {
		t.Fatalf("%d task files", len(files))
	}
	for _, f := range files {
		tk := loadTask(t, f)
		s := readSpec(tk, readOptions(t))
		evs := tk.Evaluators
		want := func(fn string) int {
			for _, e := range evs {
				if e.Func == fn && e.Op == "=" {
					var n int
					json.Unmarshal(e.Value, &n)
					return n
				}
			}
			return -1
		}
		n := tk.ID[len("google_maps_task_"):len("google_maps_task_0001")]
		errf := func(format string, args ...any) {
			t.Errorf("%s: "+format+"\nspec %+v", append([]any{n}, append(args, s)...)...)
		}
		if err := s.Validate(); err != nil {
			errf("invalid spec: %v", err)
		}
		switch {
		case n <= "0010":
			if s.Family != locnav.RoadTrip {
				errf("family %s", s.Family)
				continue
			}
			for fn, got := range map[string]int{
				"json -> get(routes) -> len":                                      s.Routes,
				"json -> get(routes) -> foreach -> get(cities_visited) -> len":    s.Cities,
				"json -> get(routes) -> foreach -> get(rest_stops) -> len":        s.RestStops,
				"json -> get(routes) -> foreach -> get(scenic_viewpoints) -> len": s.Viewpoints,
			} {
				if w := want(fn); w >= 0 && w != got {
					errf("%s = %d, want %d", fn, got, w)
				}
			}
			for _, e := range evs {
				var args []string
				json.Unmarshal(e.OpArgs, &args)
				switch e.Op {
				case "google_maps.place_in_cities_visited_of_routes":
					if !slices.ContainsFunc(s.Include, func(n string) bool { return sameCorpusName(n, args[0]) }) {
						errf("include %v lacks %s", s.Include, args[0])
					}
				case "google_maps.place_not_in_cities_visited_of_routes":
					if !slices.ContainsFunc(s.Avoid, func(n string) bool { return sameCorpusName(n, args[0]) }) {
						errf("avoid %v lacks %s", s.Avoid, args[0])
					}
				}
			}
		case n <= "0020":
			if s.Family != locnav.EvenStops {
				errf("family %s", s.Family)
				continue
			}
			keys := []string{"stops"}
			if len(s.Legs) == 2 {
				keys = []string{"route_1_stops", "route_2_stops"}
			}
			if len(s.Legs) != len(s.Keys) {
				errf("%d legs for keys %v", len(s.Legs), s.Keys)
				continue
			}
			for i, k := range keys {
				if w := want("json -> get(" + k + ") -> len"); w != s.Legs[i].Stops {
					errf("leg %d: %d stops, want %d", i+1, s.Legs[i].Stops, w)
				}
				if len(s.Legs[i].Types) == 0 || s.Legs[i].From == "" || s.Legs[i].To == "" {
					errf("leg %d incomplete", i+1)
				}
			}
		case n <= "0030":
			if s.Family != locnav.MeetingPoint {
				errf("family %s", s.Family)
				continue
			}
			places, walk := map[string]bool{}, map[string]bool{}
			for _, e := range evs {
				if e.Op != "google_maps.compare_time_of_middle_point" {
					continue
				}
				var a map[string]struct{ Place, Mode string }
				json.Unmarshal(e.OpArgs, &a)
				for _, p := range a {
					if p.Place == "" {
						continue // "threshold"
					}
					places[p.Place] = true
					if p.Mode == "walking" {
						walk[p.Place] = true
					}
				}
			}
			if len(s.Origins) != len(places) {
				errf("%d origins, evaluators time %d places", len(s.Origins), len(places))
			}
			walking := 0
			for _, o := range s.Origins {
				if o.Mode == "walking" {
					walking++
				}
			}
			if walking != len(walk) {
				errf("%d walking origins, want %d", walking, len(walk))
			}
		default:
			if s.Family != locnav.PlaceFinding {
				errf("family %s", s.Family)
				continue
			}
			for _, e := range evs {
				if e.Op != "google_maps.validate_direction_of_two_places" {
					continue
				}
				var a []struct{ Direction string }
				json.Unmarshal(e.OpArgs, &a)
				var got []string
				for _, d := range s.Directions {
					got = append(got, d.Direction)
				}
				if w := fmt.Sprint(a); len(a) != len(got) || !strings.Contains(w, got[0]) {
					errf("directions %v, evaluator %v", got, a)
				}
			}
		}
	}
}

func TestParseSpecCases(t *testing.T) {
	road := json.RawMessage(`{"starting_city":"","destination_city":"","routes":[{"route_id":"1","cities_visited":[],"rest_stops":[]}]}`)
	for _, c := range []struct {
		q       string
		format  json.RawMessage
		servers []string
		check   func(taskSpec) string
	}{
		{"Drive from 'Dover' to 'Lewes' in Delaware through 3 towns, 2 different routes, 1 rest stop per route, avoid 'Milford' and we must visit 'Milton'.", road, nil,
			func(s taskSpec) string {
				if !sameCorpusName(s.Start, "Dover") || !sameCorpusName(s.End, "Lewes") || s.Routes != 2 || s.Cities != 3 || s.RestStops != 1 || s.Viewpoints != 0 ||
					s.Region != "Delaware" || !sameNames(s.Avoid, []string{"Milford"}) || !sameNames(s.Include, []string{"Milton"}) {
					return "road trip fields"
				}
				return ""
			}},
		{"Plan 2 routes from 'Wilmington' to 'Dover' through 3 cities each", nil, nil, func(s taskSpec) string {
			if s.Family != locnav.RoadTrip || s.Routes != 2 || s.Cities != 3 {
				return "trip without a format"
			}
			return ""
		}},
		{"I live in Newark, Delaware. My friend lives in Dover, Delaware. Where should we meet for coffee?", nil, nil, func(s taskSpec) string {
			if s.Family != locnav.MeetingPoint || len(s.Origins) != 2 {
				return "meeting without a format"
			}
			return ""
		}},
		{"I'm sure it's fine: from 'Newark' to 'Dover'.", road, nil, func(s taskSpec) string {
			if !sameCorpusName(s.Start, "Newark") || !sameCorpusName(s.End, "Dover") {
				return "apostrophes taken for quotes"
			}
			return ""
		}},
		{"Find a park", nil, []string{"google-maps", "weather"}, func(s taskSpec) string {
			if s.Family != locnav.MultiServer || !strings.Contains(s.Unsupported, "weather") {
				return "weather server not unsupported"
			}
			return ""
		}},
		{"Read the blog at https://example.com and find the hotel", nil, nil, func(s taskSpec) string {
			if s.Family != locnav.MultiServer {
				return "browser task not unsupported"
			}
			return ""
		}},
	} {
		s := readSpec(locnav.Task{Question: c.q, OutputFormat: c.format, Servers: c.servers}, readOptions(t))
		if why := c.check(s); why != "" {
			t.Errorf("%q: %s: %+v", c.q, why, s)
		}
	}
}

// FuzzParseSpec: any question and format give a spec with a family, or
// none and a message saying what is missing, and never panic; a spec that validates renders an answer in its format.
func FuzzParseSpec(f *testing.F) {
	f.Add("Plan 2 routes from 'A' to 'B' through 3 cities", `{"routes":[{"cities_visited":[]}]}`)
	f.Add("I live in X. My friend lives in Y. Find a 'cafe'.", `{"stops":[{"name":"","place id":""}]}`)
	f.Add("Identify 1 'museum' location in Rome that are south of the latitude of 'A' AND west of the longitude of 'B'.", `{"stops":[]}`)
	f.Add("from the A to the B. Then return to the C at the mid point", `{"route_1_stops":[],"route_2_stops":[]}`)
	f.Add("'", "[")
	f.Add("Plan 2 routes from Wilmington, DE to Dover in Delaware via Smyrna and Milford, avoiding 'Cheswold'", "")
	f.Add("I'm in Newark, my friend is in Dover; meet halfway for coffee", "")
	f.Add("2 cafes in Newark east of the University of Delaware and north of St. Mark", "")
	f.Add("Three equally spaced restaurants between \"New Castle\" and \u201cSmyrna\u201d", "")
	o := readOptions(f)
	f.Fuzz(func(t *testing.T, q, format string) {
		s := readSpec(locnav.Task{Question: q, OutputFormat: json.RawMessage(format)}, o)
		if err := s.Validate(); s.Family == "" && (!errors.Is(err, errUnclear) || s.Why == "") {
			t.Fatalf("no family for %q, and no message saying why: %v", q, err)
		}
		st := state{Task: locnav.Task{Question: q, OutputFormat: json.RawMessage(format)}, Spec: &s}
		if !json.Valid([]byte(format)) {
			st.Task.OutputFormat = nil
		}
		out, err := renderAnswer(st, synthesis{})
		if err == nil && !json.Valid(out) {
			t.Fatalf("invalid JSON answer %s", out)
		}
	})
}
