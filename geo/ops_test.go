package geo_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

func TestSearchPlaces(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	for _, q := range []struct {
		query    string
		wantType string
		near     string // city the hits should be near
	}{
		{"rest stop in Dover", "rest_area", ""},
		{"scenic viewpoint near Andorra la Vella", "viewpoint", "Andorra la Vella"},
		{"gas station in Dover", "gas_station", "Dover, DE"},
		{"cafe", "cafe", ""},
		{"swimming pool", "swimming_pool", ""},
		{"hotel in Wilmington", "lodging", "Wilmington, DE"},
		{"restaurant in Canillo", "restaurant", "Canillo"},
	} {
		r, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: q.query})
		if err != nil {
			t.Errorf("%q: %v", q.query, err)
			continue
		}
		if len(r.Places) == 0 || len(r.Places) > 20 {
			t.Errorf("%q: %d places, want 1..20", q.query, len(r.Places))
			continue
		}
		for _, p := range r.Places {
			if !has(p.Types, q.wantType) {
				t.Errorf("%q: %s has types %v, want %s", q.query, p.Name, p.Types, q.wantType)
			}
		}
		b, _ := json.Marshal(r.Places[0])
		t.Logf("%q: %d hits, first %s", q.query, len(r.Places), b)
	}
}

func has(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

func TestSearchByNameFindsSameID(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	var all []geo.Place
	for _, q := range []string{"cafe in Wilmington", "hotel in Wilmington", "gas station in Dover", "restaurant in Canillo",
		"hotel in Andorra la Vella", "park in Newark", "supermarket in Dover"} {
		r, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: q})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		all = append(all, r.Places...)
	}
	for _, p := range all {
		if p.Name == "Viewpoint" || p.Name == "Rest Area" || p.Name == "Service Area" {
			continue // generic labels of unnamed places are ambiguous by nature
		}
		byName, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: p.Name})
		if err != nil {
			t.Fatalf("search %q: %v", p.Name, err)
		}
		found, same := false, 0
		for _, q := range byName.Places {
			found = found || q.PlaceID == p.PlaceID
			if strings.EqualFold(q.Name, p.Name) {
				same++
			}
		}
		if !found && same == 20 {
			continue // a chain with more than 20 branches: ambiguous by name alone, as on Google
		}
		if !found {
			t.Errorf("searching %q by name does not return %s", p.Name, p.PlaceID)
		}
		d, err := e.PlaceDetails(ctx, p.PlaceID)
		if err != nil || d.Name != p.Name {
			t.Errorf("details %s = %+v, %v", p.PlaceID, d, err)
		}
		if d.Rating != nil || d.Reviews != nil {
			t.Errorf("details invent a rating or reviews: %+v", d)
		}
	}
}

func TestUnknownPlace(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	if _, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "zzqxv wwkrp"}); !errors.Is(err, geo.ErrZeroResults) {
		t.Errorf("search: %v, want ZERO_RESULTS", err)
	}
	if _, err := e.PlaceDetails(ctx, "osm:n1"); !errors.Is(err, geo.ErrNotFound) {
		t.Errorf("details: %v, want NOT_FOUND", err)
	}
	if _, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "cafe", Radius: 60000}); !errors.Is(err, geo.ErrInvalidRequest) {
		t.Errorf("radius 60 km: %v, want INVALID_REQUEST", err)
	}
}

func TestBadLatitude(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	_, err := e.Elevation(ctx, []geo.LatLng{{Lat: 95, Lng: 0}})
	if !errors.Is(err, geo.ErrInvalidRequest) || !strings.Contains(err.Error(), "latitude 95") {
		t.Errorf("elevation at latitude 95: %v", err)
	}
	_, err = e.ReverseGeocode(ctx, 95, 0)
	if !errors.Is(err, geo.ErrInvalidRequest) || !strings.Contains(err.Error(), "latitude 95") {
		t.Errorf("reverse geocode at latitude 95: %v", err)
	}
	_, err = e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"95,0"}, Destinations: []string{"Dover, DE"}})
	if !errors.Is(err, geo.ErrInvalidRequest) || !strings.Contains(err.Error(), "latitude 95") {
		t.Errorf("matrix from 95,0: %v", err)
	}
}

