package plot

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sync"
)

// Coastline sources: the npm package world-atlas redistributes Natural
// Earth's 1:50m land boundaries as TopoJSON; `cairn data coastlines`
// derives coast50m.bin from it.
const (
	CoastPackage = "world-atlas"
	CoastVersion = "2.0.2"
	CoastFile    = "land-50m.json"
	// CoastOutput is the derived file's name, embedded in this package.
	CoastOutput = "coast50m.bin"
	// CoastAttribution is printed under every map.
	CoastAttribution = "Coastlines: Natural Earth 1:50m land (public domain), via npm world-atlas@2.0.2"
)

// coastMagic starts a derived coastline file; the version is in it.
const coastMagic = "cairn-coast-1\n"

// coastScale is the stored precision: 0.01 degree (about 1 km).
const coastScale = 100

//go:embed coast50m.bin
var coastBin []byte

// Line is a polyline of (longitude, latitude) points in degrees.
type Line [][2]float64

var (
	coastOnce  sync.Once
	coastLines []Line
	coastErr   error
)

// Coastlines returns the embedded Natural Earth 1:50m coastlines.
func Coastlines() ([]Line, error) {
	coastOnce.Do(func() { coastLines, coastErr = ReadCoastlines(bytes.NewReader(coastBin)) })
	return coastLines, coastErr
}

var (
	boxOnce sync.Once
	boxes   [][4]float64
)

// coastBoxes are the embedded coastlines' bounding boxes: min lon, min
// lat, max lon, max lat.
func coastBoxes() [][4]float64 {
	boxOnce.Do(func() {
		lines, _ := Coastlines()
		boxes = make([][4]float64, len(lines))
		for i, l := range lines {
			b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
			for _, p := range l {
				b = [4]float64{min(b[0], p[0]), min(b[1], p[1]), max(b[2], p[0]), max(b[3], p[1])}
			}
			boxes[i] = b
		}
	})
	return boxes
}

// ErrNoCoastSource is returned by DeriveCoastlines when the world-atlas
// package is not installed.
var ErrNoCoastSource = errors.New("coastline source not installed")

// DeriveCoastlines reads land-50m.json of the world-atlas npm package
// under modules (a node_modules directory) and writes the compact
// coastline file to out. The result depends only on the source bytes.
func DeriveCoastlines(modules, out string) (lines, points int, err error) {
	src := filepath.Join(modules, CoastPackage, CoastFile)
	f, err := os.Open(src)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, fmt.Errorf("%w: %s (install: npm install --prefix <dir> %s@%s)", ErrNoCoastSource, src, CoastPackage, CoastVersion)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("coastlines: %w", err)
	}
	defer f.Close()
	ls, err := readTopoArcs(io.LimitReader(f, 64<<20))
	if err != nil {
		return 0, 0, fmt.Errorf("coastlines: %s: %w", src, err)
	}
	var buf bytes.Buffer
	writeCoast(&buf, ls)
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return 0, 0, fmt.Errorf("coastlines: %w", err)
	}
	for _, l := range ls {
		points += len(l)
	}
	return len(ls), points, nil
}

// topology is the part of a TopoJSON file the coastlines need. In a land
// topology every arc is a piece of coastline, so the arcs alone are the
// lines; polygons (which arcs close which ring) are not needed to draw
// them.
type topology struct {
	Type      string `json:"type"`
	Transform *struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs [][][2]float64 `json:"arcs"`
}

// readTopoArcs decodes the arcs of a quantized TopoJSON topology, rounded
// to coastScale, with repeated points dropped.
func readTopoArcs(r io.Reader) ([][][2]int32, error) {
	var t topology
	if err := json.NewDecoder(r).Decode(&t); err != nil {
		return nil, fmt.Errorf("not TopoJSON: %w", err)
	}
	if t.Type != "Topology" {
		return nil, fmt.Errorf("not TopoJSON: type %q, want Topology", t.Type)
	}
	if len(t.Arcs) == 0 {
		return nil, errors.New("TopoJSON has no arcs")
	}
	var out [][][2]int32
	for _, arc := range t.Arcs {
		var x, y float64
		var line [][2]int32
		for i, p := range arc {
			lon, lat := p[0], p[1]
			if t.Transform != nil { // quantized: delta-encoded integers
				x, y = x+p[0], y+p[1]
				lon = x*t.Transform.Scale[0] + t.Transform.Translate[0]
				lat = y*t.Transform.Scale[1] + t.Transform.Translate[1]
			}
			if lon < -180.0001 || lon > 180.0001 || lat < -90.0001 || lat > 90.0001 {
				return nil, fmt.Errorf("arc point %d is not a longitude/latitude: %g, %g", i, lon, lat)
			}
			q := [2]int32{int32(math.Round(lon * coastScale)), int32(math.Round(lat * coastScale))}
			if len(line) > 0 && line[len(line)-1] == q {
				continue
			}
			line = append(line, q)
		}
		if len(line) >= 2 {
			out = append(out, line)
		}
	}
	return out, nil
}

// writeCoast writes lines as: the magic, the number of lines, then per
// line its number of points and the zig-zag varint deltas of its
// coordinates (the first point relative to 0,0).
func writeCoast(w *bytes.Buffer, lines [][][2]int32) {
	w.WriteString(coastMagic)
	var b [binary.MaxVarintLen64]byte
	put := func(v int64) { w.Write(b[:binary.PutVarint(b[:], v)]) }
	put(int64(len(lines)))
	for _, l := range lines {
		put(int64(len(l)))
		var px, py int32
		for _, p := range l {
			put(int64(p[0] - px))
			put(int64(p[1] - py))
			px, py = p[0], p[1]
		}
	}
}

// ReadCoastlines reads a file DeriveCoastlines wrote.
func ReadCoastlines(r io.Reader) ([]Line, error) {
	br := bufio.NewReader(r)
	magic := make([]byte, len(coastMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != coastMagic {
		return nil, errors.New("coastlines: not a coastline file (bad header)")
	}
	n, err := binary.ReadVarint(br)
	if err != nil || n < 0 || n > 1<<20 {
		return nil, fmt.Errorf("coastlines: bad line count %d: %v", n, err)
	}
	lines := make([]Line, 0, n)
	for i := range n {
		m, err := binary.ReadVarint(br)
		if err != nil || m < 2 || m > 1<<22 {
			return nil, fmt.Errorf("coastlines: line %d: bad point count %d: %v", i, m, err)
		}
		l := make(Line, m)
		var x, y int64
		for j := range m {
			dx, err1 := binary.ReadVarint(br)
			dy, err2 := binary.ReadVarint(br)
			if err := errors.Join(err1, err2); err != nil {
				return nil, fmt.Errorf("coastlines: line %d point %d: %w", i, j, err)
			}
			x, y = x+dx, y+dy
			l[j] = [2]float64{float64(x) / coastScale, float64(y) / coastScale}
		}
		lines = append(lines, l)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, errors.New("coastlines: data after the last line")
	}
	return lines, nil
}
