// Package grid is the maze world's geometry: a block grid of open and wall
// cells, seeded maze generators and an allocation-free A* planner.
package grid

import (
	"fmt"
	"strings"
)

// Action is a move on the grid, numbered as in Gymnasium grid worlds.
type Action int8

// The four moves. NoAction marks "no advice" or "no move".
const (
	Up       Action = 0
	Down     Action = 1
	Left     Action = 2
	Right    Action = 3
	NoAction Action = -1
)

// Actions lists the moves in action-number order.
var Actions = [4]Action{Up, Down, Left, Right}

var actionNames = [4]string{"up", "down", "left", "right"}

func (a Action) String() string {
	if a < 0 || a > 3 {
		return "none"
	}
	return actionNames[a]
}

// MarshalText writes a as its name ("up", ..., "none" for NoAction), so
// actions read as words in JSON.
func (a Action) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads an action's name; "none" is NoAction.
func (a *Action) UnmarshalText(b []byte) error {
	if string(b) == "none" {
		*a = NoAction
		return nil
	}
	v, err := ParseAction(string(b))
	*a = v
	return err
}

// ParseAction returns the action named s ("up", "down", "left", "right").
func ParseAction(s string) (Action, error) {
	for i, n := range actionNames {
		if s == n {
			return Action(i), nil
		}
	}
	return NoAction, fmt.Errorf("action %q: want up, down, left or right", s)
}

// Delta is the (dx, dy) of a; y grows downwards.
func (a Action) Delta() (dx, dy int) {
	switch a {
	case Up:
		return 0, -1
	case Down:
		return 0, 1
	case Left:
		return -1, 0
	case Right:
		return 1, 0
	}
	return 0, 0
}

// Opposite is the move that undoes a.
func (a Action) Opposite() Action {
	switch a {
	case Up:
		return Down
	case Down:
		return Up
	case Left:
		return Right
	case Right:
		return Left
	}
	return NoAction
}

// Pos is a cell position; X is the column, Y the row.
type Pos struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Add returns p moved by a, without bounds checks.
func (p Pos) Add(a Action) Pos {
	dx, dy := a.Delta()
	return Pos{p.X + dx, p.Y + dy}
}

// Manhattan is the 4-neighbour distance from p to q.
func (p Pos) Manhattan(q Pos) int { return abs(p.X-q.X) + abs(p.Y-q.Y) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Grid is a W×H block maze: every cell is open or a wall. Start and Goal
// are open cells. Cells are stored row-major in one flat slice.
type Grid struct {
	W, H  int
	Wall  []bool
	Start Pos
	Goal  Pos
}

// New returns a w×h grid with every cell open.
func New(w, h int) *Grid {
	return &Grid{W: w, H: h, Wall: make([]bool, w*h)}
}

// In reports whether p lies inside the grid.
func (g *Grid) In(p Pos) bool { return p.X >= 0 && p.Y >= 0 && p.X < g.W && p.Y < g.H }

// Index is p's offset in Wall.
func (g *Grid) Index(p Pos) int { return p.Y*g.W + p.X }

// At is the position of cell index i.
func (g *Grid) At(i int) Pos { return Pos{i % g.W, i / g.W} }

// Open reports whether p is inside the grid and not a wall.
func (g *Grid) Open(p Pos) bool { return g.In(p) && !g.Wall[p.Y*g.W+p.X] }

// CanMove reports whether a from p lands on an open cell.
func (g *Grid) CanMove(p Pos, a Action) bool {
	if a < 0 || a > 3 {
		return false
	}
	return g.Open(p.Add(a))
}

// Neighbours counts the open 4-neighbours of p.
func (g *Grid) Neighbours(p Pos) int {
	n := 0
	for _, a := range Actions {
		if g.CanMove(p, a) {
			n++
		}
	}
	return n
}

// String draws the grid: '#' wall, '.' open, 'S' start, 'G' goal.
func (g *Grid) String() string {
	var b strings.Builder
	b.Grow((g.W + 1) * g.H)
	for y := range g.H {
		for x := range g.W {
			p := Pos{x, y}
			switch {
			case p == g.Start:
				b.WriteByte('S')
			case p == g.Goal:
				b.WriteByte('G')
			case g.Wall[y*g.W+x]:
				b.WriteByte('#')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Parse reads rows drawn as String draws them ('#' wall; '.', ' ', 'S', 'G'
// open). All rows must have the same length; S and G are required.
func Parse(rows []string) (*Grid, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("grid: no rows")
	}
	w := len(rows[0])
	if w == 0 {
		return nil, fmt.Errorf("grid: row 0 is empty")
	}
	if w > MaxSide || len(rows) > MaxSide {
		return nil, fmt.Errorf("grid: %d×%d is larger than %d×%d", w, len(rows), MaxSide, MaxSide)
	}
	g := New(w, len(rows))
	var haveS, haveG bool
	for y, r := range rows {
		if len(r) != w {
			return nil, fmt.Errorf("grid: row %d has %d cells, row 0 has %d", y, len(r), w)
		}
		for x := range len(r) {
			switch r[x] {
			case '#':
				g.Wall[y*w+x] = true
			case '.', ' ':
			case 'S':
				if haveS {
					return nil, fmt.Errorf("grid: second S at row %d column %d", y, x)
				}
				g.Start, haveS = Pos{x, y}, true
			case 'G':
				if haveG {
					return nil, fmt.Errorf("grid: second G at row %d column %d", y, x)
				}
				g.Goal, haveG = Pos{x, y}, true
			default:
				return nil, fmt.Errorf("grid: row %d column %d: unknown cell %q (want # . S G)", y, x, r[x])
			}
		}
	}
	if !haveS || !haveG {
		return nil, fmt.Errorf("grid: needs one S (start) and one G (goal)")
	}
	return g, nil
}
