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
