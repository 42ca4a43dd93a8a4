package locnav

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
)

// engine is the offline maps engine on the embedded data.
func engine(t testing.TB) *geo.Engine {
	t.Helper()
	return geotest.Engine(t)
}

// findable returns the hits of query that a text search for their own
// name lists (what the name+ID checks need), as the engine answers.
func findable(t testing.TB, query string) []geo.Place {
	t.Helper()
	ctx := context.Background()
	e := engine(t)
	res, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: query})
	if err != nil {
		t.Fatalf("search %q: %v", query, err)
	}
	var out []geo.Place
	for _, p := range res.Places {
		byName, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: p.Name})
		if err != nil {
			continue
		}
		for _, q := range byName.Places {
			if q.PlaceID == p.PlaceID {
				out = append(out, p)
				break
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no hit of %q is found by its name", query)
	}
	return out
}

func stopsJSON(ps ...geo.Place) string {
	var stops []map[string]string
	for _, p := range ps {
		stops = append(stops, map[string]string{"name": p.Name, "place id": p.PlaceID})
	}
	b, _ := json.Marshal(map[string]any{"stops": stops})
	return string(b)
}

// run scores one evaluator with the offline engine.
func run(t *testing.T, fn, op, opArgs, answer string) EvalResult {
	t.Helper()
	e := Evaluator{Func: fn, Op: op}
	if opArgs != "" {
		e.OpArgs = json.RawMessage(opArgs)
	}
	rs, _, err := NewScorer(engine(t)).Score(context.Background(), Task{ID: "t", Evaluators: []Evaluator{e}}, answer)
	if err != nil {
		t.Fatal(err)
	}
	return rs[0]
}

func expect(t *testing.T, what string, r EvalResult, pass bool, cause Cause, reason string) {
	t.Helper()
	if r.Passed != pass {
		t.Errorf("%s: passed=%v, want %v (%s: %s)", what, r.Passed, pass, r.Cause, r.Reason)
		return
	}
	if !pass && (r.Cause != cause || !strings.Contains(r.Reason, reason)) {
		t.Errorf("%s: cause %s reason %q, want %s and %q", what, r.Cause, r.Reason, cause, reason)
	}
}

