package data

import (
	"fmt"
	"math"

	"github.com/cairn-agents/cairn/geo/internal/pack"
	"github.com/cairn-agents/cairn/netcdf"
)

// ReadETOPO5 reads the ETOPO5 relief grid (variable ROSE over ETOPO05_Y
// × ETOPO05_X, metres) from a NetCDF classic file.
func ReadETOPO5(path, source string) (*pack.Grid, error) {
	f, err := netcdf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ETOPO5 %s: %w", path, err)
	}
	defer f.Close()
	xs, err := f.Float64s("ETOPO05_X")
	if err != nil {
		return nil, fmt.Errorf("ETOPO5 %s: %w", path, err)
	}
	ys, err := f.Float64s("ETOPO05_Y")
	if err != nil {
		return nil, fmt.Errorf("ETOPO5 %s: %w", path, err)
	}
	v, err := f.Var("ROSE")
	if err != nil {
		return nil, fmt.Errorf("ETOPO5 %s: %w", path, err)
	}
	sh := v.Shape()
	if len(sh) != 2 || int(sh[0]) != len(ys) || int(sh[1]) != len(xs) || len(xs) < 2 || len(ys) < 2 {
		return nil, fmt.Errorf("ETOPO5 %s: ROSE shape %v does not match axes %d×%d", path, sh, len(ys), len(xs))
	}
	vals, err := f.Float64s("ROSE")
	if err != nil {
		return nil, fmt.Errorf("ETOPO5 %s: %w", path, err)
	}
	nlat, nlon := len(ys), len(xs)
	g := &pack.Grid{Source: source, NLat: nlat, NLon: nlon,
		Lat0: ys[0], LatStep: (ys[nlat-1] - ys[0]) / float64(nlat-1),
		Lon0: xs[0], LonStep: (xs[nlon-1] - xs[0]) / float64(nlon-1)}
	// Check the axes are evenly spaced, as the grid assumes.
	for i, y := range ys {
		if math.Abs(g.Lat0+float64(i)*g.LatStep-y) > 1e-6 {
			return nil, fmt.Errorf("ETOPO5 %s: latitude axis not evenly spaced at %d", path, i)
		}
	}
	for i, x := range xs {
		if math.Abs(g.Lon0+float64(i)*g.LonStep-x) > 1e-6 {
			return nil, fmt.Errorf("ETOPO5 %s: longitude axis not evenly spaced at %d", path, i)
		}
	}
	g.Resolution = math.Round(6371008.8 * math.Pi / 180 * math.Abs(g.LatStep))
	cells := make([]int32, len(vals))
	for i, x := range vals {
		if x != math.Trunc(x) || math.Abs(x) > 20000 {
			return nil, fmt.Errorf("ETOPO5 %s: cell %d value %v is not whole metres", path, i, x)
		}
		cells[i] = int32(x)
	}
	// Neighbouring cells differ little: delta coding then gzip packs the
	// 37 MB grid into a few MB.
	g.Cells = pack.Deltas(cells)
	return g, nil
}
