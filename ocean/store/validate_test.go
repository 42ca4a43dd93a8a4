package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
	"github.com/cairn-agents/cairn/ocean/argo"
)

// station reads one station as text, for before/after comparisons.
func station(t *testing.T, dir, wmo string, cycle int) string {
	t.Helper()
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.readOnly(context.Background(), QueryOptions{}, `SELECT time, lat, lon, ocean, data_mode FROM argo_profile_stations
		WHERE wmo = $1 AND cycle = $2 AND direction = 'A'`, wmo, cycle)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(r.Rows)
}

// dataDigest is digest without the ingest bookkeeping.
func dataDigest(t *testing.T, dir string) string {
	parts := strings.Split(digest(t, dir), ";")
	return strings.Join(parts[:4], ";")
}

func fileResult(t *testing.T, rep Report, path string) FileResult {
	t.Helper()
	for _, f := range rep.Files {
		if f.Path == path {
			return f
		}
	}
	t.Fatalf("no result for %s in %+v", path, rep.Files)
	return FileResult{}
}

// TestBadIndexRowsNeverReplaceStations is issue 13's probe: another copy
// of the profile index whose rows have an unparseable date, an
// unparseable or out-of-range position, an unknown ocean code or a date
// in 2030. Those rows are reported by line and change nothing; its one
// valid, different row does change its station; ingesting the real index
// again repairs that (it is not "unchanged"), and after a run that holds
// both copies every later run finds both unchanged.
func TestBadIndexRowsNeverReplaceStations(t *testing.T) {
	gdac := oceantest.GDAC(t)
	src := t.TempDir()
	real := filepath.Join(src, "b-real", "ar_index_global_prof.txt")
	copyFile(t, filepath.Join(gdac, "ar_index_global_prof.txt"), real)
	dir := t.TempDir()
	rep := ingestFiles(t, dir, real)
	if f := fileResult(t, rep, real); f.Status != Ingested || f.Rejected != 0 || f.Profiles != 2702 {
		t.Fatalf("real index: %+v", f)
	}
	before := dataDigest(t, dir)
	cycles := []int{2, 3, 4, 5, 6, 7}
	stations := map[int]string{}
	for _, c := range cycles {
		stations[c] = station(t, dir, "13857", c)
	}

	bad := filepath.Join(src, "a-bad", "ar_index_global_prof.txt")
	data, err := os.ReadFile(real)
	if err != nil {
		t.Fatal(err)
	}
	for old, repl := range map[string]string{
		"R13857_002.nc,19970809192112,":                "R13857_002.nc,1997XX09192112,", // unparseable date
		"R13857_003.nc,19970820184545,0.543,-19.622,A": "R13857_003.nc,19970820184545,abc,-19.622,A",
		"R13857_004.nc,19970831193905,":                "R13857_004.nc,20300101000000,", // 2030
		"R13857_005.nc,19970911185808,0.720,-20.768,A": "R13857_005.nc,19970911185808,95,500,A",
		"R13857_006.nc,19970922195702,1.756,-21.566,A": "R13857_006.nc,19970922195702,1.756,-21.566,Z",
		"R13857_007.nc,19971003191549,2.595,-21.564,A": "R13857_007.nc,19971003191549,2.5,-21.5,A", // valid, different
	} {
		if !bytes.Contains(data, []byte(old)) {
			t.Fatalf("the real index has no %q", old)
		}
		data = bytes.Replace(data, []byte(old), []byte(repl), 1)
	}
	os.MkdirAll(filepath.Dir(bad), 0o755)
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rep = ingestFiles(t, dir, bad)
	f := fileResult(t, rep, bad)
	problems := strings.Join(f.Problems, "\n")
	if f.Status != Ingested || f.Rejected != 5 || f.Profiles != 2697 {
		t.Errorf("bad index: %+v", f)
	}
	for _, want := range []string{`line 11: date "1997XX09192112" is not a date`, "line 12: position", "line 13: date 2030-01-01 00:00:00 is after the row's date_update",
		"line 14: latitude 95 is outside -90..90", `line 15: ocean code "Z"`} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems lack %q:\n%s", want, problems)
		}
	}
	for _, c := range cycles[:5] {
		if got := station(t, dir, "13857", c); got != stations[c] {
			t.Errorf("cycle %d: station changed by a rejected row: %s -> %s", c, stations[c], got)
		}
	}
	if got := station(t, dir, "13857", 7); got == stations[7] || !strings.Contains(got, "2.5 -21.5") {
		t.Errorf("cycle 7: the later index's valid row was not applied: %s", got)
	}
	s, err := Open(context.Background(), dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Query(context.Background(), QueryOptions{}, "SELECT last_time, last_report_age_days FROM argo_float_status WHERE wmo = '13857'")
	s.Close()
	if err != nil || r.Rows[0][0].(interface{ Year() int }).Year() != 2001 || r.Rows[0][1].(float64) < 0 {
		t.Errorf("status of 13857: %v, %v", r, err)
	}

	// The real index again: it repairs cycle 7.
	rep = ingestFiles(t, dir, real)
	if f := fileResult(t, rep, real); f.Status != Ingested {
		t.Errorf("real index after the bad copy: %+v, want ingested again", f)
	}
	if after := dataDigest(t, dir); after != before {
		t.Errorf("not repaired:\n%s\n%s", before, after)
	}
	// Both copies in one run: the real one, later by path, wins; the next
	// run changes nothing.
	rep = ingestFiles(t, dir, src)
	if rep.Count(Ingested) != 2 {
		t.Errorf("both copies: %+v", rep.Files)
	}
	if after := dataDigest(t, dir); after != before {
		t.Errorf("both copies, the real one last: %s\n%s", before, after)
	}
	rep = ingestFiles(t, dir, src)
	if rep.Count(Unchanged) != 2 {
		t.Errorf("a run after both copies: %+v, want both unchanged", rep.Files)
	}
}

