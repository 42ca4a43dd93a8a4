package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

// floatDigest summarises one float's measurement rows: all of them, the
// core rows' CTD columns, and the BGC values.
func floatDigest(t *testing.T, dir, wmo string) (all, core, bgc string) {
	t.Helper()
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	q := func(sql string) string {
		r, err := s.readOnly(context.Background(), QueryOptions{}, sql, wmo)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(r.Rows[0])
	}
	all = q(`SELECT count(*), sum(hash(` + measureCols + `, year)) FROM argo_profiles WHERE wmo = $1`)
	core = q(`SELECT count(*), sum(hash(cycle, direction, level, pres, temp, psal, pres_qc, temp_qc, psal_qc,
		temp_adjusted, psal_adjusted, temp_adjusted_qc, data_mode, time)) FROM argo_profiles WHERE wmo = $1 AND level_source = 'core'`)
	bgc = q(`SELECT count(doxy), sum(hash(cycle, direction, pres, doxy, doxy_qc, doxy_adjusted, doxy_adjusted_qc, bgc_data_mode))
		FROM argo_profiles WHERE wmo = $1 AND doxy IS NOT NULL`)
	return all, core, bgc
}

func ingestFiles(t *testing.T, dir string, files ...string) Report {
	t.Helper()
	s, err := Open(context.Background(), dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rep, err := s.Ingest(context.Background(), files...)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestSprofMerge ingests the real NetCDF-4 Sprof file of float 3902131 with
// and without its core file, in both orders: the core rows never change,
// the DOXY values all arrive, and the result does not depend on the order.
func TestSprofMerge(t *testing.T) {
	gdac := oceantest.GDAC(t)
	oceantest.NeedNetCDF4(t)
	const wmo = "3902131"
	prof := filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_prof.nc")
	sprof := filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_Sprof.nc")

	coreOnly := t.TempDir()
	ingestFiles(t, coreOnly, prof)
	_, core0, bgc0 := floatDigest(t, coreOnly, wmo)
	if !strings.HasPrefix(core0, "[56450 ") || bgc0 != "[0 <nil>]" {
		t.Fatalf("core only: core %s, bgc %s", core0, bgc0)
	}

	// core, then Sprof
	a := t.TempDir()
	ingestFiles(t, a, prof)
	rep := ingestFiles(t, a, sprof)
	if len(rep.Files) != 1 || rep.Files[0].Status != Ingested || rep.Files[0].Profiles != 162 {
		t.Fatalf("Sprof ingest: %+v", rep.Files)
	}
	allA, coreA, bgcA := floatDigest(t, a, wmo)
	if coreA != core0 {
		t.Errorf("Sprof changed the core rows: %s, was %s", coreA, core0)
	}
	// ncdump counts 56835 DOXY values; 6 of them are absurd (|DOXY| >= 99999)
	// and read as missing, like any such value
	if !strings.HasPrefix(bgcA, "[56829 ") {
		t.Errorf("DOXY values stored: %s, want 56829", bgcA)
	}
	if again := ingestFiles(t, a, sprof); again.Files[0].Status != Unchanged {
		t.Errorf("re-ingest: %+v", again.Files[0])
	}
	if all, _, _ := floatDigest(t, a, wmo); all != allA {
		t.Errorf("re-ingest changed rows: %s, was %s", all, allA)
	}

	// Sprof alone: its profiles are stored whole, CTD values included
	b := t.TempDir()
	ingestFiles(t, b, sprof)
	s, err := Open(context.Background(), b, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Query(context.Background(), QueryOptions{},
		`SELECT count(*), count(temp), count(doxy), min(level_source), max(level_source) FROM argo_profiles WHERE wmo = $1`, wmo)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.Rows[0]); !strings.HasSuffix(got, " 56829 sprof sprof]") {
		t.Errorf("Sprof alone: %s", got)
	}
	r, err = s.Query(context.Background(), QueryOptions{},
		`SELECT count(*), min(source_rank), max(source_rank) FROM argo_profile_stations WHERE wmo = $1`, wmo)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.Rows[0]); got != "[162 1 1]" {
		t.Errorf("Sprof-only stations: %s, want 162 of rank 1", got)
	}
	s.Close()

	// ... then the core file: core rows win, and it ends as in the other order
	ingestFiles(t, b, prof)
	allB, coreB, bgcB := floatDigest(t, b, wmo)
	if coreB != core0 || bgcB != bgcA || allB != allA {
		t.Errorf("Sprof then core: all %s core %s bgc %s; core then Sprof: all %s core %s bgc %s", allB, coreB, bgcB, allA, core0, bgcA)
	}

	// both in one ingest
	c := t.TempDir()
	ingestFiles(t, c, sprof, prof)
	if allC, _, _ := floatDigest(t, c, wmo); allC != allA {
		t.Errorf("one ingest: %s, two: %s", allC, allA)
	}
}

// TestSprofRows checks stored rows against values read with ncdump.
func TestSprofRows(t *testing.T) {
	oceantest.NeedNetCDF4(t)
	dir, _ := ingested(t)
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Query(context.Background(), QueryOptions{},
		`SELECT pres, temp, doxy, doxy_qc, doxy_adjusted, bgc_data_mode, level_source FROM argo_profiles
		WHERE wmo = '3902131' AND cycle = 1 AND direction = 'D' ORDER BY pres LIMIT 2`)
	if err != nil {
		t.Fatal(err)
	}
	// Sprof: PRES 13.1 has DOXY 193.055 (ncdump, %9.3f; 193.0547 as float32),
	// QC 3, real time; PRES 13.4 is the
	// core level, TEMP 28.419
	want := "[[13.1 <nil> 193.0547 3 <nil> R sprof] [13.4 28.419 <nil> <nil> <nil> <nil> core]]"
	if got := fmt.Sprint(r.Rows); got != want {
		t.Errorf("first levels of cycle 1 D:\n got %s\nwant %s", got, want)
	}
}

// TestBadSprofLeavesDataAlone feeds a truncated Sprof file to a store that
// holds the float: the file fails by name and nothing stored changes.
func TestBadSprofLeavesDataAlone(t *testing.T) {
	gdac := oceantest.GDAC(t)
	oceantest.NeedNetCDF4(t)
	const wmo = "3902131"
	dir := t.TempDir()
	ingestFiles(t, dir, filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_prof.nc"), filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_Sprof.nc"))
	before := digest(t, dir)
	all0, _, _ := floatDigest(t, dir, wmo)

	b, err := os.ReadFile(filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_Sprof.nc"))
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "coriolis", wmo, wmo+"_Sprof.nc")
	if err := os.MkdirAll(filepath.Dir(bad), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, b[:len(b)/3], 0o644); err != nil {
		t.Fatal(err)
	}
	rep := ingestFiles(t, dir, bad)
	if len(rep.Files) != 1 || rep.Files[0].Status != Failed || !strings.Contains(rep.Files[0].Reason, bad) {
		t.Fatalf("truncated Sprof: %+v, want failed naming the file", rep.Files)
	}
	if after := digest(t, dir); after != before {
		t.Errorf("store changed: %s, was %s", after, before)
	}
	if all, _, _ := floatDigest(t, dir, wmo); all != all0 {
		t.Errorf("float rows changed: %s, was %s", all, all0)
	}
}

