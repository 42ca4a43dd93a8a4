package geo

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
)

// A map page draws the engine's own data: Features answers what lies in a
// box at a zoom level, roads as lines and places as points, thinned so a
// whole state at a low zoom is a few hundred lines rather than the road
// graph's hundred thousand edges.

// Feature limits.
const (
	// MaxZoom is the largest zoom level Features accepts (the web
	// map's: a tile of 256 pixels covers the world at zoom 0).
	MaxZoom = 22
	// DefaultMaxRoads and DefaultMaxPlaces bound an answer unless the
	// request asks for fewer.
	DefaultMaxRoads  = 4000
	DefaultMaxPlaces = 300
)

// BBox is a box on the map in degrees: west, south, east, north.
type BBox struct {
	MinLng, MinLat, MaxLng, MaxLat float64
}

// Validate reports a box that is off the globe or inside out, naming
// the coordinate at fault.
func (b BBox) Validate() error {
	for _, c := range []struct {
		name     string
		v, limit float64
	}{{"minLng", b.MinLng, 180}, {"minLat", b.MinLat, 90}, {"maxLng", b.MaxLng, 180}, {"maxLat", b.MaxLat, 90}} {
		if c.v != c.v || c.v < -c.limit || c.v > c.limit {
			return fmt.Errorf("%w: bbox %s %v is outside -%v..%v", ErrInvalidRequest, c.name, c.v, c.limit, c.limit)
		}
	}
	if b.MinLng > b.MaxLng {
		return fmt.Errorf("%w: bbox minLng %v is east of maxLng %v", ErrInvalidRequest, b.MinLng, b.MaxLng)
	}
	if b.MinLat > b.MaxLat {
		return fmt.Errorf("%w: bbox minLat %v is north of maxLat %v", ErrInvalidRequest, b.MinLat, b.MaxLat)
	}
	return nil
}

func (b BBox) intersects(o BBox) bool {
	return b.MinLng <= o.MaxLng && o.MinLng <= b.MaxLng && b.MinLat <= o.MaxLat && o.MinLat <= b.MaxLat
}

func (b BBox) contains(p LatLng) bool {
	return p.Lng >= b.MinLng && p.Lng <= b.MaxLng && p.Lat >= b.MinLat && p.Lat <= b.MaxLat
}

// FeatureRequest asks for what to draw in BBox at Zoom (0..MaxZoom).
type FeatureRequest struct {
	BBox BBox
	Zoom int
	// MaxRoads and MaxPlaces bound the answer; 0 means the defaults.
	MaxRoads, MaxPlaces int
}

// MapRoad is one drawn road: a run of road-graph edges of one class and
// name, simplified for the zoom.
type MapRoad struct {
	Class string // OSM highway class: motorway, primary, residential...
	Name  string // "" when unnamed
	Line  []LatLng
}

// MapPlace is one drawn place: a town from GeoNames or a point of
// interest from OSM, with the place_id PlaceDetails takes.
type MapPlace struct {
	Name     string
	PlaceID  string
	Type     string // locality, cafe, restaurant...
	Location LatLng
}

// MapFeatures is what Features found. Truncated says the limits cut it:
// the most important roads and places were kept.
type MapFeatures struct {
	Roads     []MapRoad
	Places    []MapPlace
	Truncated bool
}

// roadRank orders road classes by importance, with the lowest zoom at
// which each is drawn. Classes not listed are drawn from zoom 16.
var roadRank = map[string]struct{ rank, zoom int }{
	"motorway": {0, 0}, "trunk": {1, 0}, "motorway_link": {2, 10}, "trunk_link": {2, 10},
	"primary": {3, 8}, "primary_link": {4, 12}, "secondary": {5, 10}, "secondary_link": {6, 13},
	"tertiary": {7, 12}, "tertiary_link": {8, 13}, "unclassified": {9, 13}, "residential": {9, 13},
	"living_street": {10, 14}, "road": {10, 14}, "service": {11, 15}, "track": {12, 15},
	"pedestrian": {13, 15}, "cycleway": {13, 16}, "footway": {14, 16}, "path": {14, 16},
	"bridleway": {15, 16}, "steps": {15, 17},
}

