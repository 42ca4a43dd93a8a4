package netcdf

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// Values reads all of v's data as a typed slice in row-major order:
// []int8 (Byte), []byte (Char), []int16, []int32, []float32, []float64,
// []uint8 (UByte), []uint16, []uint32, []int64 or []uint64.
func (f *File) Values(v *Var) (any, error) {
	return f.Slab(v, nil, nil, nil)
}

// Slab reads the hyperslab of v that starts at start, has count values
// along each dimension and steps by stride. A nil start means all zeros, a
// nil count means everything from start to the end, a nil stride means 1s.
// The result is typed as for Values.
func (f *File) Slab(v *Var, start, count, stride []int64) (any, error) {
	if f.nc4 != nil {
		return f.nc4.slab(v, start, count, stride)
	}
	b, n, err := f.slabBytes(v, start, count, stride)
	if err != nil {
		return nil, err
	}
	if v.Type == Char {
		return b, nil
	}
	return decode(v.Type, b, n), nil
}

// Float64s reads the variable called name, converting any numeric type to
// float64. Fill values are returned as stored; see FillValue.
func (f *File) Float64s(name string) ([]float64, error) {
	v, err := f.Var(name)
	if err != nil {
		return nil, err
	}
	if v.Type == Char {
		return nil, fmt.Errorf("%w: %q is char, not numeric", ErrType, name)
	}
	vals, err := f.Values(v)
	if err != nil {
		return nil, err
	}
	out, _ := toFloat64s(vals)
	return out, nil
}

// Strings reads the char variable called name as strings along its last
// dimension, with trailing NULs and spaces removed. A 1-D variable gives
// one string; an [N][L] variable gives N strings.
func (f *File) Strings(name string) ([]string, error) {
	v, err := f.Var(name)
	if err != nil {
		return nil, err
	}
	if v.Type != Char {
		return nil, fmt.Errorf("%w: %q is %s, not char", ErrType, name, v.Type)
	}
	raw, err := f.Values(v)
	if err != nil {
		return nil, err
	}
	b := raw.([]byte)
	width := int64(1)
	if len(v.Dims) > 0 {
		width = v.Dims[len(v.Dims)-1].Len
	}
	if width == 0 {
		return nil, nil
	}
	out := make([]string, 0, int64(len(b))/width)
	for i := int64(0); i+width <= int64(len(b)); i += width {
		out = append(out, strings.TrimRight(string(b[i:i+width]), "\x00 "))
	}
	return out, nil
}

// FillValue returns v's _FillValue attribute as a float64, if it has one.
func (v *Var) FillValue() (float64, bool) {
	a, ok := v.Attr("_FillValue")
	if !ok {
		return 0, false
	}
	fv := a.Float64s()
	if len(fv) == 0 {
		return 0, false
	}
	return fv[0], true
}

// checkSlab fills in a nil start, count or stride and checks the hyperslab
// against v's shape; it returns the number of values.
func checkSlab(v *Var, start, count, stride []int64) ([]int64, []int64, []int64, int64, error) {
	nd := len(v.Dims)
	shape := v.Shape()
	if start == nil {
		start = make([]int64, nd)
	}
	if stride == nil {
		stride = make([]int64, nd)
		for i := range stride {
			stride[i] = 1
		}
	}
	if count == nil {
		count = make([]int64, nd)
		for i := range count {
			if len(start) == nd && len(stride) == nd && stride[i] > 0 && start[i] < shape[i] {
				count[i] = (shape[i] - start[i] + stride[i] - 1) / stride[i]
			}
		}
	}
	if len(start) != nd || len(count) != nd || len(stride) != nd {
		return nil, nil, nil, 0, fmt.Errorf("%w: %q has %d dimensions, got start %d, count %d, stride %d values",
			ErrRange, v.Name, nd, len(start), len(count), len(stride))
	}
	total := int64(1)
	for i := range nd {
		if start[i] < 0 || count[i] < 0 || stride[i] < 1 {
			return nil, nil, nil, 0, fmt.Errorf("%w: %q dimension %s: start %d, count %d, stride %d", ErrRange, v.Name, v.Dims[i].Name, start[i], count[i], stride[i])
		}
		if count[i] > 0 && (start[i] >= shape[i] || (count[i]-1) > (shape[i]-1-start[i])/stride[i]) {
			return nil, nil, nil, 0, fmt.Errorf("%w: %q dimension %s has length %d; start %d, count %d, stride %d go past it",
				ErrRange, v.Name, v.Dims[i].Name, shape[i], start[i], count[i], stride[i])
		}
		total *= count[i]
	}
	size := v.Type.Size()
	if size == 0 {
		return nil, nil, nil, 0, fmt.Errorf("%w: %q has type %s, which this package does not read", ErrType, v.Name, v.Type)
	}
	if total > (math.MaxInt32)/size {
		return nil, nil, nil, 0, fmt.Errorf("%w: %q slab of %d values is too large to read at once", ErrRange, v.Name, total)
	}
	return start, count, stride, total, nil
}