// BenchmarkIngestSprof ingests the real Sprof file (162 profiles, 129,600
// levels, NetCDF-4) of float 3902131 into a store that already holds its
// core profiles: read, merge by pressure and rewrite the float's Parquet.
func BenchmarkIngestSprof(b *testing.B) {
	gdac := oceantest.GDAC(b)
	const wmo = "3902131"
	base := b.TempDir()
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		dir := filepath.Join(base, fmt.Sprint(i))
		s, err := Open(ctx, dir, Options{Now: fixedNow})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Ingest(ctx, filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_prof.nc")); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		rep, err := s.Ingest(ctx, filepath.Join(gdac, "dac/coriolis", wmo, wmo+"_Sprof.nc"))
		if err != nil || rep.Count(Ingested) != 1 {
			b.Fatalf("%+v %v", rep, err)
		}
		b.StopTimer()
		s.Close()
		os.RemoveAll(dir)
		b.StartTimer()
	}
}

// TestComposeRule runs the merge query on hand-made rows to check the
// paths the real float does not take (its oxygen never shares a pressure
// with a core level): BGC values joining a core row, a Sprof level at a
// core pressure with no BGC adding nothing, a profile only the Sprof has,
// and BGC values kept when a newer core file replaces the core rows.
func TestComposeRule(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	conn, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := func(q string) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	setup := func() {
		exec(stagingTable("_incoming") + stagingTable("_sbgc") + stagingTable("_old") +
			`CREATE TEMP TABLE IF NOT EXISTS _winners (cycle INTEGER, direction VARCHAR, source_rank INTEGER); DELETE FROM _winners;
			CREATE TEMP TABLE IF NOT EXISTS _skeys (cycle INTEGER, direction VARCHAR); DELETE FROM _skeys;`)
	}
	const cols = `(wmo, year, cycle, direction, data_mode, level, pres, temp, temp_qc, doxy, doxy_qc, bgc_data_mode, level_source)`
	compose := func() string {
		t.Helper()
		rows, err := conn.QueryContext(ctx, `SELECT cycle, direction, level, pres, temp, doxy, doxy_qc, bgc_data_mode, level_source FROM (`+
			composeSQL(`SELECT year, `+measureCols+` FROM _old`)+`) ORDER BY cycle, direction, level`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			v := make([]any, 9)
			p := make([]any, 9)
			for i := range v {
				p[i] = &v[i]
			}
			if err := rows.Scan(p...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(v))
		}
		return strings.Join(out, "\n")
	}

	setup()
	exec(`INSERT INTO _incoming ` + cols + ` VALUES
		('1', 2020, 1, 'A', 'D', 0, 10, 20, '1', NULL, NULL, NULL, 'core'),
		('1', 2020, 1, 'A', 'D', 1, 20, 19, '1', NULL, NULL, NULL, 'core');
		INSERT INTO _winners VALUES (1, 'A', 4);
		INSERT INTO _sbgc ` + cols + ` VALUES
		('1', 2020, 1, 'A', 'R', 0, 10, 20.1, '1', 200, '3', 'R', 'sprof'),
		('1', 2020, 1, 'A', 'R', 1, 15, 19.5, '1', 210, '3', 'R', 'sprof'),
		('1', 2020, 1, 'A', 'R', 2, 20, 19, '1', NULL, NULL, NULL, 'sprof'),
		('1', 2020, 2, 'A', 'R', 0, 5, 21, '1', 220, '1', 'R', 'sprof');
		INSERT INTO _skeys VALUES (1, 'A'), (2, 'A');`)
	want := `[1 A 0 10 20 200 3 R core]
[1 A 1 20 19 <nil> <nil> <nil> core]
[1 A 2 15 <nil> 210 3 R sprof]
[2 A 0 5 21 220 1 R sprof]`
	got := compose()
	if got != want {
		t.Fatalf("first ingest:\n%s\nwant\n%s", got, want)
	}

	// the stored rows become old; a new core file for cycle 1 arrives
	exec(`CREATE OR REPLACE TEMP TABLE _stored AS ` + composeSQL(`SELECT year, `+measureCols+` FROM _old`))
	setup()
	exec(`INSERT INTO _old SELECT '1', * FROM _stored;
		INSERT INTO _incoming ` + cols + ` VALUES
		('1', 2020, 1, 'A', 'D', 0, 10, 20.5, '1', NULL, NULL, NULL, 'core'),
		('1', 2020, 1, 'A', 'D', 1, 20, 19.5, '1', NULL, NULL, NULL, 'core');
		INSERT INTO _winners VALUES (1, 'A', 4);`)
	want = `[1 A 0 10 20.5 200 3 R core]
[1 A 1 20 19.5 <nil> <nil> <nil> core]
[1 A 2 15 <nil> 210 3 R sprof]
[2 A 0 5 21 220 1 R sprof]`
	if got := compose(); got != want {
		t.Errorf("core re-ingested:\n%s\nwant\n%s", got, want)
	}

	// then a core file for cycle 2: its Sprof-only row becomes a BGC row of its own
	setup()
	exec(`INSERT INTO _old SELECT '1', * FROM _stored;
		INSERT INTO _incoming ` + cols + ` VALUES ('1', 2020, 2, 'A', 'D', 0, 6, 20.9, '1', NULL, NULL, NULL, 'core');
		INSERT INTO _winners VALUES (2, 'A', 4);`)
	want = `[1 A 0 10 20 200 3 R core]
[1 A 1 20 19 <nil> <nil> <nil> core]
[1 A 2 15 <nil> 210 3 R sprof]
[2 A 0 6 20.9 <nil> <nil> <nil> core]
[2 A 1 5 <nil> 220 1 R sprof]`
	if got := compose(); got != want {
		t.Errorf("core for a Sprof-only profile:\n%s\nwant\n%s", got, want)
	}
}
