package geo

import "math"

// CompareDEM returns |ETOPO5 − GeoNames dem| in metres for every city of
// at least minPop people with a dem value.
func CompareDEM(e *Engine, minPop uint32) []float64 {
	var out []float64
	c := e.cities
	for i := 0; i < c.src.N; i++ {
		if c.src.Pop[i] < minPop || c.src.DEM[i] == -32768 || c.src.DEM[i] == -9999 {
			continue
		}
		p := c.pos(uint32(i))
		out = append(out, math.Abs(e.dem.at(p.Lat, p.Lng)-float64(c.src.DEM[i])))
	}
	return out
}

// ElevationHeldOut is Elevation at p with every correction point within
// excludeKm of p hidden, as if the data had no height there.
func ElevationHeldOut(e *Engine, p LatLng, excludeKm float64) Elevation {
	return e.elevation(p, excludeKm)
}

// GridElevation is ETOPO5 alone at p.
func GridElevation(e *Engine, p LatLng) float64 { return e.dem.at(p.Lat, p.Lng) }

// RefHeight is a reference height the correction uses.
type RefHeight struct {
	Loc    LatLng
	Height float64
	OSM    bool // else GeoNames
	Summit bool
}

// RegionBBox is the bounding box of a loaded region: minLat, minLng,
// maxLat, maxLng.
func RegionBBox(e *Engine, name string) ([4]float64, bool) {
	for _, r := range e.regions {
		if r.src.Name == name {
			return r.src.BBox, true
		}
	}
	return [4]float64{}, false
}

// RefHeightsIn lists the correction's reference heights inside a box.
func RefHeightsIn(e *Engine, b [4]float64) []RefHeight {
	var out []RefHeight
	for _, p := range e.corr().pts {
		lat, lng := float64(p.lat), float64(p.lng)
		if lat >= b[0] && lat <= b[2] && lng >= b[1] && lng <= b[3] {
			out = append(out, RefHeight{LatLng{lat, lng}, float64(p.height), p.src == refOSM, p.summit})
		}
	}
	return out
}
