package geo_test

import (
	"math"
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

func TestDistance(t *testing.T) {
	tests := []struct {
		name string
		a, b geo.LatLng
		want float64 // metres
		tol  float64
	}{
		{"same point", geo.LatLng{Lat: 39.16, Lng: -75.52}, geo.LatLng{Lat: 39.16, Lng: -75.52}, 0, 0},
		// One degree of arc on the mean-radius sphere: 2πR/360.
		{"one degree along the equator", geo.LatLng{}, geo.LatLng{Lng: 1}, 2 * math.Pi * 6371008.8 / 360, 1e-6},
		{"one degree along a meridian", geo.LatLng{Lat: 10, Lng: 20}, geo.LatLng{Lat: 11, Lng: 20}, 2 * math.Pi * 6371008.8 / 360, 1e-6},
		{"antipodes", geo.LatLng{Lat: 0, Lng: 0}, geo.LatLng{Lat: 0, Lng: 180}, math.Pi * 6371008.8, 1e-6},
		// Paris (48.8566, 2.3522) to London (51.5074, -0.1278): 343.5 km by
		// the haversine formula.
		{"Paris to London", geo.LatLng{Lat: 48.8566, Lng: 2.3522}, geo.LatLng{Lat: 51.5074, Lng: -0.1278}, 343_560, 500},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := geo.Distance(tc.a, tc.b)
			if math.Abs(got-tc.want) > tc.tol {
				t.Errorf("Distance = %.3f m, want %.3f ± %g", got, tc.want, tc.tol)
			}
			if back := geo.Distance(tc.b, tc.a); math.Abs(back-got) > 1e-6 {
				t.Errorf("Distance is not symmetric: %.6f one way, %.6f back", got, back)
			}
		})
	}
}
