package geo_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

// TestPolylineGoogleExample: the example of Google's format description
// encodes and decodes to the published string and points.
func TestPolylineGoogleExample(t *testing.T) {
	pts := []geo.LatLng{{Lat: 38.5, Lng: -120.2}, {Lat: 40.7, Lng: -120.95}, {Lat: 43.252, Lng: -126.453}}
	const want = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
	if got := geo.EncodePolyline(pts); got != want {
		t.Errorf("encode: %q, want %q", got, want)
	}
	back, err := geo.DecodePolyline(want)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(pts) {
		t.Fatalf("decode: %v", back)
	}
	for i := range pts {
		if math.Abs(back[i].Lat-pts[i].Lat) > 1e-9 || math.Abs(back[i].Lng-pts[i].Lng) > 1e-9 {
			t.Errorf("point %d: %v, want %v", i, back[i], pts[i])
		}
	}
}

func TestPolylineBadInput(t *testing.T) {
	for _, s := range []string{"_p~iF~ps|", "_p~iF~ps|U\x01", "~~~~~~~~~~~~~~~~~~~~~~~", "_p~iF"} {
		if _, err := geo.DecodePolyline(s); !errors.Is(err, geo.ErrPolyline) {
			t.Errorf("DecodePolyline(%q): %v, want ErrPolyline", s, err)
		}
	}
}

// FuzzDecodePolyline: any string decodes or fails with ErrPolyline; what
// decodes encodes back to the same points.
func FuzzDecodePolyline(f *testing.F) {
	for _, s := range []string{"", "_p~iF~ps|U_ulLnnqC_mqNvxq`@", "??", "\xff", "_____"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pts, err := geo.DecodePolyline(s)
		if err != nil {
			if !errors.Is(err, geo.ErrPolyline) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		again, err := geo.DecodePolyline(geo.EncodePolyline(pts))
		if err != nil || len(again) != len(pts) {
			t.Fatalf("%q: re-encoded %v, %v", s, again, err)
		}
		for i := range pts {
			if again[i] != pts[i] {
				t.Fatalf("%q: point %d %v became %v", s, i, pts[i], again[i])
			}
		}
	})
}

// TestDirectionsPolyline: a road route's line starts at the origin, ends
// at the destination, stays near the straight line's length times a
// road factor and is simplified; an estimated route has none.
func TestDirectionsPolyline(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	for _, mode := range []string{geo.ModeDriving, geo.ModeBicycling, geo.ModeWalking} {
		r, err := e.Directions(ctx, geo.DirectionsRequest{Origin: "Wilmington, DE", Destination: "Dover, DE", Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		rt := r.Routes[0]
		if rt.OverviewPolyline == nil {
			t.Fatalf("%s: no polyline", mode)
		}
		line, err := geo.DecodePolyline(rt.OverviewPolyline.Points)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := e.Geocode(ctx, "Wilmington, DE")
		d, _ := e.Geocode(ctx, "Dover, DE")
		if geo.Distance(line[0], o.Location) > 2 || geo.Distance(line[len(line)-1], d.Location) > 2 {
			t.Errorf("%s: line runs %v .. %v, want %v .. %v", mode, line[0], line[len(line)-1], o.Location, d.Location)
		}
		var length float64
		for i := 1; i < len(line); i++ {
			length += geo.Distance(line[i-1], line[i])
		}
		// Simplifying cuts corners, so the line is a little shorter than
		// the route, and never shorter than the straight line.
		route := float64(rt.Distance.Value)
		if length > route*1.01 || length < route*0.9 || length < geo.Distance(o.Location, d.Location) {
			t.Errorf("%s: line %.0f m, route %.0f m", mode, length, route)
		}
		if len(line) > 2000 || len(rt.OverviewPolyline.Points) > 20000 {
			t.Errorf("%s: %d points, %d bytes: not simplified", mode, len(line), len(rt.OverviewPolyline.Points))
		}
		t.Logf("%s: %.1f km, %d points, %d bytes", mode, route/1000, len(line), len(rt.OverviewPolyline.Points))
	}
	r, err := e.Directions(ctx, geo.DirectionsRequest{Origin: "Paris, France", Destination: "Lyon, France"})
	if err != nil {
		t.Fatal(err)
	}
	if rt := r.Routes[0]; !rt.Estimated || rt.OverviewPolyline != nil {
		t.Errorf("estimated route: estimated %v polyline %v, want no line", rt.Estimated, rt.OverviewPolyline)
	}
}