// slabBytes reads the raw big-endian bytes of a hyperslab and returns them
// with the number of values.
func (f *File) slabBytes(v *Var, start, count, stride []int64) ([]byte, int, error) {
	start, count, stride, total, err := checkSlab(v, start, count, stride)
	if err != nil {
		return nil, 0, err
	}
	nd := len(v.Dims)
	shape := v.Shape()
	size := v.Type.Size()
	if total == 0 {
		return []byte{}, 0, nil
	}
	if v.record {
		fits := v.begin <= f.size && v.slab <= f.size-v.begin
		if fits && f.recSize > 0 {
			fits = shape[0]-1 <= (f.size-v.begin-v.slab)/f.recSize
		}
		if !fits {
			return nil, 0, fmt.Errorf("%w: record variable %q: %d records at byte %d do not fit in a file of %d bytes", ErrFormat, v.Name, shape[0], v.begin, f.size)
		}
	}
	out := make([]byte, 0, total*size)
	if nd == 0 {
		b, err := f.readAt(v.begin, size)
		return b, 1, err
	}

	// Byte stride of each dimension within one record (or the variable).
	dimStride := make([]int64, nd)
	s := size
	for i := nd - 1; i >= 0; i-- {
		dimStride[i] = s
		s *= shape[i]
	}
	if v.record {
		dimStride[0] = f.recSize
	}

	// Fast path: unit strides and full inner dimensions make each outer
	// index one contiguous run.
	inner := int64(1)
	contiguous := true
	for i := 1; i < nd; i++ {
		if stride[i] != 1 || start[i] != 0 || count[i] != shape[i] {
			contiguous = false
			break
		}
		inner *= shape[i]
	}
	if contiguous && stride[0] == 1 {
		if !v.record {
			b, err := f.readAt(v.begin+start[0]*dimStride[0], count[0]*inner*size)
			return b, int(total), err
		}
		for r := start[0]; r < start[0]+count[0]; r++ {
			b, err := f.readAt(v.begin+r*f.recSize, inner*size)
			if err != nil {
				return nil, 0, err
			}
			out = append(out, b...)
		}
		return out, int(total), nil
	}

	// General case: walk the outer indices; along the last dimension read
	// the span covering the strided values and pick them out.
	idx := make([]int64, nd-1)
	lastN := count[nd-1]
	span := ((lastN-1)*stride[nd-1] + 1) * size
	buf := make([]byte, span)
	for {
		off := v.begin + start[nd-1]*dimStride[nd-1]
		for i := range nd - 1 {
			off += (start[i] + idx[i]*stride[i]) * dimStride[i]
		}
		if err := f.readInto(buf, off); err != nil {
			return nil, 0, err
		}
		for k := range lastN {
			p := k * stride[nd-1] * size
			out = append(out, buf[p:p+size]...)
		}
		// advance the odometer over dimensions 0..nd-2
		i := nd - 2
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < count[i] {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			break
		}
	}
	return out, int(total), nil
}

func (f *File) readAt(off, n int64) ([]byte, error) {
	b := make([]byte, n)
	return b, f.readInto(b, off)
}

func (f *File) readInto(b []byte, off int64) error {
	if off < 0 || off > f.size || int64(len(b)) > f.size-off {
		return fmt.Errorf("%w: data at byte %d (+%d) is past the end of the file (%d bytes)", ErrFormat, off, len(b), f.size)
	}
	if _, err := f.r.ReadAt(b, off); err != nil {
		return fmt.Errorf("netcdf: read %d bytes at %d: %w", len(b), off, err)
	}
	return nil
}

// decode turns n big-endian values of type t into a typed slice.
func decode(t Type, b []byte, n int) any {
	be := binary.BigEndian
	switch t {
	case Byte:
		out := make([]int8, n)
		for i := range out {
			out[i] = int8(b[i])
		}
		return out
	case Char, UByte:
		out := make([]byte, n)
		copy(out, b)
		return out
	case Short:
		out := make([]int16, n)
		for i := range out {
			out[i] = int16(be.Uint16(b[2*i:]))
		}
		return out
	case UShort:
		out := make([]uint16, n)
		for i := range out {
			out[i] = be.Uint16(b[2*i:])
		}
		return out
	case Int:
		out := make([]int32, n)
		for i := range out {
			out[i] = int32(be.Uint32(b[4*i:]))
		}
		return out
	case UInt:
		out := make([]uint32, n)
		for i := range out {
			out[i] = be.Uint32(b[4*i:])
		}
		return out
	case Float:
		out := make([]float32, n)
		for i := range out {
			out[i] = math.Float32frombits(be.Uint32(b[4*i:]))
		}
		return out
	case Double:
		out := make([]float64, n)
		for i := range out {
			out[i] = math.Float64frombits(be.Uint64(b[8*i:]))
		}
		return out
	case Int64:
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(be.Uint64(b[8*i:]))
		}
		return out
	case UInt64:
		out := make([]uint64, n)
		for i := range out {
			out[i] = be.Uint64(b[8*i:])
		}
		return out
	}
	return nil
}

func toFloat64s(v any) ([]float64, bool) {
	conv := func(n int, at func(int) float64) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = at(i)
		}
		return out
	}
	switch x := v.(type) {
	case []int8:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []uint8:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []int16:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []uint16:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []int32:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []uint32:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []float32:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []float64:
		return append([]float64(nil), x...), true
	case []int64:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	case []uint64:
		return conv(len(x), func(i int) float64 { return float64(x[i]) }), true
	}
	return nil, false
}
