package gdac

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

func mirror(t testing.TB) string { return oceantest.GDAC(t) }

// serve serves root like a GDAC (Range and If-Modified-Since included),
// through wrap when set.
func serve(t testing.TB, root string, wrap func(http.Handler) http.Handler) string {
	var h http.Handler = http.FileServer(http.Dir(root))
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// sameAsMirror checks every fetched file equals the mirror's.
func sameAsMirror(t *testing.T, root string, rep Report) {
	t.Helper()
	for _, f := range rep.Files {
		if f.Status != Fetched && f.Status != Unchanged {
			continue
		}
		want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.File)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes fetched differ from the mirror's %d", f.File, len(got), len(want))
		}
		if _, err := os.Stat(f.Path + ".part"); err == nil {
			t.Errorf("%s.part left behind", f.File)
		}
	}
}

func TestFetchAllFromMirror(t *testing.T) {
	root := mirror(t)
	url := serve(t, root, nil)
	dir := t.TempDir()
	var progress bytes.Buffer
	rep, err := Fetch(context.Background(), Selection{All: true}, Options{URL: url, Dir: dir, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	sameAsMirror(t, root, rep)
	if rep.Count(Failed) != 0 {
		t.Errorf("%d files failed: %+v", rep.Count(Failed), rep.Files)
	}
	// Every file of the mirror the indexes list (profiles, meta) or the
	// GDAC layout implies (<wmo>_prof.nc of each float) arrives.
	want := 0
	exists := func(rel string) bool {
		_, err := os.Stat(filepath.Join(root, "dac", filepath.FromSlash(rel)))
		return err == nil
	}
	floats := map[string]string{}
	for _, ix := range []string{ProfIndex, MetaIndex} {
		b, _ := os.ReadFile(filepath.Join(root, ix))
		for _, l := range strings.Split(string(b), "\n") {
			file, _, _ := strings.Cut(l, ",")
			if strings.HasSuffix(file, ".nc") {
				if exists(file) {
					want++
				}
				floats[wmoOf(file)], _, _ = strings.Cut(file, "/")
			}
		}
	}
	bgc := map[string]bool{} // floats the synthetic index lists
	b, _ := os.ReadFile(filepath.Join(root, SyntheticIndex))
	for _, l := range strings.Split(string(b), "\n") {
		if file, _, _ := strings.Cut(l, ","); strings.HasSuffix(file, ".nc") {
			bgc[wmoOf(file)] = true
		}
	}
	sprofs := 0
	for w, dac := range floats {
		if exists(dac + "/" + w + "/" + w + "_prof.nc") {
			want++
		}
		if bgc[w] && exists(dac+"/"+w+"/"+w+"_Sprof.nc") {
			want++
			sprofs++
		}
	}
	if sprofs == 0 {
		t.Error("the shared mirror has no Sprof file of a float the synthetic index lists")
	}
	if got := rep.Count(Fetched) - 3; got != want { // the three indexes aside
		t.Errorf("fetched %d data files, the mirror holds %d the indexes and layout name", got, want)
	}
	if rep.Count(Missing) == 0 {
		t.Error("the shared mirror lacks most files its index lists; none reported missing")
	}
	if len(rep.Floats) < 10 {
		t.Errorf("floats %v", rep.Floats)
	}
	if !strings.Contains(progress.String(), "files") || !strings.HasSuffix(progress.String(), "\n") {
		t.Errorf("progress bar: %q", progress.String())
	}
	// Paths: the meta index, the selection, then data files.
	paths := rep.Paths()
	if filepath.Base(paths[0]) != MetaIndex || paths[1] != rep.Selection || len(paths) != rep.Count(Fetched)+rep.Count(Unchanged)-1 { // the synthetic index is not ingested
		t.Errorf("paths start %v (%d paths)", paths[:2], len(paths))
	}

	// Again: nothing is downloaded.
	again, err := Fetch(context.Background(), Selection{All: true}, Options{URL: url, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if n := again.Count(Fetched); n != 0 || again.Count(Unchanged) != rep.Count(Fetched) {
		t.Errorf("second fetch downloaded %d files, %d unchanged (first fetched %d)", n, again.Count(Unchanged), rep.Count(Fetched))
	}
}

func TestFetchSelection(t *testing.T) {
	root := mirror(t)
	url := serve(t, root, nil)
	rep, err := Fetch(context.Background(), Selection{Floats: []string{"2902269"}}, Options{URL: url, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Floats) != 1 || rep.Floats[0] != "2902269" {
		t.Errorf("floats %v", rep.Floats)
	}
	for _, f := range rep.Files[3:] {
		if !strings.HasPrefix(f.File, "dac/incois/2902269/") {
			t.Errorf("fetched %s for float 2902269", f.File)
		}
	}
	if rep.Count(Fetched) < 3 {
		t.Errorf("fetched %d files", rep.Count(Fetched))
	}
	for _, f := range rep.Files {
		if strings.HasSuffix(f.File, "_Sprof.nc") {
			t.Errorf("fetched %s for a float with no synthetic profile", f.File)
		}
	}
	sel, _ := os.ReadFile(rep.Selection)
	for _, l := range strings.Split(strings.TrimSpace(string(sel)), "\n") {
		if !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "file,") && !strings.HasPrefix(l, "incois/2902269/") {
			t.Errorf("selection has row %q", l)
		}
	}

	// A box and a time: every selected row is inside both.
	box, _ := ParseBox("0,30,40,100")
	since := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	rep, err = Fetch(context.Background(), Selection{Region: box.Contains, Since: since}, Options{URL: url, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	sel, _ = os.ReadFile(rep.Selection)
	rows := 0
	for _, l := range strings.Split(strings.TrimSpace(string(sel)), "\n") {
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "file,") {
			continue
		}
		rows++
		f := strings.Split(l, ",")
		d, _ := time.Parse("20060102150405", f[1])
		lat, _ := strconv.ParseFloat(f[2], 64)
		lon, _ := strconv.ParseFloat(f[3], 64)
		if d.Before(since) || !box.Contains(lat, lon, "") {
			t.Errorf("row %q is outside the box or before %v", l, since)
		}
	}
	if rows == 0 {
		t.Error("no row of the Indian Ocean floats since 2020 selected")
	}

	if _, err := Fetch(context.Background(), Selection{}, Options{URL: url, Dir: t.TempDir()}); !errors.Is(err, ErrNoSelection) {
		t.Errorf("empty selection: %v", err)
	}
	if _, err := Fetch(context.Background(), Selection{Floats: []string{"1234567"}}, Options{URL: url, Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "no profile that matches") {
		t.Errorf("unknown float: %v", err)
	}
	if _, err := Fetch(context.Background(), Selection{All: true}, Options{URL: "ftp://x", Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "http") {
		t.Errorf("ftp URL: %v", err)
	}
}

// dropHalf cuts the connection half-way through the first answer for
// every NetCDF file, after announcing its full length.
func dropHalf(t *testing.T, root string) func(http.Handler) http.Handler {
	return dropHalfAged(t, root, 0)
}

// dropHalfAged is dropHalf whose cut answers say the file was modified age
// before it was: the file has changed since, as far as the client can tell.
func dropHalfAged(t *testing.T, root string, age time.Duration) func(http.Handler) http.Handler {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			first := !seen[r.URL.Path] && strings.HasSuffix(r.URL.Path, ".nc") && r.Header.Get("Range") == ""
			if r.Header.Get("Range") != "" && r.Header.Get("If-Range") == "" {
				t.Errorf("%s: resumed without If-Range", r.URL.Path)
			}
			seen[r.URL.Path] = true
			mu.Unlock()
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.URL.Path)))
			if !first || err != nil {
				next.ServeHTTP(w, r)
				return
			}
			st, _ := os.Stat(filepath.Join(root, filepath.FromSlash(r.URL.Path)))
			w.Header().Set("Content-Length", strconv.Itoa(len(b)))
			w.Header().Set("Last-Modified", st.ModTime().Add(-age).UTC().Format(http.TimeFormat))
			w.WriteHeader(http.StatusOK)
			w.Write(b[:len(b)/2])
			w.(http.Flusher).Flush()
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
		})
	}
}

func TestFetchResumesDroppedConnections(t *testing.T) {
	root := mirror(t)
	url := serve(t, root, dropHalf(t, root))
	rep, err := Fetch(context.Background(), Selection{Floats: []string{"2902269", "2901623"}}, Options{URL: url, Dir: t.TempDir(), Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	sameAsMirror(t, root, rep)
	resumed := 0
	for _, f := range rep.Files {
		if f.Status == Failed {
			t.Errorf("%s failed: %s", f.File, f.Reason)
		}
		if f.Status == Fetched && strings.HasSuffix(f.File, ".nc") {
			if !f.Resumed || f.Attempts != 2 {
				t.Errorf("%s: resumed %v after %d attempts, want a resume on the 2nd", f.File, f.Resumed, f.Attempts)
			}
			resumed++
		}
	}
	if resumed == 0 {
		t.Fatal("no NetCDF file fetched")
	}
}

// TestFetchChangedFileIsNotSpliced: when the file changed since its partial
// download began, the server answers the resumed request with the whole
// new file (If-Range), and nothing of the old part is kept.
func TestFetchChangedFileIsNotSpliced(t *testing.T) {
	root := mirror(t)
	url := serve(t, root, dropHalfAged(t, root, time.Hour))
	rep, err := Fetch(context.Background(), Selection{Floats: []string{"2902269"}}, Options{URL: url, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	sameAsMirror(t, root, rep)
	for _, f := range rep.Files {
		if f.Status != Fetched || strings.HasSuffix(f.File, ".nc") && (f.Resumed || f.Attempts != 2) {
			t.Errorf("%s: %s, resumed %v after %d attempts; want fetched whole on the 2nd", f.File, f.Status, f.Resumed, f.Attempts)
		}
	}
}

// truncate serves name cut in half (with a matching length, so HTTP
// itself sees nothing wrong) the first times times it is asked for.
func truncate(root, name string, times int) func(http.Handler) http.Handler {
	var mu sync.Mutex
	served := 0
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			cut := strings.HasSuffix(r.URL.Path, "/"+name) && served < times
			if cut {
				served++
			}
			mu.Unlock()
			if !cut {
				next.ServeHTTP(w, r)
				return
			}
			b, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.URL.Path)))
			http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b[:len(b)/2]))
		})
	}
}

