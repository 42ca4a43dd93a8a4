package ocean

import (
	"fmt"
	"math"
	"strings"
)

// region is a named sea: an approximate outline (lon, lat vertices) good
// enough to say which floats are in it, or an ocean basin matched by the
// GDAC index's ocean code. Answers name the region and say it is approximate.
type region struct {
	Name    string
	Aliases []string
	Outline [][2]float64 // lon, lat; closed implicitly
	Ocean   string       // GDAC index ocean code (A, P, I) for basins
}

// regions are coarse hand-drawn outlines of common seas (after the IHO
// limits of oceans and seas, simplified to a dozen vertices).
var regions = []region{
	{Name: "Arabian Sea", Outline: [][2]float64{{51, 11}, {57, 18}, {62, 23}, {67, 25}, {71, 21}, {73, 16}, {75, 10}, {77, 8}, {73, 0}, {60, 2}}},
	{Name: "Bay of Bengal", Aliases: []string{"bengal bay"}, Outline: [][2]float64{{80, 6}, {80, 16}, {87, 22}, {92, 22}, {94, 17}, {98, 10}, {95, 5}}},
	{Name: "South China Sea", Outline: [][2]float64{{105, 3}, {105, 10}, {108, 22}, {117, 23}, {121, 22}, {120, 12}, {118, 5}, {110, 0}}},
	{Name: "Sea of Japan", Aliases: []string{"east sea", "japan sea"}, Outline: [][2]float64{{127.5, 35}, {129, 38}, {131, 43}, {138, 47}, {142, 52}, {141, 46}, {140, 41}, {136, 36}, {130, 33}}},
	{Name: "Mediterranean Sea", Aliases: []string{"mediterranean"}, Outline: [][2]float64{{-5.6, 36}, {0, 38}, {3, 43.5}, {10, 44.5}, {12, 46}, {19, 42}, {24, 41}, {30, 41}, {36.5, 37}, {36, 31}, {29, 30.5}, {20, 30}, {10, 33}, {0, 35}}},
	{Name: "Gulf of Guinea", Outline: [][2]float64{{-8, 5}, {-8, -5}, {9, -5}, {10, 4}, {5, 6.5}}},
	{Name: "Labrador Sea", Outline: [][2]float64{{-64, 53}, {-60, 61}, {-53, 66}, {-45, 60}, {-48, 53}, {-56, 52}}},
	{Name: "Gulf of Mexico", Outline: [][2]float64{{-98, 18}, {-98, 30}, {-82, 31}, {-80.5, 25}, {-84, 22}, {-87, 21}, {-91, 18}}},
	{Name: "Caribbean Sea", Aliases: []string{"caribbean"}, Outline: [][2]float64{{-88, 16}, {-84, 10}, {-77, 8}, {-62, 10}, {-60, 15}, {-64, 18}, {-75, 20}, {-85, 22}}},
	{Name: "Iceland Basin", Outline: [][2]float64{{-30, 56}, {-30, 63}, {-18, 64}, {-12, 60}, {-15, 55}}},
	{Name: "Tasman Sea", Outline: [][2]float64{{147, -40}, {150, -30}, {159, -28}, {172, -34}, {174, -41}, {166, -47}, {147, -44}}},
	{Name: "Andaman Sea", Outline: [][2]float64{{92.5, 5.5}, {92.5, 14}, {94.5, 16.5}, {97.5, 16.5}, {98.5, 12}, {98.3, 8}, {97, 5.5}}},
	{Name: "Coral Sea", Outline: [][2]float64{{142, -10}, {147, -10}, {158, -12}, {165, -20}, {160, -26}, {153, -26}, {146, -19}, {142, -11}}},
	{Name: "Philippine Sea", Outline: [][2]float64{{121, 20}, {121, 25}, {135, 35}, {142, 35}, {145, 25}, {140, 12}, {129, 5}, {125, 8}, {124, 18}}},
	{Name: "Indian Ocean", Aliases: []string{"indian"}, Ocean: "I"},
	{Name: "Pacific Ocean", Aliases: []string{"pacific"}, Ocean: "P"},
	{Name: "Atlantic Ocean", Aliases: []string{"atlantic"}, Ocean: "A"},
}

func regionNames() []string {
	out := make([]string, len(regions))
	for i, r := range regions {
		out[i] = r.Name
	}
	return out
}

func regionByName(name string) (region, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, r := range regions {
		if strings.ToLower(r.Name) == n {
			return r, true
		}
		for _, a := range r.Aliases {
			if a == n {
				return r, true
			}
		}
	}
	return region{}, false
}

// findRegion returns the first region named in text (longest names first
// so "Arabian Sea" wins over a basin).
func findRegion(text string) (region, bool) {
	t := strings.ToLower(text)
	// seas and named areas first, then the GDAC ocean basins
	for _, basin := range []bool{false, true} {
		for _, r := range regions {
			if (r.Ocean != "") != basin {
				continue
			}
			if strings.Contains(t, strings.ToLower(r.Name)) {
				return r, true
			}
			for _, a := range r.Aliases {
				if strings.Contains(t, a) {
					return r, true
				}
			}
		}
	}
	return region{}, false
}

// bbox is the outline's bounding box: min lon, min lat, max lon, max lat.
func (r region) bbox() (float64, float64, float64, float64) {
	minLon, minLat, maxLon, maxLat := 180.0, 90.0, -180.0, -90.0
	for _, p := range r.Outline {
		minLon, maxLon = math.Min(minLon, p[0]), math.Max(maxLon, p[0])
		minLat, maxLat = math.Min(minLat, p[1]), math.Max(maxLat, p[1])
	}
	return minLon, minLat, maxLon, maxLat
}

// edge is one non-horizontal side of an outline as the even-odd test
// reads it: a point at latitude lat, lo < lat <= hi, crosses it when its
// longitude is west of slope*lat + offset.
type edge struct{ lo, hi, slope, offset float64 }

// edges are the outline's non-horizontal sides.
func (r region) edges() []edge {
	var out []edge
	n := len(r.Outline)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi := r.Outline[i][0], r.Outline[i][1]
		xj, yj := r.Outline[j][0], r.Outline[j][1]
		if yi == yj {
			continue
		}
		slope := (xj - xi) / (yj - yi)
		out = append(out, edge{lo: min(yi, yj), hi: max(yi, yj), slope: slope, offset: xi - float64(slope*yi)})
	}
	return out
}

// crossedBy reports whether a ray west from (lon, lat) crosses e. The
// product is rounded before the sum (no fused multiply-add), as the SQL
// of polygonSQL computes it, so both tell the same points in.
func (e edge) crossedBy(lon, lat float64) bool {
	return lat > e.lo && lat <= e.hi && lon < float64(e.slope*lat)+e.offset
}

// contains reports whether (lon, lat) is inside the outline (even-odd rule).
func (r region) contains(lon, lat float64) bool {
	in := false
	for _, e := range r.edges() {
		if e.crossedBy(lon, lat) {
			in = !in
		}
	}
	return in
}

// wkt is the outline as a WKT polygon (lon lat order, closed).
func (r region) wkt() string {
	var pts []string
	for _, p := range append(r.Outline, r.Outline[0]) {
		pts = append(pts, fmt.Sprintf("%g %g", p[0], p[1]))
	}
	return "POLYGON((" + strings.Join(pts, ", ") + "))"
}
