package netcdf

import (
	"errors"
	"path/filepath"
	"sync"
	"testing"
)

// sprofPath is the real Argo Sprof file; tests of the libnetcdf backend
// skip in builds without it (without -tags netcdf4, or CGO_ENABLED=0).
func sprofPath(t testing.TB) string {
	t.Helper()
	if !nc4Built {
		t.Skip("built without libnetcdf: NetCDF-4/HDF5 is not read")
	}
	return filepath.Join(argoDir(t), "dac/coriolis/3902131/3902131_Sprof.nc")
}

// TestHDF5ConcurrentReads reads one NetCDF-4 file and opens others from
// several goroutines at once (run with -race): libnetcdf calls are
// serialised and every reader gets the same values.
func TestHDF5ConcurrentReads(t *testing.T) {
	f, err := Open(sprofPath(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := f.Float64s("DOXY")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := f
			if i%2 == 1 { // half of them on their own handle
				var err error
				if g, err = Open(sprofPath(t)); err != nil {
					errs <- err.Error()
					return
				}
				defer g.Close()
			}
			got, err := g.Float64s("DOXY")
			if err != nil {
				errs <- err.Error()
				return
			}
			for k := range want {
				if got[k] != want[k] && !(got[k] != got[k] && want[k] != want[k]) {
					errs <- "values differ"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// BenchmarkHDF5Open opens the Argo Sprof file (3.2 MB, NetCDF-4) and
// parses its header: 11 dimensions, 58 variables.
func BenchmarkHDF5Open(b *testing.B) {
	p := sprofPath(b)
	for b.Loop() {
		f, err := Open(p)
		if err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}

// BenchmarkHDF5ReadDOXY reads the whole DOXY variable (162 x 800 float32, one
// chunk) of the Argo Sprof file.
func BenchmarkHDF5ReadDOXY(b *testing.B) {
	f, err := Open(sprofPath(b))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	v, err := f.Var("DOXY")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(v.Len() * 4)
	for b.Loop() {
		if _, err := f.Values(v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHDF5WithoutLibnetcdf: a build without libnetcdf refuses NetCDF-4
// files with ErrHDF5 (the default build, without -tags netcdf4).
func TestHDF5WithoutLibnetcdf(t *testing.T) {
	if nc4Built {
		t.Skip("this build reads NetCDF-4")
	}
	_, err := Open(filepath.Join(argoDir(t), "dac/coriolis/3902131/3902131_Sprof.nc"))
	if !errors.Is(err, ErrHDF5) {
		t.Fatalf("err = %v, want ErrHDF5", err)
	}
}
