package roadtrip

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/understand"
)

// corpusEntry is one question of testdata/corpus.json and what a careful
// reader understands from it.
type corpusEntry struct {
	ID           string          `json:"id"`
	Split        string          `json:"split"` // "tune" or "heldout"
	Style        string          `json:"style"`
	Question     string          `json:"question"`
	OutputFormat json.RawMessage `json:"output_format"`
	Want         corpusWant      `json:"want"`
}

type corpusWant struct {
	Family     locnav.Family   `json:"family"` // "" for a question that cannot be answered
	Start      string          `json:"start"`
	End        string          `json:"end"`
	Routes     int             `json:"routes"`
	Cities     *int            `json:"cities"`
	RestStops  int             `json:"rest_stops"`
	Viewpoints int             `json:"viewpoints"`
	Include    []string        `json:"include"`
	Avoid      []string        `json:"avoid"`
	Region     string          `json:"region"`
	Legs       []corpusLeg     `json:"legs"`
	Origins    []originSpec    `json:"origins"`
	PlaceTypes []string        `json:"place_types"`
	Directions []directionSpec `json:"directions"`
	Count      int             `json:"count"`
	Keys       []string        `json:"keys"`
	Unclear    []string        `json:"unclear"` // words the message must name
}

type corpusLeg struct {
	From      string    `json:"from"`
	To        string    `json:"to"`
	Stops     int       `json:"stops"`
	Fractions []float64 `json:"fractions"`
	Types     []string  `json:"types"`
}

func loadCorpus(t testing.TB) []corpusEntry {
	t.Helper()
	b, err := os.ReadFile("testdata/corpus.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Questions []corpusEntry `json:"questions"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Questions
}

// sameName says whether a name the understanding gives (perhaps
// qualified: "Newark, Delaware, United States") is the wanted one.
func sameCorpusName(got, want string) bool {
	head, _, _ := strings.Cut(got, ",")
	w, _, _ := strings.Cut(want, ",")
	return understand.Normalize(head) == understand.Normalize(w)
}

func sameNames(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return sameCorpusName(g, w) }) {
			return false
		}
	}
	return true
}

// check is one point of understanding: what was checked and whether the
// spec got it.
type check struct {
	what string
	ok   bool
	got  any
}

// understandingChecks scores a spec against what the entry wants: the
// family, the ends, the roles, the counts and the format's keys.
func understandingChecks(e corpusEntry, s taskSpec, unclear string) []check {
	w := e.Want
	var cs []check
	add := func(what string, ok bool, got any) { cs = append(cs, check{what, ok, got}) }
	if w.Family == "" {
		add("unclear", unclear != "" || s.Family == locnav.MultiServer, unclear)
		for _, n := range w.Unclear {
			add("unclear names "+n, strings.Contains(strings.ToLower(unclear), strings.ToLower(n)), unclear)
		}
		return cs
	}
	add("family", s.Family == w.Family, s.Family)
	if unclear != "" {
		add("understood", false, unclear)
	}
	if w.Keys != nil {
		add("keys", slices.Equal(s.Keys, w.Keys), s.Keys)
	}
	switch w.Family {
	case locnav.RoadTrip:
		add("start", sameCorpusName(s.Start, w.Start), s.Start)
		add("end", sameCorpusName(s.End, w.End), s.End)
		add("routes", s.Routes == w.Routes, s.Routes)
		if w.Cities != nil {
			add("cities", s.Cities == *w.Cities, s.Cities)
		}
		add("rest_stops", s.RestStops == w.RestStops, s.RestStops)
		add("viewpoints", s.Viewpoints == w.Viewpoints, s.Viewpoints)
		add("include", sameNames(s.Include, w.Include), s.Include)
		add("avoid", sameNames(s.Avoid, w.Avoid), s.Avoid)
	case locnav.EvenStops:
		add("legs", len(s.Legs) == len(w.Legs), len(s.Legs))
		for i, wl := range w.Legs {
			if i >= len(s.Legs) {
				break
			}
			l := s.Legs[i]
			add(fmt.Sprintf("leg %d from", i+1), sameCorpusName(l.From, wl.From), l.From)
			add(fmt.Sprintf("leg %d to", i+1), sameCorpusName(l.To, wl.To), l.To)
			add(fmt.Sprintf("leg %d stops", i+1), legStops(l) == wl.Stops, legStops(l))
			add(fmt.Sprintf("leg %d fractions", i+1), sameFractions(legFractions(l), wl), legFractions(l))
			add(fmt.Sprintf("leg %d types", i+1), sameSet(l.Types, wl.Types), l.Types)
		}
	case locnav.MeetingPoint:
		var got, want []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		walking := 0
		for _, o := range w.Origins {
			want = append(want, o.Place)
			if o.Mode == "walking" {
				walking++
			}
		}
		add("origins", sameNames(got, want), got)
		modes := true
		for _, o := range w.Origins {
			for _, g := range s.Origins {
				if sameCorpusName(g.Place, o.Place) && g.Mode != o.Mode {
					modes = false
				}
			}
		}
		add("modes", modes, s.Origins)
		add("place_types", sameSet(s.PlaceTypes, w.PlaceTypes), s.PlaceTypes)
	case locnav.PlaceFinding:
		add("place_types", sameSet(s.PlaceTypes, w.PlaceTypes), s.PlaceTypes)
		add("count", s.Count == w.Count, s.Count)
		ok := len(s.Directions) == len(w.Directions)
		for _, d := range w.Directions {
			ok = ok && slices.ContainsFunc(s.Directions, func(g directionSpec) bool { return g.Direction == d.Direction && sameCorpusName(g.Ref, d.Ref) })
		}
		add("directions", ok, s.Directions)
	}
	return cs
}

