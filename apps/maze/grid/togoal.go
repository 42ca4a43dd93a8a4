package grid

// ToGoal answers "what is the first move of an optimal path from here to
// the goal?" for many starting cells of one grid, as an agent walking the
// maze asks at every step. It runs one A* search backwards from the goal
// and resumes it on demand: a cell the search has closed has its exact
// distance and an optimal successor (its search parent), so repeated
// questions cost O(1); a new cell retargets the open set's heuristic to it
// and continues. Manhattan distance is consistent for any target, so every
// closed cell's distance stays exact across retargets.
//
// The zero ToGoal is ready after Reset. It is not safe for concurrent use.
type ToGoal struct {
	g      *Grid
	goal   int
	target int
	dist   []int32 // cost from the goal, valid when state != unseen
	parent []int32 // next cell towards the goal
	state  []uint8
	open   keyHeap

	// Expanded counts cells closed since Reset.
	Expanded int
}

const (
	unseen uint8 = iota
	opened
	closed
)

// Reset starts over on g towards goal. Buffers are kept when the grid size
// is unchanged.
func (t *ToGoal) Reset(g *Grid, goal Pos) {
	n := g.W * g.H
	if len(t.state) != n {
		t.dist = make([]int32, n)
		t.parent = make([]int32, n)
		t.state = make([]uint8, n)
	} else {
		clear(t.state)
	}
	t.g, t.open, t.Expanded = g, t.open[:0], 0
	t.goal, t.target = -1, -1
	if !g.Open(goal) || n > 1<<idxBits || g.W+g.H > 1<<hBits {
		return
	}
	t.goal = g.Index(goal)
	t.target = t.goal
	t.dist[t.goal] = 0
	t.parent[t.goal] = -1
	t.state[t.goal] = opened
	t.open.push(key(0, 0, t.goal))
}

// Dist is the length of an optimal path from p to the goal, or -1 when
// there is none.
func (t *ToGoal) Dist(p Pos) int {
	if !t.solve(p) {
		return -1
	}
	return int(t.dist[t.g.Index(p)])
}

// Next is the first move of an optimal path from p to the goal; NoAction
// at the goal or when the goal cannot be reached.
func (t *ToGoal) Next(p Pos) Action {
	if !t.solve(p) {
		return NoAction
	}
	i := t.g.Index(p)
	if t.parent[i] < 0 {
		return NoAction
	}
	return direction(t.g.W, i, int(t.parent[i]))
}

// solve resumes the search until p is closed; false when p is a wall, off
// the grid or cut off from the goal.
func (t *ToGoal) solve(p Pos) bool {
	g := t.g
	if g == nil || t.goal < 0 || !g.Open(p) {
		return false
	}
	s := g.Index(p)
	if t.state[s] == closed {
		return true
	}
	w, n := g.W, len(g.Wall)
	if s != t.target {
		// Re-key the open set for the new target, dropping stale entries.
		t.target = s
		h := t.open[:0]
		for _, k := range t.open {
			c := int(k & (1<<idxBits - 1))
			gOld := int(k>>(hBits+idxBits)) - int(k>>idxBits&(1<<hBits-1))
			if t.state[c] != opened || int32(gOld) != t.dist[c] {
				continue
			}
			h = append(h, key(int(t.dist[c]), manhattan(w, c, s), c))
		}
		t.open = h
		t.open.heapify()
	}
	for len(t.open) > 0 {
		k := t.open.pop()
		c := int(k & (1<<idxBits - 1))
		if t.state[c] == closed {
			continue
		}
		t.state[c] = closed
		t.Expanded++
		// Expand even the target: its neighbours may lead elsewhere that
		// later questions need.
		gc := t.dist[c] + 1
		x := c % w
		for d := range 4 {
			var nb int
			switch d {
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
			switch t.state[nb] {
			case closed:
				continue
			case opened:
				if t.dist[nb] <= gc {
					continue
				}
			}
			t.state[nb] = opened
			t.dist[nb] = gc
			t.parent[nb] = int32(c)
			t.open.push(key(int(gc), manhattan(w, nb, s), nb))
		}
		if c == s {
			return true
		}
	}
	return false
}