func TestStopChecksOffline(t *testing.T) {
	cafe := findable(t, "cafe in Newark")[0]
	ok := stopsJSON(cafe)
	const stops = "json -> get(stops)"

	expect(t, "valid stop", run(t, stops, "google_maps.is_a_validate_stop", "", ok), true, "", "")
	bad := strings.Replace(ok, cafe.PlaceID, "osm:n1", 1)
	expect(t, "unknown ID", run(t, stops, "google_maps.is_a_validate_stop", "", bad), false, CausePlanner, "NOT_FOUND")
	google := strings.Replace(ok, cafe.PlaceID, "ChIJ123", 1)
	expect(t, "Google ID offline", run(t, stops, "google_maps.is_a_validate_stop", "", google), false, CauseData, "a Google place ID")
	expect(t, "Google ID offline, by name", run(t, stops, "google_maps.validate_stop_type", `["cafe"]`, google), false, CauseData, "a Google place ID")
	expect(t, "made-up ID", run(t, stops, "google_maps.is_a_validate_stop", "", strings.Replace(ok, cafe.PlaceID, "12345", 1)), false, CausePlanner, "INVALID_REQUEST")

	expect(t, "type cafe", run(t, stops, "google_maps.validate_stop_type", `["cafe","restaurant"]`, ok), true, "", "")
	expect(t, "type substring", run(t, stops, "google_maps.validate_stop_type", `["caf"]`, ok), true, "", "")
	expect(t, "type gas_station", run(t, stops, "google_maps.validate_stop_type", `["gas_station"]`, ok), false, CausePlanner, "The type of the place is not valid")
	expect(t, "type hotel (never a Google type)", run(t, stops, "google_maps.validate_stop_type", `["hotel","gas station"]`, ok), false, CauseQuirk, "never contain")
	expect(t, "type with unknown ID", run(t, stops, "google_maps.validate_stop_type", `["cafe"]`, bad), false, CausePlanner, "does not know this place ID")
	renamed := strings.Replace(ok, `"name":"`+cafe.Name, `"name":"Qqzx Nowhere`, 1)
	expect(t, "wrong name for a real ID", run(t, stops, "google_maps.validate_stop_type", `["cafe"]`, renamed), false, CausePlanner, "Can't find the place")

	expect(t, "no ratings offline", run(t, stops, "google_maps.validate_stop_rating", `4.1999`, ok), false, CauseData, "'rating'")

	expect(t, "in country", run(t, stops, "google_maps.places_in_country", `"United States"`, ok), true, "", "")
	expect(t, "not in country", run(t, stops, "google_maps.places_in_country", `"Andorra"`, ok), false, CausePlanner, "is not in Andorra")
	expect(t, "in countries", run(t, stops, "google_maps.places_in_countries", `["Canada","united states"]`, ok), true, "", "")
	expect(t, "not in countries", run(t, stops, "google_maps.places_in_countries", `["Canada","Mexico"]`, ok), false, CausePlanner, "not in any of the countries")

	expect(t, "keys", run(t, stops, "google_maps.stop_include_keys", `{"keys":["name","place id"]}`, ok), true, "", "")
	expect(t, "missing key", run(t, stops, "google_maps.stop_include_keys", `{"keys":["name","address"]}`, ok), false, CausePlanner, "address must in stop")
	kw := strings.ToLower(strings.Fields(cafe.Name)[0])
	expect(t, "location keyword", run(t, stops, "google_maps.validate_location", `["zzz","`+kw+`"]`, ok), true, "", "")
	expect(t, "location keyword missing", run(t, stops, "google_maps.validate_location", `["swim"]`, ok), false, CausePlanner, "doesn't match")
	expect(t, "stops not a list", run(t, "json", "google_maps.is_a_validate_stop", "", `{"stops": 3}`), false, CausePlanner, "Execution error")
}

func TestDirectionCheckOffline(t *testing.T) {
	cafe := findable(t, "cafe in Wilmington")[0] // northern Delaware
	ans := stopsJSON(cafe)
	const stops = "json -> get(stops)"
	expect(t, "north of Dover", run(t, stops, "google_maps.validate_direction_of_two_places", `[{"place":"Dover","direction":"north"}]`, ans), true, "", "")
	expect(t, "south of Dover", run(t, stops, "google_maps.validate_direction_of_two_places", `[{"place":"Dover","direction":"south"}]`, ans), false, CausePlanner, "direction")
	expect(t, "bad direction", run(t, stops, "google_maps.validate_direction_of_two_places", `[{"place":"Dover","direction":"up"}]`, ans), false, CauseTask, "Direction must be")
	expect(t, "unknown landmark", run(t, stops, "google_maps.validate_direction_of_two_places", `[{"place":"Qqzx Nowhere Tower","direction":"north"}]`, ans), false, CauseData, "ZERO_RESULTS")
}

// duration is the engine's travel time, as the check reads it.
func duration(t *testing.T, from, to, mode string) float64 {
	m, err := engine(t).DistanceMatrix(context.Background(), geo.MatrixRequest{Origins: []string{from}, Destinations: []string{to}, Mode: mode})
	if err != nil || m.Results[0].Elements[0].Status != "OK" {
		t.Fatalf("%s -> %s: %v %+v", from, to, err, m)
	}
	return float64(m.Results[0].Elements[0].Duration.Value)
}

func distance(t *testing.T, from, to, mode string) float64 {
	m, err := engine(t).DistanceMatrix(context.Background(), geo.MatrixRequest{Origins: []string{from}, Destinations: []string{to}, Mode: mode})
	if err != nil || m.Results[0].Elements[0].Status != "OK" {
		t.Fatalf("%s -> %s: %v %+v", from, to, err, m)
	}
	return float64(m.Results[0].Elements[0].Distance.Value)
}

