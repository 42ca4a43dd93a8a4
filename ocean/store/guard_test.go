package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

var (
	planOnce sync.Once
	planDir  string
	planErr  error
)

// planStore returns a read-only store, made once per test binary, with
// rows in every table (the internal ones too) and Parquet measurements
// behind argo_profiles: every scan a statement could ask for shows in
// DuckDB's plan.
func planStore(t testing.TB) *Store {
	t.Helper()
	planOnce.Do(func() {
		planDir, planErr = os.MkdirTemp("", "ocean-plan-test-")
		if planErr != nil {
			return
		}
		var s *Store
		if s, planErr = Open(context.Background(), planDir, Options{Now: fixedNow}); planErr != nil {
			return
		}
		defer s.Close()
		genMeasurements(t, s, 3000)
		_, planErr = s.db.Exec(`
			INSERT INTO argo_float_metadata (wmo, dac, platform_type) VALUES ('1000000', 'aoml', 'APEX');
			INSERT INTO argo_profile_stations (wmo, cycle, direction, time, lat, lon) VALUES ('1000000', 1, 'A', TIMESTAMP '2010-01-01', 10, 20);
			INSERT INTO argo_float_status (wmo, last_time, last_lat, last_lon) VALUES ('1000000', TIMESTAMP '2010-01-01', 10, 20);
			INSERT INTO argo_ingested_files VALUES ('/home/someone/gdac/1000000_prof.nc', 'abc', 'prof', TIMESTAMP '2023-01-01', '1000000_prof.nc', 1);`)
	})
	if planErr != nil {
		t.Fatal(planErr)
	}
	s, err := Open(context.Background(), planDir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// passing are statements the guard lets through, seeds for the
// differential fuzz test next to the hostile corpus.
var passing = []string{
	"SELECT * FROM argo_float_status",
	"SELECT count(*) FROM argo_profiles WHERE wmo = '1000000'",
	"WITH a AS (SELECT wmo FROM argo_float_status) SELECT * FROM argo_float_metadata WHERE wmo IN (SELECT wmo FROM a)",
	"WITH argo_float_status AS (SELECT 1 AS wmo) SELECT * FROM argo_float_status",
	"SELECT * FROM (WITH a AS (SELECT wmo FROM argo_float_status) SELECT * FROM a) t, argo_float_metadata m WHERE t.wmo = m.wmo",
	"SELECT s.wmo, (SELECT count(*) FROM argo_profile_stations p WHERE p.wmo = s.wmo) FROM argo_float_status s",
	"SELECT wmo FROM argo_float_status UNION SELECT wmo FROM argo_profiles EXCEPT SELECT wmo FROM argo_float_metadata",
}

// FuzzGuardReads is the differential test of the guard against DuckDB:
// for every statement the guard passes, the tables and table functions
// DuckDB's plan reads are among the allowed ones, and planning it ends
// quickly (the guard's limits hold DuckDB's planner to well under a
// second).
func FuzzGuardReads(f *testing.F) {
	for _, q := range oceantest.HostileSQL(f) {
		f.Add(q)
	}
	for _, q := range passing {
		f.Add(q)
	}
	s := planStore(f)
	f.Fuzz(func(t *testing.T, q string) {
		safe, err := guard.Check(q)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		start := time.Now()
		reads, err := planReads(ctx, conn, safe)
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("guard passed %q, which DuckDB planned for %v", q, d)
		}
		if err != nil {
			return // DuckDB cannot plan it (a missing column, a parameter): it reads nothing
		}
		for _, r := range reads {
			if !scanReads[r] {
				t.Fatalf("guard passed %q (run as %q), but DuckDB's plan reads %s", q, safe, r)
			}
		}
	})
}

// TestPlanCheckStopsWhatTheGuardMisses runs statements the guard refuses
// past it, straight to the plan check: DuckDB's own name resolution
// finds each forbidden read.
func TestPlanCheckStopsWhatTheGuardMisses(t *testing.T) {
	s := planStore(t)
	ctx := context.Background()
	for q, want := range map[string]string{
		"SELECT * FROM argo_ingested_files":                                                      "table argo_ingested_files",
		"SELECT * FROM argo_float_status, argo_pending_swaps":                                    "table argo_pending_swaps",
		"SELECT * FROM argo_ingested_files, (WITH argo_ingested_files AS (SELECT 1) SELECT 1) t": "table argo_ingested_files",
		"SELECT * FROM duckdb_databases":                                                         "function duckdb_databases",
		"SELECT * FROM duckdb_views":                                                             "function duckdb_views",
		"SELECT * FROM sqlite_master":                                                            "not one of the known tables",
		"SELECT * FROM duckdb_settings()":                                                        "function duckdb_settings",
	} {
		for range 2 { // a refusal is not remembered as a pass
			_, err := s.run(ctx, QueryOptions{}, q, true)
			if !errors.Is(err, sqlguard.ErrRejected) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want a rejection naming %q", q, err, want)
			}
		}
	}
	for _, q := range passing {
		if _, err := s.run(ctx, QueryOptions{}, q, true); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
}

// TestHostileProbesLeaveStoreUnchanged sends the whole hostile corpus
// through Query, on the store opened read-write (as ingest has it) and
// read-only: every statement is refused and no table changes.
func TestHostileProbesLeaveStoreUnchanged(t *testing.T) {
	planStore(t).Close()
	before := digest(t, planDir)
	for _, readOnly := range []bool{false, true} {
		s, err := Open(context.Background(), planDir, Options{ReadOnly: readOnly})
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range oceantest.HostileSQL(t) {
			if _, err := s.Query(context.Background(), QueryOptions{Timeout: 5 * time.Second}, q); !errors.Is(err, sqlguard.ErrRejected) {
				t.Errorf("read-only %v: %.80q: %v, want a rejection", readOnly, q, err)
			}
		}
		s.Close()
	}
	if after := digest(t, planDir); after != before {
		t.Errorf("store changed under the hostile corpus:\n%s\n%s", before, after)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestQueryStopsAtDeadlineAndCancel: a query that would run for hours
// ends at its timeout, or when its caller's context is cancelled (a
// client going away), and DuckDB stops working on it: the process is
// idle afterwards and the next query runs.
func TestQueryStopsAtDeadlineAndCancel(t *testing.T) {
	s := planStore(t)
	const forever = `SELECT sum(a.pres * b.temp * c.psal) FROM argo_profiles a, argo_profiles b, argo_profiles c`
	for _, c := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		opts QueryOptions
		want error
	}{
		{"timeout", func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) },
			QueryOptions{Timeout: 300 * time.Millisecond}, context.DeadlineExceeded},
		{"caller cancels", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(300*time.Millisecond, cancel)
			return ctx, cancel
		}, QueryOptions{}, context.Canceled},
	} {
		ctx, cancel := c.ctx()
		start := time.Now()
		_, err := s.Query(ctx, c.opts, forever)
		took := time.Since(start)
		cancel()
		if !errors.Is(err, c.want) || took > 5*time.Second {
			t.Errorf("%s: returned after %v with %v, want %v soon after 300ms", c.name, took, err, c.want)
		}
		// Nothing keeps computing: a second of wall time costs little CPU.
		cpu0 := cpuTime()
		time.Sleep(time.Second)
		if used := cpuTime() - cpu0; used > 400*time.Millisecond {
			t.Errorf("%s: the process used %v of CPU in the second after the query ended", c.name, used)
		}
		if _, err := s.Query(context.Background(), QueryOptions{}, "SELECT count(*) FROM argo_float_status"); err != nil {
			t.Errorf("%s: next query: %v", c.name, err)
		}
	}
}

