package geo_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
)

// engine loads the embedded data once for all tests.
func engine(t testing.TB) *geo.Engine {
	t.Helper()
	return geotest.Engine(t)
}

func TestInfo(t *testing.T) {
	info := engine(t).Info()
	t.Logf("%+v", info)
	if info.Cities < 150000 {
		t.Errorf("cities = %d, want the ~200k of cities500", info.Cities)
	}
	if len(info.Regions) != 2 {
		t.Fatalf("regions = %+v, want andorra and delaware", info.Regions)
	}
}

func TestGeocode(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	cases := []struct {
		addr, want string
	}{
		{"Kuala Lumpur", "Kuala Lumpur"},
		{"KL", "Kuala Lumpur"},
		{"JB", "Johor Bahru"},
		{"Johor Baru", "Johor Bahru"},
		{"Johor Bahru, Malaysia", "Johor Bahru"},
		{"Dover, DE", "Dover"},
		{"Dover, Delaware", "Dover"},
		{"Andorra la Vella", "Andorra la Vella"},
		{"Sant Julia de Loria", "Sant Julià de Lòria"},
		{"Paris", "Paris"},
		{"Seattle", "Seattle"},
		{"1 Nowhere Lane, Lewes, DE 19958", "Lewes"},
		{"Coalinga", "Coalinga"},
		{"Port Macquarie", "Port Macquarie"},
		{"Toyama", "Toyama"},
		// A city's own name before another's alternate name.
		{"Philadelphia", "Philadelphia"},
		{"Milford", "Milford"},
		{"Harrington", "Harrington"},
		{"Milton", "Milton"},
		{"Greenwood", "Greenwood"},
	}
	for _, c := range cases {
		r, err := e.Geocode(ctx, c.addr)
		if err != nil {
			t.Errorf("Geocode(%q): %v", c.addr, err)
			continue
		}
		t.Logf("%q -> %+v", c.addr, r)
		if got := r.FormattedAddress; len(got) < len(c.want) || got[:len(c.want)] != c.want {
			t.Errorf("Geocode(%q) = %q, want it to start with %q", c.addr, got, c.want)
		}
	}
	// A name that matches nothing is no match on its qualifiers alone
	// (Delaware, Ohio; Dover, Delaware), unless it is a street address.
	for _, addr := range []string{"Xqzzyvvl Nowhereville", "Qzxwvtopia, Delaware", "Qzxwvtopia, Delaware, USA", "Qzxwvtopia, Dover, DE"} {
		if r, err := e.Geocode(ctx, addr); !errors.Is(err, geo.ErrZeroResults) {
			t.Errorf("Geocode(%q) = %+v, %v; want ZERO_RESULTS", addr, r, err)
		}
	}
	for _, addr := range []string{"Qzxwvtopia Road, Dover, DE", "7 Qzxwvtopia, Dover, DE", "Apt 4, 12 Main Street, Dover, DE 19901"} {
		if r, err := e.Geocode(ctx, addr); err != nil || !strings.HasPrefix(r.FormattedAddress, "Dover, Delaware") {
			t.Errorf("Geocode(%q) = %+v, %v; want the town, Dover, Delaware", addr, r, err)
		}
	}
}

// TestStablePlaceIDs: IDs are GeoNames ids and OSM element ids, so they
// survive rebuilds and restarts.
func TestStablePlaceIDs(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	g, err := e.Geocode(ctx, "Kuala Lumpur")
	if err != nil || g.PlaceID != "geonames:1735161" {
		t.Errorf("Kuala Lumpur: %+v %v, want geonames:1735161", g, err)
	}
	s, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "Hotel Du Pont"})
	if err != nil || s.Places[0].PlaceID != "osm:n2602379245" {
		t.Errorf("Hotel Du Pont: %+v %v, want osm:n2602379245", s, err)
	}
	d, err := e.PlaceDetails(ctx, "osm:n2602379245")
	if err != nil || d.Name != "Hotel Du Pont" {
		t.Errorf("details: %+v %v", d, err)
	}
}
