// Package pack is the on-disk format of geo's derived data: a gzip stream
// holding a gob-encoded header and one gob-encoded value (Cities, Grid or
// Region). Large numeric columns are delta- and zigzag-varint-coded into
// byte slices before gob sees them.
package pack

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
)

// Version is the format version; readers refuse other versions.
const Version = 1

const magic = "cairn-geo"

// Kinds of derived file.
const (
	KindCities = "cities"
	KindGrid   = "grid"
	KindRegion = "region"
)

// Header starts every derived file.
type Header struct {
	Magic   string
	Version int
	Kind    string
}

// ErrFormat means a file is not a derived geo file of the expected kind.
var ErrFormat = errors.New("not a cairn geo data file")

// Write encodes v as a derived file of the given kind.
func Write(w io.Writer, kind string, v any) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	enc := gob.NewEncoder(zw)
	if err := enc.Encode(Header{Magic: magic, Version: Version, Kind: kind}); err != nil {
		return fmt.Errorf("encode header: %w", err)
	}
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode %s: %w", kind, err)
	}
	return zw.Close()
}

// Read decodes a derived file of the given kind into v.
func Read(r io.Reader, kind string, v any) error {
	zr, err := gzip.NewReader(bufio.NewReaderSize(r, 1<<16))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrFormat, err)
	}
	defer zr.Close()
	dec := gob.NewDecoder(zr)
	var h Header
	if err := dec.Decode(&h); err != nil || h.Magic != magic {
		return fmt.Errorf("%w: bad header", ErrFormat)
	}
	if h.Version != Version {
		return fmt.Errorf("%w: version %d, want %d (rebuild with cairn data build)", ErrFormat, h.Version, Version)
	}
	if h.Kind != kind {
		return fmt.Errorf("%w: kind %q, want %q", ErrFormat, h.Kind, kind)
	}
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode %s: %w", kind, err)
	}
	return nil
}

// Deltas codes vals as zigzag varints of successive differences.
func Deltas(vals []int32) []byte {
	out := make([]byte, 0, len(vals)*2)
	var prev int32
	var buf [binary.MaxVarintLen64]byte
	for _, v := range vals {
		n := binary.PutVarint(buf[:], int64(v)-int64(prev))
		out = append(out, buf[:n]...)
		prev = v
	}
	return out
}

// Undeltas decodes n values written by Deltas.
func Undeltas(b []byte, n int) ([]int32, error) {
	if n < 0 || n > len(b) { // every value takes at least one byte
		return nil, fmt.Errorf("%w: delta column of %d bytes cannot hold %d values", ErrFormat, len(b), n)
	}
	out := make([]int32, n)
	var prev int64
	for i := range out {
		d, k := binary.Varint(b)
		if k <= 0 {
			return nil, fmt.Errorf("%w: delta column truncated at value %d of %d", ErrFormat, i, n)
		}
		b = b[k:]
		prev += d
		out[i] = int32(prev)
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%w: %d trailing bytes in delta column", ErrFormat, len(b))
	}
	return out, nil
}

// Country is an ISO 3166 code and its English name.
type Country struct{ Code, Name string }

// Admin1 is a first-level division: key "CC.code" and name.
type Admin1 struct{ Key, Name string }

// Cities is the GeoNames city table with a sorted name index.
// Coordinates are in 1e-5 degrees.
type Cities struct {
	Source    string
	N         int
	GeonameID []uint32
	Name      []string
	Feature   []uint8 // index into Features
	Features  []string
	Country   []uint16 // index into Countries
	Admin1    []uint16 // index into Admin1s; 0 is "unknown"
	Lat, Lng  []byte   // Deltas
	Pop       []uint32
	Elev      []int32 // GeoNames elevation, NoElev when missing
	DEM       []int32
	Countries []Country
	Admin1s   []Admin1
	// Name index: normalized keys sorted, concatenated in KeyBlob with
	// KeyOff (len keys+1); postings PostOff (len keys+1) into Post (city
	// indexes, most populous first). Acro marks keys that are only the
	// initials of a name ("kl"), ranked below real names.
	KeyBlob string
	KeyOff  []uint32
	PostOff []uint32
	Post    []uint32
	Acro    []bool
}

// NoElev marks a missing elevation.
const NoElev = -32768

// Grid is a regular elevation grid in metres, row 0 at Lat0, column 0 at
// Lon0, Step degrees apart; rows go north when Step... see LatStep.
type Grid struct {
	Source  string
	NLat    int
	NLon    int
	Lat0    float64 // latitude of row 0
	LatStep float64 // degrees per row (positive: rows go north)
	Lon0    float64 // longitude of column 0
	LonStep float64
	// Cells: row-major int32 metres as Deltas (rows restart at 0).
	Cells      []byte
	Resolution float64 // metres, nominal
}

// Region is one imported OpenStreetMap extract: a road graph in CSR form
// and the places found in it. Coordinates are in 1e-6 degrees.
type Region struct {
	Name   string
	Source string
	BBox   [4]float64 // minLat, minLng, maxLat, maxLng

	NodeLat, NodeLng []byte // Deltas, len Nodes
	Nodes            int
	EdgeStart        []uint32 // len Nodes+1
	EdgeTo           []byte   // Deltas (of target), len Edges
	EdgeLen          []uint32 // decimetres
	EdgeName         []uint32 // index into Names; 0 is unnamed
	EdgeClass        []uint8  // index into Classes
	EdgeFlags        []uint8  // Car, Foot, Bike bits
	EdgeSpeed        []uint8  // car km/h
	Edges            int
	Names            []string
	Classes          []string

	Places []Place

	// Spots are OSM nodes with an ele tag, sorted by node id: point
	// heights that correct the coarse elevation grid near them. Files
	// written before spots existed decode with none.
	Spots []Spot
}

// Spot is one surveyed height: Lat, Lng in 1e-6 degrees, Ele in
// decimetres above sea level. Summit marks a peak, saddle or volcano,
// whose height is a local extreme rather than the lie of the land.
type Spot struct {
	Lat, Lng int32
	Ele      int32
	Summit   bool
}

// Edge flags.
const (
	Car  = 1 << 0
	Foot = 1 << 1
	Bike = 1 << 2
)

// Place is a point of interest. ID is "n123" / "w123" / "r123".
type Place struct {
	ID       string
	Name     string
	Lat, Lng int32
	Types    []string
	Address  string
	Phone    string
	Website  string
	Tags     []string // selected OSM tags as "k=v", for search and amenities
}
