package grid

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// bfs is the reference shortest-path length (-1 when unreachable).
func bfs(g *Grid, from, to Pos) int {
	dist := make([]int, g.W*g.H)
	for i := range dist {
		dist[i] = -1
	}
	q := []Pos{from}
	dist[g.Index(from)] = 0
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		if c == to {
			return dist[g.Index(c)]
		}
		for _, a := range Actions {
			n := c.Add(a)
			if g.Open(n) && dist[g.Index(n)] < 0 {
				dist[g.Index(n)] = dist[g.Index(c)] + 1
				q = append(q, n)
			}
		}
	}
	return -1
}

func gen(t testing.TB, kind Generator, n int, density float64, seed uint64) *Grid {
	t.Helper()
	g, err := Generate(Spec{Generator: kind, W: n, H: n, Density: density}, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPerfectMazesAreTrees(t *testing.T) {
	for _, kind := range []Generator{Backtracker, Prim} {
		for _, n := range []int{8, 9, 31, 64} {
			g := gen(t, kind, n, 0, uint64(n))
			open, edges := 0, 0
			for i, w := range g.Wall {
				if w {
					continue
				}
				open++
				p := g.At(i)
				if g.Open(p.Add(Right)) {
					edges++
				}
				if g.Open(p.Add(Down)) {
					edges++
				}
			}
			// A connected graph with open-1 edges is a tree: exactly one
			// path between any two cells.
			if edges != open-1 {
				t.Errorf("%s %d: %d open cells, %d edges; want a tree", kind, n, open, edges)
			}
			var p Planner
			for i, w := range g.Wall {
				if !w && !p.Reachable(g, g.Start, g.At(i)) {
					t.Fatalf("%s %d: cell %v unreachable", kind, n, g.At(i))
				}
			}
			if !g.Open(g.Goal) || g.Goal == g.Start {
				t.Errorf("%s %d: bad goal %v", kind, n, g.Goal)
			}
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for _, kind := range Generators {
		a := gen(t, kind, 33, 0.3, 42).String()
		b := gen(t, kind, 33, 0.3, 42).String()
		c := gen(t, kind, 33, 0.3, 43).String()
		if a != b {
			t.Errorf("%s: same seed gave different mazes", kind)
		}
		if a == c {
			t.Errorf("%s: different seeds gave the same maze", kind)
		}
	}
}

func TestObstaclesSolvableAndDense(t *testing.T) {
	g := gen(t, Obstacles, 40, 0.3, 1)
	walls := 0
	for _, w := range g.Wall {
		if w {
			walls++
		}
	}
	frac := float64(walls) / float64(len(g.Wall))
	if frac < 0.2 || frac > 0.4 {
		t.Errorf("wall fraction %.2f, want near 0.3", frac)
	}
	if bfs(g, g.Start, g.Goal) < 0 {
		t.Error("obstacle maze not solvable")
	}
	_, err := Generate(Spec{Generator: Obstacles, W: 30, H: 30, Density: 0.9}, rand.New(rand.NewPCG(1, 1)))
	if err == nil || !strings.Contains(err.Error(), "no solvable maze") {
		t.Errorf("density 0.9: err = %v, want ErrUnsolvable", err)
	}
}

func TestSpecValidate(t *testing.T) {
	for _, tc := range []struct {
		s    Spec
		want string
	}{
		{Spec{Generator: "spiral", W: 8, H: 8}, "generator"},
		{Spec{Generator: Prim, W: -8, H: 8}, "width -8"},
		{Spec{Generator: Prim, W: 8, H: 9000}, "height 9000"},
		{Spec{Generator: Obstacles, W: 8, H: 8, Density: 1.5}, "density"},
	} {
		err := tc.s.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: err = %v, want it to name %q", tc.s, err, tc.want)
		}
	}
}

func TestAStarOptimal(t *testing.T) {
	var p Planner // reused across grids of different sizes on purpose
	for seed := range uint64(40) {
		n := 6 + int(seed%5)*7
		g := gen(t, Obstacles, n, 0.25, seed)
		rng := rand.New(rand.NewPCG(seed, 3))
		for range 20 {
			from := Pos{rng.IntN(n), rng.IntN(n)}
			to := Pos{rng.IntN(n), rng.IntN(n)}
			want := -1
			if g.Open(from) && g.Open(to) {
				want = bfs(g, from, to)
			}
			if got := p.Length(g, from, to); got != want {
				t.Fatalf("seed %d %v→%v: A* length %d, BFS %d\n%s", seed, from, to, got, want, g)
			}
			path := p.Path(g, from, to)
			if want < 0 {
				if path != nil {
					t.Fatalf("unreachable but path %v", path)
				}
				continue
			}
			if len(path) != want+1 || path[0] != from || path[len(path)-1] != to {
				t.Fatalf("path %v: want %d cells from %v to %v", path, want+1, from, to)
			}
			for i := 1; i < len(path); i++ {
				if !g.Open(path[i]) || path[i].Manhattan(path[i-1]) != 1 {
					t.Fatalf("path step %d %v→%v is not a move", i, path[i-1], path[i])
				}
			}
		}
	}
}

func TestToGoalFollowsOptimalPaths(t *testing.T) {
	var tg ToGoal
	for _, kind := range Generators {
		g := gen(t, kind, 41, 0.2, 5)
		tg.Reset(g, g.Goal)
		rng := rand.New(rand.NewPCG(9, 9))
		// Ask from cells in random order, so the search is retargeted
		// often; following Next from any of them must take exactly the
		// optimal number of moves.
		for range 200 {
			start := Pos{rng.IntN(g.W), rng.IntN(g.H)}
			want := -1
			if g.Open(start) {
				want = bfs(g, start, g.Goal)
			}
			if d := tg.Dist(start); d != want {
				t.Fatalf("%s: Dist(%v) = %d, BFS %d", kind, start, d, want)
			}
			if want < 0 {
				if a := tg.Next(start); a != NoAction {
					t.Fatalf("%s: Next(%v) = %v for an unreachable cell", kind, start, a)
				}
				continue
			}
			pos, steps := start, 0
			for pos != g.Goal && steps <= want {
				a := tg.Next(pos)
				if !g.CanMove(pos, a) {
					t.Fatalf("%s: Next(%v) = %v, not a move", kind, pos, a)
				}
				pos = pos.Add(a)
				steps++
			}
			if steps != want {
				t.Fatalf("%s: from %v reached the goal in %d, optimal %d", kind, start, steps, want)
			}
		}
		if a := tg.Next(g.Goal); a != NoAction {
			t.Errorf("Next at goal = %v", a)
		}
	}
	// A wall goal: nothing is reachable.
	g := parseGridT(t, "S#", "#G")
	tg.Reset(g, Pos{1, 0})
	if tg.Next(g.Start) != NoAction || tg.Dist(g.Start) != -1 {
		t.Error("wall goal answered")
	}
}

func parseGridT(t *testing.T, rows ...string) *Grid {
	g, err := Parse(rows)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestParseRoundTrip(t *testing.T) {
	g := gen(t, Prim, 15, 0, 9)
	h, err := Parse(strings.Split(strings.TrimSpace(g.String()), "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if h.String() != g.String() {
		t.Errorf("round trip changed the grid:\n%s\n%s", g, h)
	}
	for _, tc := range []struct {
		rows []string
		want string
	}{
		{nil, "no rows"},
		{[]string{"S.", "G"}, "row 1 has 1 cells"},
		{[]string{"S.x", "..G"}, "unknown cell"},
		{[]string{"...", "..G"}, "one S"},
		{[]string{"SS.", "..G"}, "second S"},
	} {
		if _, err := Parse(tc.rows); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) err = %v, want %q", tc.rows, err, tc.want)
		}
	}
}

func TestActions(t *testing.T) {
	for _, a := range Actions {
		b, err := ParseAction(a.String())
		if err != nil || b != a {
			t.Errorf("ParseAction(%q) = %v, %v", a, b, err)
		}
		if a.Opposite().Opposite() != a || a.Opposite() == a {
			t.Errorf("Opposite(%v) = %v", a, a.Opposite())
		}
		p := Pos{5, 5}.Add(a).Add(a.Opposite())
		if p != (Pos{5, 5}) {
			t.Errorf("%v then its opposite moved to %v", a, p)
		}
	}
	if _, err := ParseAction("north"); err == nil {
		t.Error("ParseAction(north) accepted")
	}
}

func BenchmarkAStar1024(b *testing.B) {
	for _, kind := range Generators {
		b.Run(string(kind), func(b *testing.B) {
			g := gen(b, kind, 1024, 0.3, 1)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var p Planner
			n := p.Length(g, g.Start, g.Goal)
			runtime.ReadMemStats(&after)
			if n <= 0 {
				b.Fatal("no path")
			}
			expanded := p.Expanded
			for b.Loop() {
				p.Length(g, g.Start, g.Goal)
			}
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/(1<<20), "planner-MB")
			b.ReportMetric(float64(n), "path-len")
			b.ReportMetric(float64(expanded), "expanded")
		})
	}
}

func BenchmarkAStar1024Cold(b *testing.B) {
	// A fresh planner per search: allocation included.
	g := gen(b, Backtracker, 1024, 0, 1)
	b.ReportAllocs()
	for b.Loop() {
		var p Planner
		p.Path(g, g.Start, g.Goal)
	}
}

// BenchmarkToGoalWalk1024 asks for the next move at every cell of a walk
// that keeps stepping off the optimal path, as a follow agent with a noisy
// planner does.
func BenchmarkToGoalWalk1024(b *testing.B) {
	g := gen(b, Backtracker, 1024, 0, 1)
	var tg ToGoal
	asks := 0
	for b.Loop() {
		tg.Reset(g, g.Goal)
		rng := rand.New(rand.NewPCG(1, 1))
		pos := g.Start
		for pos != g.Goal {
			a := tg.Next(pos)
			asks++
			if rng.IntN(10) == 0 { // a wrong move one time in ten
				a = Action(rng.IntN(4))
			}
			if g.CanMove(pos, a) {
				pos = pos.Add(a)
			}
		}
	}
	b.ReportMetric(float64(asks)/float64(b.N), "asks/op")
}

func BenchmarkGenerate1024(b *testing.B) {
	for _, kind := range Generators {
		b.Run(string(kind), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				gen(b, kind, 1024, 0.3, uint64(i))
			}
		})
	}
}