func classRank(class string) (rank, zoom int) {
	if r, ok := roadRank[class]; ok {
		return r.rank, r.zoom
	}
	return 16, 16
}

// townMinPop is the population a town needs to be drawn at zoom z.
func townMinPop(z int) uint32 {
	switch {
	case z <= 4:
		return 1_000_000
	case z <= 6:
		return 200_000
	case z <= 8:
		return 20_000
	case z <= 10:
		return 2_000
	}
	return 0
}

// poiMinZoom is the zoom from which OSM points of interest are drawn.
const poiMinZoom = 13

// Features lists the roads and places to draw in req.BBox at req.Zoom.
// Lines are simplified to about half a pixel at the zoom; lower roads
// and smaller towns appear as the zoom grows.
func (e *Engine) Features(ctx context.Context, req FeatureRequest) (MapFeatures, error) {
	if err := req.BBox.Validate(); err != nil {
		return MapFeatures{}, err
	}
	if req.Zoom < 0 || req.Zoom > MaxZoom {
		return MapFeatures{}, fmt.Errorf("%w: zoom %d is outside 0..%d", ErrInvalidRequest, req.Zoom, MaxZoom)
	}
	if req.MaxRoads < 0 || req.MaxPlaces < 0 {
		return MapFeatures{}, fmt.Errorf("%w: feature limits must be 0 or more", ErrInvalidRequest)
	}
	maxRoads := cmp.Or(req.MaxRoads, DefaultMaxRoads)
	maxPlaces := cmp.Or(req.MaxPlaces, DefaultMaxPlaces)
	e.drawOnce.Do(func() {
		e.draw = make([]*drawIndex, len(e.regions))
		for i, r := range e.regions {
			e.draw[i] = newDrawIndex(r)
		}
	})
	var out MapFeatures
	type pick struct {
		d    *drawIndex
		w    int32
		rank int
		len  float32
	}
	var picks []pick
	for i, r := range e.regions {
		if err := ctx.Err(); err != nil {
			return MapFeatures{}, err
		}
		b := r.src.BBox
		if !req.BBox.intersects(BBox{b[1], b[0], b[3], b[2]}) {
			continue
		}
		d := e.draw[i]
		for w := range d.ways {
			way := &d.ways[w]
			rank, minZoom := int(d.rank[way.class]), int(d.zoom[way.class])
			if req.Zoom < minZoom || !req.BBox.intersects(way.box) {
				continue
			}
			picks = append(picks, pick{d, int32(w), rank, way.length})
		}
	}
	if len(picks) > maxRoads {
		slices.SortFunc(picks, func(a, b pick) int {
			return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(b.len, a.len))
		})
		picks, out.Truncated = picks[:maxRoads], true
	}
	tol := 360 / (256 * math.Exp2(float64(req.Zoom))) / 2 // half a pixel, in degrees
	out.Roads = make([]MapRoad, 0, len(picks))
	for _, p := range picks {
		way := &p.d.ways[p.w]
		pts := p.d.pts[way.start:way.end]
		out.Roads = append(out.Roads, MapRoad{Class: p.d.classes[way.class], Name: p.d.names[way.name], Line: simplify(pts, tol)})
	}
	out.Places = e.townsIn(req.BBox, req.Zoom, maxPlaces)
	if req.Zoom >= poiMinZoom {
		for _, r := range e.regions {
			x := r.places
			for i := range x.places {
				if !req.BBox.contains(x.pos[i]) || x.places[i].Name == "" {
					continue
				}
				if len(out.Places) == maxPlaces {
					out.Truncated = true
					break
				}
				p := &x.places[i]
				typ := ""
				if len(p.Types) > 0 {
					typ = p.Types[0]
				}
				out.Places = append(out.Places, MapPlace{Name: p.Name, PlaceID: "osm:" + p.ID, Type: typ, Location: x.pos[i]})
			}
		}
	}
	if len(out.Places) == maxPlaces {
		out.Truncated = true
	}
	return out, ctx.Err()
}