func TestMiddlePointOffline(t *testing.T) {
	const a, b = "Wilmington, DE", "Dover, DE"
	args := `{"place1":{"place":"` + a + `","mode":"driving"},"place2":{"place":"` + b + `","mode":"driving"},"threshold":0.1}`
	var cands []geo.Place
	for _, q := range []string{"cafe in Middletown", "cafe in Smyrna", "cafe in Newark", "restaurant in Dover"} {
		cands = append(cands, findable(t, q)...)
	}
	var passed, failed int
	for _, p := range cands {
		d1 := duration(t, a, "place_id:"+p.PlaceID, "driving")
		d2 := duration(t, b, "place_id:"+p.PlaceID, "driving")
		want := math.Abs(d1-d2)/d1 <= 0.1
		r := run(t, "json -> get(stops)", "google_maps.compare_time_of_middle_point", args, stopsJSON(p))
		if r.Passed != want {
			t.Errorf("%s (%s): passed=%v, durations %v and %v s: want %v (%s)", p.Name, p.PlaceID, r.Passed, d1, d2, want, r.Reason)
		}
		if want {
			passed++
		} else {
			failed++
			if r.Cause != CausePlanner || !strings.Contains(r.Reason, "doesn't match the required duration") {
				t.Errorf("%s: %s %s", p.Name, r.Cause, r.Reason)
			}
		}
	}
	if passed == 0 || failed == 0 {
		t.Fatalf("want both passing and failing meeting points among %d candidates: %d passed, %d failed", len(cands), passed, failed)
	}
	two := stopsJSON(cands[0], cands[1])
	expect(t, "two stops", run(t, "json -> get(stops)", "google_maps.compare_time_of_middle_point", args, two), false, CausePlanner, "the length of stops should be one")
	unknown := `{"place1":{"place":"Qqzx Nowhere","mode":"driving"},"place2":{"place":"` + b + `","mode":"driving"},"threshold":0.1}`
	expect(t, "origin unknown offline", run(t, "json -> get(stops)", "google_maps.compare_time_of_middle_point", unknown, stopsJSON(cands[0])), false, CauseData, "NOT_FOUND")
	far := `{"place1":{"place":"Baltimore, Maryland","mode":"driving"},"place2":{"place":"Wilmington, DE","mode":"driving"},"threshold":0.1}`
	expect(t, "origin outside the road data", run(t, "json -> get(stops)", "google_maps.compare_time_of_middle_point", far, stopsJSON(findable(t, "cafe in Wilmington")[0])), false, CausePlanner, "offline estimates")
	transit := strings.Replace(args, `"driving"}`, `"transit"}`, 1)
	expect(t, "transit offline", run(t, "json -> get(stops)", "google_maps.compare_time_of_middle_point", transit, stopsJSON(cands[0])), false, CauseData, "transit")
}

func TestDistanceChecksOffline(t *testing.T) {
	const a, b = "Wilmington, DE", "Dover, DE"
	args := `{"place1":"` + a + `","place2":"` + b + `","mode":"driving","threshold":0.1}`
	var cands []geo.Place
	for _, q := range []string{"cafe in Middletown", "cafe in Smyrna", "cafe in Newark", "cafe in Glasgow"} {
		cands = append(cands, findable(t, q)...)
	}
	outcomes := map[string]map[bool]int{"between": {}, "with": {}}
	for _, p := range cands {
		ref := "place_id:" + p.PlaceID
		l1, l2 := distance(t, a, ref, "driving"), distance(t, ref, b, "driving")
		direct := distance(t, a, b, "driving")
		wantBetween := (max(l1, l2)-min(l1, l2))/min(l1, l2) <= 0.1
		wantWith := math.Abs(l1+l2-direct)/direct <= 0.1
		r := run(t, "json -> get(stops)", "google_maps.compare_distance_between_stops", args, stopsJSON(p))
		if r.Passed != wantBetween {
			t.Errorf("between %s: passed=%v, legs %v %v: want %v (%s)", p.Name, r.Passed, l1, l2, wantBetween, r.Reason)
		}
		outcomes["between"][wantBetween]++
		r = run(t, "json -> get(stops)", "google_maps.compare_distance_with_and_wo_stops", args, stopsJSON(p))
		if r.Passed != wantWith {
			t.Errorf("with/without %s: passed=%v, legs %v+%v vs %v: want %v (%s)", p.Name, r.Passed, l1, l2, direct, wantWith, r.Reason)
		}
		outcomes["with"][wantWith]++
	}
	for k, m := range outcomes {
		if m[true] == 0 || m[false] == 0 {
			t.Errorf("%s: want passing and failing stops among %d candidates, got %v", k, len(cands), m)
		}
	}
	expect(t, "no stops", run(t, "json -> get(stops)", "google_maps.compare_distance_between_stops", args, `{"stops":[]}`), false, CausePlanner, "no intermediate stop")
	expect(t, "unknown stop", run(t, "json -> get(stops)", "google_maps.compare_distance_with_and_wo_stops", args, `{"stops":[{"name":"x","place id":"osm:n1"}]}`), false, CausePlanner, "NOT_FOUND")
}

