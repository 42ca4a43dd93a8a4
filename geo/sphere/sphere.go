// Package sphere holds the great-circle distance, the one formula every
// package that measures between two positions uses. It imports nothing of
// the module, so the lowest packages (understand) can use it as well as
// geo, which builds on them.
package sphere

import "math"

// EarthRadius is the Earth's mean radius in metres.
const EarthRadius = 6371008.8

// Distance is the great-circle distance in metres between two positions
// in degrees, on a sphere of the Earth's mean radius (haversine formula).
func Distance(lat1, lng1, lat2, lng2 float64) float64 {
	la1, la2 := lat1*math.Pi/180, lat2*math.Pi/180
	dla := la2 - la1
	dlo := (lng2 - lng1) * math.Pi / 180
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * EarthRadius * math.Asin(math.Min(1, math.Sqrt(h)))
}
