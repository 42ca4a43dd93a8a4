package netcdf

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

const (
	tagDim  = 0x0A
	tagVar  = 0x0B
	tagAttr = 0x0C

	streaming = 0xFFFFFFFF
)

var hdf5Magic = []byte("\x89HDF\r\n\x1a\n")

// NewFile parses the header of the NetCDF data in r, which is size bytes long.
func NewFile(r io.ReaderAt, size int64) (*File, error) {
	var magic [8]byte
	if n, _ := r.ReadAt(magic[:], 0); n < 4 {
		return nil, fmt.Errorf("%w: file is %d bytes", ErrNotNetCDF, size)
	} else if n == 8 && string(magic[:]) == string(hdf5Magic) {
		return nil, ErrHDF5
	}
	if magic[0] != 'C' || magic[1] != 'D' || magic[2] != 'F' {
		return nil, fmt.Errorf("%w: magic %q", ErrNotNetCDF, magic[:4])
	}
	f := &File{Version: int(magic[3]), r: r, size: size}
	if f.Version != 1 && f.Version != 2 && f.Version != 5 {
		return nil, fmt.Errorf("%w: unknown version byte %d", ErrFormat, magic[3])
	}
	h := &hdr{br: bufio.NewReaderSize(io.NewSectionReader(r, 4, size-4), 64<<10), off: 4, size: size, v5: f.Version == 5}
	if err := f.parse(h); err != nil {
		return nil, fmt.Errorf("%w: at byte %d: %w", ErrFormat, h.off, err)
	}
	return f, nil
}

// hdr reads big-endian header fields, refusing to read past the file end.
type hdr struct {
	br   *bufio.Reader
	off  int64
	size int64
	v5   bool
	buf  [8]byte
}

func (h *hdr) remaining() int64 { return h.size - h.off }

func (h *hdr) read(n int) ([]byte, error) {
	if int64(n) > h.remaining() {
		return nil, fmt.Errorf("header truncated: need %d bytes, %d left", n, h.remaining())
	}
	var b []byte
	if n <= len(h.buf) {
		b = h.buf[:n]
	} else {
		b = make([]byte, n)
	}
	if _, err := io.ReadFull(h.br, b); err != nil {
		return nil, fmt.Errorf("header truncated: %w", err)
	}
	h.off += int64(n)
	return b, nil
}

func (h *hdr) u32() (uint32, error) {
	b, err := h.read(4)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint32(b), nil
}

func (h *hdr) u64() (uint64, error) {
	b, err := h.read(8)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint64(b), nil
}

// count reads a non-negative count: 4 bytes, or 8 in CDF-5.
func (h *hdr) count() (int64, error) {
	if h.v5 {
		v, err := h.u64()
		if err != nil {
			return 0, err
		}
		if v > math.MaxInt64 {
			return 0, fmt.Errorf("count %d too large", v)
		}
		return int64(v), nil
	}
	v, err := h.u32()
	if err != nil {
		return 0, err
	}
	if v > math.MaxInt32 {
		return 0, fmt.Errorf("count %d is negative", int32(v))
	}
	return int64(v), nil
}

func pad4(n int64) int64 { return (n + 3) &^ 3 }

func (h *hdr) name() (string, error) {
	n, err := h.count()
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "", fmt.Errorf("empty name")
	}
	if pad4(n) > h.remaining() {
		return "", fmt.Errorf("name length %d exceeds file", n)
	}
	b, err := h.read(int(pad4(n)))
	if err != nil {
		return "", err
	}
	return string(b[:n]), nil
}

// list reads a list header: the tag (or ABSENT) and the element count.
// Each element takes at least minElem bytes, which bounds the count.
func (h *hdr) list(tag uint32, what string, minElem int64) (int64, error) {
	t, err := h.u32()
	if err != nil {
		return 0, err
	}
	n, err := h.count()
	if err != nil {
		return 0, err
	}
	if t == 0 {
		if n != 0 {
			return 0, fmt.Errorf("absent %s list with %d elements", what, n)
		}
		return 0, nil
	}
	if t != tag {
		return 0, fmt.Errorf("%s list: tag %#x, want %#x", what, t, tag)
	}
	if n > h.remaining()/minElem {
		return 0, fmt.Errorf("%s list: %d elements cannot fit in %d bytes", what, n, h.remaining())
	}
	return n, nil
}

func (f *File) parse(h *hdr) error {
	// numrecs
	if h.v5 {
		v, err := h.u64()
		if err != nil {
			return err
		}
		if v == math.MaxUint64 {
			f.NumRecs = -1
		} else if v > math.MaxInt64 {
			return fmt.Errorf("numrecs %d too large", v)
		} else {
			f.NumRecs = int64(v)
		}
	} else {
		v, err := h.u32()
		if err != nil {
			return err
		}
		if v == streaming {
			f.NumRecs = -1
		} else if v > math.MaxInt32 {
			return fmt.Errorf("numrecs %d is negative", int32(v))
		} else {
			f.NumRecs = int64(v)
		}
	}

	cw := int64(4)
	if h.v5 {
		cw = 8
	}
	nd, err := h.list(tagDim, "dimension", 2*cw)
	if err != nil {
		return err
	}
	recDim := -1
	for i := range nd {
		name, err := h.name()
		if err != nil {
			return fmt.Errorf("dimension %d: %w", i, err)
		}
		l, err := h.count()
		if err != nil {
			return fmt.Errorf("dimension %q: %w", name, err)
		}
		d := Dim{Name: name, Len: l}
		if l == 0 {
			if recDim >= 0 {
				return fmt.Errorf("dimension %q: second unlimited dimension", name)
			}
			recDim = int(i)
			d.Unlimited = true
		}
		f.Dims = append(f.Dims, d)
	}

	if f.Attrs, err = h.attrs(cw); err != nil {
		return fmt.Errorf("global attributes: %w", err)
	}

	nv, err := h.list(tagVar, "variable", 4*cw)
	if err != nil {
		return err
	}
	for i := range nv {
		v, err := f.parseVar(h, cw, recDim)
		if err != nil {
			return fmt.Errorf("variable %d: %w", i, err)
		}
		f.Vars = append(f.Vars, v)
	}
	return f.layout(recDim)
}

