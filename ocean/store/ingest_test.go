package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

var (
	sharedOnce sync.Once
	sharedDir  string
	sharedRep  Report
	sharedErr  error
)

// ingested returns a store directory holding the whole shared GDAC,
// ingested once per test binary.
func ingested(t *testing.T) (string, Report) {
	t.Helper()
	gdac := oceantest.GDAC(t)
	sharedOnce.Do(func() {
		sharedDir, sharedErr = os.MkdirTemp("", "ocean-store-test-")
		if sharedErr != nil {
			return
		}
		var s *Store
		s, sharedErr = Open(context.Background(), sharedDir, Options{Now: fixedNow})
		if sharedErr != nil {
			return
		}
		defer s.Close()
		sharedRep, sharedErr = s.Ingest(context.Background(), gdac)
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedDir, sharedRep
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range []string{sharedDir, planDir} {
		if d != "" {
			os.RemoveAll(d)
		}
	}
	os.Exit(code)
}

func fixedNow() time.Time { return time.Date(2023, 4, 27, 12, 0, 0, 0, time.UTC) }

func one(t *testing.T, s *Store, q string, args ...any) any {
	t.Helper()
	r, err := s.Query(context.Background(), QueryOptions{}, q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	if len(r.Rows) != 1 || len(r.Rows[0]) != 1 {
		t.Fatalf("%s: %d rows", q, len(r.Rows))
	}
	return r.Rows[0][0]
}

func TestIngestGDAC(t *testing.T) {
	dir, rep := ingested(t)
	if rep.Count(Failed) != 0 {
		t.Errorf("%d files failed", rep.Count(Failed))
	}
	var sprof *FileResult
	for i, f := range rep.Files {
		if filepath.Base(f.Path) == "3902131_Sprof.nc" {
			sprof = &rep.Files[i]
		}
	}
	switch {
	case sprof == nil:
		t.Error("no result for 3902131_Sprof.nc")
	case netcdf.ReadsNetCDF4():
		if sprof.Status != Ingested || sprof.Kind != kindSprof || sprof.Profiles != 162 {
			t.Errorf("Sprof result = %+v, want 162 profiles ingested", sprof)
		}
	case sprof.Status != Unsupported || !strings.Contains(sprof.Reason, "netcdf4"):
		t.Errorf("Sprof result = %+v, want unsupported, naming the netcdf4 build tag", sprof)
	}
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n := one(t, s, "SELECT count(*) FROM argo_float_metadata"); n != int64(15) {
		t.Errorf("metadata rows = %v, want 15", n)
	}
	if n := one(t, s, "SELECT count(*) FROM argo_float_status"); n != int64(15) {
		t.Errorf("status rows = %v, want 15", n)
	}
	if n := one(t, s, "SELECT count(DISTINCT wmo) FROM argo_profiles"); n != int64(12) {
		t.Errorf("floats with measurements = %v, want the 12 with prof files", n)
	}
	if pt := one(t, s, "SELECT platform_type FROM argo_float_metadata WHERE wmo = '2902269'"); pt != "ARVOR" {
		t.Errorf("platform type = %v", pt)
	}
	// the Arabian Sea float's last position is in its 15-17N 61-65E box
	r, err := s.Query(context.Background(), QueryOptions{}, "SELECT last_lat, last_lon, cycle_count, active, data_modes FROM argo_float_status WHERE wmo = $1", "2902269")
	if err != nil || len(r.Rows) != 1 {
		t.Fatalf("status 2902269: %v %v", r, err)
	}
	row := r.Rows[0]
	if lat, lon := row[0].(float64), row[1].(float64); lat < 14 || lat > 18 || lon < 60 || lon > 66 {
		t.Errorf("last position %v,%v", lat, lon)
	}
	if row[3] != false {
		t.Errorf("active = %v for a float last reporting in 2020 (as of 2023-04-27)", row[3])
	}
	// a float with meta only still has a status from the index
	if n := one(t, s, "SELECT cycle_count FROM argo_float_status WHERE wmo = '6903247'"); n == nil || n.(int32) < 100 {
		t.Errorf("6903247 cycle count = %v", n)
	}
	// partition pruning by float and year
	r, err = s.Query(context.Background(), QueryOptions{}, "SELECT count(*), min(year), max(year) FROM argo_profiles WHERE wmo = '2902269' AND year = 2019")
	if err != nil || r.Rows[0][0].(int64) == 0 || r.Rows[0][1] != int32(2019) {
		t.Errorf("2019 rows of 2902269: %v %v", r, err)
	}
	// measurements are physically plausible and QC flags are characters
	if n := one(t, s, "SELECT count(*) FROM argo_profiles WHERE temp_qc = '1' AND (temp < -3 OR temp > 40)"); n != int64(0) {
		t.Errorf("%v good-QC temperatures outside -3..40", n)
	}
}

func TestIngestIdempotent(t *testing.T) {
	gdac := oceantest.GDAC(t)
	dir, _ := ingested(t)
	before := digest(t, dir)
	s, err := Open(context.Background(), dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := s.Ingest(context.Background(), gdac)
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if n := rep.Count(Ingested); n != 0 {
		t.Errorf("second ingest stored %d files", n)
	}
	if rep.Count(Unchanged) < 400 {
		t.Errorf("only %d files unchanged", rep.Count(Unchanged))
	}
	if after := digest(t, dir); after != before {
		t.Errorf("store changed on re-ingest:\n%s\n%s", before, after)
	}
}

// digest summarises every table and the Parquet data.
func digest(t *testing.T, dir string) string {
	t.Helper()
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out := ""
	for _, q := range []string{
		"SELECT count(*), sum(hash(wmo, platform_type, launch_date, launch_lat, profiler_type, dac)) FROM argo_float_metadata",
		"SELECT count(*), sum(hash(wmo, last_time, last_lat, cycle_count, data_modes)) FROM argo_float_status",
		"SELECT count(*), sum(hash(wmo, cycle, direction, data_mode, time, lat, source_file)) FROM argo_profile_stations",
		"SELECT count(*), sum(hash(wmo, cycle, direction, level, pres, temp, psal, temp_qc, doxy, doxy_qc, doxy_adjusted, bgc_data_mode, level_source)) FROM argo_profiles",
		"SELECT count(*), sum(hash(path, sha256, kind)) FROM argo_ingested_files",
	} {
		r, err := s.readOnly(context.Background(), QueryOptions{}, q)
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprint(r.Rows[0]) + ";"
	}
	return out
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
}

func TestIngestCorruptFileIsAtomic(t *testing.T) {
	gdac := oceantest.GDAC(t)
	src := t.TempDir()
	for _, f := range []string{"dac/incois/2902269/2902269_meta.nc", "dac/incois/2902269/2902269_prof.nc", "dac/csio/2902696/2902696_prof.nc"} {
		copyFile(t, filepath.Join(gdac, f), filepath.Join(src, f))
	}
	ctx := context.Background()
	storeDir := t.TempDir()
	s, err := Open(ctx, storeDir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Ingest(ctx, src); err != nil {
		t.Fatal(err)
	}
	floatDigest := func(s *Store) string {
		r, err := s.readOnly(ctx, QueryOptions{}, `SELECT count(*), sum(hash(cycle, level, pres, temp, psal)) FROM argo_profiles WHERE wmo = '2902696'`)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(r.Rows[0])
	}
	before := floatDigest(s)
	s.Close()

	// Now a new version of 2902696's file arrives truncated, with a new
	// float's file next to it.
	bad := filepath.Join(src, "dac/csio/2902696/2902696_prof.nc")
	data, _ := os.ReadFile(bad)
	if err := os.WriteFile(bad, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(gdac, "dac/kordi/2901780/2901780_prof.nc"), filepath.Join(src, "dac/kordi/2901780/2901780_prof.nc"))
	s, err = Open(ctx, storeDir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := s.Ingest(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	var gotBad bool
	for _, f := range rep.Files {
		if f.Path == bad {
			gotBad = f.Status == Failed && strings.Contains(f.Reason, "2902696_prof.nc") && strings.Contains(f.Reason, "variable")
			t.Logf("reported: %s", f.Reason)
		}
	}
	if !gotBad || rep.Count(Ingested) != 1 {
		t.Errorf("report = %+v; want the truncated file failed and the new one ingested", rep.Files)
	}
	// 2902696's earlier data is intact; 2901780 arrived
	if after := floatDigest(s); after != before {
		t.Errorf("2902696 data changed by a failed ingest: %s -> %s", before, after)
	}
	n, _ := s.readOnly(ctx, QueryOptions{}, "SELECT count(*) FROM argo_profiles WHERE wmo = '2901780'")
	if n.Rows[0][0].(int64) == 0 {
		t.Errorf("2901780 data missing")
	}
	s.Close()
}

func TestNotNetCDFIsReported(t *testing.T) {
	src := t.TempDir()
	p := filepath.Join(src, "1234567_prof.nc")
	os.WriteFile(p, []byte("this is not netcdf"), 0o644)
	s, err := Open(context.Background(), t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rep, err := s.Ingest(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 1 || rep.Files[0].Status != Failed {
		t.Fatalf("report = %+v", rep)
	}
}

// TestBGCFilesAreUnsupportedUnread: B- and M-files are reported
// unsupported by name, without being opened (these are not even NetCDF)
// or recorded as ingested.
func TestBGCFilesAreUnsupportedUnread(t *testing.T) {
	src := t.TempDir()
	for _, n := range []string{"BR1234567_001.nc", "MD1234567_002.nc", "1234567_Bprof.nc"} {
		os.WriteFile(filepath.Join(src, n), []byte("not netcdf"), 0o644)
	}
	s, err := Open(context.Background(), t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for range 2 {
		rep, err := s.Ingest(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Count(Unsupported) != 3 || len(rep.Files) != 3 {
			t.Fatalf("report = %+v", rep)
		}
		for _, f := range rep.Files {
			if f.Kind != kindBGC || !strings.Contains(f.Reason, "_Sprof.nc") {
				t.Errorf("%s: %+v", f.Path, f)
			}
		}
	}
}

func TestReadOnlyStore(t *testing.T) {
	dir, _ := ingested(t)
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.Query(ctx, QueryOptions{}, "DELETE FROM argo_float_status"); !errors.Is(err, sqlguard.ErrRejected) {
		t.Errorf("DELETE: %v", err)
	}
	// even past the guard, the transaction and the database refuse writes and file access
	for _, q := range []string{"DELETE FROM argo_float_status", "CREATE TABLE x (a int)", "SELECT * FROM read_csv('/etc/passwd')"} {
		if _, err := s.readOnly(ctx, QueryOptions{}, q); err == nil {
			t.Errorf("%s: ran on the read-only store", q)
		}
	}
	if _, err := s.Ingest(ctx, "."); err == nil {
		t.Errorf("ingest into a read-only store succeeded")
	}
	r, err := s.Query(ctx, QueryOptions{MaxRows: 5}, "SELECT wmo FROM argo_profile_stations")
	if err != nil || len(r.Rows) != 5 || !r.Truncated {
		t.Errorf("row limit: %d rows, truncated %v, %v", len(r.Rows), r.Truncated, err)
	}
}

func TestReadOnlyTransactionRefusesWrites(t *testing.T) {
	s, err := Open(context.Background(), t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.readOnly(context.Background(), QueryOptions{}, "INSERT INTO argo_float_status (wmo) VALUES ('1')"); err == nil {
		t.Fatal("write inside the read-only transaction succeeded")
	}
	r, _ := s.readOnly(context.Background(), QueryOptions{}, "SELECT count(*) FROM argo_float_status")
	if r.Rows[0][0] != int64(0) {
		t.Errorf("row was written")
	}
}

// TestRecoveryAfterCrash lays out what a crash at each point of a swap
// leaves behind and checks that Open repairs it.
func TestRecoveryAfterCrash(t *testing.T) {
	gdac := oceantest.GDAC(t)
	src := t.TempDir()
	for _, f := range []string{"dac/incois/2902269/2902269_prof.nc", "dac/csio/2902696/2902696_prof.nc"} {
		copyFile(t, filepath.Join(gdac, f), filepath.Join(src, f))
	}
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Ingest(ctx, src); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "profiles")
	// 1. committed, not yet swapped: a staging copy of 2902269 without 2019
	staging := filepath.Join(prof, ".staging-wmo=2902269-1")
	if err := os.CopyFS(staging, os.DirFS(filepath.Join(prof, "wmo=2902269"))); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(staging, "year=2019"))
	if _, err := s.db.Exec(`INSERT INTO argo_pending_swaps VALUES ('2902269', ?)`, staging); err != nil {
		t.Fatal(err)
	}
	// 2. not committed: the live directory moved aside, nothing to replace it
	if err := os.Rename(filepath.Join(prof, "wmo=2902696"), filepath.Join(prof, ".old-wmo=2902696")); err != nil {
		t.Fatal(err)
	}
	// 3. not committed: an orphan staging directory
	os.MkdirAll(filepath.Join(prof, ".staging-wmo=1111111-2", "year=2020"), 0o755)
	s.Close()

	s, err = Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(filepath.Join(prof, "wmo=2902269", "year=2019")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("committed swap not finished: 2019 partition still live")
	}
	if _, err := os.Stat(filepath.Join(prof, "wmo=2902269", "year=2020")); err != nil {
		t.Errorf("committed swap lost data: %v", err)
	}
	if _, err := os.Stat(filepath.Join(prof, "wmo=2902696")); err != nil {
		t.Errorf("float moved aside was not restored: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(prof, ".*"))
	if len(left) != 0 {
		t.Errorf("leftovers after recovery: %v", left)
	}
	r, err := s.readOnly(ctx, QueryOptions{}, "SELECT count(*) FROM argo_pending_swaps")
	if err != nil || r.Rows[0][0] != int64(0) {
		t.Errorf("pending swaps left: %v %v", r, err)
	}
	r, err = s.Query(ctx, QueryOptions{}, "SELECT min(year) FROM argo_profiles WHERE wmo = '2902269'")
	if err != nil || r.Rows[0][0] != int32(2020) {
		t.Errorf("view after recovery: %v %v", r, err)
	}
}
