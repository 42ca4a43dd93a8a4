package netcdf

import (
	"math"
	"os"
	"testing"
)

// Debian ferret-datasets installs these NetCDF classic files.
const (
	etopo5 = "/usr/share/ferret-vis/data/etopo5.cdf"
	coads  = "/usr/share/ferret-vis/data/coads_climatology.cdf"
)

func openOrSkip(t testing.TB, path string) *File {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skip("not installed (Debian ferret-datasets): ", path)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestETOPO5(t *testing.T) {
	f := openOrSkip(t, etopo5)
	rose, err := f.Var("ROSE")
	if err != nil {
		t.Fatal(err)
	}
	if rose.Type != Float || rose.Dims[0].Len != 2161 || rose.Dims[1].Len != 4320 {
		t.Fatalf("ROSE = %s %v", rose.Type, rose.Dims)
	}
	all, err := f.Values(rose)
	if err != nil {
		t.Fatal(err)
	}
	z := all.([]float32)
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, v := range z {
		lo, hi = min(lo, v), max(hi, v)
	}
	// deepest trench below 10 km; 5-minute cells smooth the highest peaks to under 8 km
	if lo > -10000 || hi < 7000 || hi > 8900 {
		t.Errorf("elevation range %v .. %v m", lo, hi)
	}
	// a strided slab equals the matching values of the whole read
	start, count, stride := []int64{100, 7}, []int64{20, 30}, []int64{97, 143}
	slab, err := f.Slab(rose, start, count, stride)
	if err != nil {
		t.Fatal(err)
	}
	s := slab.([]float32)
	for i := range count[0] {
		for j := range count[1] {
			r, c := start[0]+i*stride[0], start[1]+j*stride[1]
			if got, want := s[i*count[1]+j], z[r*4320+c]; got != want {
				t.Fatalf("slab[%d][%d] = %v, whole[%d][%d] = %v", i, j, got, r, c, want)
			}
		}
	}
	lat, err := f.Float64s("ETOPO05_Y")
	if err != nil || len(lat) != 2161 || math.Abs(math.Abs(lat[0])-90) > 1e-6 {
		t.Errorf("ETOPO05_Y = %d values starting %v, %v", len(lat), lat[:1], err)
	}
}

func TestCOADSRecordVariables(t *testing.T) {
	f := openOrSkip(t, coads)
	if f.NumRecs != 12 {
		t.Fatalf("NumRecs = %d", f.NumRecs)
	}
	sst, err := f.Var("SST")
	if err != nil {
		t.Fatal(err)
	}
	if !sst.IsRecord() {
		t.Fatal("SST is not a record variable")
	}
	all, err := f.Values(sst)
	if err != nil {
		t.Fatal(err)
	}
	v := all.([]float32)
	fill, _ := sst.FillValue()
	var n int
	for _, x := range v {
		if float64(x) != fill {
			n++
			if x < -3 || x > 40 {
				t.Fatalf("SST %v out of range", x)
			}
		}
	}
	if n < 12*90*180/3 {
		t.Errorf("only %d SST values present", n)
	}
	// July (record 6) alone, through the record stride
	jul, err := f.Slab(sst, []int64{6, 0, 0}, []int64{1, 90, 180}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range jul.([]float32) {
		if x != v[6*90*180+i] {
			t.Fatalf("July slab [%d] = %v, whole %v", i, x, v[6*90*180+i])
		}
	}
}

// BenchmarkETOPO5Slab reads a 1-in-10 subsample of the 2161x4320 grid.
func BenchmarkETOPO5Slab(b *testing.B) {
	f := openOrSkip(b, etopo5)
	rose, _ := f.Var("ROSE")
	for b.Loop() {
		if _, err := f.Slab(rose, nil, nil, []int64{10, 10}); err != nil {
			b.Fatal(err)
		}
	}
}
