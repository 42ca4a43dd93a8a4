package geo_test

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/internal/testkit"
	"github.com/cairn-agents/cairn/netcdf"
)

// shared finds ../shared/<rel> beside the repository root, or skips.
func shared(t testing.TB, rel string) string { return testkit.Shared(t, rel) }

// sharedOrEmpty is ../shared/<rel> beside the repository root, or "".
func sharedOrEmpty(rel string) string {
	p, ok := testkit.SharedPath(rel)
	if !ok {
		return ""
	}
	return p
}

const etopo5Path = "/usr/share/ferret-vis/data/etopo5.cdf"

// TestElevationAtETOPO5Nodes checks the interpolation returns the grid's
// own value at its nodes, for a spread of nodes over the whole globe.
func TestElevationAtETOPO5Nodes(t *testing.T) {
	f, err := netcdf.Open(etopo5Path)
	if err != nil {
		t.Skipf("ETOPO5 source absent (apt-get install ferret-datasets): %v", err)
	}
	defer f.Close()
	xs, _ := f.Float64s("ETOPO05_X")
	ys, _ := f.Float64s("ETOPO05_Y")
	v, err := f.Var("ROSE")
	if err != nil {
		t.Fatal(err)
	}
	e := engine(t)
	var locs []geo.LatLng
	var want []float64
	for k := 0; k < 4000; k++ {
		i := (k * 7919) % len(ys)
		j := (k * 104729) % len(xs)
		s, err := f.Slab(v, []int64{int64(i), int64(j)}, []int64{1, 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		lng := xs[j]
		if lng > 180 {
			lng -= 360
		}
		locs = append(locs, geo.LatLng{Lat: ys[i], Lng: lng})
		want = append(want, float64(s.([]float32)[0]))
	}
	r, err := e.Elevation(context.Background(), locs)
	if err != nil {
		t.Fatal(err)
	}
	for k, got := range r.Results {
		if got.Elevation != want[k] || got.Source != "ETOPO5" {
			t.Fatalf("node %v: %v (%s), want %v", locs[k], got.Elevation, got.Source, want[k])
		}
	}
	if r.Results[0].Resolution < 9000 || r.Results[0].Resolution > 9500 {
		t.Errorf("ETOPO5 resolution = %v m, want about 9,266 (5 arc-minutes)", r.Results[0].Resolution)
	}
	// Between nodes: bilinear, so within the range of the four corners.
	mid, _ := e.Elevation(context.Background(), []geo.LatLng{{Lat: ys[1000] + 1.0/24, Lng: xs[100] + 1.0/24}})
	c, _ := f.Slab(v, []int64{1000, 100}, []int64{2, 2}, nil)
	cs := c.([]float32)
	lo := math.Min(math.Min(float64(cs[0]), float64(cs[1])), math.Min(float64(cs[2]), float64(cs[3])))
	hi := math.Max(math.Max(float64(cs[0]), float64(cs[1])), math.Max(float64(cs[2]), float64(cs[3])))
	if m := mid.Results[0].Elevation; m < lo || m > hi {
		t.Errorf("midpoint %v outside its corners %v", m, cs)
	}
}

func TestElevationSRTM(t *testing.T) {
	dir := shared(t, "data/geo/dem/srtm3")
	e, err := geo.Open(context.Background(), geo.Options{Base: assets.FS, SRTMDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "N47W122.hgt"))
	if err != nil {
		t.Skip(err)
	}
	ctx := context.Background()
	// Samples (r, c) lie at lat = 48 - r/1200, lon = -122 + c/1200.
	for _, rc := range [][2]int{{0, 0}, {600, 600}, {1199, 1199}, {171, 402}, {1000, 37}, {455, 1111}} {
		r, c := rc[0], rc[1]
		want := float64(int16(binary.BigEndian.Uint16(b[2*(r*1201+c):])))
		p := geo.LatLng{Lat: 48 - float64(r)/1200, Lng: -122 + float64(c)/1200}
		got, err := e.Elevation(ctx, []geo.LatLng{p})
		if err != nil {
			t.Fatal(err)
		}
		g := got.Results[0]
		if !strings.HasPrefix(g.Source, "SRTM") {
			t.Errorf("%v: source %s, want SRTM", p, g.Source)
			continue
		}
		if g.Elevation != want {
			t.Errorf("sample %v at %v: %v, want %v", rc, p, g.Elevation, want)
		}
		if g.Resolution < 90 || g.Resolution > 95 {
			t.Errorf("SRTM3 resolution %v m, want about 92.6", g.Resolution)
		}
	}
	// Seattle: 47 m in the checked values of the shared data README.
	s, _ := e.Elevation(ctx, []geo.LatLng{{Lat: 47.60621, Lng: -122.33207}})
	t.Logf("Seattle: %+v", s.Results[0])
	if math.Abs(s.Results[0].Elevation-47) > 40 {
		t.Errorf("Seattle elevation %v, want about 47 m", s.Results[0].Elevation)
	}
	// Outside the tiles ETOPO5 answers.
	k, _ := e.Elevation(ctx, []geo.LatLng{{Lat: 3.1412, Lng: 101.68653}})
	if k.Results[0].Source != "ETOPO5" {
		t.Errorf("Kuala Lumpur source = %s, want ETOPO5 (no tile)", k.Results[0].Source)
	}
}

// TestElevationVersusGeoNamesDEM reports how ETOPO5 compares with the
// GeoNames dem column (SRTM3/GTOPO30) for cities of 100k people or more.
func TestElevationVersusGeoNamesDEM(t *testing.T) {
	e := engine(t)
	diffs := geo.CompareDEM(e, 100000)
	if len(diffs) < 1000 {
		t.Fatalf("only %d cities compared", len(diffs))
	}
	sort.Float64s(diffs)
	med := diffs[len(diffs)/2]
	p90 := diffs[len(diffs)*9/10]
	t.Logf("ETOPO5 vs GeoNames dem over %d cities: median |diff| %.0f m, 90th percentile %.0f m, max %.0f m", len(diffs), med, p90, diffs[len(diffs)-1])
	if med > 60 || p90 > 300 {
		t.Errorf("ETOPO5 disagrees with GeoNames dem more than expected: median %.0f m, p90 %.0f m", med, p90)
	}
}
