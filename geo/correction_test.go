package geo

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cairn-agents/cairn/geo/assets"
)

// shepard is the blend computed the slow way, over every point: the
// oracle for the indexed search.
func shepard(k *correction, pts []refPoint, lat, lng, base float64) (float64, bool) {
	type pd struct {
		d float64
		p refPoint
	}
	var c []pd
	for _, p := range pts {
		d := distKm(LatLng{lat, lng}, LatLng{float64(p.lat), float64(p.lng)})
		if d < k.maxKm && (!p.summit || d < k.sKm) {
			c = append(c, pd{d, p})
		}
	}
	slices.SortFunc(c, func(a, b pd) int { return cmpFloat(a.d, b.d) })
	r := k.maxKm
	if len(c) > k.neighbours {
		r = c[k.neighbours].d
		c = c[:k.neighbours]
	}
	var sw, swh float64
	for _, x := range c {
		d := max(x.d, 1e-3)
		if d >= r {
			continue
		}
		w := (r - d) / (r * d)
		sw += w * w
		swh += w * w * float64(x.p.height)
	}
	if sw == 0 {
		return base, false
	}
	w0 := 1 / (k.priorKm * k.priorKm)
	return (w0*base + swh) / (w0 + sw), true
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// distKm is the equirectangular distance the correction uses.
func distKm(a, b LatLng) float64 {
	dx := math.Remainder(b.Lng-a.Lng, 360) * math.Max(math.Cos(a.Lat*math.Pi/180), 1e-3)
	dy := b.Lat - a.Lat
	return math.Hypot(dx, dy) * kmPerDeg
}

// TestCorrectionMatchesBruteForce: the growing-square search finds the
// same neighbours as a scan of every point, in dense clusters, sparse
// fields, across the antimeridian and near a pole.
func TestCorrectionMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var pts []refPoint
	add := func(lat, lng, spread float64, n int) {
		for range n {
			la := math.Max(-90, math.Min(90, lat+(rng.Float64()-0.5)*spread))
			lo := math.Remainder(lng+(rng.Float64()-0.5)*spread, 360)
			pts = append(pts, refPoint{lat: float32(la), lng: float32(lo), height: float32(rng.Float64() * 2000),
				src: refGeoNames, summit: rng.IntN(10) == 0})
		}
	}
	add(39, -75.5, 0.3, 800)  // dense, like Delaware
	add(42.5, 1.5, 1.5, 100)  // sparse
	add(-17, 179.95, 0.6, 80) // Fiji, across the antimeridian
	add(89.9, 0, 0.2, 30)     // near the pole
	k := newCorrection(pts, "grid")
	queries := []LatLng{{39, -75.5}, {42.5, 1.5}, {-17, -179.98}, {-17, 179.98}, {89.95, 120}, {89.99, 179.9}, {-90, -180}, {0, 0}}
	for range 400 {
		c := queries[rng.IntN(4)]
		queries = append(queries, LatLng{c.Lat + (rng.Float64()-0.5)*1.2, math.Remainder(c.Lng+(rng.Float64()-0.5)*1.2, 360)})
	}
	corrected := 0
	for _, q := range queries {
		q.Lat = math.Max(-90, math.Min(90, q.Lat))
		want, ok := shepard(k, pts, q.Lat, q.Lng, -100)
		got := k.at(q.Lat, q.Lng, -100, 0)
		if ok != (got.src != 0) {
			t.Fatalf("%v: corrected %v, brute force %v", q, got.src != 0, ok)
		}
		if ok && math.Abs(got.height-want) > 1e-6*math.Max(1, math.Abs(want)) {
			t.Fatalf("%v: %v, brute force %v", q, got.height, want)
		}
		if ok {
			corrected++
		}
	}
	if corrected < len(queries)/2 {
		t.Errorf("only %d of %d queries near points were corrected", corrected, len(queries))
	}
}

func TestCorrectionShape(t *testing.T) {
	town := refPoint{lat: 10, lng: 20, height: 100, src: refGeoNames}
	peak := refPoint{lat: 10, lng: 20.05, height: 900, src: refOSM, summit: true} // 5.5 km east
	k := newCorrection([]refPoint{town, peak}, "grid")
	const base = -50.0
	at := func(dLngKm float64) blend {
		return k.at(10, 20+dLngKm/(kmPerDeg*math.Cos(10*math.Pi/180)), base, 0)
	}
	if b := at(0); math.Abs(b.height-100) > 1e-3 || b.src != refGeoNames || b.nearest > 1e-3 {
		t.Errorf("at the town: %+v, want its own 100 m", b)
	}
	if b := k.at(10, 20.05, base, 0); math.Abs(b.height-900) > 1e-3 || b.src&refOSM == 0 {
		t.Errorf("at the peak: %+v, want its own 900 m", b)
	}
	// Between them the peak is out of reach: only the town, fading.
	if b := at(-3); b.src != refGeoNames || b.height >= 100 || b.height <= base {
		t.Errorf("3 km west of the town: %+v, want between ETOPO5 (%v) and the town", b, base)
	}
	if b := at(4); b.src != refGeoNames {
		t.Errorf("1.5 km from the peak: %+v, want the town alone (summits reach %v km)", b, summitKm)
	}
	if b := at(5.5 - 0.5); b.src != refGeoNames|refOSM || b.height <= 100 {
		t.Errorf("0.5 km from the peak: %+v, want the peak pulling above the town", b)
	}
	if b := at(-corrMaxKm - 0.1); b.src != 0 {
		t.Errorf("beyond %v km: %+v, want no correction", corrMaxKm, b)
	}
	// Continuous from the town out to plain ETOPO5: no step bigger than
	// the slope of the blend allows.
	prev := at(-0.05).height
	for d := 0.1; d <= corrMaxKm+1; d += 0.05 {
		h := base
		if b := at(-d); b.src != 0 {
			h = b.height
		}
		if math.Abs(h-prev) > 10 {
			t.Fatalf("jump of %.1f m at %.2f km from the town", h-prev, d)
		}
		prev = h
	}
	// Hold-out: a buffer hides the town from its own position.
	if b := k.at(10, 20, base, 1); b.src != 0 {
		t.Errorf("town hidden by a 1 km buffer: %+v, want no correction", b)
	}
	if b := newCorrection(nil, "grid").at(10, 20, base, 0); b.src != 0 {
		t.Errorf("empty index: %+v", b)
	}
}

// BenchmarkNewCorrection is the one-off cost of the first elevation
// request: gathering and indexing the embedded reference heights.
func BenchmarkNewCorrection(b *testing.B) {
	e, err := Open(context.Background(), Options{Base: assets.FS})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		newCorrection(referencePoints(e.cities, e.regions), e.dem.g.Source)
	}
}
