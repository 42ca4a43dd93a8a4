package grid

// Planner runs A* (4-neighbour moves, Manhattan heuristic) over a Grid. It
// keeps its buffers between calls, so repeated planning on grids of the same
// size does not allocate; cells are flat int32 indices and the open set is a
// binary heap of packed keys, with no maps.
//
// The zero Planner is ready to use. A Planner is not safe for concurrent
// use; give each goroutine its own.
type Planner struct {
	stamp  []uint32 // cell is in this search when stamp == cur
	cur    uint32
	gs     []int32 // cost from the search start
	parent []int32
	closed []bool
	heap   keyHeap

	// Expanded counts cells expanded by the last search.
	Expanded int
}

// Heap keys pack f (27 bits), h (13 bits) and the cell index (24 bits):
// ties on f go to the cell nearer the goal, then to the lower index, so the
// search order is deterministic.
const (
	idxBits = 24
	hBits   = 13
)

func (p *Planner) size(n int) {
	if len(p.stamp) == n {
		return
	}
	p.stamp = make([]uint32, n)
	p.gs = make([]int32, n)
	p.parent = make([]int32, n)
	p.closed = make([]bool, n)
	p.cur = 0
}

// keyHeap is a binary min-heap of packed search keys.
type keyHeap []uint64

func (hp *keyHeap) push(k uint64) {
	h := append(*hp, k)
	i := len(h) - 1
	for i > 0 {
		up := (i - 1) / 2
		if h[up] <= k {
			break
		}
		h[i] = h[up]
		i = up
	}
	h[i] = k
	*hp = h
}

func (hp *keyHeap) pop() uint64 {
	h := *hp
	top := h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	hp.down(h, 0, last)
	*hp = h
	return top
}

// down places k at i and sifts it down h.
func (*keyHeap) down(h []uint64, i int, k uint64) {
	n := len(h)
	if n == 0 {
		return
	}
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1] < h[c] {
			c++
		}
		if k <= h[c] {
			break
		}
		h[i] = h[c]
		i = c
	}
	h[i] = k
}

// heapify restores the heap order of h after its keys changed.
func (hp *keyHeap) heapify() {
	h := *hp
	for i := len(h)/2 - 1; i >= 0; i-- {
		hp.down(h, i, h[i])
	}
}

func key(g, h, idx int) uint64 {
	return uint64(g+h)<<(hBits+idxBits) | uint64(h)<<idxBits | uint64(idx)
}

func manhattan(w, a, b int) int {
	dx, dy := a%w-b%w, a/w-b/w
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

// search runs A* from s to t on g and reports whether t was reached; the
// path is then in parent, from t back to s.
func (p *Planner) search(g *Grid, s, t int) bool {
	p.size(g.W * g.H)
	p.cur++
	if p.cur == 0 { // wrapped: old stamps could collide
		clear(p.stamp)
		p.cur = 1
	}
	p.heap = p.heap[:0]
	p.Expanded = 0
	if g.Wall[s] || g.Wall[t] {
		return false
	}
	w := g.W
	tx, ty := t%w, t/w
	hOf := func(c int) int {
		dx, dy := c%w-tx, c/w-ty
		if dx < 0 {
			dx = -dx
		}
		if dy < 0 {
			dy = -dy
		}
		return dx + dy
	}
	cur := p.cur
	p.stamp[s] = cur
	p.gs[s] = 0
	p.parent[s] = -1
	p.closed[s] = false
	h0 := hOf(s)
	p.heap.push(uint64(h0)<<(hBits+idxBits) | uint64(h0)<<idxBits | uint64(s))
	n := len(g.Wall)
	for len(p.heap) > 0 {
		c := int(p.heap.pop() & (1<<idxBits - 1))
		if p.closed[c] {
			continue
		}
		p.closed[c] = true
		p.Expanded++
		if c == t {
			return true
		}
		gc := p.gs[c] + 1
		x := c % w
		// up, down, left, right
		for k := range 4 {
			var nb int
			switch k {
			case 0:
				nb = c - w
				if nb < 0 {
					continue
				}
			case 1:
				nb = c + w
				if nb >= n {
					continue
				}
			case 2:
				if x == 0 {
					continue
				}
				nb = c - 1
			case 3:
				if x == w-1 {
					continue
				}
				nb = c + 1
			}
			if g.Wall[nb] {
				continue
			}
			if p.stamp[nb] == cur {
				if p.closed[nb] || p.gs[nb] <= gc {
					continue
				}
			} else {
				p.stamp[nb] = cur
				p.closed[nb] = false
			}
			p.gs[nb] = gc
			p.parent[nb] = int32(c)
			h := hOf(nb)
			p.heap.push(uint64(int(gc)+h)<<(hBits+idxBits) | uint64(h)<<idxBits | uint64(nb))
		}
	}
	return false
}

func (p *Planner) check(g *Grid, from, to Pos) bool {
	return g.In(from) && g.In(to) && g.W*g.H <= 1<<idxBits && g.W+g.H <= 1<<hBits
}

// Path returns an optimal path from from to to, both ends included, or nil
// when to cannot be reached.
func (p *Planner) Path(g *Grid, from, to Pos) []Pos {
	if !p.check(g, from, to) || !p.search(g, g.Index(from), g.Index(to)) {
		return nil
	}
	t := g.Index(to)
	n := int(p.gs[t]) + 1
	path := make([]Pos, n)
	for c, i := int32(t), n-1; i >= 0; i-- {
		path[i] = g.At(int(c))
		c = p.parent[c]
	}
	return path
}

// Length is the number of moves on an optimal path, or -1 when to cannot
// be reached.
func (p *Planner) Length(g *Grid, from, to Pos) int {
	if !p.check(g, from, to) || !p.search(g, g.Index(from), g.Index(to)) {
		return -1
	}
	return int(p.gs[g.Index(to)])
}

// Reachable reports whether to can be reached from from.
func (p *Planner) Reachable(g *Grid, from, to Pos) bool {
	return p.Length(g, from, to) >= 0
}

func direction(w, from, to int) Action {
	switch to - from {
	case -w:
		return Up
	case w:
		return Down
	case -1:
		return Left
	case 1:
		return Right
	}
	return NoAction
}
