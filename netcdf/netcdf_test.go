package netcdf

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/testkit"
)

// sample builds a file with a 3x4 float grid, a char array, a scalar,
// two record variables (one int, one char) and attributes of several types.
func sample(version int) wFile {
	w := wFile{
		version: version,
		numrecs: 3,
		dims: []Dim{
			{Name: "time"}, // unlimited
			{Name: "y", Len: 3},
			{Name: "x", Len: 4},
			{Name: "strlen", Len: 5},
		},
		attrs: []Attr{
			{Name: "title", Type: Char, Value: "test file"},
			{Name: "version", Type: Int, Value: []int32{7}},
		},
		vars: []wVar{
			{name: "grid", typ: Float, dims: []int{1, 2},
				attrs:  []Attr{{Name: "_FillValue", Type: Float, Value: []float32{-999}}, {Name: "units", Type: Char, Value: "m"}},
				values: []float32{0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23}},
			{name: "names", typ: Char, dims: []int{1, 3}, values: "ab   cde  fghij"},
			{name: "scalar", typ: Double, values: []float64{3.25}},
			{name: "tcount", typ: Int, dims: []int{0}, values: []int32{100, 200, 300}},
			{name: "tgrid", typ: Short, dims: []int{0, 2}, values: []int16{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
			{name: "tmode", typ: Char, dims: []int{0}, values: "RAD"},
		},
	}
	return w
}

func open(t testing.TB, b []byte) *File {
	t.Helper()
	f, err := NewFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("NewFile: %v", err)
	}
	return f
}

func TestVersions(t *testing.T) {
	for _, version := range []int{1, 2, 5} {
		f := open(t, sample(version).bytes())
		if f.Version != version {
			t.Fatalf("version %d: got %d", version, f.Version)
		}
		if f.NumRecs != 3 {
			t.Errorf("v%d NumRecs = %d", version, f.NumRecs)
		}
		if d, ok := f.Dim("time"); !ok || !d.Unlimited || d.Len != 3 {
			t.Errorf("v%d time dim = %+v", version, d)
		}
		if a, _ := f.Attr("title"); a.String() != "test file" {
			t.Errorf("v%d title = %q", version, a.String())
		}
		if a, _ := f.Attr("version"); !reflect.DeepEqual(a.Float64s(), []float64{7}) {
			t.Errorf("v%d version attr = %v", version, a.Value)
		}
		g, err := f.Var("grid")
		if err != nil {
			t.Fatal(err)
		}
		if fv, ok := g.FillValue(); !ok || fv != -999 {
			t.Errorf("v%d fill = %v %v", version, fv, ok)
		}
		vals, err := f.Values(g)
		if err != nil {
			t.Fatal(err)
		}
		if want := []float32{0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23}; !reflect.DeepEqual(vals, want) {
			t.Errorf("v%d grid = %v", version, vals)
		}
		names, err := f.Strings("names")
		if err != nil || !reflect.DeepEqual(names, []string{"ab", "cde", "fghij"}) {
			t.Errorf("v%d names = %q, %v", version, names, err)
		}
		sc, err := f.Float64s("scalar")
		if err != nil || !reflect.DeepEqual(sc, []float64{3.25}) {
			t.Errorf("v%d scalar = %v %v", version, sc, err)
		}
		tc, err := f.Float64s("tcount")
		if err != nil || !reflect.DeepEqual(tc, []float64{100, 200, 300}) {
			t.Errorf("v%d tcount = %v %v", version, tc, err)
		}
		tg, _ := f.Var("tgrid")
		if !tg.IsRecord() {
			t.Errorf("tgrid not record")
		}
		tv, err := f.Values(tg)
		if err != nil || !reflect.DeepEqual(tv, []int16{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) {
			t.Errorf("v%d tgrid = %v %v", version, tv, err)
		}
		tm, err := f.Strings("tmode")
		if err != nil || !reflect.DeepEqual(tm, []string{"RAD"}) {
			t.Errorf("v%d tmode = %q %v", version, tm, err)
		}
	}
}

func TestSlab(t *testing.T) {
	f := open(t, sample(2).bytes())
	g, _ := f.Var("grid")
	cases := []struct {
		start, count, stride []int64
		want                 []float32
	}{
		{[]int64{1, 1}, []int64{2, 2}, nil, []float32{11, 12, 21, 22}},
		{[]int64{0, 0}, []int64{2, 2}, []int64{2, 3}, []float32{0, 3, 20, 23}},
		{[]int64{2, 0}, nil, nil, []float32{20, 21, 22, 23}},
		{[]int64{0, 1}, nil, []int64{1, 2}, []float32{1, 3, 11, 13, 21, 23}},
		{[]int64{0, 0}, []int64{0, 4}, nil, []float32{}},
	}
	for _, c := range cases {
		got, err := f.Slab(g, c.start, c.count, c.stride)
		if err != nil {
			t.Fatalf("slab %v %v %v: %v", c.start, c.count, c.stride, err)
		}
		if len(c.want) == 0 {
			if got.([]float32) != nil && len(got.([]float32)) != 0 {
				t.Errorf("empty slab = %v", got)
			}
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("slab %v %v %v = %v, want %v", c.start, c.count, c.stride, got, c.want)
		}
	}
	// record variable, strided over records
	tg, _ := f.Var("tgrid")
	got, err := f.Slab(tg, []int64{0, 3}, []int64{2, 1}, []int64{2, 1})
	if err != nil || !reflect.DeepEqual(got, []int16{4, 12}) {
		t.Errorf("record slab = %v %v", got, err)
	}
	for _, bad := range [][3][]int64{
		{{0, 0}, {4, 1}, nil},
		{{3, 0}, {1, 1}, nil},
		{{0, 0}, {2, 2}, {2, 0}},
		{{-1, 0}, {1, 1}, nil},
		{{0}, {1}, nil},
	} {
		if _, err := f.Slab(g, bad[0], bad[1], bad[2]); !errors.Is(err, ErrRange) {
			t.Errorf("slab %v: err = %v, want ErrRange", bad, err)
		}
	}
}

func TestSingleRecordVarIsUnpadded(t *testing.T) {
	w := wFile{version: 1, numrecs: 3, dims: []Dim{{Name: "t"}},
		vars: []wVar{{name: "b", typ: Byte, dims: []int{0}, values: []int8{-1, 2, -3}}}}
	f := open(t, w.bytes())
	v, _ := f.Var("b")
	got, err := f.Values(v)
	if err != nil || !reflect.DeepEqual(got, []int8{-1, 2, -3}) {
		t.Fatalf("got %v %v", got, err)
	}
}

func TestCDF5Types(t *testing.T) {
	w := wFile{version: 5, dims: []Dim{{Name: "n", Len: 2}},
		vars: []wVar{
			{name: "i64", typ: Int64, dims: []int{0}, values: []int64{-1 << 40, 5}},
			{name: "u16", typ: UShort, dims: []int{0}, values: []uint16{65535, 1}},
			{name: "u64", typ: UInt64, dims: []int{0}, values: []uint64{1 << 63, 2}},
		}}
	f := open(t, w.bytes())
	for name, want := range map[string]any{"i64": []int64{-1 << 40, 5}, "u16": []uint16{65535, 1}, "u64": []uint64{1 << 63, 2}} {
		v, _ := f.Var(name)
		got, err := f.Values(v)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v %v", name, got, err)
		}
	}
	// CDF-5 types are not allowed in CDF-1.
	w.version = 1
	w.vars = w.vars[1:2]
	if _, err := NewFile(bytes.NewReader(w.bytes()), int64(len(w.bytes()))); !errors.Is(err, ErrFormat) {
		t.Errorf("ushort in CDF-1: err = %v", err)
	}
}

func TestBadInput(t *testing.T) {
	good := sample(1).bytes()
	cases := map[string]struct {
		b    []byte
		want error
	}{
		"empty":     {nil, ErrNotNetCDF},
		"text":      {[]byte("hello world"), ErrNotNetCDF},
		"hdf5":      {append([]byte("\x89HDF\r\n\x1a\n"), make([]byte, 100)...), ErrHDF5},
		"version 3": {append([]byte("CDF\x03"), good[4:]...), ErrFormat},
		"truncated": {good[:60], ErrFormat},
		"no data":   {good[:len(good)-40], ErrFormat},
	}
	for name, c := range cases {
		_, err := NewFile(bytes.NewReader(c.b), int64(len(c.b)))
		if name == "no data" && err == nil {
			// header is intact: the error comes on reading a record variable
			f := open(t, c.b)
			v, _ := f.Var("tmode")
			_, err = f.Values(v)
		}
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
	f := open(t, good)
	if _, err := f.Var("nope"); !errors.Is(err, ErrNoVar) {
		t.Errorf("missing var: %v", err)
	}
	if _, err := f.Strings("grid"); !errors.Is(err, ErrType) {
		t.Errorf("Strings on float: %v", err)
	}
	if _, err := f.Float64s("names"); !errors.Is(err, ErrType) {
		t.Errorf("Float64s on char: %v", err)
	}
}

// argoDir finds ../shared/data/argo/gdac beside the repository root.
func argoDir(t testing.TB) string { return testkit.Shared(t, "data/argo/gdac") }

func TestRealArgoProfile(t *testing.T) {
	gdac := argoDir(t)
	f, err := Open(filepath.Join(gdac, "dac/incois/2902269/2902269_prof.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Version != 1 {
		t.Errorf("version = %d", f.Version)
	}
	if a, _ := f.Attr("Conventions"); a.String() == "" {
		t.Errorf("no Conventions attribute")
	}
	plat, err := f.Strings("PLATFORM_NUMBER")
	if err != nil {
		t.Fatal(err)
	}
	np, _ := f.Dim("N_PROF")
	if int64(len(plat)) != np.Len || plat[0] != "2902269" {
		t.Fatalf("PLATFORM_NUMBER = %d values, first %q; N_PROF = %d", len(plat), plat[0], np.Len)
	}
	lat, err := f.Float64s("LATITUDE")
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range lat {
		if v < 14 || v > 18 {
			t.Errorf("LATITUDE[%d] = %v, outside the float's 15-17N box", i, v)
		}
	}
	pres, _ := f.Var("PRES")
	if pres.Type != Float || len(pres.Dims) != 2 {
		t.Fatalf("PRES = %s %v", pres.Type, pres.Dims)
	}
	p, err := f.Float64s("PRES")
	if err != nil {
		t.Fatal(err)
	}
	fill, _ := pres.FillValue()
	nl := pres.Dims[1].Len
	// pressures increase down an ascending profile
	for i := int64(0); i < nl-1; i++ {
		a, b := p[i], p[i+1]
		if a != fill && b != fill && b < a {
			t.Fatalf("PRES[0][%d..%d] = %v, %v: not increasing", i, i+1, a, b)
		}
	}
	// a one-profile slab equals the matching row of the whole read
	row, err := f.Slab(pres, []int64{1, 0}, []int64{1, nl}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range row.([]float32) {
		if float64(v) != p[nl+int64(i)] {
			t.Fatalf("slab row 1 [%d] = %v, whole read %v", i, v, p[nl+int64(i)])
		}
	}
	// HISTORY_* variables are record variables on N_HISTORY
	if _, err := f.Strings("HISTORY_INSTITUTION"); err != nil {
		t.Errorf("HISTORY_INSTITUTION: %v", err)
	}
}

func TestRealArgoSprofHDF5(t *testing.T) {
	path := sprofPath(t)
	f, err := Open(path)
	if err != nil {
		t.Fatalf("Sprof: %v", err)
	}
	defer f.Close()
	if f.Version != 4 {
		t.Errorf("Version = %d, want 4", f.Version)
	}
	// facts checked with ncdump (netcdf-bin 4.9.0)
	for name, want := range map[string]int64{"N_PROF": 162, "N_LEVELS": 800, "N_PARAM": 4, "STRING8": 8} {
		if d, ok := f.Dim(name); !ok || d.Len != want {
			t.Errorf("dim %s = %+v, want length %d", name, d, want)
		}
	}
	if len(f.Dims) != 11 || len(f.Vars) != 58 {
		t.Errorf("%d dimensions, %d variables; ncdump lists 11 and 58", len(f.Dims), len(f.Vars))
	}
	if a, _ := f.Attr("Conventions"); a.String() != "Argo-3.1 CF-1.6" {
		t.Errorf("Conventions = %q", a.String())
	}
	doxy, err := f.Var("DOXY")
	if err != nil {
		t.Fatal(err)
	}
	if doxy.Type != Float || len(doxy.Dims) != 2 || doxy.Dims[0].Name != "N_PROF" || doxy.Dims[1].Name != "N_LEVELS" {
		t.Errorf("DOXY = %s %v", doxy.Type, doxy.Dims)
	}
	if u, _ := doxy.Attr("units"); u.String() != "micromole/kg" {
		t.Errorf("DOXY units = %q", u.String())
	}
	if fv, ok := doxy.FillValue(); !ok || fv != 99999 {
		t.Errorf("DOXY fill = %v %v", fv, ok)
	}
	d, err := f.Float64s("DOXY")
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != 162*800 {
		t.Fatalf("DOXY has %d values", len(d))
	}
	// ncdump: DOXY = 193.055, _, 196.612, _, 204.312, ...
	for i, want := range []float64{193.055, 99999, 196.612, 99999, 204.312} {
		if math.Abs(d[i]-want) > 1e-3 {
			t.Errorf("DOXY[%d] = %v, want %v", i, d[i], want)
		}
	}
	pres, err := f.Slab(mustVar(t, f, "PRES"), []int64{0, 0}, []int64{1, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float32{13.1, 13.4, 16.4, 16.7} {
		if got := pres.([]float32)[i]; got != want {
			t.Errorf("PRES[0][%d] = %v, want %v", i, got, want)
		}
	}
	strided, err := f.Slab(doxy, []int64{0, 0}, []int64{1, 3}, []int64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := strided.([]float32); math.Abs(float64(got[2])-204.312) > 1e-3 {
		t.Errorf("strided DOXY = %v", got)
	}
	plat, err := f.Strings("PLATFORM_NUMBER")
	if err != nil || len(plat) != 162 || plat[0] != "3902131" {
		t.Errorf("PLATFORM_NUMBER = %d values, first %q, err %v", len(plat), first(plat), err)
	}
	dir, err := f.Strings("DIRECTION")
	if err != nil || len(dir) != 1 || !strings.HasPrefix(dir[0], "DAA") || len(dir[0]) != 162 {
		t.Errorf("DIRECTION = %q, %v", dir, err)
	}
	cyc, err := f.Float64s("CYCLE_NUMBER")
	if err != nil || cyc[0] != 1 || cyc[1] != 1 || cyc[161] != 161 {
		t.Errorf("CYCLE_NUMBER = %v..., %v", cyc[:3], err)
	}
	if _, err := f.Slab(doxy, []int64{162, 0}, []int64{1, 1}, nil); !errors.Is(err, ErrRange) {
		t.Errorf("slab past N_PROF: err = %v, want ErrRange", err)
	}
	if _, err := f.Var("NITRATE"); !errors.Is(err, ErrNoVar) {
		t.Errorf("NITRATE: err = %v, want ErrNoVar", err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := f.Values(doxy); err == nil {
		t.Error("read after Close succeeded")
	}
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

func mustVar(t *testing.T, f *File, name string) *Var {
	t.Helper()
	v, err := f.Var(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTruncatedHDF5(t *testing.T) {
	b, err := os.ReadFile(sprofPath(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"truncated.nc":   b[:len(b)/2],
		"header-only.nc": b[:4096],
		"magic-only.nc":  b[:8],
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Open(p)
		if err == nil {
			f.Close()
			t.Errorf("%s: opened a truncated HDF5 file", name)
			continue
		}
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %q should wrap ErrFormat and name the file", name, err)
		}
	}
}

func TestAllRealFilesParse(t *testing.T) {
	gdac := argoDir(t)
	var n int
	filepath.WalkDir(filepath.Join(gdac, "dac"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".nc" {
			return err
		}
		f, err := Open(p)
		if errors.Is(err, ErrHDF5) {
			return nil
		}
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		defer f.Close()
		for _, v := range f.Vars {
			if _, err := f.Values(v); err != nil {
				t.Errorf("%s %s: %v", p, v.Name, err)
			}
		}
		n++
		return nil
	})
	if n < 100 {
		t.Errorf("parsed only %d files", n)
	}
}

func FuzzNewFile(f *testing.F) {
	for _, v := range []int{1, 2, 5} {
		f.Add(sample(v).bytes())
	}
	f.Add([]byte("CDF\x01"))
	f.Add([]byte("\x89HDF\r\n\x1a\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		nf, err := NewFile(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return
		}
		for _, v := range nf.Vars {
			if v.Len() > 1<<20 {
				continue
			}
			nf.Values(v)
			if len(v.Dims) > 0 {
				st := make([]int64, len(v.Dims))
				nf.Slab(v, st, nil, nil)
			}
		}
	})
}