// TestIndexRowNeverErasesKnownValues: a later index row with a blank date
// and the missing-position markers keeps the time and position already
// stored.
func TestIndexRowNeverErasesKnownValues(t *testing.T) {
	const head = "# Date of update : 20230427112425\nfile,date,latitude,longitude,ocean,profiler_type,institution,date_update\n"
	src := t.TempDir()
	dir := t.TempDir()
	one := filepath.Join(src, "1", "ar_index_global_prof.txt")
	two := filepath.Join(src, "2", "ar_index_global_prof.txt")
	os.MkdirAll(filepath.Dir(one), 0o755)
	os.MkdirAll(filepath.Dir(two), 0o755)
	os.WriteFile(one, []byte(head+"aoml/13857/profiles/R13857_001.nc,19970729200300,0.267,-16.032,A,845,AO,20181011180520\n"), 0o644)
	os.WriteFile(two, []byte(head+"aoml/13857/profiles/D13857_001.nc,,-99.999,-999.999,,845,AO,20191011180520\n"), 0o644)
	ingestFiles(t, dir, one)
	want := station(t, dir, "13857", 1)
	ingestFiles(t, dir, two)
	if got := station(t, dir, "13857", 1); !strings.Contains(got, "0.267 -16.032 A D") || !strings.HasPrefix(got, want[:22]) {
		t.Errorf("station after a row with missing values: %s (was %s)", got, want)
	}
}