// townsIn lists the GeoNames towns in b big enough for zoom z, the ones
// a person names first first, at most limit.
func (e *Engine) townsIn(b BBox, z, limit int) []MapPlace {
	t := e.cities
	e.townsOnce.Do(func() {
		for i := range uint32(t.src.N) {
			if t.src.Pop[i] >= townMinPop(10) && !notTowns[t.src.Features[t.src.Feature[i]]] {
				e.bigTowns = append(e.bigTowns, i)
			}
		}
		e.townRanks = make([]float32, t.src.N)
		for i := range e.townRanks {
			e.townRanks[i] = float32(t.townRank(uint32(i)))
		}
	})
	minPop := townMinPop(z)
	var found []uint32
	r0, r1 := max(int(math.Floor((b.MinLat+90)/cellDeg)), 0), min(int(math.Floor((b.MaxLat+90)/cellDeg)), cellsLat-1)
	c0, c1 := max(int(math.Floor((b.MinLng+180)/cellDeg)), 0), min(int(math.Floor((b.MaxLng+180)/cellDeg)), cellsLng-1)
	if cells := (r1 - r0 + 1) * (c1 - c0 + 1); minPop > 0 && cells > len(e.bigTowns)/4 {
		// A wide box: the towns big enough are fewer than its cells.
		for _, i := range e.bigTowns {
			if t.src.Pop[i] >= minPop && b.contains(t.pos(i)) {
				found = append(found, i)
			}
		}
	} else {
		for r := r0; r <= r1; r++ {
			for c := c0; c <= c1; c++ {
				k := r*cellsLng + c
				for _, i := range t.cellIdx[t.cellStart[k]:t.cellStart[k+1]] {
					if t.src.Pop[i] >= minPop && !notTowns[t.src.Features[t.src.Feature[i]]] && b.contains(t.pos(i)) {
						found = append(found, i)
					}
				}
			}
		}
	}
	rank := e.townRanks
	slices.SortFunc(found, func(a, b uint32) int {
		return cmp.Or(cmp.Compare(rank[b], rank[a]), cmp.Compare(t.src.GeonameID[a], t.src.GeonameID[b]))
	})
	out := make([]MapPlace, 0, min(len(found), limit))
	for _, i := range found[:min(len(found), limit)] {
		out = append(out, MapPlace{Name: t.src.Name[i], PlaceID: t.placeID(i), Type: localityType, Location: t.pos(i)})
	}
	return out
}

// drawIndex is a region's road graph as ways: chains of undirected edges
// of one class and name.
type drawIndex struct {
	ways    []drawWay
	pts     []LatLng
	names   []string
	classes []string
	// rank and zoom of each class (classRank), by class index
	rank, zoom []uint8
}

type drawWay struct {
	start, end int32 // into pts
	name       uint32
	class      uint8
	box        BBox
	length     float32 // degrees, to keep the long ones when cut
}

