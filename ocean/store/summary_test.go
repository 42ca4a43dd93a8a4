package store

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
)

// summaryDiff counts the summary rows that differ from the summary of
// the stored levels (sums to 1e-9 relative), and returns the table's rows.
func summaryDiff(t *testing.T, s *Store) (diff, rows int64) {
	t.Helper()
	on := make([]string, 0, 6)
	for _, k := range strings.Split(summaryKey, ", ") {
		on = append(on, "t."+k+" IS NOT DISTINCT FROM f."+k)
	}
	var differ []string
	for _, c := range append(slices.Clone(SummaryColumns), surfaceCols()...) {
		for _, x := range []string{"_n", "_min", "_max", "_min_pres", "_max_pres"} {
			differ = append(differ, "t."+c+x+" IS DISTINCT FROM f."+c+x)
		}
		differ = append(differ, "abs(coalesce(t."+c+"_sum, 0) - coalesce(f."+c+"_sum, 0)) > 1e-9 * greatest(1, abs(coalesce(f."+c+"_sum, 0)))")
	}
	q := `WITH f AS (` + summarySQL("argo_profiles") + `)
		SELECT count(*) FILTER (WHERE t.wmo IS NULL OR f.wmo IS NULL OR ` + strings.Join(differ, " OR ") + `), count(t.wmo)
		FROM ` + SummaryTable + ` t FULL JOIN f ON ` + strings.Join(on, " AND ")
	r, err := s.readOnly(context.Background(), QueryOptions{}, q)
	if err != nil {
		t.Fatal(err)
	}
	return r.Rows[0][0].(int64), r.Rows[0][1].(int64)
}

// TestSummaryFollowsIngest: each ingest leaves the summary that of the
// levels, a float's later files replacing its rows.
func TestSummaryFollowsIngest(t *testing.T) {
	gdac := oceantest.GDAC(t)
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.HasSummary() {
		t.Fatal("a new store has no summary table")
	}
	fl := filepath.Join(gdac, "dac/incois/2902269")
	steps := [][]string{
		{filepath.Join(fl, "profiles/D2902269_000.nc"), filepath.Join(fl, "profiles/D2902269_001.nc")},
		{filepath.Join(fl, "2902269_prof.nc"), filepath.Join(gdac, "dac/csio/2902696")},
		{filepath.Join(fl, "profiles")},
	}
	if netcdf.ReadsNetCDF4() {
		// a core file, then its Sprof: BGC levels merged into the float's
		bgc := filepath.Join(gdac, "dac/coriolis/3902131")
		steps = append(steps, []string{filepath.Join(bgc, "3902131_prof.nc")}, []string{filepath.Join(bgc, "3902131_Sprof.nc")})
	}
	var last int64
	for i, paths := range steps {
		if _, err := s.Ingest(ctx, paths...); err != nil {
			t.Fatal(err)
		}
		diff, rows := summaryDiff(t, s)
		if diff != 0 || rows == 0 {
			t.Fatalf("after ingest %d: %d of %d summary rows differ from the levels", i, diff, rows)
		}
		if rows < last {
			t.Errorf("after ingest %d: %d summary rows, %d before", i, rows, last)
		}
		last = rows
	}
}

// TestSummaryBackfill: a store made before the summary gets it when
// opened read-write, and a reader of a snapshot published without it
// publishes one with it.
func TestSummaryBackfill(t *testing.T) {
	gdac := oceantest.GDAC(t)
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Ingest(ctx, filepath.Join(gdac, "dac/incois/2902269/2902269_prof.nc")); err != nil {
		t.Fatal(err)
	}
	// as a store (and its snapshot) made before the summary
	if _, err := w.db.ExecContext(ctx, "DROP TABLE "+SummaryTable); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Publish(ctx); err != nil {
		t.Fatal(err)
	}
	w.Close()
	old, err := OpenSnapshot(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if old.HasSummary() {
		t.Fatal("the snapshot published without the summary has it")
	}
	old.Close()

	live, err := OpenLive(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if !live.HasSummary() {
		t.Fatal("OpenLive did not publish a snapshot with the summary")
	}
	r, err := live.Query(ctx, QueryOptions{}, "SELECT count(*), sum(temp_n) FROM "+SummaryTable)
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Rows[0][0].(int64); n < 50 {
		t.Errorf("backfilled summary has %d rows", n)
	}
	w, err = Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if diff, rows := summaryDiff(t, w); diff != 0 || rows == 0 {
		t.Fatalf("backfilled: %d of %d summary rows differ from the levels", diff, rows)
	}
}

// TestSummaryOfSharedStore: the whole shared GDAC's summary is its levels'.
func TestSummaryOfSharedStore(t *testing.T) {
	dir, _ := ingested(t)
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if diff, rows := summaryDiff(t, s); diff != 0 || rows < 1000 {
		t.Fatalf("%d of %d summary rows differ from the levels", diff, rows)
	}
}

func surfaceCols() []string {
	var out []string
	for _, c := range SummaryColumns {
		out = append(out, c+"_surface")
	}
	return out
}
