package grid

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Limits on a grid's side.
const (
	MinSide = 4
	MaxSide = 4096
)

// Generator names a maze generator.
type Generator string

// The generators.
const (
	// Backtracker is the recursive backtracker (depth-first carving): a
	// perfect maze with long corridors and one path between any two cells.
	Backtracker Generator = "backtracker"
	// Prim is randomised Prim: a perfect maze with many short dead ends.
	Prim Generator = "prim"
	// Obstacles places walls independently at a density, redrawing until
	// the goal is reachable.
	Obstacles Generator = "obstacles"
)

// Generators lists the known generators.
var Generators = []Generator{Backtracker, Prim, Obstacles}

// ErrUnsolvable is returned when no solvable obstacle grid was drawn.
var ErrUnsolvable = errors.New("no solvable maze")

// Spec is what to generate.
type Spec struct {
	Generator Generator
	W, H      int
	// Density is the wall probability for Obstacles, in [0, 0.9].
	Density float64
}

// Validate reports a spec that Generate would refuse, naming the field.
func (s Spec) Validate() error {
	switch s.Generator {
	case Backtracker, Prim, Obstacles:
	default:
		return fmt.Errorf("generator %q: want backtracker, prim or obstacles", s.Generator)
	}
	if s.W < MinSide || s.W > MaxSide {
		return fmt.Errorf("width %d: want %d to %d", s.W, MinSide, MaxSide)
	}
	if s.H < MinSide || s.H > MaxSide {
		return fmt.Errorf("height %d: want %d to %d", s.H, MinSide, MaxSide)
	}
	if s.Density < 0 || s.Density > 0.9 || s.Density != s.Density {
		return fmt.Errorf("density %v: want 0 to 0.9", s.Density)
	}
	return nil
}

// Generate draws a maze from rng. The start is the top-left cell; the goal
// is the open cell nearest the bottom-right corner. The same spec and rng
// state give the same maze.
func Generate(s Spec, rng *rand.Rand) (*Grid, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	switch s.Generator {
	case Backtracker:
		return backtracker(s.W, s.H, rng), nil
	case Prim:
		return prim(s.W, s.H, rng), nil
	default:
		return obstacles(s.W, s.H, s.Density, rng)
	}
}

// Perfect mazes carve rooms at even coordinates; the walls between rooms
// sit at odd ones. An even side leaves its last row or column solid.
func rooms(w, h int) (cw, ch int) { return (w + 1) / 2, (h + 1) / 2 }

func solid(w, h int) *Grid {
	g := New(w, h)
	for i := range g.Wall {
		g.Wall[i] = true
	}
	cw, ch := rooms(w, h)
	g.Start = Pos{0, 0}
	g.Goal = Pos{2 * (cw - 1), 2 * (ch - 1)}
	return g
}

// roomDirs are the room-step directions in a fixed order.
var roomDirs = [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}

func backtracker(w, h int, rng *rand.Rand) *Grid {
	g := solid(w, h)
	cw, ch := rooms(w, h)
	seen := make([]bool, cw*ch)
	stack := make([]int32, 0, 64)
	stack = append(stack, 0)
	seen[0] = true
	g.Wall[0] = false
	var cand [4]int
	for len(stack) > 0 {
		r := int(stack[len(stack)-1])
		rx, ry := r%cw, r/cw
		n := 0
		for d, dd := range roomDirs {
			nx, ny := rx+dd[0], ry+dd[1]
			if nx >= 0 && ny >= 0 && nx < cw && ny < ch && !seen[ny*cw+nx] {
				cand[n] = d
				n++
			}
		}
		if n == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		dd := roomDirs[cand[rng.IntN(n)]]
		nx, ny := rx+dd[0], ry+dd[1]
		seen[ny*cw+nx] = true
		g.Wall[(2*ry+dd[1])*w+2*rx+dd[0]] = false
		g.Wall[2*ny*w+2*nx] = false
		stack = append(stack, int32(ny*cw+nx))
	}
	return g
}

func prim(w, h int, rng *rand.Rand) *Grid {
	g := solid(w, h)
	cw, ch := rooms(w, h)
	seen := make([]bool, cw*ch)
	// A frontier edge is a room and a direction out of it, packed.
	frontier := make([]int32, 0, 64)
	add := func(r int) {
		seen[r] = true
		rx, ry := r%cw, r/cw
		g.Wall[2*ry*w+2*rx] = false
		for d, dd := range roomDirs {
			nx, ny := rx+dd[0], ry+dd[1]
			if nx >= 0 && ny >= 0 && nx < cw && ny < ch && !seen[ny*cw+nx] {
				frontier = append(frontier, int32(r*4+d))
			}
		}
	}
	add(0)
	for len(frontier) > 0 {
		i := rng.IntN(len(frontier))
		e := int(frontier[i])
		frontier[i] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		r, dd := e/4, roomDirs[e%4]
		rx, ry := r%cw, r/cw
		nx, ny := rx+dd[0], ry+dd[1]
		if seen[ny*cw+nx] {
			continue
		}
		g.Wall[(2*ry+dd[1])*w+2*rx+dd[0]] = false
		add(ny*cw + nx)
	}
	return g
}

func obstacles(w, h int, density float64, rng *rand.Rand) (*Grid, error) {
	g := New(w, h)
	g.Start = Pos{0, 0}
	g.Goal = Pos{w - 1, h - 1}
	var p Planner
	for range 100 {
		for i := range g.Wall {
			g.Wall[i] = rng.Float64() < density
		}
		g.Wall[0] = false
		g.Wall[len(g.Wall)-1] = false
		if p.Reachable(g, g.Start, g.Goal) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("obstacles %d×%d at density %v: %w after 100 draws", w, h, density, ErrUnsolvable)
}
