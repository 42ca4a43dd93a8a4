//go:build cgo && netcdf4

package netcdf

/*
#cgo pkg-config: netcdf hdf5
#include <stdlib.h>
#include <netcdf.h>
#include <hdf5.h>

// quiet turns off HDF5's printing of its error stack to stderr (libnetcdf
// probes for optional attributes, each miss printing a stack); errors still
// come back as status codes.
static void quiet(void) { H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// nc4Built reports whether this build reads NetCDF-4/HDF5.
const nc4Built = true

// ncMu serialises every libnetcdf call: the library (and the HDF5 library
// under it) is not thread-safe. It guards a C library's global state, so it
// is package-level by necessity.
var ncMu sync.Mutex

// lockNC takes ncMu and pins the goroutine to its OS thread with HDF5's
// error printing off: HDF5 keeps that setting per thread.
func lockNC() {
	ncMu.Lock()
	runtime.LockOSThread()
	C.quiet()
}

func unlockNC() {
	runtime.UnlockOSThread()
	ncMu.Unlock()
}

// nc4File is a NetCDF-4/HDF5 file open in libnetcdf.
type nc4File struct {
	id     C.int
	closed bool
}

func ncError(what string, status C.int) error {
	return fmt.Errorf("%w: %s: %s (libnetcdf status %d)", ErrFormat, what, C.GoString(C.nc_strerror(status)), int(status))
}

// openNC4 opens the NetCDF-4/HDF5 file at path and reads its root group's
// dimensions, attributes and variables. Nested groups are not read.
func openNC4(path string) (*File, error) {
	lockNC()
	defer unlockNC()
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var id C.int
	if st := C.nc_open(cpath, C.NC_NOWRITE, &id); st != C.NC_NOERR {
		return nil, ncError("open", st)
	}
	h := &nc4File{id: id}
	f, err := h.header()
	if err != nil {
		C.nc_close(id)
		return nil, err
	}
	f.Version = 4
	f.nc4 = h
	f.closer = h
	return f, nil
}

func (h *nc4File) header() (*File, error) {
	f := &File{}
	var ndims C.int
	if st := C.nc_inq_dimids(h.id, &ndims, nil, 0); st != C.NC_NOERR {
		return nil, ncError("dimensions", st)
	}
	dimIDs := make([]C.int, max(int(ndims), 1))
	if st := C.nc_inq_dimids(h.id, &ndims, &dimIDs[0], 0); st != C.NC_NOERR {
		return nil, ncError("dimensions", st)
	}
	var nunlim C.int
	if st := C.nc_inq_unlimdims(h.id, &nunlim, nil); st != C.NC_NOERR {
		return nil, ncError("unlimited dimensions", st)
	}
	unlimIDs := make([]C.int, max(int(nunlim), 1))
	if st := C.nc_inq_unlimdims(h.id, &nunlim, &unlimIDs[0]); st != C.NC_NOERR {
		return nil, ncError("unlimited dimensions", st)
	}
	unlim := map[C.int]bool{}
	for _, d := range unlimIDs[:nunlim] {
		unlim[d] = true
	}
	dims := map[C.int]Dim{}
	var name [C.NC_MAX_NAME + 1]C.char
	for _, d := range dimIDs[:ndims] {
		var n C.size_t
		if st := C.nc_inq_dim(h.id, d, &name[0], &n); st != C.NC_NOERR {
			return nil, ncError(fmt.Sprintf("dimension %d", int(d)), st)
		}
		dim := Dim{Name: C.GoString(&name[0]), Len: int64(n), Unlimited: unlim[d]}
		dims[d] = dim
		f.Dims = append(f.Dims, dim)
		if dim.Unlimited && f.NumRecs == 0 {
			f.NumRecs = dim.Len
		}
	}
	var err error
	if f.Attrs, err = h.attrs(C.NC_GLOBAL, "global"); err != nil {
		return nil, err
	}
	var nvars C.int
	if st := C.nc_inq_nvars(h.id, &nvars); st != C.NC_NOERR {
		return nil, ncError("variables", st)
	}
	varIDs := make([]C.int, max(int(nvars), 1))
	if st := C.nc_inq_varids(h.id, &nvars, &varIDs[0]); st != C.NC_NOERR {
		return nil, ncError("variables", st)
	}
	for _, vid := range varIDs[:nvars] {
		var xtype C.nc_type
		var nd C.int
		if st := C.nc_inq_var(h.id, vid, &name[0], &xtype, &nd, nil, nil); st != C.NC_NOERR {
			return nil, ncError(fmt.Sprintf("variable %d", int(vid)), st)
		}
		vname := C.GoString(&name[0])
		vdims := make([]C.int, max(int(nd), 1))
		if st := C.nc_inq_vardimid(h.id, vid, &vdims[0]); st != C.NC_NOERR {
			return nil, ncError("variable "+vname, st)
		}
		v := &Var{Name: vname, Type: Type(xtype), id: int32(vid)}
		for _, d := range vdims[:nd] {
			dim, ok := dims[d]
			if !ok {
				return nil, fmt.Errorf("%w: variable %s uses dimension %d of another group", ErrFormat, vname, int(d))
			}
			v.Dims = append(v.Dims, dim)
		}
		v.record = len(v.Dims) > 0 && v.Dims[0].Unlimited
		if v.Attrs, err = h.attrs(vid, vname); err != nil {
			return nil, err
		}
		f.Vars = append(f.Vars, v)
	}
	return f, nil
}

// attrs reads the attributes of variable vid (or the global ones).
func (h *nc4File) attrs(vid C.int, owner string) ([]Attr, error) {
	var natts C.int
	if st := C.nc_inq_varnatts(h.id, vid, &natts); st != C.NC_NOERR {
		return nil, ncError("attributes of "+owner, st)
	}
	var out []Attr
	var name [C.NC_MAX_NAME + 1]C.char
	for i := range C.int(natts) {
		if st := C.nc_inq_attname(h.id, vid, i, &name[0]); st != C.NC_NOERR {
			return nil, ncError("attributes of "+owner, st)
		}
		var xtype C.nc_type
		var n C.size_t
		if st := C.nc_inq_att(h.id, vid, &name[0], &xtype, &n); st != C.NC_NOERR {
			return nil, ncError("attributes of "+owner, st)
		}
		a := Attr{Name: C.GoString(&name[0]), Type: Type(xtype)}
		switch {
		case xtype == C.NC_STRING:
			ss := make([]*C.char, max(int(n), 1))
			if st := C.nc_get_att_string(h.id, vid, &name[0], &ss[0]); st != C.NC_NOERR {
				return nil, ncError(fmt.Sprintf("attribute %s of %s", a.Name, owner), st)
			}
			parts := make([]string, int(n))
			for k := range parts {
				parts[k] = C.GoString(ss[k])
			}
			C.nc_free_string(n, &ss[0])
			a.Type, a.Value = Char, strings.Join(parts, "\n")
		case Type(xtype).Size() > 0:
			buf, ptr := alloc(Type(xtype), int(n))
			if n > 0 {
				if st := C.nc_get_att(h.id, vid, &name[0], ptr); st != C.NC_NOERR {
					return nil, ncError(fmt.Sprintf("attribute %s of %s", a.Name, owner), st)
				}
			}
			if xtype == C.NC_CHAR {
				a.Value = strings.TrimRight(string(buf.([]byte)), "\x00")
			} else {
				a.Value = buf
			}
		default:
			continue // user-defined types: not read
		}
		out = append(out, a)
	}
	return out, nil
}

// alloc makes a typed slice of n values of t and returns it with a pointer
// to its first element (nil when n is 0).
func alloc(t Type, n int) (any, unsafe.Pointer) {
	ptr := func(p unsafe.Pointer) unsafe.Pointer {
		if n == 0 {
			return nil
		}
		return p
	}
	m := max(n, 1)
	switch t {
	case Byte:
		s := make([]int8, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case Char, UByte:
		s := make([]byte, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case Short:
		s := make([]int16, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case UShort:
		s := make([]uint16, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case Int:
		s := make([]int32, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case UInt:
		s := make([]uint32, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case Float:
		s := make([]float32, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case Double:
		s := make([]float64, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case Int64:
		s := make([]int64, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	case UInt64:
		s := make([]uint64, m)
		return s[:n], ptr(unsafe.Pointer(&s[0]))
	}
	return nil, nil
}

// slab reads a hyperslab of v with nc_get_vars; the result is typed as
// for File.Values.
func (h *nc4File) slab(v *Var, start, count, stride []int64) (any, error) {
	start, count, stride, total, err := checkSlab(v, start, count, stride)
	if err != nil {
		return nil, err
	}
	out, p := alloc(v.Type, int(total))
	if out == nil {
		return nil, fmt.Errorf("%w: %q has type %s, which this package does not read", ErrType, v.Name, v.Type)
	}
	if total == 0 {
		return out, nil
	}
	nd := len(v.Dims)
	cs := make([]C.size_t, max(nd, 1))
	cc := make([]C.size_t, max(nd, 1))
	cr := make([]C.ptrdiff_t, max(nd, 1))
	for i := range nd {
		cs[i], cc[i], cr[i] = C.size_t(start[i]), C.size_t(count[i]), C.ptrdiff_t(stride[i])
	}
	lockNC()
	defer unlockNC()
	if h.closed {
		return nil, fmt.Errorf("netcdf: read %s: %w", v.Name, errClosed)
	}
	if st := C.nc_get_vars(h.id, C.int(v.id), &cs[0], &cc[0], &cr[0], p); st != C.NC_NOERR {
		return nil, ncError("read "+v.Name, st)
	}
	return out, nil
}

var errClosed = errors.New("file is closed")

// Close closes the file in libnetcdf; closing twice does nothing.
func (h *nc4File) Close() error {
	lockNC()
	defer unlockNC()
	if h.closed {
		return nil
	}
	h.closed = true
	if st := C.nc_close(h.id); st != C.NC_NOERR {
		return ncError("close", st)
	}
	return nil
}
