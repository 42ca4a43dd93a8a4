package netcdf

import (
	"bytes"
	"encoding/binary"
)

// A minimal NetCDF classic writer used to build test files in all three
// versions. It writes what the format spec says, independently of the
// reader's code paths.

type wVar struct {
	name  string
	typ   Type
	dims  []int // dimension ids
	attrs []Attr
	// values: for non-record vars all values; for record vars all records
	// concatenated (numrecs * per-record count).
	values any
}

type wFile struct {
	version int
	numrecs int64
	dims    []Dim // Len 0 = unlimited
	attrs   []Attr
	vars    []wVar
}

type enc struct {
	bytes.Buffer
	v5 bool
}

func (e *enc) u32(v uint32) { binary.Write(e, binary.BigEndian, v) }
func (e *enc) u64(v uint64) { binary.Write(e, binary.BigEndian, v) }
func (e *enc) count(n int64) {
	if e.v5 {
		e.u64(uint64(n))
	} else {
		e.u32(uint32(n))
	}
}
func (e *enc) pad() {
	for e.Len()%4 != 0 {
		e.WriteByte(0)
	}
}
func (e *enc) name(s string) { e.count(int64(len(s))); e.WriteString(s); e.pad() }

func encodeValues(t Type, v any) []byte {
	var b bytes.Buffer
	if s, ok := v.(string); ok {
		b.WriteString(s)
		return b.Bytes()
	}
	binary.Write(&b, binary.BigEndian, v)
	return b.Bytes()
}

func valuesLen(t Type, v any) int64 { return int64(len(encodeValues(t, v))) / t.Size() }

func (e *enc) attrs(as []Attr) {
	if len(as) == 0 {
		e.u32(0)
		e.count(0)
		return
	}
	e.u32(tagAttr)
	e.count(int64(len(as)))
	for _, a := range as {
		e.name(a.Name)
		e.u32(uint32(a.Type))
		e.count(valuesLen(a.Type, a.Value))
		e.Write(encodeValues(a.Type, a.Value))
		e.pad()
	}
}

func (w wFile) bytes() []byte {
	recDim := -1
	for i, d := range w.dims {
		if d.Len == 0 {
			recDim = i
		}
	}
	isRec := func(v wVar) bool { return len(v.dims) > 0 && v.dims[0] == recDim }
	nrecVars := 0
	for _, v := range w.vars {
		if isRec(v) {
			nrecVars++
		}
	}
	vsize := func(v wVar) int64 {
		s := v.typ.Size()
		for i, id := range v.dims {
			if i == 0 && id == recDim {
				continue
			}
			s *= w.dims[id].Len
		}
		return s
	}
	header := func(begins []int64) []byte {
		e := &enc{v5: w.version == 5}
		e.WriteString("CDF")
		e.WriteByte(byte(w.version))
		e.count(w.numrecs)
		if len(w.dims) == 0 {
			e.u32(0)
			e.count(0)
		} else {
			e.u32(tagDim)
			e.count(int64(len(w.dims)))
			for _, d := range w.dims {
				e.name(d.Name)
				e.count(d.Len)
			}
		}
		e.attrs(w.attrs)
		if len(w.vars) == 0 {
			e.u32(0)
			e.count(0)
		} else {
			e.u32(tagVar)
			e.count(int64(len(w.vars)))
			for i, v := range w.vars {
				e.name(v.name)
				e.count(int64(len(v.dims)))
				for _, id := range v.dims {
					e.count(int64(id))
				}
				e.attrs(v.attrs)
				e.u32(uint32(v.typ))
				vs := vsize(v)
				if !(isRec(v) && nrecVars == 1) {
					vs = pad4(vs)
				}
				e.count(vs)
				if w.version == 1 {
					e.u32(uint32(begins[i]))
				} else {
					e.u64(uint64(begins[i]))
				}
			}
		}
		return e.Bytes()
	}
	begins := make([]int64, len(w.vars))
	hlen := int64(len(header(begins)))
	off := hlen
	for i, v := range w.vars {
		if !isRec(v) {
			begins[i] = off
			off += pad4(vsize(v))
		}
	}
	recStart := off
	var recSize int64
	for i, v := range w.vars {
		if isRec(v) {
			begins[i] = recStart + recSize
			if nrecVars == 1 {
				recSize += vsize(v)
			} else {
				recSize += pad4(vsize(v))
			}
		}
	}
	out := bytes.NewBuffer(header(begins))
	for _, v := range w.vars {
		if !isRec(v) {
			b := encodeValues(v.typ, v.values)
			out.Write(b)
			for int64(len(b))%4 != 0 {
				b = append(b, 0)
				out.WriteByte(0)
			}
		}
	}
	data := make([]byte, recSize*w.numrecs)
	var at int64
	for _, v := range w.vars {
		if !isRec(v) {
			continue
		}
		b := encodeValues(v.typ, v.values)
		vs := vsize(v)
		for r := int64(0); r < w.numrecs; r++ {
			copy(data[r*recSize+at:], b[r*vs:(r+1)*vs])
		}
		if nrecVars == 1 {
			at += vs
		} else {
			at += pad4(vs)
		}
	}
	out.Write(data)
	return out.Bytes()
}