func (h *hdr) attrs(cw int64) ([]Attr, error) {
	na, err := h.list(tagAttr, "attribute", 3*cw)
	if err != nil {
		return nil, err
	}
	var out []Attr
	for range na {
		name, err := h.name()
		if err != nil {
			return nil, err
		}
		t, err := h.u32()
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", name, err)
		}
		typ := Type(t)
		sz := typ.Size()
		if sz == 0 || (!h.v5 && typ > Double) {
			return nil, fmt.Errorf("attribute %q: bad type %d", name, t)
		}
		n, err := h.count()
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", name, err)
		}
		if n > h.remaining()/sz {
			return nil, fmt.Errorf("attribute %q: %d values exceed file", name, n)
		}
		nb := n * sz
		b, err := h.read(int(pad4(nb)))
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", name, err)
		}
		b = b[:nb]
		var val any
		if typ == Char {
			val = trimNUL(string(b))
		} else {
			val = decode(typ, b, int(n))
		}
		out = append(out, Attr{Name: name, Type: typ, Value: val})
	}
	return out, nil
}

func trimNUL(s string) string {
	for len(s) > 0 && s[len(s)-1] == 0 {
		s = s[:len(s)-1]
	}
	return s
}

func (f *File) parseVar(h *hdr, cw int64, recDim int) (*Var, error) {
	name, err := h.name()
	if err != nil {
		return nil, err
	}
	nd, err := h.count()
	if err != nil {
		return nil, fmt.Errorf("%q: %w", name, err)
	}
	if nd > h.remaining()/cw {
		return nil, fmt.Errorf("%q: %d dimensions exceed file", name, nd)
	}
	v := &Var{Name: name}
	for j := range nd {
		id, err := h.count()
		if err != nil {
			return nil, fmt.Errorf("%q: %w", name, err)
		}
		if id >= int64(len(f.Dims)) {
			return nil, fmt.Errorf("%q: dimension id %d out of range (%d dimensions)", name, id, len(f.Dims))
		}
		if int(id) == recDim {
			if j != 0 {
				return nil, fmt.Errorf("%q: record dimension is not the first", name)
			}
			v.record = true
		}
		v.Dims = append(v.Dims, f.Dims[id])
	}
	if v.Attrs, err = h.attrs(cw); err != nil {
		return nil, fmt.Errorf("%q: %w", name, err)
	}
	t, err := h.u32()
	if err != nil {
		return nil, fmt.Errorf("%q: %w", name, err)
	}
	v.Type = Type(t)
	if v.Type.Size() == 0 || (!h.v5 && v.Type > Double) {
		return nil, fmt.Errorf("%q: bad type %d", name, t)
	}
	if _, err := h.count(); err != nil { // vsize: recomputed in layout, it overflows for big variables
		return nil, fmt.Errorf("%q: vsize: %w", name, err)
	}
	if f.Version == 1 {
		b, err := h.u32()
		if err != nil {
			return nil, fmt.Errorf("%q: begin: %w", name, err)
		}
		v.begin = int64(b)
	} else {
		b, err := h.u64()
		if err != nil {
			return nil, fmt.Errorf("%q: begin: %w", name, err)
		}
		if b > math.MaxInt64 {
			return nil, fmt.Errorf("%q: begin %d too large", name, b)
		}
		v.begin = int64(b)
	}
	return v, nil
}

// layout computes each variable's slab size and the record size, sets the
// record dimension's length and checks the data lie inside the file.
func (f *File) layout(recDim int) error {
	var nrec int
	for _, v := range f.Vars {
		s := v.Type.Size()
		dims := v.Dims
		if v.record {
			dims = dims[1:]
			nrec++
		}
		for _, d := range dims {
			if d.Len != 0 && s > math.MaxInt64/d.Len {
				return fmt.Errorf("variable %q: size overflows", v.Name)
			}
			s *= d.Len
		}
		v.slab = s
		if v.record { // with no records, a record variable's offset may point past the end
			continue
		}
		if v.begin < 0 || v.begin > f.size {
			return fmt.Errorf("variable %q: data offset %d outside file of %d bytes", v.Name, v.begin, f.size)
		}
		if s > f.size-v.begin {
			return fmt.Errorf("variable %q: %d bytes at offset %d exceed file of %d bytes", v.Name, s, v.begin, f.size)
		}
	}
	for _, v := range f.Vars {
		if !v.record {
			continue
		}
		if nrec == 1 {
			f.recSize = v.slab // a lone record variable is not padded
		} else {
			if f.recSize > math.MaxInt64-pad4(v.slab) {
				return fmt.Errorf("record size overflows")
			}
			f.recSize += pad4(v.slab)
		}
	}
	if f.NumRecs < 0 { // streaming: as many whole records as the file holds
		f.NumRecs = 0
		if f.recSize > 0 {
			var first int64 = math.MaxInt64
			for _, v := range f.Vars {
				if v.record && v.begin < first {
					first = v.begin
				}
			}
			if first < f.size {
				f.NumRecs = (f.size - first) / f.recSize
			}
		}
	}
	if recDim >= 0 {
		f.Dims[recDim].Len = f.NumRecs
		for _, v := range f.Vars {
			if v.record {
				v.Dims[0].Len = f.NumRecs
			}
		}
	}
	return nil
}