// legFractions are the fractions of a leg its stops stand at.
func legFractions(l legSpec) []float64 {
	if fs := specFractions(l); len(fs) > 0 {
		return fs
	}
	out := make([]float64, l.Stops)
	for i := range out {
		out[i] = float64(i+1) / float64(l.Stops+1)
	}
	return out
}

func legStops(l legSpec) int { return len(legFractions(l)) }

func sameFractions(got []float64, w corpusLeg) bool {
	want := w.Fractions
	if len(want) == 0 {
		want = legFractions(legSpec{Stops: w.Stops})
	}
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 0.01 {
			return false
		}
	}
	return true
}

// corpusEvaluators are the MCP-Universe checks an answer to e must pass,
// written as a task's evaluators would be: counts, types, the driving
// times and distances that make a stop even or a meeting point fair,
// directions, the names asked to visit or avoid.
func corpusEvaluators(e corpusEntry) []locnav.Evaluator {
	w := e.Want
	var evs []locnav.Evaluator
	add := func(fn, op string, value, args any) {
		ev := locnav.Evaluator{Func: fn, Op: op}
		if value != nil {
			ev.Value, _ = json.Marshal(value)
		}
		if args != nil {
			ev.OpArgs, _ = json.Marshal(args)
		}
		evs = append(evs, ev)
	}
	add("json", "", nil, nil)
	if w.Family == "" {
		return evs
	}
	country := "United States"
	if w.Region == "Andorra" {
		country = "Andorra"
	}
	qualify := func(name string) string {
		if w.Region == "" || name == w.Region {
			return name
		}
		return name + ", " + w.Region
	}
	stopChecks := func(key string, n int, types []string) {
		add("json -> get("+key+") -> len", "=", n, nil)
		add("json -> get("+key+")", "google_maps.stop_include_keys", nil, map[string]any{"keys": []string{"name", "place id"}})
		add("json -> get("+key+")", "google_maps.is_a_validate_stop", nil, nil)
		add("json -> get("+key+")", "google_maps.validate_stop_type", nil, types)
		add("json -> get("+key+")", "google_maps.places_in_country", nil, country)
	}
	switch w.Family {
	case locnav.RoadTrip:
		add("json -> get(routes) -> len", "=", w.Routes, nil)
		if w.Cities != nil {
			add("json -> get(routes) -> foreach -> get(cities_visited) -> len", "=", *w.Cities, nil)
		}
		if w.RestStops > 0 {
			add("json -> get(routes) -> foreach -> get(rest_stops) -> len", "=", w.RestStops, nil)
		}
		if w.Viewpoints > 0 {
			add("json -> get(routes) -> foreach -> get(scenic_viewpoints) -> len", "=", w.Viewpoints, nil)
		}
		add("json", "google_maps.city_name_match", nil, map[string]any{"key": "starting_city", "values": []string{w.Start}})
		add("json", "google_maps.city_name_match", nil, map[string]any{"key": "destination_city", "values": []string{w.End}})
		for _, n := range w.Include {
			add("json", "google_maps.place_in_cities_visited_of_routes", nil, []string{n})
		}
		for _, n := range w.Avoid {
			add("json", "google_maps.place_not_in_cities_visited_of_routes", nil, n) // upstream takes one name as a string
		}
	case locnav.EvenStops:
		for i, l := range w.Legs {
			key := "stops"
			if len(w.Legs) > 1 {
				key = fmt.Sprintf("route_%d_stops", i+1)
			}
			stopChecks(key, cmp.Or(len(l.Fractions), l.Stops), l.Types)
			args := map[string]any{"place1": qualify(l.From), "place2": qualify(l.To), "mode": "driving", "threshold": 0.1}
			if len(l.Fractions) == 0 { // evenly spaced: the upstream checks
				add("json -> get("+key+")", "google_maps.compare_distance_between_stops", nil, args)
			}
			add("json -> get("+key+")", "google_maps.compare_distance_with_and_wo_stops", nil, args)
		}
	case locnav.MeetingPoint:
		stopChecks("stops", 1, w.PlaceTypes)
		threshold := 0.1
		if len(w.Origins) > 2 {
			threshold = 0.3 // one place equally far from three or more homes rarely exists
		}
		for i := 0; i+1 < len(w.Origins); i++ {
			a, b := w.Origins[i], w.Origins[i+1]
			add("json -> get(stops)", "google_maps.compare_time_of_middle_point", nil, map[string]any{
				"place1": map[string]string{"place": qualify(a.Place), "mode": a.Mode},
				"place2": map[string]string{"place": qualify(b.Place), "mode": b.Mode}, "threshold": threshold})
		}
	case locnav.PlaceFinding:
		stopChecks("stops", w.Count, w.PlaceTypes)
		var dirs []map[string]string
		for _, d := range w.Directions {
			dirs = append(dirs, map[string]string{"place": d.Ref, "direction": d.Direction})
		}
		add("json -> get(stops)", "google_maps.validate_direction_of_two_places", nil, dirs)
	}
	return evs
}

