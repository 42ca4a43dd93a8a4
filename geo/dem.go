package geo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"sync"

	"github.com/cairn-agents/cairn/geo/internal/pack"
	"github.com/cairn-agents/cairn/internal/input"
)

// grid is a loaded regular elevation grid (ETOPO5).
type grid struct {
	g     *pack.Grid
	cells []int32
}

func newGrid(g *pack.Grid) (*grid, error) {
	cells, err := pack.Undeltas(g.Cells, g.NLat*g.NLon)
	if err != nil {
		return nil, fmt.Errorf("elevation grid: %w", err)
	}
	if g.NLat < 2 || g.NLon < 2 || g.LatStep == 0 || g.LonStep == 0 {
		return nil, fmt.Errorf("%w: elevation grid shape %dx%d", pack.ErrFormat, g.NLat, g.NLon)
	}
	return &grid{g: g, cells: cells}, nil
}

// snap rounds x to an integer when it is within float noise of one, so
// that a grid node's own coordinates return the node's value exactly.
func snap(x float64) float64 {
	if r := math.Round(x); math.Abs(x-r) < 1e-6 {
		return r
	}
	return x
}

// at interpolates bilinearly; longitudes wrap around the globe.
func (g *grid) at(lat, lng float64) float64 {
	p := g.g
	fy := snap((lat - p.Lat0) / p.LatStep)
	fy = math.Min(math.Max(fy, 0), float64(p.NLat-1))
	lon := lng - p.Lon0
	lon = math.Mod(lon, 360)
	if lon < 0 {
		lon += 360
	}
	fx := snap(lon / p.LonStep)
	y0 := int(math.Floor(fy))
	x0 := int(math.Floor(fx))
	dy, dx := fy-float64(y0), fx-float64(x0)
	y1 := min(y0+1, p.NLat-1)
	x0 %= p.NLon
	x1 := (x0 + 1) % p.NLon
	v := func(y, x int) float64 { return float64(g.cells[y*p.NLon+x]) }
	if dx == 0 && dy == 0 {
		return v(y0, x0)
	}
	return (v(y0, x0)*(1-dx)+v(y0, x1)*dx)*(1-dy) + (v(y1, x0)*(1-dx)+v(y1, x1)*dx)*dy
}

// srtm reads SRTM .hgt tiles from a directory on first use.
type srtm struct {
	dir   string
	mu    sync.Mutex
	tiles map[[2]int]*hgtTile // nil value: tile absent
}

type hgtTile struct {
	name string
	n    int // samples per side: 1201 (SRTM3) or 3601 (SRTM1)
	lat  int // south edge
	lng  int // west edge
	data []int16
}

const hgtVoid = -32768

func hgtName(lat, lng int) string {
	ns, ew := 'N', 'E'
	if lat < 0 {
		ns = 'S'
	}
	if lng < 0 {
		ew = 'W'
	}
	return fmt.Sprintf("%c%02d%c%03d", ns, abs(lat), ew, abs(lng))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// readHGT loads one tile file; its size gives the sample count.
func readHGT(path string, lat, lng int) (*hgtTile, error) {
	b, err := input.ReadFile(path, 3601*3601*2) // the larger tile
	if errors.Is(err, input.ErrTooLarge) {
		return nil, fmt.Errorf("%s: larger than an SRTM tile (want 1201² or 3601² int16)", path)
	}
	if err != nil {
		return nil, err
	}
	var n int
	switch len(b) {
	case 1201 * 1201 * 2:
		n = 1201
	case 3601 * 3601 * 2:
		n = 3601
	default:
		return nil, fmt.Errorf("%s: %d bytes is not an SRTM tile (want 1201² or 3601² int16)", path, len(b))
	}
	t := &hgtTile{name: hgtName(lat, lng), n: n, lat: lat, lng: lng, data: make([]int16, n*n)}
	for i := range t.data {
		t.data[i] = int16(binary.BigEndian.Uint16(b[2*i:]))
	}
	return t, nil
}

func (s *srtm) tile(lat, lng int) (*hgtTile, error) {
	key := [2]int{lat, lng}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.tiles[key]; ok {
		return t, nil
	}
	if s.tiles == nil {
		s.tiles = map[[2]int]*hgtTile{}
	}
	path := filepath.Join(s.dir, hgtName(lat, lng)+".hgt")
	t, err := readHGT(path, lat, lng)
	if errors.Is(err, fs.ErrNotExist) {
		s.tiles[key] = nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.tiles[key] = t
	return t, nil
}

// at interpolates bilinearly inside a tile; ok is false where there is no
// tile or a neighbouring sample is void.
func (t *hgtTile) at(lat, lng float64) (float64, bool) {
	step := float64(t.n - 1)
	fy := snap((float64(t.lat+1) - lat) * step) // row 0 is the north edge
	fx := snap((lng - float64(t.lng)) * step)
	fy = math.Min(math.Max(fy, 0), step)
	fx = math.Min(math.Max(fx, 0), step)
	r0, c0 := int(fy), int(fx)
	r1, c1 := min(r0+1, t.n-1), min(c0+1, t.n-1)
	dy, dx := fy-float64(r0), fx-float64(c0)
	v := [4]int16{t.data[r0*t.n+c0], t.data[r0*t.n+c1], t.data[r1*t.n+c0], t.data[r1*t.n+c1]}
	for _, x := range v {
		if x == hgtVoid {
			return 0, false
		}
	}
	f := func(i int) float64 { return float64(v[i]) }
	return (f(0)*(1-dx)+f(1)*dx)*(1-dy) + (f(2)*(1-dx)+f(3)*dx)*dy, true
}

// resolution in metres of a tile's sample spacing (north-south).
func (t *hgtTile) resolution() float64 {
	return 6371008.8 * math.Pi / 180 / float64(t.n-1)
}