// andorraTrip builds a one-route road-trip answer with a viewpoint whose
// address and elevation are given.
func andorraTrip(addr string, elev any) string {
	b, _ := json.Marshal(map[string]any{
		"starting_city": "Andorra la Vella", "destination_city": "Canillo",
		"routes": []any{map[string]any{
			"route_id": "1", "route_name": "CG-2", "cities_visited": []string{"Encamp", "Escaldes-Engordany"},
			"rest_stops":        []any{map[string]any{"city": "Encamp", "name": "x", "address": "y", "amenities": []string{}}},
			"scenic_viewpoints": []any{map[string]any{"city": "Escaldes-Engordany", "name": "View", "address": addr, "elevation_meters": elev, "description": "d"}},
		}},
	})
	return string(b)
}

func TestElevationCheckOffline(t *testing.T) {
	ctx := context.Background()
	vp := findable(t, "viewpoint in Ordino")[0]
	addr := vp.FormattedAddress
	res, err := engine(t).SearchPlaces(ctx, geo.SearchRequest{Query: addr})
	if err != nil || len(res.Places) != 1 {
		t.Fatalf("the address %q must find one place: %v %v", addr, res, err)
	}
	el, err := engine(t).Elevation(ctx, []geo.LatLng{res.Places[0].Location})
	if err != nil {
		t.Fatal(err)
	}
	truth := el.Results[0].Elevation
	for _, c := range []struct {
		elev any
		pass bool
	}{{truth, true}, {truth * 1.04, true}, {fmt.Sprintf("%.1f", truth*0.97), true}, {truth * 1.06, false}, {truth / 2, false}} {
		r := run(t, "json", "google_maps.validate_elevation_meters", "", andorraTrip(addr, c.elev))
		if r.Passed != c.pass {
			t.Errorf("elevation %v vs truth %.1f: passed=%v (%s)", c.elev, truth, r.Passed, r.Reason)
		}
	}
	expect(t, "not a number", run(t, "json", "google_maps.validate_elevation_meters", "", andorraTrip(addr, "about 2000 m")), false, CausePlanner, "ValueError")
	expect(t, "ambiguous address", run(t, "json", "google_maps.validate_elevation_meters", "", andorraTrip("viewpoint", truth)), false, CausePlanner, "should be 1")
}

