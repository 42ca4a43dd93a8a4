package geo

import (
	"fmt"
	"math"
	"sync"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// region is a loaded OSM extract: road graph plus places.
type region struct {
	src      *pack.Region
	lat, lng []float64
	to       []uint32
	// snapping index: cells of snapDeg degrees over the bounding box
	cellStart      []uint32
	cellNode       []uint32
	rows, cols     int
	minLat, minLng float64

	places *placeIndex
	work   sync.Pool    // *workspace
	weight [3][]float32 // seconds per edge for car, foot, bike

	csrOnce [3]sync.Once
	csr     [3]*csr
}

func flagIndex(flag uint8) int {
	switch flag {
	case pack.Foot:
		return 1
	case pack.Bike:
		return 2
	}
	return 0
}

const snapDeg = 0.01

func newRegion(r *pack.Region) (*region, error) {
	lat, err := pack.Undeltas(r.NodeLat, r.Nodes)
	if err != nil {
		return nil, fmt.Errorf("region %s nodes: %w", r.Name, err)
	}
	lng, err := pack.Undeltas(r.NodeLng, r.Nodes)
	if err != nil {
		return nil, fmt.Errorf("region %s nodes: %w", r.Name, err)
	}
	to, err := pack.Undeltas(r.EdgeTo, r.Edges)
	if err != nil {
		return nil, fmt.Errorf("region %s edges: %w", r.Name, err)
	}
	if len(r.EdgeStart) != r.Nodes+1 || len(r.EdgeLen) != r.Edges || len(r.EdgeName) != r.Edges ||
		len(r.EdgeClass) != r.Edges || len(r.EdgeFlags) != r.Edges || len(r.EdgeSpeed) != r.Edges ||
		(r.Nodes > 0 && int(r.EdgeStart[r.Nodes]) != r.Edges) {
		return nil, fmt.Errorf("%w: region %s graph columns of unequal length", pack.ErrFormat, r.Name)
	}
	for i := 0; i < r.Nodes; i++ {
		if r.EdgeStart[i] > r.EdgeStart[i+1] {
			return nil, fmt.Errorf("%w: region %s edge offsets decrease at node %d", pack.ErrFormat, r.Name, i)
		}
	}
	if r.Nodes > 0 && r.EdgeStart[0] != 0 {
		return nil, fmt.Errorf("%w: region %s edge offsets do not start at 0", pack.ErrFormat, r.Name)
	}
	g := &region{src: r, lat: make([]float64, r.Nodes), lng: make([]float64, r.Nodes), to: make([]uint32, r.Edges)}
	for i := range lat {
		g.lat[i] = float64(lat[i]) / 1e6
		g.lng[i] = float64(lng[i]) / 1e6
	}
	for i, t := range to {
		if t < 0 || int(t) >= r.Nodes {
			return nil, fmt.Errorf("%w: region %s edge %d points at node %d of %d", pack.ErrFormat, r.Name, i, t, r.Nodes)
		}
		g.to[i] = uint32(t)
	}
	for i, n := range r.EdgeName {
		if int(n) >= len(r.Names) {
			return nil, fmt.Errorf("%w: region %s edge %d names %d of %d", pack.ErrFormat, r.Name, i, n, len(r.Names))
		}
	}
	g.minLat, g.minLng = r.BBox[0], r.BBox[1]
	g.rows = int((r.BBox[2]-r.BBox[0])/snapDeg) + 1
	g.cols = int((r.BBox[3]-r.BBox[1])/snapDeg) + 1
	g.cellStart = make([]uint32, g.rows*g.cols+1)
	cellOf := make([]int32, r.Nodes)
	for i := range g.lat {
		c := g.cell(g.lat[i], g.lng[i])
		cellOf[i] = int32(c)
		if c >= 0 {
			g.cellStart[c+1]++
		}
	}
	for c := 0; c < g.rows*g.cols; c++ {
		g.cellStart[c+1] += g.cellStart[c]
	}
	g.cellNode = make([]uint32, g.cellStart[g.rows*g.cols])
	fill := append([]uint32(nil), g.cellStart...)
	for i, c := range cellOf {
		if c >= 0 {
			g.cellNode[fill[c]] = uint32(i)
			fill[c]++
		}
	}
	g.places, err = newPlaceIndex(r)
	if err != nil {
		return nil, err
	}
	g.work.New = func() any { return newWorkspace(r.Nodes) }
	for k, f := range []uint8{pack.Car, pack.Foot, pack.Bike} {
		g.weight[k] = make([]float32, r.Edges)
		for e := range g.weight[k] {
			g.weight[k][e] = float32(g.edgeSeconds(uint32(e), f))
		}
	}
	return g, nil
}

func (g *region) cell(lat, lng float64) int {
	r := int((lat - g.minLat) / snapDeg)
	c := int((lng - g.minLng) / snapDeg)
	if r < 0 || c < 0 || r >= g.rows || c >= g.cols {
		return -1
	}
	return r*g.cols + c
}

func (g *region) pos(n uint32) LatLng { return LatLng{g.lat[n], g.lng[n]} }

// covers reports whether p lies in the region's bounding box.
func (g *region) covers(p LatLng) bool {
	b := g.src.BBox
	return p.Lat >= b[0] && p.Lat <= b[2] && p.Lng >= b[1] && p.Lng <= b[3]
}

// maxSnap is how far from the road graph an endpoint may be, in metres.
const maxSnap = 3000

// snap finds the node nearest p that has an edge usable by mode.
func (g *region) snap(p LatLng, flag uint8) (uint32, float64, bool) {
	if !g.covers(p) {
		return 0, 0, false
	}
	best, bestD := uint32(0), math.Inf(1)
	r0 := int((p.Lat - g.minLat) / snapDeg)
	c0 := int((p.Lng - g.minLng) / snapDeg)
	const maxRing = 4 // rings of snapDeg cells: about maxSnap at mid latitudes
	for ring := 0; ring <= maxRing; ring++ {
		for r := r0 - ring; r <= r0+ring; r++ {
			for c := c0 - ring; c <= c0+ring; c++ {
				if r < 0 || c < 0 || r >= g.rows || c >= g.cols {
					continue
				}
				if max(abs(r-r0), abs(c-c0)) != ring {
					continue
				}
				k := r*g.cols + c
				for _, n := range g.cellNode[g.cellStart[k]:g.cellStart[k+1]] {
					if !g.usable(n, flag) {
						continue
					}
					if d := Distance(p, g.pos(n)); d < bestD {
						best, bestD = n, d
					}
				}
			}
		}
		// A node found in ring k is within (k+1) cells; once the ring
		// radius passes the best distance, nothing closer remains.
		if bestD < float64(ring)*snapDeg*111000*math.Cos(p.Lat*math.Pi/180) {
			break
		}
	}
	return best, bestD, bestD <= maxSnap
}

func (g *region) usable(n uint32, flag uint8) bool {
	if flag == pack.Car || flag == pack.Foot || flag == pack.Bike {
		return g.graph(flag).usable(n)
	}
	for e := g.src.EdgeStart[n]; e < g.src.EdgeStart[n+1]; e++ {
		if g.src.EdgeFlags[e]&flag != 0 {
			return true
		}
	}
	return false
}

// Speeds used off the car network, in km/h.
const (
	walkKmh = 5.0
	bikeKmh = 15.0
)

func modeFlag(mode string) uint8 {
	switch mode {
	case ModeWalking:
		return pack.Foot
	case ModeBicycling:
		return pack.Bike
	}
	return pack.Car
}

// edgeSeconds is the travel time of edge e for mode.
func (g *region) edgeSeconds(e uint32, flag uint8) float64 {
	m := float64(g.src.EdgeLen[e]) / 10
	switch flag {
	case pack.Foot:
		return m / (walkKmh / 3.6)
	case pack.Bike:
		return m / (bikeKmh / 3.6)
	}
	return m / (float64(max(g.src.EdgeSpeed[e], 5)) / 3.6)
}

// workspace is reusable Dijkstra state. An entry of node belongs to the
// current search only when its gen matches; target marks the targets.
type workspace struct {
	node    []nodeState
	target  []uint32
	gen     uint32
	buckets [][]uint32 // Dial's bucket queue, indexed by distance mod len
}

type nodeState struct {
	dist uint32 // deciseconds
	pred uint32 // contracted edge into the node, or noPred
	gen  uint32
}

const noPred = math.MaxUint32

func newWorkspace(n int) *workspace {
	return &workspace{node: make([]nodeState, n), target: make([]uint32, n)}
}

// spath is a shortest path: the edges in order, total metres and seconds.
type spath struct {
	edges   []uint32
	metres  float64
	seconds float64
}

// shortest runs Dijkstra by travel time from src until every target is
// settled (or the graph is exhausted), returning one path per target;
// ok[i] is false where targets[i] is unreachable.
func (g *region) shortest(src uint32, targets []uint32, flag uint8, wantEdges bool) ([]spath, []bool) {
	w := g.work.Get().(*workspace)
	defer g.work.Put(w)
	w.gen++
	if w.gen == 0 { // wrapped: clear stamps
		clear(w.node)
		clear(w.target)
		w.gen = 1
	}
	gen := w.gen
	remaining := 0
	for _, t := range targets {
		if w.target[t] != gen {
			w.target[t] = gen
			remaining++
		}
	}
	c := g.graph(flag)
	ns := w.node
	// Dial's algorithm: integer costs and a ring of buckets longer than
	// the heaviest edge, so push and pop are O(1).
	nb := 1
	for nb <= int(c.maxW) {
		nb <<= 1
	}
	if len(w.buckets) != nb {
		w.buckets = make([][]uint32, nb)
	}
	mask := uint32(nb - 1)
	for i := range w.buckets {
		w.buckets[i] = w.buckets[i][:0]
	}
	ns[src] = nodeState{0, noPred, gen}
	w.buckets[0] = append(w.buckets[0], src)
	queued := 1
	for cur := uint32(0); queued > 0 && remaining > 0; cur++ {
		bk := &w.buckets[cur&mask]
		for len(*bk) > 0 && remaining > 0 {
			u := (*bk)[len(*bk)-1]
			*bk = (*bk)[:len(*bk)-1]
			queued--
			if ns[u].dist != cur {
				continue // stale entry
			}
			if w.target[u] == gen {
				w.target[u] = gen - 1 // settled
				remaining--
			}
			for e := c.start[u]; e < c.start[u+1]; e++ {
				v := c.to[e]
				d := cur + c.weight[e]
				if x := &ns[v]; x.gen != gen || d < x.dist {
					*x = nodeState{d, e, gen}
					w.buckets[d&mask] = append(w.buckets[d&mask], v)
					queued++
				}
			}
		}
	}
	paths := make([]spath, len(targets))
	ok := make([]bool, len(targets))
	for i, t := range targets {
		if ns[t].gen != gen || w.target[t] == gen {
			continue // not reached, or reached but not settled
		}
		ok[i] = true
		var p spath
		p.seconds = float64(ns[t].dist) / 10
		var rev []uint32 // contracted edges, last first
		for n := t; ns[n].pred != noPred; n = c.from[ns[n].pred] {
			e := ns[n].pred
			p.metres += c.metres[e]
			if wantEdges {
				rev = append(rev, e)
			}
		}
		for k := len(rev) - 1; k >= 0; k-- {
			e := rev[k]
			p.edges = append(p.edges, c.orig[c.origStart[e]:c.origStart[e+1]]...)
		}
		paths[i] = p
	}
	return paths, ok
}

// from is the tail node of edge e (binary search in the CSR offsets).
func (g *region) from(e uint32) uint32 {
	st := g.src.EdgeStart
	lo, hi := 0, len(st)-1
	for lo < hi-1 {
		m := (lo + hi) / 2
		if st[m] <= e {
			lo = m
		} else {
			hi = m
		}
	}
	// skip nodes without edges that share the same offset
	for lo+1 < len(st)-1 && st[lo+1] <= e {
		lo++
	}
	return uint32(lo)
}
