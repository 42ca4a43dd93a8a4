package geo_test

import (
	"context"
	"encoding/binary"
	"fmt"
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
	plain := 0
	for k, got := range r.Results {
		if g := geo.GridElevation(e, locs[k]); g != want[k] {
			t.Fatalf("node %v: grid %v, want %v", locs[k], g, want[k])
		}
		// Away from reference heights the grid's value is the answer.
		if got.Source == "ETOPO5" {
			plain++
			if got.Elevation != want[k] || got.Resolution < 9000 || got.Resolution > 9500 {
				t.Fatalf("node %v: %+v, want %v at about 9,266 m (5 arc-minutes)", locs[k], got, want[k])
			}
		} else if !strings.HasPrefix(got.Source, "ETOPO5+") {
			t.Fatalf("node %v: source %s", locs[k], got.Source)
		}
	}
	if plain < len(locs)/2 { // most of the globe is ocean, far from any place
		t.Errorf("only %d of %d nodes answered by ETOPO5 alone", plain, len(locs))
	}
	// Between nodes: bilinear, so within the range of the four corners.
	mid := geo.GridElevation(e, geo.LatLng{Lat: ys[1000] + 1.0/24, Lng: xs[100] + 1.0/24})
	c, _ := f.Slab(v, []int64{1000, 100}, []int64{2, 2}, nil)
	cs := c.([]float32)
	lo := math.Min(math.Min(float64(cs[0]), float64(cs[1])), math.Min(float64(cs[2]), float64(cs[3])))
	hi := math.Max(math.Max(float64(cs[0]), float64(cs[1])), math.Max(float64(cs[2]), float64(cs[3])))
	if mid < lo || mid > hi {
		t.Errorf("midpoint %v outside its corners %v", mid, cs)
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
	// Outside the tiles ETOPO5 answers, corrected by GeoNames heights.
	k, _ := e.Elevation(ctx, []geo.LatLng{{Lat: 3.1412, Lng: 101.68653}})
	if k.Results[0].Source != "ETOPO5+GeoNames" {
		t.Errorf("Kuala Lumpur source = %s, want ETOPO5+GeoNames (no tile)", k.Results[0].Source)
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

// holdOutKm hides every reference height this close to a place being
// measured: the place itself and its duplicates in the other source (an
// OSM hamlet node at a GeoNames town) cannot predict it.
const holdOutKm = 1.0

// TestElevationCorrectionHoldOut measures the correction where it is
// not given the answer: mean absolute error against the GeoNames dem
// height (SRTM3-derived) of every GeoNames place in each region's box
// (Delaware's reaches into Pennsylvania, Maryland and New Jersey), each
// predicted with the reference heights within holdOutKm of it hidden,
// against ETOPO5 alone. Plain leave-one-out (10 m) is logged too. OSM spot heights are reported the same
// way (summits apart: a summit hidden is predicted from lower ground).
func TestElevationCorrectionHoldOut(t *testing.T) {
	e := engine(t)
	for _, region := range []string{"delaware", "andorra"} {
		box, ok := geo.RegionBBox(e, region)
		if !ok {
			t.Fatalf("region %s not loaded", region)
		}
		type acc struct{ n, before, after, loo float64 }
		var places, spots, summits acc
		for _, r := range geo.RefHeightsIn(e, box) {
			a := &places
			switch {
			case r.Summit:
				a = &summits
			case r.OSM:
				a = &spots
			}
			a.n++
			a.before += math.Abs(geo.GridElevation(e, r.Loc) - r.Height)
			a.after += math.Abs(geo.ElevationHeldOut(e, r.Loc, holdOutKm).Elevation - r.Height)
			a.loo += math.Abs(geo.ElevationHeldOut(e, r.Loc, 0.01).Elevation - r.Height)
		}
		for _, x := range []struct {
			what string
			a    acc
		}{{"GeoNames places (dem)", places}, {"OSM ele spots", spots}, {"OSM summits", summits}} {
			if x.a.n > 0 {
				t.Logf("%-8s %-22s n=%4.0f  MAE ETOPO5 %6.1f m -> corrected, held out %6.1f m (only the record itself left out: %6.1f m)",
					region, x.what, x.a.n, x.a.before/x.a.n, x.a.after/x.a.n, x.a.loo/x.a.n)
			}
		}
		if places.n < 10 {
			t.Fatalf("%s: only %.0f GeoNames places to measure", region, places.n)
		}
		if b, a := places.before/places.n, places.after/places.n; a > 0.6*b {
			t.Errorf("%s: held-out MAE %.1f m is not 40%% below ETOPO5's %.1f m", region, a, b)
		}
	}
}

// wellKnown are landmarks whose heights the data records: OSM peaks
// (ele) and GeoNames places (dem), at the data's own coordinates.
var wellKnown = []struct {
	name     string
	lat, lng float64
	height   float64
}{
	{"Ebright Azimuth (OSM peak)", 39.8360777, -75.5190847, 137},
	{"Wilmington", 39.74595, -75.54659, 37},
	{"Dover", 39.15817, -75.52437, 11},
	{"Newark", 39.68372, -75.74966, 39},
	{"Smyrna", 39.29983, -75.60465, 10},
	{"Middletown", 39.44956, -75.71632, 21},
	{"Georgetown", 38.69011, -75.38547, 18},
	{"Lewes", 38.77456, -75.13935, 6},
	{"Rehoboth Beach", 38.72095, -75.07601, 6},
	{"Milford", 38.91261, -75.42797, 5},
	{"Hockessin", 39.78761, -75.6966, 79},
	{"North Star", 39.76122, -75.7191, 112},
	{"Alt de Comapedrosa (OSM peak)", 42.591799, 1.4436614, 2944.8},
	{"Pic de l'Estanyó (OSM peak)", 42.6086785, 1.5926138, 2915},
	{"Casamanya Nord (OSM peak)", 42.5873712, 1.570299, 2757},
	{"Andorra la Vella", 42.50779, 1.52109, 1037},
	{"les Escaldes", 42.50729, 1.53414, 1033},
	{"Encamp", 42.53474, 1.58014, 1257},
	{"Canillo", 42.5676, 1.59756, 1561},
	{"Ordino", 42.55623, 1.53319, 1296},
	{"la Massana", 42.54499, 1.51483, 1245},
	{"Sant Julià de Lòria", 42.46372, 1.49129, 921},
	{"Pas de la Casa", 42.54277, 1.73361, 2106},
	{"Soldeu", 42.57688, 1.66769, 1832},
}

// townHeight is the error the well-known points are judged by.
const townHeight = 15.0

// TestElevationWellKnownPoints counts the landmarks within townHeight of
// their recorded height: ETOPO5 alone, the corrected elevation a caller
// gets at the landmark, and the same with the landmark's own record
// (and any within holdOutKm) hidden.
func TestElevationWellKnownPoints(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	var before, after, held int
	for _, w := range wellKnown {
		p := geo.LatLng{Lat: w.lat, Lng: w.lng}
		// The table must be the data's: a reference height within 20 m.
		found := false
		for _, r := range geo.RefHeightsIn(e, [4]float64{w.lat - 2e-4, w.lng - 2e-4, w.lat + 2e-4, w.lng + 2e-4}) {
			found = found || math.Abs(r.Height-w.height) < 0.05
		}
		if !found {
			t.Errorf("%s: no reference height %v m at %v in the data", w.name, w.height, p)
		}
		g := geo.GridElevation(e, p)
		r, err := e.Elevation(ctx, []geo.LatLng{p})
		if err != nil {
			t.Fatal(err)
		}
		c := r.Results[0]
		h := geo.ElevationHeldOut(e, p, holdOutKm).Elevation
		ok := func(v float64) bool { return math.Abs(v-w.height) <= townHeight }
		for _, x := range []struct {
			n *int
			v float64
		}{{&before, g}, {&after, c.Elevation}, {&held, h}} {
			if ok(x.v) {
				*x.n++
			}
		}
		t.Logf("%-30s %7.1f m  ETOPO5 %7.1f  corrected %7.1f (%s, %.0f m)  held out %7.1f", w.name, w.height, g, c.Elevation, c.Source, c.Resolution, h)
		if !ok(c.Elevation) || !strings.HasPrefix(c.Source, "ETOPO5+") || c.Resolution != 90 {
			t.Errorf("%s: %+v, want %v m ± %v from a corrected source at 90 m", w.name, c, w.height, townHeight)
		}
	}
	t.Logf("within %.0f m of the recorded height: ETOPO5 %d of %d, corrected %d, held out %d", townHeight, before, len(wellKnown), after, held)
	if held <= before {
		t.Errorf("held out, %d landmarks within %v m; ETOPO5 alone %d", held, townHeight, before)
	}
}

// TestElevationCorrectionVersusSRTM checks the correction against data
// it never saw: SRTM3 tiles (../shared, Seattle–Portland) on a 0.02°
// grid of land points, with the tiles not given to the engine. Near a
// reference height the error must fall by half; far from them the
// result is ETOPO5's, so overall it must not get worse.
func TestElevationCorrectionVersusSRTM(t *testing.T) {
	dir := shared(t, "data/geo/dem/srtm3")
	e := engine(t)
	withTiles, err := geo.Open(context.Background(), geo.Options{Base: assets.FS, SRTMDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var locs []geo.LatLng
	for _, en := range ents {
		var ns, ew byte
		var la, lo int
		if _, err := fmt.Sscanf(en.Name(), "%c%2d%c%3d.hgt", &ns, &la, &ew, &lo); err != nil {
			continue
		}
		if ns == 'S' {
			la = -la
		}
		if ew == 'W' {
			lo = -lo
		}
		for y := 0.01; y < 1; y += 0.02 {
			for x := 0.01; x < 1; x += 0.02 {
				locs = append(locs, geo.LatLng{Lat: float64(la) + y, Lng: float64(lo) + x})
			}
		}
	}
	ctx := context.Background()
	ref, err := withTiles.Elevation(ctx, locs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.Elevation(ctx, locs)
	if err != nil {
		t.Fatal(err)
	}
	type acc struct{ n, before, after float64 }
	var all, near acc
	for i, p := range locs {
		s := ref.Results[i]
		if !strings.HasPrefix(s.Source, "SRTM") || s.Elevation <= 0 { // sea and Puget Sound
			continue
		}
		b := math.Abs(geo.GridElevation(e, p) - s.Elevation)
		a := math.Abs(got.Results[i].Elevation - s.Elevation)
		all.n++
		all.before += b
		all.after += a
		if got.Results[i].Resolution <= 3000 {
			near.n++
			near.before += b
			near.after += a
		}
	}
	if all.n < 1000 || near.n < 100 {
		t.Fatalf("only %.0f land points (%.0f near a reference height)", all.n, near.n)
	}
	t.Logf("SRTM3 land points: n=%.0f MAE ETOPO5 %.1f m -> corrected %.1f m; within 3 km of a reference height: n=%.0f %.1f -> %.1f m",
		all.n, all.before/all.n, all.after/all.n, near.n, near.before/near.n, near.after/near.n)
	if near.after > 0.5*near.before {
		t.Errorf("near reference heights the MAE went %.1f -> %.1f m, want halved", near.before/near.n, near.after/near.n)
	}
	if all.after > all.before {
		t.Errorf("overall MAE went up: %.1f -> %.1f m", all.before/all.n, all.after/all.n)
	}
}