// newDrawIndex chains region r's edges into ways, once per engine.
func newDrawIndex(r *region) *drawIndex {
	src := r.src
	d := &drawIndex{names: src.Names, classes: src.Classes}
	for _, c := range src.Classes {
		r, z := classRank(c)
		d.rank, d.zoom = append(d.rank, uint8(r)), append(d.zoom, uint8(z))
	}
	// Undirected adjacency: an edge and its reverse are one segment.
	type half struct {
		to  uint32
		seg int32
	}
	adj := make([][]half, src.Nodes)
	var segName []uint32
	var segClass []uint8
	for u := 0; u < src.Nodes; u++ {
		for e := src.EdgeStart[u]; e < src.EdgeStart[u+1]; e++ {
			v := r.to[e]
			if uint32(u) == v {
				continue
			}
			if uint32(u) > v && r.hasEdge(v, uint32(u)) {
				continue // drawn from v
			}
			s := int32(len(segName))
			segName = append(segName, src.EdgeName[e])
			segClass = append(segClass, src.EdgeClass[e])
			adj[u] = append(adj[u], half{v, s})
			adj[v] = append(adj[v], half{uint32(u), s})
		}
	}
	used := make([]bool, len(segName))
	// through reports whether a way of seg's kind continues across n.
	// It does when exactly one other unused segment there has its class
	// and name: a street crossing others goes on as one way.
	through := func(n uint32, seg int32) (half, bool) {
		var o half
		found := 0
		for _, h := range adj[n] {
			if h.seg != seg && !used[h.seg] && segName[h.seg] == segName[seg] && segClass[h.seg] == segClass[seg] {
				o = h
				found++
			}
		}
		return o, found == 1
	}
	walk := func(from uint32, h half) {
		start := int32(len(d.pts))
		d.pts = append(d.pts, r.pos(from))
		seg := h.seg
		for {
			used[h.seg] = true
			d.pts = append(d.pts, r.pos(h.to))
			next, ok := through(h.to, h.seg)
			if !ok {
				break
			}
			h = next
		}
		w := drawWay{start: start, end: int32(len(d.pts)), name: segName[seg], class: segClass[seg],
			box: BBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}}
		for i, p := range d.pts[start:] {
			w.box.MinLng, w.box.MaxLng = min(w.box.MinLng, p.Lng), max(w.box.MaxLng, p.Lng)
			w.box.MinLat, w.box.MaxLat = min(w.box.MinLat, p.Lat), max(w.box.MaxLat, p.Lat)
			if i > 0 {
				q := d.pts[int(start)+i-1]
				w.length += float32(math.Hypot(p.Lat-q.Lat, p.Lng-q.Lng))
			}
		}
		d.ways = append(d.ways, w)
	}
	// Ways start where a chain cannot pass through; what is left are
	// closed rings, started anywhere.
	for pass := 0; pass < 2; pass++ {
		for n := range adj {
			for _, h := range adj[n] {
				if used[h.seg] {
					continue
				}
				if _, ok := through(uint32(n), h.seg); pass == 0 && ok {
					continue
				}
				walk(uint32(n), h)
			}
		}
	}
	return d
}

// hasEdge reports whether the graph has an edge u→v.
func (g *region) hasEdge(u, v uint32) bool {
	for e := g.src.EdgeStart[u]; e < g.src.EdgeStart[u+1]; e++ {
		if g.to[e] == v {
			return true
		}
	}
	return false
}

// simplify thins a line with Douglas–Peucker at tolerance tol degrees.
func simplify(pts []LatLng, tol float64) []LatLng {
	if len(pts) <= 2 {
		return slices.Clone(pts)
	}
	keep := make([]bool, len(pts))
	keep[0], keep[len(pts)-1] = true, true
	type span struct{ a, b int }
	stack := []span{{0, len(pts) - 1}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		far, farD := -1, tol
		for i := s.a + 1; i < s.b; i++ {
			if d := segDist(pts[i], pts[s.a], pts[s.b]); d > farD {
				far, farD = i, d
			}
		}
		if far >= 0 {
			keep[far] = true
			stack = append(stack, span{s.a, far}, span{far, s.b})
		}
	}
	out := make([]LatLng, 0, 8)
	for i, k := range keep {
		if k {
			out = append(out, pts[i])
		}
	}
	return out
}

// segDist is the planar distance in degrees from p to segment ab.
func segDist(p, a, b LatLng) float64 {
	dx, dy := b.Lng-a.Lng, b.Lat-a.Lat
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p.Lng-a.Lng)*dx+(p.Lat-a.Lat)*dy)/l))
	}
	return math.Hypot(p.Lng-a.Lng-t*dx, p.Lat-a.Lat-t*dy)
}

// drawState is the Engine's lazily built drawing index.
type drawState struct {
	drawOnce sync.Once
	draw     []*drawIndex

	townsOnce sync.Once
	bigTowns  []uint32  // towns drawn from zoom 10 down
	townRanks []float32 // townRank of every city
}