// fractionOK checks a single stop asked at a fraction other than the
// midpoint ("a third of the way"), which no upstream check measures: the
// driving distance to it over the whole must be within 0.1 of the
// fraction.
func fractionOK(ctx context.Context, m geo.Maps, from, to string, stop place, frac float64) (bool, string) {
	at := "place_id:" + stop.PlaceID
	res, err := m.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{from, at}, Destinations: []string{at, to}, Mode: "driving"})
	if err != nil || len(res.Results) < 2 || res.Results[0].Elements[0].Distance == nil || res.Results[1].Elements[1].Distance == nil {
		return false, fmt.Sprintf("distances: %v", err)
	}
	d1, d2 := float64(res.Results[0].Elements[0].Distance.Value), float64(res.Results[1].Elements[1].Distance.Value)
	got := d1 / (d1 + d2)
	return math.Abs(got-frac) <= 0.1, fmt.Sprintf("at %.2f of the way, want %.2f", got, frac)
}

// corpusScore adds up one split.
type corpusScore struct {
	questions, fullyUnderstood int
	checks, checksOK           int
	evals, evalsOK             int
	answersOK                  int
}

func (c corpusScore) String() string {
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	return fmt.Sprintf("understanding %d/%d checks (%.1f%%), %d/%d questions fully understood (%.1f%%); answers %d/%d evaluators (%.1f%%), %d/%d questions all passed",
		c.checksOK, c.checks, pct(c.checksOK, c.checks), c.fullyUnderstood, c.questions, pct(c.fullyUnderstood, c.questions),
		c.evalsOK, c.evals, pct(c.evalsOK, c.evals), c.answersOK, c.questions)
}

