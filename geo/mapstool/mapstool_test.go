package mapstool_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/tool"
)

func TestSpecsMatchContract(t *testing.T) {
	want := map[string][]string{ // tool -> required inputs (README contract table)
		"maps_geocode":         {"address"},
		"maps_reverse_geocode": {"latitude", "longitude"},
		"maps_search_places":   {"query"},
		"maps_place_details":   {"place_id"},
		"maps_distance_matrix": {"destinations", "origins"},
		"maps_elevation":       {"locations"},
		"maps_directions":      {"destination", "origin"},
	}
	reg := geotest.Tools(t)
	if reg.Len() != 7 {
		t.Fatalf("%d tools, want 7: %v", reg.Len(), reg.Names())
	}
	for _, s := range reg.Specs() {
		var sch struct {
			Type     string
			Required []string
		}
		if err := json.Unmarshal(s.InputSchema, &sch); err != nil {
			t.Fatalf("%s schema: %v", s.Name, err)
		}
		sort.Strings(sch.Required)
		if sch.Type != "object" || !reflect.DeepEqual(sch.Required, want[s.Name]) {
			t.Errorf("%s: type %s required %v, want object %v", s.Name, sch.Type, sch.Required, want[s.Name])
		}
	}
}

// keys returns the sorted keys of a JSON object.
func keys(t *testing.T, raw any) []string {
	t.Helper()
	m, ok := raw.(map[string]any)
	if !ok {
		t.Fatalf("not an object: %v", raw)
	}
	var k []string
	for x := range m {
		k = append(k, x)
	}
	sort.Strings(k)
	return k
}

func call(t *testing.T, reg *tool.Registry, name, args string) map[string]any {
	t.Helper()
	res, err := reg.Call(context.Background(), name, json.RawMessage(args))
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	if !strings.Contains(string(res), "\n  \"") {
		t.Errorf("%s: result is not pretty-printed with two spaces like upstream: %.80s", name, res)
	}
	var m map[string]any
	if err := json.Unmarshal(res, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestResultShapes(t *testing.T) {
	reg := geotest.Tools(t)
	eq := func(what string, got []string, want ...string) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s keys %v, want %v", what, got, want)
		}
	}
	g := call(t, reg, "maps_geocode", `{"address":"Dover, DE"}`)
	eq("geocode", keys(t, g), "formatted_address", "location", "place_id")
	eq("geocode location", keys(t, g["location"]), "lat", "lng")

	r := call(t, reg, "maps_reverse_geocode", `{"latitude":42.5078,"longitude":1.5211}`)
	eq("reverse", keys(t, r), "address_components", "formatted_address", "place_id")

	s := call(t, reg, "maps_search_places", `{"query":"gas station in Dover"}`)
	eq("search", keys(t, s), "places")
	p0 := s["places"].([]any)[0]
	// rating is unknown offline, so absent (upstream omits it too when
	// Google has none).
	eq("place", keys(t, p0), "formatted_address", "location", "name", "place_id", "types")
	id := p0.(map[string]any)["place_id"].(string)

	d := call(t, reg, "maps_place_details", `{"place_id":"`+id+`"}`)
	for _, k := range keys(t, d) {
		switch k {
		case "name", "formatted_address", "location", "formatted_phone_number", "website", "amenities":
		default:
			t.Errorf("details has key %q not in the contract or invented offline", k)
		}
	}

	m := call(t, reg, "maps_distance_matrix", `{"origins":["Dover, DE","place_id:`+id+`"],"destinations":["Lewes, DE","39.7459,-75.5466"]}`)
	eq("matrix", keys(t, m), "destination_addresses", "origin_addresses", "results")
	el := m["results"].([]any)[1].(map[string]any)["elements"].([]any)[0]
	eq("element", keys(t, el), "distance", "duration", "status")
	eq("distance", keys(t, el.(map[string]any)["distance"]), "text", "value")

	e := call(t, reg, "maps_elevation", `{"locations":[{"latitude":42.5078,"longitude":1.5211},{"latitude":0,"longitude":-140}]}`)
	res := e["results"].([]any)
	if len(res) != 2 {
		t.Fatalf("elevation results %v", res)
	}
	eq("elevation", keys(t, res[0]), "elevation", "location", "resolution", "source")
	if v := res[1].(map[string]any)["elevation"].(float64); v > -1000 {
		t.Errorf("mid-Pacific elevation %v, want ocean depth", v)
	}
	// Each result names its data and their spacing: Andorra la Vella is
	// ETOPO5 corrected by the town's own height (1,037 m, where the 9 km
	// cell says 2,273 m); mid-Pacific nothing corrects the grid.
	if r := res[0].(map[string]any); r["source"] != "ETOPO5+GeoNames+OSM" || math.Abs(r["elevation"].(float64)-1037) > 15 || r["resolution"].(float64) > 100 {
		t.Errorf("Andorra la Vella elevation %v, want about 1,037 m from ETOPO5+GeoNames+OSM at under 100 m", r)
	}
	if r := res[1].(map[string]any); r["source"] != "ETOPO5" || r["resolution"].(float64) < 9000 {
		t.Errorf("mid-Pacific elevation %v, want plain ETOPO5 at about 9 km", r)
	}

	dr := call(t, reg, "maps_directions", `{"origin":"Dover, DE","destination":"Wilmington, DE"}`)
	rt := dr["routes"].([]any)[0]
	// overview_polyline is Google's Directions field, which the upstream
	// server drops: the line a map draws.
	eq("route", keys(t, rt), "distance", "duration", "overview_polyline", "steps", "summary")
	eq("step", keys(t, rt.(map[string]any)["steps"].([]any)[0]), "distance", "duration", "instructions", "travel_mode")
}

