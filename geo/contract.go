package geo

import (
	"math"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// csr is a mode's routing graph with chains of pass-through nodes
// contracted: a node whose only neighbours are two others, entered from
// one and left to the other, is skipped by an edge that spans the chain.
// Node ids stay those of the region; contracted nodes have no edges.
// Each edge lists the region edges it stands for, for directions.
type csr struct {
	start     []uint32 // len nodes+1
	to, from  []uint32
	weight    []uint32 // deciseconds, at least 1
	maxW      uint32
	metres    []float64
	origStart []uint32 // len edges+1
	orig      []uint32
}

// graph returns the contracted graph for one mode, built on first use.
func (g *region) graph(flag uint8) *csr {
	k := flagIndex(flag)
	g.csrOnce[k].Do(func() { g.csr[k] = g.contract(flag) })
	return g.csr[k]
}

func (g *region) contract(flag uint8) *csr {
	n := g.src.Nodes
	st := g.src.EdgeStart
	w := g.weight[flagIndex(flag)]
	ok := func(e uint32) bool { return g.src.EdgeFlags[e]&flag != 0 }
	// In-edges: count and the first two distinct sources.
	inCount := make([]uint8, n)
	inSrc := make([][2]uint32, n)
	for u := 0; u < n; u++ {
		for e := st[u]; e < st[u+1]; e++ {
			if !ok(e) {
				continue
			}
			v := g.to[e]
			if inCount[v] < 2 {
				inSrc[v][inCount[v]] = uint32(u)
			}
			if inCount[v] < 255 {
				inCount[v]++
			}
		}
	}
	// pass reports whether v is a pass-through node and, if so, the
	// out-edge to take when arriving from prev.
	pass := func(v, prev uint32) (uint32, bool) {
		var outs [3]uint32
		no := 0
		for e := st[v]; e < st[v+1]; e++ {
			if ok(e) {
				if no == 2 {
					return 0, false
				}
				outs[no] = e
				no++
			}
		}
		switch {
		case no == 1 && inCount[v] == 1: // one-way chain
			a, b := inSrc[v][0], g.to[outs[0]]
			if a == b || a == v || b == v || a != prev {
				return 0, false
			}
			return outs[0], true
		case no == 2 && inCount[v] == 2: // two-way chain
			a, b := g.to[outs[0]], g.to[outs[1]]
			s0, s1 := inSrc[v][0], inSrc[v][1]
			if a == b || a == v || b == v || !((s0 == a && s1 == b) || (s0 == b && s1 == a)) {
				return 0, false
			}
			if a == prev {
				return outs[1], true
			}
			if b == prev {
				return outs[0], true
			}
		}
		return 0, false
	}
	kept := make([]bool, n)
	for v := 0; v < n; v++ {
		has := inCount[v] > 0
		for e := st[v]; e < st[v+1] && !has; e++ {
			has = ok(e)
		}
		if !has {
			continue
		}
		// A node is kept unless it passes through for some neighbour.
		kept[v] = true
		for e := st[v]; e < st[v+1]; e++ {
			if ok(e) {
				if _, p := pass(uint32(v), g.to[e]); p {
					kept[v] = false
				}
				break
			}
		}
		if kept[v] && inCount[v] == 1 {
			if _, p := pass(uint32(v), inSrc[v][0]); p {
				kept[v] = false
			}
		}
	}
	c := &csr{start: make([]uint32, n+1), origStart: []uint32{0}}
	for u := 0; u < n; u++ {
		c.start[u] = uint32(len(c.to))
		if !kept[u] {
			continue
		}
		for e0 := st[u]; e0 < st[u+1]; e0++ {
			if !ok(e0) {
				continue
			}
			sec, m := float64(w[e0]), float64(g.src.EdgeLen[e0])/10
			c.orig = append(c.orig, e0)
			prev, x := uint32(u), g.to[e0]
			for steps := 0; !kept[x] && steps < n; steps++ {
				e, p := pass(x, prev)
				if !p {
					break // cannot happen for a non-kept node; be safe
				}
				sec += float64(w[e])
				m += float64(g.src.EdgeLen[e]) / 10
				c.orig = append(c.orig, e)
				prev, x = x, g.to[e]
			}
			c.to = append(c.to, x)
			c.from = append(c.from, uint32(u))
			ds := uint32(math.Max(1, math.Round(sec*10)))
			c.weight = append(c.weight, ds)
			c.maxW = max(c.maxW, ds)
			c.metres = append(c.metres, m)
			c.origStart = append(c.origStart, uint32(len(c.orig)))
		}
	}
	c.start[n] = uint32(len(c.to))
	return c
}

// usableIn reports whether node v is a routing node of graph c.
func (c *csr) usable(v uint32) bool { return c.start[v+1] > c.start[v] }

var _ = pack.Car