// TestIngestRefusesUnboundedFiles: a name that ingest would read, given
// to a device that never ends, a named pipe, or a file over the size
// limit, is a failed file naming why, read no further; the store is
// unchanged.
func TestIngestRefusesUnboundedFiles(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "zero"), 0o755)
	if err := os.Symlink("/dev/zero", filepath.Join(src, "zero", "ar_index_global_prof.txt")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(src, "1234567_prof.nc"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(src, "big", "ar_index_global_meta.txt")
	os.MkdirAll(filepath.Dir(big), 0o755)
	os.WriteFile(big, []byte("file,profiler_type,institution,date_update\n"+strings.Repeat("aoml/13857/13857_meta.nc,845,AO,20181011200014\n", 100)), 0o644)
	dir := t.TempDir()
	s, err := Open(context.Background(), dir, Options{Now: fixedNow, MaxFileBytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := s.Ingest(context.Background(), src)
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(src, "zero", "ar_index_global_prof.txt"): "not a regular file",
		filepath.Join(src, "1234567_prof.nc"):                  "not a regular file",
		big:                                                    "is larger than 1000 bytes",
	} {
		if f := fileResult(t, rep, path); f.Status != Failed || !strings.Contains(f.Reason, want) {
			t.Errorf("%s: %+v, want failed: %q", path, f, want)
		}
	}
	if got := digest(t, dir); !strings.HasPrefix(got, "[0 <nil>];[0 <nil>];[0 <nil>];") {
		t.Errorf("store changed: %s", got)
	}
}

// patchDouble replaces the one big-endian float64 old in data with repl.
func patchDouble(t *testing.T, data []byte, old, repl float64) []byte {
	t.Helper()
	var o, r [8]byte
	binary.BigEndian.PutUint64(o[:], math.Float64bits(old))
	binary.BigEndian.PutUint64(r[:], math.Float64bits(repl))
	if n := bytes.Count(data, o[:]); n != 1 {
		t.Fatalf("%v occurs %d times in the file", old, n)
	}
	return bytes.Replace(data, o[:], r[:], 1)
}

// TestBadProfilesNeverReplaceStoredOnes: copies of a real multi-profile
// file with one profile's latitude out of range, or its time after the
// file's DATE_UPDATE: that profile is reported by number and cycle and
// left out, the stored station and measurements of its cycle stay, the
// other profiles go in.
func TestBadProfilesNeverReplaceStoredOnes(t *testing.T) {
	gdac := oceantest.GDAC(t)
	const wmo = "2902269"
	realPath := filepath.Join(gdac, "dac/incois", wmo, wmo+"_prof.nc")
	nc, err := netcdf.Open(realPath)
	if err != nil {
		t.Fatal(err)
	}
	profs, err := argo.ReadProfiles(nc)
	if err != nil {
		t.Fatal(err)
	}
	julds, err := nc.Float64s("JULD")
	nc.Close()
	if err != nil {
		t.Fatal(err)
	}
	const i = 10 // the profile to spoil
	p := profs[i]
	dir := t.TempDir()
	ingestFiles(t, dir, realPath)
	wantStation := station(t, dir, wmo, p.Cycle)
	_, wantCore, _ := floatDigest(t, dir, wmo)
	data, err := os.ReadFile(realPath)
	if err != nil {
		t.Fatal(err)
	}
	juld := julds[i]
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"latitude": {patchDouble(t, data, p.Lat, 95), "latitude 95 is outside -90..90"},
		"future":   {patchDouble(t, data, juld, 29000), "after the file's DATE_UPDATE"},
	} {
		bad := filepath.Join(t.TempDir(), wmo+"_prof.nc")
		if err := os.WriteFile(bad, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		rep := ingestFiles(t, dir, bad)
		f := fileResult(t, rep, bad)
		where := fmt.Sprintf("profile %d (cycle %d): ", i+1, p.Cycle)
		if f.Status != Ingested || f.Rejected != 1 || f.Profiles != len(profs)-1 || len(f.Problems) != 1 ||
			!strings.HasPrefix(f.Problems[0], where) || !strings.Contains(f.Problems[0], c.want) {
			t.Errorf("%s: %+v, want %q%q", name, f, where, c.want)
		}
		if got := station(t, dir, wmo, p.Cycle); got != wantStation {
			t.Errorf("%s: station of cycle %d changed: %s -> %s", name, p.Cycle, wantStation, got)
		}
		if _, core, _ := floatDigest(t, dir, wmo); core != wantCore {
			t.Errorf("%s: measurements changed: %s -> %s", name, wantCore, core)
		}
	}
}
