package geo_test

import (
	"context"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
)

// p50 runs op b.N times and reports the median latency besides the mean.
// It also reports process CPU time per op: the machine is shared, so
// wall time depends on the load.
func p50(b *testing.B, op func(i int)) {
	d := make([]time.Duration, 0, b.N)
	i := 0
	c0 := cpuTime()
	for b.Loop() {
		t := time.Now()
		op(i)
		d = append(d, time.Since(t))
		i++
	}
	cpu := cpuTime() - c0
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(i), "cpu-ns/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkGeocode(b *testing.B) {
	e := engine(b)
	ctx := context.Background()
	qs := []string{"Kuala Lumpur", "JB", "Dover, DE", "Andorra la Vella", "Paris", "Johor Baru", "Seattle", "Coalinga", "Port Macquarie", "Toyama"}
	p50(b, func(i int) {
		if _, err := e.Geocode(ctx, qs[i%len(qs)]); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkGeocodeLong: 8 KB addresses from an untrusted caller. Each
// comma of "1 a,1 a,..." once re-read the rest of the address, and each
// word of "dover dover ..." joined a longer prefix (both quadratic).
func BenchmarkGeocodeLong(b *testing.B) {
	e := engine(b)
	ctx := context.Background()
	for _, unit := range []string{"1 a,", "dover ", "main st,"} {
		q := strings.Repeat(unit, 8000/len(unit))
		b.Run(strings.TrimSpace(strings.TrimRight(unit, ",")), func(b *testing.B) {
			b.SetBytes(int64(len(q)))
			for b.Loop() {
				e.Geocode(ctx, q)
			}
		})
	}
}

func BenchmarkSearchPlaces(b *testing.B) {
	e := engine(b)
	ctx := context.Background()
	qs := []string{"rest stop in Dover", "scenic viewpoint near Andorra la Vella", "gas station", "cafe", "swimming pool", "hotel in Wilmington", "Dover Downs"}
	p50(b, func(i int) {
		if _, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: qs[i%len(qs)]}); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkElevation100 is one request for 100 points spread over the
// globe: mostly ocean, where no reference height is near and ETOPO5
// answers alone.
func BenchmarkElevation100(b *testing.B) {
	locs := make([]geo.LatLng, 100)
	for i := range locs {
		locs[i] = geo.LatLng{Lat: -80 + 1.6*float64(i), Lng: -179 + 3.58*float64(i)}
	}
	benchElevation(b, locs)
}

// BenchmarkElevation100Corrected is one request for 100 points in
// Delaware and Andorra, each corrected by its nearest reference heights
// (dense there: GeoNames places and OSM spot heights).
func BenchmarkElevation100Corrected(b *testing.B) {
	locs := make([]geo.LatLng, 100)
	for i := range locs {
		f := float64(i%50) / 50
		if i < 50 {
			locs[i] = geo.LatLng{Lat: 38.5 + 1.3*f, Lng: -75.7 + 0.6*math.Mod(f*7, 1)}
		} else {
			locs[i] = geo.LatLng{Lat: 42.43 + 0.22*f, Lng: 1.41 + 0.36*math.Mod(f*7, 1)}
		}
	}
	benchElevation(b, locs)
}

func benchElevation(b *testing.B, locs []geo.LatLng) {
	e := engine(b)
	ctx := context.Background()
	if _, err := e.Elevation(ctx, locs); err != nil { // builds the correction index
		b.Fatal(err)
	}
	p50(b, func(int) {
		if _, err := e.Elevation(ctx, locs); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkMatrix10x10Delaware is a 10×10 driving matrix between towns on
// the Delaware road graph.
func BenchmarkMatrix10x10Delaware(b *testing.B) {
	e := engine(b)
	towns := []string{"Wilmington, DE", "Dover, DE", "Newark, DE", "Lewes, DE", "Georgetown, DE", "Milford, DE",
		"Seaford, DE", "Middletown, DE", "Smyrna, DE", "Rehoboth Beach, DE"}
	ctx := context.Background()
	// Resolve once, so the benchmark measures routing.
	pts := make([]string, len(towns))
	for i, t := range towns {
		g, err := e.Geocode(ctx, t)
		if err != nil {
			b.Fatal(err)
		}
		pts[i] = strconv.FormatFloat(g.Location.Lat, 'f', 6, 64) + "," + strconv.FormatFloat(g.Location.Lng, 'f', 6, 64)
	}
	req := geo.MatrixRequest{Origins: pts, Destinations: pts}
	m, err := e.DistanceMatrix(ctx, req)
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range m.Results {
		for _, el := range r.Elements {
			if el.Estimated {
				b.Fatal("estimated element: not on the road graph")
			}
		}
	}
	p50(b, func(int) {
		if _, err := e.DistanceMatrix(ctx, req); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkOpen is start-up: world cities, ETOPO5 and both regions. It
// reports CPU time per open besides wall time (the machine is shared) and
// the process's peak RSS.
func BenchmarkOpen(b *testing.B) {
	var ru1 syscall.Rusage
	c0 := cpuTime()
	var keep *geo.Engine
	for b.Loop() {
		e, err := geo.Open(context.Background(), geo.Options{Base: assets.FS})
		if err != nil {
			b.Fatal(err)
		}
		keep = e
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := (cpuTime() - c0) / time.Duration(b.N)
	b.ReportMetric(float64(cpu.Milliseconds()), "cpu-ms/op")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
	b.ReportMetric(float64(ru1.Maxrss)/1024, "maxrss-MB")
	runtime.KeepAlive(keep)
}

func BenchmarkReverseGeocode(b *testing.B) {
	e := engine(b)
	ctx := context.Background()
	pts := []geo.LatLng{{Lat: 39.16, Lng: -75.52}, {Lat: 42.5, Lng: 1.5}, {Lat: 3.14, Lng: 101.69}, {Lat: 48.85, Lng: 2.35}}
	p50(b, func(i int) {
		p := pts[i%len(pts)]
		if _, err := e.ReverseGeocode(ctx, p.Lat, p.Lng); err != nil {
			b.Fatal(err)
		}
	})
}