// TestCorpus scores understanding (family, ends, roles, counts, format)
// on every corpus question, then solves each offline and runs the
// evaluators on the answer. It prints details for the tuned part only:
// the held-out part is reported as totals, so tuning never reads it.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("solves every corpus question")
	}
	entries := loadCorpus(t)
	if len(entries) < 120 {
		t.Fatalf("%d questions, want at least 120", len(entries))
	}
	eng := engine(t)
	o := readOptions(t)
	p := newPlanner(t, mcpTools(t), Options{})
	scorer := locnav.NewScorer(eng)
	ctx := context.Background()
	scores := map[string]*corpusScore{"tune": {}, "heldout": {}}
	for _, e := range entries {
		sc := scores[e.Split]
		if sc == nil {
			t.Fatalf("%s: split %q", e.ID, e.Split)
		}
		task := locnav.Task{ID: e.ID, Question: e.Question, OutputFormat: e.OutputFormat}
		spec, unclear := corpusSpec(task, o)
		cs := understandingChecks(e, spec, unclear)
		sc.questions++
		all := true
		var bad []string
		for _, c := range cs {
			sc.checks++
			if c.ok {
				sc.checksOK++
				continue
			}
			all = false
			bad = append(bad, fmt.Sprintf("%s: got %v", c.what, c.got))
		}
		if all {
			sc.fullyUnderstood++
		}
		res, err := p.Solve(ctx, task)
		if err != nil {
			t.Errorf("%s: solve: %v", e.ID, err)
			continue
		}
		evs := corpusEvaluators(e)
		lt := task
		lt.Evaluators = evs
		results, _, err := scorer.Score(ctx, lt, string(res.Answer))
		if err != nil && !errors.Is(err, locnav.ErrBackend) {
			t.Errorf("%s: score: %v", e.ID, err)
		}
		passed := true
		for _, r := range results {
			sc.evals++
			if r.Passed {
				sc.evalsOK++
			} else {
				passed = false
				bad = append(bad, fmt.Sprintf("eval %s %s: %s", r.Func, r.Op, r.Reason))
			}
		}
		// A single stop at a fraction other than the midpoint.
		for i, l := range e.Want.Legs {
			if len(l.Fractions) != 1 || l.Fractions[0] == 0.5 {
				continue
			}
			sc.evals++
			stops := answerStops(res.Answer, i, len(e.Want.Legs))
			ok, why := len(stops) == 1, "no stop"
			if ok {
				region := ", " + e.Want.Region
				ok, why = fractionOK(ctx, eng, l.From+region, l.To+region, stops[0], l.Fractions[0])
			}
			if ok {
				sc.evalsOK++
			} else {
				passed = false
				bad = append(bad, "fraction: "+why)
			}
		}
		if e.Want.Family == "" && res.Unclear == "" && res.Unsupported == "" {
			passed = false
			bad = append(bad, "no message says what was not understood")
		}
		if passed {
			sc.answersOK++
		}
		if e.Split == "tune" && len(bad) > 0 {
			t.Logf("%s [%s] %q\n\t%s", e.ID, e.Style, short(e.Question, 140), strings.Join(bad, "\n\t"))
		}
	}
	for _, split := range []string{"tune", "heldout"} {
		t.Logf("corpus %s: %v", split, *scores[split])
	}
}

// answerStops reads the stops of leg i from an answer in the default
// stop formats.
func answerStops(answer json.RawMessage, i, legs int) []place {
	var m map[string][]struct {
		Name    string `json:"name"`
		PlaceID string `json:"place id"`
	}
	json.Unmarshal(answer, &m)
	key := "stops"
	if legs > 1 {
		key = fmt.Sprintf("route_%d_stops", i+1)
	}
	var out []place
	for _, s := range m[key] {
		out = append(out, place{Name: s.Name, PlaceID: s.PlaceID})
	}
	return out
}

// corpusSpec is the understanding policy's reading of a task, and the
// message saying what it lacks ("" when it lacks nothing).
func corpusSpec(t locnav.Task, o understand.Options) (taskSpec, string) {
	s := readSpec(t, o)
	if err := s.Validate(); errors.Is(err, errUnclear) {
		return s, err.Error()
	}
	return s, ""
}

// specFractions are the fractions a leg spec names, none for even
// spacing.
func specFractions(l legSpec) []float64 { return l.Fractions }