func TestRouteChecks(t *testing.T) {
	ans := andorraTrip("x", 1)
	expect(t, "start", run(t, "json", "google_maps.city_name_match", `{"key":"starting_city","values":["Andorra la Vella City"]}`, ans), true, "", "")
	expect(t, "start with country", run(t, "json", "google_maps.city_name_match", `{"key":"starting_city","values":["Andorra"]}`, ans), false, CausePlanner, "substring")
	expect(t, "rest stops in cities", run(t, "json", "google_maps.places_in_cities_visited", `"rest_stops"`, ans), true, "", "")
	bad := strings.Replace(ans, `"city":"Encamp"`, `"city":"encamp"`, 1)
	expect(t, "case-sensitive city", run(t, "json", "google_maps.places_in_cities_visited", `"rest_stops"`, bad), false, CausePlanner, "city[encamp]")
	expect(t, "different cities", run(t, "json", "google_maps.city_different_from_rest_stops", "", ans), true, "", "")
	same := strings.Replace(ans, `"city":"Escaldes-Engordany"`, `"city":"ENCAMP"`, 1)
	expect(t, "same cities", run(t, "json", "google_maps.city_different_from_rest_stops", "", same), false, CausePlanner, "are the same")
	expect(t, "must include", run(t, "json", "google_maps.place_in_cities_visited_of_routes", `["Escaldes"]`, ans), true, "", "")
	expect(t, "must include missing", run(t, "json", "google_maps.place_in_cities_visited_of_routes", `["Ordino"]`, ans), false, CausePlanner, "city must be in all routes")
	expect(t, "avoid (string)", run(t, "json", "google_maps.place_not_in_cities_visited_of_routes", `"Ordino"`, ans), true, "", "")
	expect(t, "avoid violated", run(t, "json", "google_maps.place_not_in_cities_visited_of_routes", `"encamp"`, ans), false, CausePlanner, "must not be")
	expect(t, "avoid as a list (task 0005)", run(t, "json", "google_maps.place_not_in_cities_visited_of_routes", `["Tacoma"]`, ans), false, CauseQuirk, "always fails upstream")
	expect(t, "routes missing", run(t, "json", "google_maps.places_in_cities_visited", `"rest_stops"`, `{"x":1}`), false, CausePlanner, "KeyError: 'routes'")
	// upstream checks no shared task uses
	expect(t, "rest stop in city", run(t, "json", "google_maps.include_one_place_in_rest_stops", `{"city":"ENCAMP"}`, ans), true, "", "")
	expect(t, "no rest stop in city", run(t, "json", "google_maps.include_one_place_in_rest_stops", `{"city":"Ordino"}`, ans), false, CausePlanner, "no rest stop in Ordino")
	expect(t, "unique rest-stop cities", run(t, "json", "google_maps.at_least_unique_city_of_rest_stops_in_routes", `1`, ans), true, "", "")
	expect(t, "too few rest-stop cities", run(t, "json", "google_maps.at_least_unique_city_of_rest_stops_in_routes", `2`, ans), false, CausePlanner, "unique cities number: 1")
	expect(t, "number of routes", run(t, "json", "google_maps.validate_number_of_routes", "", ans), false, CausePlanner, "1 routes, want None")
	r := scoreOne(t, Evaluator{Func: "json", Op: "google_maps.validate_number_of_routes", Value: json.RawMessage("1")}, ans)
	expect(t, "number of routes = 1", r, true, "", "")
	expect(t, "validate_places always raises", run(t, "json", "google_maps.validate_places", `{"place_type":"stops"}`, `{"stops":[{"place id":"x"}]}`), false, CauseQuirk, "isError")
	expect(t, "validate_places on no places", run(t, "json", "google_maps.validate_places", `{"place_type":"stops"}`, `{"stops":[]}`), true, "", "")
	two := `{"route_1_stops":[{"name":"a","place id":"1"}],"route_2_stops":[{"name":"a","place id":"1"}]}`
	expect(t, "same stops", run(t, "json", "google_maps.are_stops_different", "", two), false, CausePlanner, "the same")
	expect(t, "different stops", run(t, "json", "google_maps.are_stops_different", "", strings.Replace(two, `"1"}]}`, `"2"}]}`, 1)), true, "", "")
	expect(t, "ratings: none offline, none claimed", run(t, "json", "google_maps.check_places_and_ratings", `{"places":["Caffe Gelato"],"location":"90 East Main Street, Newark, Delaware, United States","min_rating":4}`, `{}`), true, "", "")
	expect(t, "ratings: claimed, none offline", run(t, "json", "google_maps.check_places_and_ratings", `{"places":["Caffe Gelato"],"location":"90 East Main Street, Newark, Delaware, United States","min_rating":4}`, `{"Caffe Gelato": 4.5}`), false, CauseData, "the places are not the same")
}