func TestReverseGeocode(t *testing.T) {
	r, err := engine(t).ReverseGeocode(context.Background(), 39.1582, -75.5244)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", r)
	if !strings.Contains(r.FormattedAddress, "Dover") || !strings.Contains(r.FormattedAddress, "Delaware") {
		t.Errorf("reverse geocode of Dover: %q", r.FormattedAddress)
	}
}

func TestDrivingDelaware(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	towns := []string{"Dover, DE", "Wilmington, DE", "Newark, DE", "Lewes, DE", "Georgetown, DE", "Milford, DE"}
	m, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: towns, Destinations: towns})
	if err != nil {
		t.Fatal(err)
	}
	for i := range towns {
		oi, _ := e.Geocode(ctx, towns[i])
		for j := range towns {
			el := m.Results[i].Elements[j]
			if el.Status != geo.StatusOK || el.Estimated {
				t.Errorf("%s -> %s: %+v, want a road route", towns[i], towns[j], el)
				continue
			}
			dj, _ := e.Geocode(ctx, towns[j])
			gc := geo.Distance(oi.Location, dj.Location)
			if float64(el.Distance.Value) < gc {
				t.Errorf("%s -> %s: road %d m shorter than great circle %.0f m", towns[i], towns[j], el.Distance.Value, gc)
			}
			if i != j && float64(el.Distance.Value) > 2*gc+3000 {
				t.Errorf("%s -> %s: road %d m implausibly long for great circle %.0f m", towns[i], towns[j], el.Distance.Value, gc)
			}
		}
	}
	// Dover to Wilmington is about 75 km by road (US-13 / DE-1) and under
	// an hour and a half.
	el := m.Results[0].Elements[1]
	t.Logf("Dover -> Wilmington: %s, %s", el.Distance.Text, el.Duration.Text)
	if el.Distance.Value < 65000 || el.Distance.Value > 90000 || el.Duration.Value < 2400 || el.Duration.Value > 5400 {
		t.Errorf("Dover -> Wilmington = %+v %+v, want ~75 km, 45-90 min", el.Distance, el.Duration)
	}
}

func TestEstimatedElsewhere(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	m, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"Johor Bahru"}, Destinations: []string{"Kuala Lumpur"}})
	if err != nil {
		t.Fatal(err)
	}
	el := m.Results[0].Elements[0]
	if !el.Estimated || el.Status != geo.StatusOK {
		t.Fatalf("JB -> KL: %+v, want an estimate", el)
	}
	a, _ := e.Geocode(ctx, "Johor Bahru")
	b, _ := e.Geocode(ctx, "Kuala Lumpur")
	want := geo.Distance(a.Location, b.Location) * geo.DetourFactor
	if d := float64(el.Distance.Value) - want; d > 1 || d < -1 {
		t.Errorf("JB -> KL = %d m, want great circle × %.1f = %.0f", el.Distance.Value, geo.DetourFactor, want)
	}
	if _, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"Dover, DE"}, Destinations: []string{"Lewes, DE"}, Mode: "transit"}); !errors.Is(err, geo.ErrInvalidRequest) {
		t.Errorf("transit: %v, want INVALID_REQUEST", err)
	}
}

func TestDirections(t *testing.T) {
	e := engine(t)
	r, err := e.Directions(context.Background(), geo.DirectionsRequest{Origin: "Dover, DE", Destination: "Lewes, DE"})
	if err != nil {
		t.Fatal(err)
	}
	rt := r.Routes[0]
	b, _ := json.MarshalIndent(rt, "", " ")
	if len(b) > 3000 {
		b = b[:3000]
	}
	t.Logf("%s", b)
	if rt.Estimated || len(rt.Steps) < 2 {
		t.Fatalf("want a road route with steps, got %+v", rt)
	}
	var sum int64
	for _, s := range rt.Steps {
		sum += s.Distance.Value
		if s.Instructions == "" || s.TravelMode != "DRIVING" {
			t.Errorf("bad step %+v", s)
		}
	}
	if sum > rt.Distance.Value {
		t.Errorf("steps add up to %d m, more than the route's %d m", sum, rt.Distance.Value)
	}
}