// BenchmarkPlanAtLimits plans, with the plan check's EXPLAIN, the
// costliest shapes the guard's default limits allow: correlated
// subqueries nested to the depth limit, a join of the most relations,
// the most UNION arms, the deepest expression.
func BenchmarkPlanAtLimits(b *testing.B) {
	s := planStore(b)
	corr := "SELECT max(cycle) FROM argo_profile_stations p WHERE p.wmo = s.wmo"
	for range 3 {
		corr = "SELECT (SELECT count(*) FROM argo_float_status s WHERE s.wmo = p.wmo AND s.last_cycle > (" + corr + ")) FROM argo_profile_stations p"
	}
	var from, where []string
	for i := range 16 {
		from = append(from, fmt.Sprintf("argo_profile_stations t%d", i))
		if i > 0 {
			where = append(where, fmt.Sprintf("t%d.wmo = t%d.wmo", i-1, i))
		}
	}
	for name, q := range map[string]string{
		"correlated-depth-7": corr,
		"join-16":            "SELECT count(*) FROM " + strings.Join(from, ", ") + " WHERE " + strings.Join(where, " AND "),
		"union-32":           strings.Repeat("SELECT 1 UNION ", 31) + "SELECT 1",
		"expr-60":            "SELECT " + strings.Repeat("last_lat + ", 59) + "1 FROM argo_float_status",
	} {
		safe, err := guard.Check(q)
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			conn, err := s.db.Conn(ctx)
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close()
			for b.Loop() {
				if _, err := planReads(ctx, conn, safe); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
