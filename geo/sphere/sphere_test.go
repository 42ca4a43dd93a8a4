package sphere

import (
	"math"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		lat1, lng1, lat2, lng2 float64
		want, tol              float64 // metres
	}{
		{"same point", 39.74, -75.55, 39.74, -75.55, 0, 0},
		// A degree of latitude on the mean sphere: πR/180.
		{"one degree of latitude", 10, 20, 11, 20, math.Pi * EarthRadius / 180, 0.001},
		// Half the circumference between antipodes, however the formula rounds.
		{"antipodes", 0, 0, 0, 180, math.Pi * EarthRadius, 0.001},
		// Wilmington to Dover, Delaware: about 70 km as the crow flies.
		{"Wilmington to Dover", 39.7459, -75.5466, 39.1582, -75.5244, 65400, 500},
	} {
		got := Distance(tc.lat1, tc.lng1, tc.lat2, tc.lng2)
		if math.Abs(got-tc.want) > tc.tol {
			t.Errorf("%s: %.1f m, want %.1f ± %.1f", tc.name, got, tc.want, tc.tol)
		}
		if back := Distance(tc.lat2, tc.lng2, tc.lat1, tc.lng1); math.Abs(back-got) > 1e-6 {
			t.Errorf("%s: not symmetric: %v and %v", tc.name, got, back)
		}
	}
}