func TestFetchRefetchesTruncatedFile(t *testing.T) {
	root := mirror(t)
	const name = "2902269_prof.nc"
	url := serve(t, root, truncate(root, name, 1))
	rep, err := Fetch(context.Background(), Selection{Floats: []string{"2902269"}}, Options{URL: url, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	sameAsMirror(t, root, rep)
	for _, f := range rep.Files {
		if strings.HasSuffix(f.File, name) && (f.Status != Fetched || f.Attempts != 2) {
			t.Errorf("%s: %s after %d attempts, want fetched on the 2nd", name, f.Status, f.Attempts)
		}
	}

	// A server that only ever has half of it: the file fails, saying why.
	url = serve(t, root, truncate(root, name, 100))
	rep, err = Fetch(context.Background(), Selection{Floats: []string{"2902269"}}, Options{URL: url, Dir: t.TempDir(), Attempts: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Files {
		if strings.HasSuffix(f.File, name) {
			if f.Status != Failed || f.Attempts != 3 || !strings.Contains(f.Reason, "not a whole NetCDF file") {
				t.Errorf("%s: %s after %d attempts: %s", name, f.Status, f.Attempts, f.Reason)
			}
			if _, err := os.Stat(f.Path); err == nil {
				t.Errorf("a damaged %s was kept", name)
			}
		}
	}
}

func TestParseBox(t *testing.T) {
	b, err := ParseBox("5, 25, 50, 78")
	if err != nil || b != (Box{5, 25, 50, 78}) {
		t.Fatalf("%v %v", b, err)
	}
	if !b.Contains(10, 60, "") || b.Contains(30, 60, "") || b.Contains(10, 80, "") {
		t.Error("Contains")
	}
	across := Box{-10, 10, 170, -170}
	if !across.Contains(0, 175, "") || !across.Contains(0, -175, "") || across.Contains(0, 0, "") {
		t.Error("a box across the antimeridian")
	}
	for in, says := range map[string]string{
		"1,2,3":        "SOUTH,NORTH,WEST,EAST",
		"a,2,3,4":      `"a" is not a number`,
		"20,10,0,1":    "SOUTH <= NORTH",
		"0,10,0,200":   "-180..180",
		"-95,10,0,100": "-90",
	} {
		if _, err := ParseBox(in); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("ParseBox(%q) = %v, want an error saying %s", in, err, says)
		}
	}
}

func BenchmarkFetchMirror(b *testing.B) {
	root := mirror(b)
	url := serve(b, root, nil)
	for b.Loop() {
		rep, err := Fetch(context.Background(), Selection{All: true}, Options{URL: url, Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(rep.Bytes)/1e6, "MB")
		b.ReportMetric(float64(rep.Count(Fetched)), "files")
	}
}

func TestFetchBadGDAC(t *testing.T) {
	empty := t.TempDir()
	url := serve(t, empty, nil)
	_, err := Fetch(context.Background(), Selection{All: true}, Options{URL: url, Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "gdac index "+MetaIndex) || !strings.Contains(err.Error(), "missing") {
		t.Errorf("no index on the server: %v", err)
	}
	os.WriteFile(filepath.Join(empty, MetaIndex), []byte("# meta\nfile,profiler_type,institution,date_update\n"), 0o644)
	for body, says := range map[string]string{
		"# prof\nfile,date,latitude,longitude,ocean,profiler_type,institution,date_update\n../../etc/passwd,20200101000000,1,2,I,846,IN,20200101000000\n": "line 3: file \"../../etc/passwd\" is not a plain relative GDAC path",
		"# prof\nfile,date,latitude\n": `has no column "longitude"`,
		"# prof\nfile,date,latitude,longitude,ocean,profiler_type,institution,date_update\na,b\n": "line 3: 2 fields, the header has 8",
		"just text": "does not start like a GDAC index",
	} {
		os.WriteFile(filepath.Join(empty, ProfIndex), []byte(body), 0o644)
		_, err := Fetch(context.Background(), Selection{All: true}, Options{URL: url, Dir: t.TempDir(), Attempts: 1})
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("index %.40q: %v, want an error saying %s", body, err, says)
		}
	}
	// Nothing listening: the error names the index and the connection.
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	_, err = Fetch(context.Background(), Selection{All: true}, Options{URL: gone.URL, Dir: t.TempDir(), Attempts: 2})
	if err == nil || !strings.Contains(err.Error(), "gdac index "+MetaIndex) || !strings.Contains(err.Error(), "2 attempt(s)") || !strings.Contains(err.Error(), "refused") {
		t.Errorf("no server: %v", err)
	}
}

// A BGC float's synthetic profiles come with it; a mirror without the
// synthetic index still serves the core files.
func TestFetchBGC(t *testing.T) {
	root := mirror(t)
	url := serve(t, root, nil)
	rep, err := Fetch(context.Background(), Selection{Floats: []string{"3902131"}}, Options{URL: url, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var sprof *FileResult
	for i, f := range rep.Files {
		if f.File == "dac/coriolis/3902131/3902131_Sprof.nc" {
			sprof = &rep.Files[i]
		}
	}
	if sprof == nil || sprof.Status != Fetched || !slices.Contains(rep.Paths(), sprof.Path) {
		t.Fatalf("the float's Sprof file: %+v", sprof)
	}
	want, _ := os.ReadFile(filepath.Join(root, "dac", "coriolis", "3902131", "3902131_Sprof.nc"))
	got, _ := os.ReadFile(sprof.Path)
	if !bytes.Equal(got, want) {
		t.Errorf("Sprof file: %d bytes, the mirror's %d", len(got), len(want))
	}

	// The same float from a mirror that has no synthetic index.
	core := t.TempDir()
	for _, ix := range []string{ProfIndex, MetaIndex} {
		b, err := os.ReadFile(filepath.Join(root, ix))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(core, ix), b, 0o644)
	}
	os.Symlink(filepath.Join(root, "dac"), filepath.Join(core, "dac"))
	rep, err = Fetch(context.Background(), Selection{Floats: []string{"3902131"}}, Options{URL: serve(t, core, nil), Dir: t.TempDir()})
	if err != nil {
		t.Fatalf("a mirror without the synthetic index: %v", err)
	}
	for _, f := range rep.Files {
		if strings.HasSuffix(f.File, "_Sprof.nc") {
			t.Errorf("fetched %s with no synthetic index", f.File)
		}
		if f.File == SyntheticIndex && f.Status != Missing {
			t.Errorf("synthetic index: %s, want missing", f.Status)
		}
	}
	if rep.Count(Fetched) < 3 {
		t.Errorf("core files fetched: %d", rep.Count(Fetched))
	}
}
