package geo_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

// Boxes the tests draw: central Wilmington, Delaware, and the whole state.
var (
	wilmington = geo.BBox{MinLng: -75.57, MinLat: 39.73, MaxLng: -75.53, MaxLat: 39.76}
	delaware   = geo.BBox{MinLng: -75.80, MinLat: 38.45, MaxLng: -75.04, MaxLat: 39.84}
)

func features(t testing.TB, req geo.FeatureRequest) geo.MapFeatures {
	t.Helper()
	f, err := engine(t).Features(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFeaturesCityStreets(t *testing.T) {
	f := features(t, geo.FeatureRequest{BBox: wilmington, Zoom: 15})
	if len(f.Roads) < 50 {
		t.Fatalf("%d roads in central Wilmington at zoom 15, want the street grid", len(f.Roads))
	}
	classes, named := map[string]int{}, 0
	for _, r := range f.Roads {
		classes[r.Class]++
		if r.Name != "" {
			named++
		}
		if len(r.Line) < 2 {
			t.Fatalf("road %q has %d points", r.Name, len(r.Line))
		}
		in := false
		lo, hi := r.Line[0], r.Line[0]
		for _, p := range r.Line {
			lo.Lat, lo.Lng, hi.Lat, hi.Lng = min(lo.Lat, p.Lat), min(lo.Lng, p.Lng), max(hi.Lat, p.Lat), max(hi.Lng, p.Lng)
		}
		in = lo.Lng <= wilmington.MaxLng && hi.Lng >= wilmington.MinLng && lo.Lat <= wilmington.MaxLat && hi.Lat >= wilmington.MinLat
		if !in {
			t.Fatalf("road %q %v lies outside the box", r.Name, r.Line)
		}
	}
	if classes["residential"] == 0 || named < len(f.Roads)/2 {
		t.Errorf("classes %v, %d of %d named; want residential streets, mostly named", classes, named, len(f.Roads))
	}
	kinds := map[string]int{}
	for _, p := range f.Places {
		kinds[p.Type]++
		if !wilmingtonHas(p.Location) {
			t.Errorf("place %s at %v is outside the box", p.Name, p.Location)
		}
		if p.Name == "" || !(strings.HasPrefix(p.PlaceID, "osm:") || strings.HasPrefix(p.PlaceID, "geonames:")) {
			t.Errorf("place %+v: want a name and an osm: or geonames: place_id", p)
		}
	}
	if kinds["locality"] == 0 || len(kinds) < 3 {
		t.Errorf("place kinds %v: want the town and points of interest", kinds)
	}
	if f.Places[0].Name != "Wilmington" {
		t.Errorf("first place %q, want Wilmington (the biggest town first)", f.Places[0].Name)
	}
}

func wilmingtonHas(p geo.LatLng) bool {
	return p.Lng >= wilmington.MinLng && p.Lng <= wilmington.MaxLng && p.Lat >= wilmington.MinLat && p.Lat <= wilmington.MaxLat
}

// TestFeaturesZoomThins: a whole state at zoom 8 shows its main roads
// and big towns only, with fewer points than the same roads up close.
func TestFeaturesZoomThins(t *testing.T) {
	far := features(t, geo.FeatureRequest{BBox: delaware, Zoom: 8})
	near := features(t, geo.FeatureRequest{BBox: delaware, Zoom: 16, MaxRoads: 1 << 20, MaxPlaces: 5000})
	points := func(f geo.MapFeatures, class string) (roads, pts int) {
		for _, r := range f.Roads {
			if r.Class == class {
				roads++
				pts += len(r.Line)
			}
		}
		return
	}
	for _, r := range far.Roads {
		if r.Class == "residential" || r.Class == "service" || r.Class == "footway" {
			t.Fatalf("zoom 8 draws %s road %q", r.Class, r.Name)
		}
	}
	fr, fp := points(far, "motorway")
	nr, np := points(near, "motorway")
	if fr == 0 || fr != nr || fp >= np {
		t.Errorf("motorways: zoom 8 %d roads %d points, zoom 16 %d roads %d points; want the same roads, fewer points far out", fr, fp, nr, np)
	}
	if len(far.Roads) >= len(near.Roads)/10 {
		t.Errorf("zoom 8 draws %d roads, zoom 16 %d: want far fewer far out", len(far.Roads), len(near.Roads))
	}
	for _, p := range far.Places {
		if p.Type != "locality" {
			t.Errorf("zoom 8 draws %s %q; want towns only", p.Type, p.Name)
		}
	}
	if len(near.Places) <= len(far.Places) {
		t.Errorf("places: zoom 8 %d, zoom 16 %d", len(far.Places), len(near.Places))
	}
	// At zoom 16 every road-graph edge is drawn once: undirected edges
	// number between half the directed ones and all of them.
	segs := 0
	for _, r := range near.Roads {
		segs += len(r.Line) - 1
	}
	var edges int
	for _, ri := range engine(t).Info().Regions {
		if ri.Name == "delaware" {
			edges = ri.Edges
		}
	}
	if segs > edges || segs < edges/3 {
		t.Errorf("zoom 16 draws %d segments of Delaware's %d directed edges", segs, edges)
	}
}

// TestFeaturesLimits: a cut answer keeps the most important roads.
func TestFeaturesLimits(t *testing.T) {
	f := features(t, geo.FeatureRequest{BBox: delaware, Zoom: 14, MaxRoads: 20, MaxPlaces: 5})
	if len(f.Roads) != 20 || len(f.Places) != 5 || !f.Truncated {
		t.Fatalf("%d roads, %d places, truncated %v; want 20, 5, true", len(f.Roads), len(f.Places), f.Truncated)
	}
	for _, r := range f.Roads {
		if r.Class != "motorway" && r.Class != "trunk" {
			t.Errorf("a cut answer keeps %s %q before the motorways and trunk roads", r.Class, r.Name)
		}
	}
	all := features(t, geo.FeatureRequest{BBox: geo.BBox{MinLng: 1.50, MinLat: 42.49, MaxLng: 1.54, MaxLat: 42.52}, Zoom: 11})
	if all.Truncated {
		t.Errorf("a small box at zoom 11 is cut: %d roads %d places", len(all.Roads), len(all.Places))
	}
	found := false
	for _, p := range all.Places {
		found = found || p.Name == "Andorra la Vella"
	}
	if !found {
		t.Errorf("Andorra la Vella not among %+v", all.Places)
	}
	// Nothing loaded there: towns, but no roads.
	paris := features(t, geo.FeatureRequest{BBox: geo.BBox{MinLng: 2.2, MinLat: 48.8, MaxLng: 2.5, MaxLat: 48.9}, Zoom: 12})
	if len(paris.Roads) != 0 || len(paris.Places) == 0 {
		t.Errorf("Paris: %d roads %d places; want towns and no roads (no OSM region loaded)", len(paris.Roads), len(paris.Places))
	}
}

func TestFeaturesBadRequest(t *testing.T) {
	for _, c := range []struct {
		req  geo.FeatureRequest
		want string
	}{
		{geo.FeatureRequest{BBox: geo.BBox{MinLng: -75, MinLat: 39, MaxLng: -76, MaxLat: 40}}, "minLng -75 is east of maxLng -76"},
		{geo.FeatureRequest{BBox: geo.BBox{MinLng: -76, MinLat: 40, MaxLng: -75, MaxLat: 39}}, "minLat 40 is north of maxLat 39"},
		{geo.FeatureRequest{BBox: geo.BBox{MinLng: -190, MinLat: 39, MaxLng: -75, MaxLat: 40}}, "minLng -190 is outside -180..180"},
		{geo.FeatureRequest{BBox: geo.BBox{MinLng: -76, MinLat: 39, MaxLng: -75, MaxLat: 91}}, "maxLat 91 is outside -90..90"},
		{geo.FeatureRequest{BBox: wilmington, Zoom: 23}, "zoom 23 is outside 0..22"},
		{geo.FeatureRequest{BBox: wilmington, Zoom: -1}, "zoom -1 is outside 0..22"},
	} {
		_, err := engine(t).Features(context.Background(), c.req)
		if !errors.Is(err, geo.ErrInvalidRequest) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want INVALID_REQUEST saying %q", c.req, err, c.want)
		}
	}
}

// BenchmarkFeatures: what a map page asks as it pans: a city at street
// zoom, a state at zoom 9, the world at zoom 2.
func BenchmarkFeatures(b *testing.B) {
	e := engine(b)
	e.Features(context.Background(), geo.FeatureRequest{BBox: wilmington, Zoom: 15}) // builds the index
	for _, c := range []struct {
		name string
		req  geo.FeatureRequest
	}{
		{"city-z15", geo.FeatureRequest{BBox: wilmington, Zoom: 15}},
		{"state-z9", geo.FeatureRequest{BBox: delaware, Zoom: 9}},
		{"county-z13", geo.FeatureRequest{BBox: geo.BBox{MinLng: -75.75, MinLat: 39.6, MaxLng: -75.45, MaxLat: 39.85}, Zoom: 13}},
		{"world-z2", geo.FeatureRequest{BBox: geo.BBox{MinLng: -180, MinLat: -85, MaxLng: 180, MaxLat: 85}, Zoom: 2}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var n int
			p50(b, func(int) {
				f, err := e.Features(context.Background(), c.req)
				if err != nil {
					b.Fatal(err)
				}
				n = len(f.Roads) + len(f.Places)
			})
			b.ReportMetric(float64(n), "features")
		})
	}
}
