// Package netcdf reads NetCDF files: the classic formats CDF-1 (classic),
// CDF-2 (64-bit offset) and CDF-5 (64-bit data) in pure Go, and NetCDF-4
// (HDF5) files through the C netCDF library (libnetcdf, cgo). It parses the
// header into dimensions, attributes and variables and reads variable data,
// whole or as a strided hyperslab, as typed Go slices; both formats give the
// same File, Var and values.
//
// Classic files are read by the pure-Go parser, which treats its input as
// untrusted: every count and offset is checked against the file size before
// anything is allocated or read. NewFile reads only classic data and
// refuses HDF5 with ErrHDF5. Open reads HDF5 files from disk with
// libnetcdf when built with cgo and the build tag netcdf4 (Debian
// libnetcdf-dev, found through pkg-config); the default build needs no C
// library and Open refuses HDF5 with ErrHDF5 too.
package netcdf

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// Errors a caller may want to tell apart with errors.Is.
var (
	// ErrNotNetCDF means the file does not start with a NetCDF magic number.
	ErrNotNetCDF = errors.New("not a NetCDF file")
	// ErrHDF5 means the data are NetCDF-4/HDF5 and cannot be read this way:
	// NewFile reads only classic data, and Open reads HDF5 only when built
	// with libnetcdf (cgo).
	ErrHDF5 = errors.New("NetCDF-4/HDF5 data is read only by Open in a build with libnetcdf (go build -tags netcdf4; Debian libnetcdf-dev)")
	// ErrFormat means the file is NetCDF classic but malformed.
	ErrFormat = errors.New("malformed NetCDF file")
	// ErrNoVar means no variable has the requested name.
	ErrNoVar = errors.New("no such variable")
	// ErrType means a variable's type does not fit the requested read.
	ErrType = errors.New("variable type does not fit")
	// ErrRange means a hyperslab lies outside a variable's shape.
	ErrRange = errors.New("hyperslab out of range")
)

// Type is a NetCDF external data type.
type Type uint32

// The NetCDF data types. Byte through Double exist in every version;
// the unsigned and 64-bit types only in CDF-5.
const (
	Byte   Type = 1 // int8
	Char   Type = 2 // 8-bit character
	Short  Type = 3 // int16
	Int    Type = 4 // int32
	Float  Type = 5 // float32
	Double Type = 6 // float64
	UByte  Type = 7
	UShort Type = 8
	UInt   Type = 9
	Int64  Type = 10
	UInt64 Type = 11
)

var typeNames = [...]string{"", "byte", "char", "short", "int", "float", "double", "ubyte", "ushort", "uint", "int64", "uint64"}

func (t Type) String() string {
	if int(t) < len(typeNames) && t != 0 {
		return typeNames[t]
	}
	return fmt.Sprintf("type(%d)", uint32(t))
}

// Size is the size in bytes of one value of t, or 0 for an unknown type.
func (t Type) Size() int64 {
	switch t {
	case Byte, Char, UByte:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt, Float:
		return 4
	case Double, Int64, UInt64:
		return 8
	}
	return 0
}

// Dim is a dimension. The record (unlimited) dimension has Unlimited set and
// Len equal to the file's record count.
type Dim struct {
	Name      string
	Len       int64
	Unlimited bool
}

// Attr is an attribute. Value holds a string for Char attributes and a
// typed slice otherwise: []int8, []int16, []int32, []float32, []float64,
// []uint8, []uint16, []uint32, []int64 or []uint64.
type Attr struct {
	Name  string
	Type  Type
	Value any
}

// String returns a Char attribute's text, or "" for other types.
func (a Attr) String() string {
	s, _ := a.Value.(string)
	return s
}

// Float64s returns a numeric attribute's values converted to float64, or nil
// for a Char attribute.
func (a Attr) Float64s() []float64 {
	f, _ := toFloat64s(a.Value)
	return f
}

// Var is a variable: its type, dimensions, attributes and where its data lie.
type Var struct {
	Name  string
	Type  Type
	Dims  []Dim
	Attrs []Attr

	id     int32 // NetCDF-4: the variable's ID in libnetcdf
	begin  int64 // file offset of the data (of the first record for record variables)
	record bool  // first dimension is the record dimension
	slab   int64 // bytes per record (or whole variable), unpadded
}

// IsRecord reports whether v's first dimension is the record dimension.
func (v *Var) IsRecord() bool { return v.record }

// Shape returns the length of each of v's dimensions.
func (v *Var) Shape() []int64 {
	s := make([]int64, len(v.Dims))
	for i, d := range v.Dims {
		s[i] = d.Len
	}
	return s
}

// Len is the number of values in v.
func (v *Var) Len() int64 {
	n := int64(1)
	for _, d := range v.Dims {
		n *= d.Len
	}
	return n
}

// Attr returns v's attribute called name.
func (v *Var) Attr(name string) (Attr, bool) { return findAttr(v.Attrs, name) }

// File is an open NetCDF file. Its methods are safe for concurrent use as
// long as the underlying io.ReaderAt is (libnetcdf calls are serialised).
type File struct {
	// Version is 1 (classic), 2 (64-bit offset), 5 (64-bit data) or
	// 4 (NetCDF-4/HDF5).
	Version int
	// NumRecs is the number of records along the unlimited dimension.
	NumRecs int64
	Dims    []Dim
	Attrs   []Attr
	Vars    []*Var

	r       io.ReaderAt
	size    int64
	recSize int64 // bytes per record across all record variables
	closer  io.Closer
	nc4     *nc4File // set for NetCDF-4/HDF5 files read through libnetcdf
}

// Open opens and parses the NetCDF file at path, classic or NetCDF-4/HDF5.
func Open(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, err
	}
	var magic [8]byte
	if n, _ := fh.ReadAt(magic[:], 0); n == 8 && string(magic[:]) == string(hdf5Magic) {
		fh.Close()
		f, err := openNC4(path)
		if err != nil {
			return nil, fmt.Errorf("netcdf %s: %w", path, err)
		}
		return f, nil
	}
	f, err := NewFile(fh, st.Size())
	if err != nil {
		fh.Close()
		return nil, fmt.Errorf("netcdf %s: %w", path, err)
	}
	f.closer = fh
	return f, nil
}

// Close closes the file opened by Open; it does nothing for a File made by
// NewFile.
func (f *File) Close() error {
	if f.closer == nil {
		return nil
	}
	return f.closer.Close()
}

// Var returns the variable called name.
func (f *File) Var(name string) (*Var, error) {
	for _, v := range f.Vars {
		if v.Name == name {
			return v, nil
		}
	}
	return nil, fmt.Errorf("%w: %q", ErrNoVar, name)
}

// Dim returns the dimension called name.
func (f *File) Dim(name string) (Dim, bool) {
	for _, d := range f.Dims {
		if d.Name == name {
			return d, true
		}
	}
	return Dim{}, false
}

// Attr returns the global attribute called name.
func (f *File) Attr(name string) (Attr, bool) { return findAttr(f.Attrs, name) }

func findAttr(as []Attr, name string) (Attr, bool) {
	for _, a := range as {
		if a.Name == name {
			return a, true
		}
	}
	return Attr{}, false
}

// ReadsNetCDF4 reports whether this build reads NetCDF-4/HDF5 files: it
// does when built with cgo and the netcdf4 tag (libnetcdf through
// pkg-config); otherwise Open refuses them with ErrHDF5.
func ReadsNetCDF4() bool { return nc4Built }
