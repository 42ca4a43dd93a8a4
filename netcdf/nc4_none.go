//go:build !cgo || !netcdf4

package netcdf

// nc4Built reports whether this build reads NetCDF-4/HDF5.
const nc4Built = false

// nc4File stands in for the libnetcdf backend in builds without it.
type nc4File struct{}

// openNC4 refuses NetCDF-4/HDF5 files: this build has no libnetcdf.
func openNC4(string) (*File, error) { return nil, ErrHDF5 }

func (*nc4File) slab(*Var, []int64, []int64, []int64) (any, error) { return nil, ErrHDF5 }

// Close does nothing.
func (*nc4File) Close() error { return nil }
