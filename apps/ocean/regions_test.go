package ocean

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
)

// TestPolygonSQLAgreesWithContains: for every sea drawn as an outline,
// the stations DuckDB finds in it with polygonSQL are those region.contains
// finds in Go (the corpus's expected answers use contains), and points
// just either side of every edge's midpoint fall where contains says.
func TestPolygonSQLAgreesWithContains(t *testing.T) {
	a := newApp(t, Options{})
	ctx := context.Background()
	opts := a.queryOpts()
	opts.Templated = true
	opts.MaxRows = 1 << 20
	all, err := a.meta.Query(ctx, opts, `SELECT wmo, cycle, direction, lat, lon FROM argo_profile_stations WHERE lat IS NOT NULL AND lon IS NOT NULL`)
	if err != nil {
		t.Fatal(err)
	}
	key := func(row []any) string { return fmt.Sprint(row[0], "/", row[1], row[2]) }
	seas, inside := 0, 0
	for _, r := range regions {
		if r.Ocean != "" {
			continue
		}
		seas++
		res, err := a.meta.Query(ctx, opts, `SELECT wmo, cycle, direction FROM argo_profile_stations WHERE `+polygonSQL(r, "lat", "lon"))
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		var bySQL, byGo []string
		for _, row := range res.Rows {
			bySQL = append(bySQL, key(row))
		}
		for _, row := range all.Rows {
			if r.contains(toFloat(row[4]), toFloat(row[3])) {
				byGo = append(byGo, key(row))
			}
		}
		slices.Sort(bySQL)
		slices.Sort(byGo)
		if !slices.Equal(bySQL, byGo) {
			t.Errorf("%s: SQL finds %d stations, contains %d", r.Name, len(bySQL), len(byGo))
		}
		inside += len(byGo)
	}
	if seas < 10 || inside == 0 {
		t.Fatalf("%d outlined seas, %d stations in them: the test checks nothing", seas, inside)
	}
	// a hair either side of each edge's midpoint (where no station lies):
	// the edge is crossed from the west side only, and DuckDB tells the
	// point in or out as contains does
	near := 0
	for _, r := range regions {
		for _, e := range r.edges() {
			lat := (e.lo + e.hi) / 2
			mid := float64(e.slope*lat) + e.offset
			if !e.crossedBy(mid-1e-9, lat) || e.crossedBy(mid+1e-9, lat) {
				t.Errorf("%s: edge %+v not crossed west of its midpoint (%.6f, %.6f) only", r.Name, e, mid, lat)
			}
			for _, lon := range []float64{mid - 1e-9, mid + 1e-9} {
				lit := func(v float64) string { return "(" + strconv.FormatFloat(v, 'e', -1, 64) + ")" }
				res, err := a.meta.Query(ctx, opts, `SELECT `+polygonSQL(r, lit(lat), lit(lon))+` AS inside`)
				if err != nil {
					t.Fatalf("%s: %v", r.Name, err)
				}
				if got, want := res.Rows[0][0] == true, r.contains(lon, lat); got != want {
					t.Errorf("%s: (%v, %v) beside edge %+v: SQL says inside %v, contains %v", r.Name, lon, lat, e, got, want)
				}
				near++
			}
		}
	}
	if near < 100 {
		t.Errorf("only %d points beside edges", near)
	}
}
