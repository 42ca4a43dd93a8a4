package locnav

import (
	"context"
	"encoding/json"
	"testing"
)

// TestStopsDifferentRaisesAsUpstream: upstream reads every stop's name,
// then hashes them, then does the same for the place ids, so a bad stop
// list raises the first of those errors, the same one on every run.
func TestStopsDifferentRaisesAsUpstream(t *testing.T) {
	for _, c := range []struct{ what, route1, reason string }{
		{"no keys at all", `[{}]`, "KeyError: 'name'"},
		{"a name missing after an ID missing", `[{"name":"a"},{"place id":"1"}]`, "KeyError: 'name'"},
		{"a name missing after an unhashable name", `[{"name":["a"],"place id":"1"},{"place id":"2"}]`, "KeyError: 'name'"},
		{"an unhashable name before a missing ID", `[{"name":["a"]}]`, "unhashable type: 'list'"},
		{"an ID missing", `[{"name":"a"}]`, "KeyError: 'place id'"},
		{"an unhashable ID", `[{"name":"a","place id":{"x":1}}]`, "unhashable type: 'dict'"},
	} {
		ans := `{"route_1_stops":` + c.route1 + `,"route_2_stops":[{"name":"b","place id":"2"}]}`
		// map iteration once chose which key was read first: repeat
		for range 20 {
			expect(t, c.what, run(t, "json", "google_maps.are_stops_different", "", ans), false, CausePlanner, c.reason)
		}
	}
}

// TestPlaceChecksLookUpNoFurther: the place checks share one lookup loop
// (foundStops), which must end where upstream's loop returns: a stop
// that passes places_in_countries, or one that cannot be found, is the
// last one searched for.
func TestPlaceChecksLookUpNoFurther(t *testing.T) {
	cafe := findable(t, "cafe in Newark")[0]
	good := map[string]string{"name": cafe.Name, "place id": cafe.PlaceID}
	unknown := map[string]string{"name": "Qqzx Nowhere", "place id": "osm:n1"}
	other := map[string]string{"name": "Zzqx Elsewhere", "place id": "osm:n2"}
	calls := func(op, opArgs string, stops ...map[string]string) (EvalResult, int) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"stops": stops})
		e := Evaluator{Func: "json -> get(stops)", Op: op, OpArgs: json.RawMessage(opArgs)}
		rs, st, err := NewScorer(engine(t)).Score(context.Background(), Task{ID: "t", Evaluators: []Evaluator{e}}, string(b))
		if err != nil {
			t.Fatal(err)
		}
		return rs[0], st.MapsCalls
	}
	for _, c := range []struct {
		what, op, opArgs string
		first            map[string]string
		pass             bool
	}{
		{"passes at the first stop", "google_maps.places_in_countries", `["United States"]`, good, true},
		{"fails at an unknown first stop", "google_maps.places_in_countries", `["United States"]`, unknown, false},
		{"type: fails at an unknown first stop", "google_maps.validate_stop_type", `["cafe"]`, unknown, false},
		{"direction: fails at an unknown first stop", "google_maps.validate_direction_of_two_places", `[{"place":"Newark, DE","direction":"north"}]`, unknown, false},
	} {
		r1, one := calls(c.op, c.opArgs, c.first)
		r2, two := calls(c.op, c.opArgs, c.first, other)
		if r1.Passed != c.pass || r2.Passed != c.pass || r1.Reason != r2.Reason {
			t.Errorf("%s: passed %v and %v (%q, %q), want %v both with one reason", c.what, r1.Passed, r2.Passed, r1.Reason, r2.Reason, c.pass)
		}
		if one == 0 || two != one {
			t.Errorf("%s: %d maps calls for one stop, %d with a second stop after it; want the same, more than 0", c.what, one, two)
		}
	}
	// a stop that passes places_in_country goes on to the next one, which
	// is looked up
	_, one := calls("google_maps.places_in_country", `"United States"`, good)
	_, two := calls("google_maps.places_in_country", `"United States"`, good, other)
	if two <= one {
		t.Errorf("places_in_country: %d maps calls for one stop, %d with a second: the second stop was not looked up", one, two)
	}
}
