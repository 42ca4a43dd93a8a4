package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

// atTargetsDiff counts the rows of AtTargetsTable that differ from those
// made afresh from the stored levels (values to 1e-9 relative), and
// returns the table's rows.
func atTargetsDiff(t *testing.T, s *Store) (diff, rows int64) {
	t.Helper()
	on := []string{"t.wmo = f.wmo", "t.cycle = f.cycle", "t.direction = f.direction", "t.target = f.target"}
	differ := []string{`t."time" IS DISTINCT FROM f."time"`}
	for _, c := range AtTargetsColumns {
		for _, x := range []string{"_pres", "_pres_lo", "_pres_hi"} {
			differ = append(differ, "t."+c+x+" IS DISTINCT FROM f."+c+x)
		}
		differ = append(differ, "(t."+c+" IS NULL) <> (f."+c+" IS NULL)",
			"abs(t."+c+" - f."+c+") > 1e-9 * greatest(1, abs(f."+c+"))")
	}
	q := `WITH f AS (` + atTargetsSQL("argo_profiles") + `)
		SELECT count(*) FILTER (WHERE t.wmo IS NULL OR f.wmo IS NULL OR ` + strings.Join(differ, " OR ") + `), count(t.wmo)
		FROM ` + AtTargetsTable + ` t FULL JOIN f ON ` + strings.Join(on, " AND ")
	r, err := s.readOnly(context.Background(), QueryOptions{}, q)
	if err != nil {
		t.Fatal(err)
	}
	return r.Rows[0][0].(int64), r.Rows[0][1].(int64)
}

// TestAtTargetsFollowIngest: each ingest leaves the values at the
// standard targets those of the levels, a float's later files replacing
// its rows; a store made before the table gets it when opened read-write.
func TestAtTargetsFollowIngest(t *testing.T) {
	gdac := oceantest.GDAC(t)
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if !s.HasAtTargets() {
		t.Fatal("a new store has no values at targets")
	}
	fl := filepath.Join(gdac, "dac/incois/2902269")
	var last int64
	for i, paths := range [][]string{
		{filepath.Join(fl, "profiles/D2902269_000.nc"), filepath.Join(fl, "profiles/D2902269_001.nc")},
		{filepath.Join(fl, "2902269_prof.nc"), filepath.Join(gdac, "dac/csio/2902696")},
		{filepath.Join(fl, "profiles")},
	} {
		if _, err := s.Ingest(ctx, paths...); err != nil {
			t.Fatal(err)
		}
		diff, rows := atTargetsDiff(t, s)
		if diff != 0 || rows == 0 {
			t.Fatalf("after ingest %d: %d of %d rows differ from the levels", i, diff, rows)
		}
		if rows < last {
			t.Errorf("after ingest %d: %d rows, %d before", i, rows, last)
		}
		last = rows
	}
	// as a store made before the table
	if _, err := s.db.ExecContext(ctx, "DROP TABLE "+AtTargetsTable); err != nil {
		t.Fatal(err)
	}
	s.Close()
	r, err := Open(ctx, dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.HasAtTargets() {
		t.Error("a read-only store without the table says it has it")
	}
	r.Close()
	s, err = Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if diff, rows := atTargetsDiff(t, s); diff != 0 || rows != last {
		t.Fatalf("backfilled: %d of %d rows differ from the levels (%d before)", diff, rows, last)
	}
}

// TestTargetWindow: ±5 % of the target, at least ±5 dbar, not above the
// surface.
func TestTargetWindow(t *testing.T) {
	for _, c := range []struct{ z, lo, hi float64 }{{1000, 950, 1050}, {10, 5, 15}, {3, 0, 8}, {2000, 1900, 2100}} {
		if lo, hi := TargetWindow(c.z); lo != c.lo || hi != c.hi {
			t.Errorf("TargetWindow(%g) = %g, %g; want %g, %g", c.z, lo, hi, c.lo, c.hi)
		}
	}
}
