package roadtrip

import (
	"context"
	"fmt"
	"math"

	"github.com/cairn-agents/cairn/geo"
)

// roadKm is what the maps say of a trip's driving: the direct drive and,
// on each candidate town (city.FromKm, city.ToKm), the drive from the
// start and to the end.
type roadKm struct {
	Direct float64 `json:"direct_km"` // start → end
	// Estimated: the maps had no road data for some legs and estimated
	// them from the great-circle distance.
	Estimated bool `json:"estimated,omitempty"`
	// Unmeasured: the matrix call failed; every figure is the
	// great-circle distance times detourFactor.
	Unmeasured bool `json:"unmeasured,omitempty"`
}

// detourFactor turns a great-circle distance into a driving estimate
// where the maps gave none.
const detourFactor = 1.3

// matrixPlace is how a place is named to the distance matrix: by place ID
// when it has one (exactly that place), else by position.
func matrixPlace(placeID string, lat, lng float64) string {
	if placeID != "" {
		return "place_id:" + placeID
	}
	return fmt.Sprintf("%.6f,%.6f", lat, lng)
}

// measure asks one distance matrix, from the start and from the end to
// every town of pool and the end, and fills each town's FromKm, ToKm
// (the drive back from the end: roads mostly run both ways, and two rows
// cost the maps two searches where a row per town would cost one each),
// DetourKm and Frac (progress by road). Towns the road network does not
// reach get infinite legs: the caller drops them before they reach the
// state, which JSON holds. When the call fails, the legs are great-circle
// estimates and the returned note says so.
func (p *Planner) measure(ctx context.Context, start, end *point, pool []city) (*roadKm, string) {
	origins := []string{matrixPlace(start.PlaceID, start.Lat, start.Lng), matrixPlace(end.PlaceID, end.Lat, end.Lng)}
	var dests []string
	for _, c := range pool {
		dests = append(dests, matrixPlace(c.PlaceID, c.Lat, c.Lng))
	}
	dests = append(dests, origins[1])
	road := &roadKm{}
	mx, err := p.mapsFor(ctx).DistanceMatrix(ctx, geo.MatrixRequest{Origins: origins, Destinations: dests, Mode: geo.ModeDriving})
	note := ""
	if err == nil && len(mx.Results) != len(origins) {
		err = fmt.Errorf("%d rows for %d origins", len(mx.Results), len(origins))
	}
	if err != nil {
		note = fmt.Sprintf("distance matrix failed (%v); towns were judged by straight-line distances", err)
		road.Unmeasured = true
	}
	km := func(o, d int) float64 { // o: 0 start, 1 end; d: i town i, len(pool) end
		if road.Unmeasured {
			la, lo := start.Lat, start.Lng
			if o == 1 {
				la, lo = end.Lat, end.Lng
			}
			lb, lg := end.Lat, end.Lng
			if d < len(pool) {
				lb, lg = pool[d].Lat, pool[d].Lng
			}
			return detourFactor * distKm(la, lo, lb, lg)
		}
		row := mx.Results[o].Elements
		if d >= len(row) || row[d].Status != geo.StatusOK || row[d].Distance == nil {
			return math.Inf(1)
		}
		if row[d].Estimated {
			road.Estimated = true
		}
		return float64(row[d].Distance.Value) / 1000
	}
	road.Direct = km(0, len(pool))
	if math.IsInf(road.Direct, 1) {
		road.Direct = detourFactor * distKm(start.Lat, start.Lng, end.Lat, end.Lng)
	}
	for i := range pool {
		c := &pool[i]
		c.FromKm, c.ToKm = km(0, i), km(1, i)
		c.DetourKm = c.FromKm + c.ToKm - road.Direct
		if sum := c.FromKm + c.ToKm; sum > 0 && !math.IsInf(sum, 1) {
			c.Frac = c.FromKm / sum
		}
	}
	return road, note
}

// hop estimates the drive from town a to town b: at least how much
// farther one lies from either end than the other, and at least the
// great-circle distance with a little for bends.
func hop(a, b city) float64 {
	return math.Max(math.Max(math.Abs(b.FromKm-a.FromKm), math.Abs(b.ToKm-a.ToKm)), 1.15*distKm(a.Lat, a.Lng, b.Lat, b.Lng))
}

// driveKm is the driving km from the start through towns, in the given
// order, to the end (at least one town).
func driveKm(towns []city) float64 {
	n := towns[0].FromKm
	for i := 1; i < len(towns); i++ {
		n += hop(towns[i-1], towns[i])
	}
	return n + towns[len(towns)-1].ToKm
}