func TestMatrixUnknownEndpoint(t *testing.T) {
	m, err := engine(t).DistanceMatrix(context.Background(), geo.MatrixRequest{
		Origins: []string{"Qqzzxv Nowhere", "Dover, DE"}, Destinations: []string{"Lewes, DE"}})
	if err != nil {
		t.Fatal(err)
	}
	if m.OriginAddresses[0] != "" || m.Results[0].Elements[0].Status != geo.StatusNotFound || m.Results[0].Elements[0].Distance != nil {
		t.Errorf("unknown origin: %q %+v, want empty address and NOT_FOUND", m.OriginAddresses[0], m.Results[0].Elements[0])
	}
	if m.Results[1].Elements[0].Status != geo.StatusOK {
		t.Errorf("known origin: %+v", m.Results[1].Elements[0])
	}
}

// TestSearchByAddress: a place's "name, address" (what a planner reports)
// finds that place, and an address alone finds only places at it.
func TestSearchByAddress(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	r, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "hotel in Wilmington"})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Places[0]
	byBoth, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: p.Name + ", " + p.FormattedAddress})
	if err != nil || len(byBoth.Places) == 0 || byBoth.Places[0].PlaceID != p.PlaceID {
		t.Errorf("search %q: %+v %v, want %s first", p.Name+", "+p.FormattedAddress, byBoth, err, p.PlaceID)
	}
	byAddr, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: p.FormattedAddress})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range byAddr.Places {
		if q.FormattedAddress != p.FormattedAddress {
			t.Errorf("address search %q returned %q", p.FormattedAddress, q.FormattedAddress)
		}
	}
}

// A search around a point never answers with towns merely named like
// the query from elsewhere: "bar" near Dover is not Bar, Montenegro. The
// radius biases a search for a kind (as Google's does): with none inside
// it, the nearest out to the largest radius answer.
func TestSearchAroundStaysNear(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	dover := geo.LatLng{Lat: 39.1582, Lng: -75.5244}
	vella := geo.LatLng{Lat: 42.5078, Lng: 1.5211}
	for _, c := range []struct {
		query  string
		at     geo.LatLng
		radius float64 // 0: none given
	}{
		{"bar", dover, 10000},
		{"bar", dover, 0},
		{"pub", dover, 5000},
		{"Bar", vella, 3000},
		{"Dover", vella, 20000},
		{"Smyrna", dover, 3000},
	} {
		r, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: c.query, Location: &c.at, Radius: c.radius})
		if errors.Is(err, geo.ErrZeroResults) {
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.query, err)
		}
		lim := float64(geo.MaxSearchRadius)
		for _, p := range r.Places {
			if d := geo.Distance(c.at, p.Location); d > lim {
				t.Errorf("%q within %.0f m: %s (%s) is %.0f m away", c.query, c.radius, p.Name, p.FormattedAddress, d)
			}
		}
	}
	// Nothing of the kind inside the radius: the nearest beyond it.
	georgetown := geo.LatLng{Lat: 38.6901, Lng: -75.3855}
	r, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "hospital", Location: &georgetown, Radius: 5000})
	if err != nil || len(r.Places) == 0 || !has(r.Places[0].Types, "hospital") {
		t.Errorf("hospital near Georgetown within 5 km: %v, %v; want the nearest hospital beyond", r.Places, err)
	} else if d := geo.Distance(georgetown, r.Places[0].Location); d < 5000 || d > float64(geo.MaxSearchRadius) {
		t.Errorf("hospital near Georgetown: the first is %.0f m away", d)
	}
	// Without a centre, or far enough, a town's name still finds it.
	for _, c := range []struct {
		query string
		at    *geo.LatLng
		want  string
	}{
		{"Smyrna", nil, "Smyrna"},
		{"Smyrna", &dover, "Smyrna"},
	} {
		req := geo.SearchRequest{Query: c.query, Location: c.at}
		if c.at != nil {
			req.Radius = 40000
		}
		r, err := e.SearchPlaces(ctx, req)
		if err != nil {
			t.Fatalf("%q: %v", c.query, err)
		}
		found := false
		for _, p := range r.Places {
			found = found || p.Name == c.want
		}
		if !found {
			t.Errorf("%q: no place named %s in %d results", c.query, c.want, len(r.Places))
		}
	}
}