func TestErrorTexts(t *testing.T) {
	reg := geotest.Tools(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, args, text string
		kind             error
	}{
		{"maps_geocode", `{"address":"Qqzzxv Nowhere"}`, "Geocoding failed: ZERO_RESULTS", tool.ErrPermanent},
		{"maps_search_places", `{"query":"zzqxv wwkrp"}`, "Place search failed: ZERO_RESULTS", tool.ErrPermanent},
		{"maps_place_details", `{"place_id":"osm:n1"}`, "Place details request failed: NOT_FOUND", tool.ErrPermanent},
		{"maps_elevation", `{"locations":[{"latitude":95,"longitude":0}]}`, "Elevation request failed: locations[0]: INVALID_REQUEST: latitude 95 is outside -90..90", tool.ErrBadArgs},
		{"maps_reverse_geocode", `{"latitude":95,"longitude":0}`, "Reverse geocoding failed: arguments: INVALID_REQUEST: latitude 95", tool.ErrBadArgs},
		{"maps_geocode", `{}`, "Geocoding failed: INVALID_REQUEST: address is required", tool.ErrBadArgs},
		{"maps_distance_matrix", `{"origins":["Dover, DE"],"destinations":["Lewes, DE"],"mode":"transit"}`, "Distance matrix request failed: INVALID_REQUEST: mode transit is not available offline", tool.ErrBadArgs},
		{"maps_directions", `{"origin":"Dover, DE","destination":"Qqzzxv Nowhere"}`, "Directions request failed: ZERO_RESULTS", tool.ErrPermanent},
		{"maps_search_places", `{"query":"cafe","radius":90000}`, "Place search failed: INVALID_REQUEST: radius 90000 m", tool.ErrBadArgs},
		{"maps_geocode", `{"address":3}`, "Geocoding failed: INVALID_REQUEST: arguments:", tool.ErrBadArgs},
	} {
		_, err := reg.Call(ctx, c.name, json.RawMessage(c.args))
		if err == nil {
			t.Errorf("%s %s: no error", c.name, c.args)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.text) {
			t.Errorf("%s %s:\n got %q\nwant prefix %q", c.name, c.args, err, c.text)
		}
		if !errors.Is(err, c.kind) {
			t.Errorf("%s %s: %v is not %v", c.name, c.args, err, c.kind)
		}
	}
}

func TestClientRoundTrip(t *testing.T) {
	reg := geotest.Tools(t)
	eng := geotest.Engine(t)
	c := &mapstool.Client{Caller: reg}
	ctx := context.Background()
	direct, err := eng.Geocode(ctx, "Andorra la Vella")
	if err != nil {
		t.Fatal(err)
	}
	via, err := c.Geocode(ctx, "Andorra la Vella")
	if err != nil || via != direct {
		t.Errorf("through tools %+v, %v; direct %+v", via, err, direct)
	}
	m, err := c.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"Dover, DE"}, Destinations: []string{"Lewes, DE"}})
	dm, _ := eng.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"Dover, DE"}, Destinations: []string{"Lewes, DE"}})
	if err != nil || !reflect.DeepEqual(m, dm) {
		t.Errorf("matrix through tools %+v, %v; direct %+v", m, err, dm)
	}
	if _, err := c.Geocode(ctx, "Qqzzxv Nowhere"); !errors.Is(err, geo.ErrZeroResults) {
		t.Errorf("client error %v does not unwrap to ErrZeroResults", err)
	}
}

// FuzzToolArgs feeds arbitrary JSON to every tool: each call returns a
// result or a *mapstool.Error, never panics.
func FuzzToolArgs(f *testing.F) {
	for _, s := range []string{`{"address":"KL"}`, `{"latitude":1e308,"longitude":-1e308}`, `{"query":"cafe","location":{"latitude":"x"}}`,
		`{"origins":[""],"destinations":["place_id:"]}`, `{"locations":[{}]}`, `[]`, `null`, `{"place_id":"geonames:99999999999"}`,
		`{"origin":"95,0","destination":"0,181"}`} {
		f.Add(s)
	}
	reg := geotest.Tools(f)
	names := reg.Names()
	f.Fuzz(func(t *testing.T, args string) {
		for _, n := range names {
			_, err := reg.Call(context.Background(), n, json.RawMessage(args))
			var me *mapstool.Error
			if err != nil && !errors.As(err, &me) {
				t.Errorf("%s(%s): error %v is not a *mapstool.Error", n, args, err)
			}
		}
	})
}
