package maze

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/maze/grid"
)

func parseGrid(t testing.TB, rows ...string) *grid.Grid {
	t.Helper()
	g, err := grid.Parse(rows)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestEnvGymnasiumSemantics(t *testing.T) {
	g := parseGrid(t,
		"S.#",
		"#.#",
		"#.G",
	)
	var e Env
	obs, info, err := e.ResetGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	if obs.Agent != g.Start || obs.Goal != g.Goal || info.Optimal != 4 || info.StepLimit != 16 {
		t.Fatalf("reset: obs %+v info %+v", obs, info)
	}
	// Into a wall: stays, costs RewardWall.
	r, err := e.Step(grid.Down)
	if err != nil {
		t.Fatal(err)
	}
	if r.Obs.Agent != g.Start || !r.Info.HitWall || r.Reward != RewardWall || r.Terminated || r.Truncated {
		t.Fatalf("wall bump: %+v", r)
	}
	if r.Info.Visits != 2 {
		t.Errorf("visits after a bump = %d, want 2", r.Info.Visits)
	}
	for _, a := range []grid.Action{grid.Right, grid.Down, grid.Down} {
		if r, err = e.Step(a); err != nil || r.Terminated {
			t.Fatalf("step %v: %+v %v", a, r, err)
		}
	}
	r, err = e.Step(grid.Right)
	if err != nil || !r.Terminated || r.Truncated || r.Reward != RewardStep+RewardGoal || r.Info.Steps != 5 {
		t.Fatalf("goal step: %+v %v", r, err)
	}
	if _, err := e.Step(grid.Up); !errors.Is(err, ErrEpisodeOver) {
		t.Errorf("step after the goal: %v, want ErrEpisodeOver", err)
	}
	e.ResetGrid(g)
	if _, err := e.Step(grid.Action(7)); err == nil || !strings.Contains(err.Error(), "action 7") {
		t.Errorf("action 7: %v", err)
	}
}

func TestEnvTruncatesAtStepLimit(t *testing.T) {
	e := Env{StepLimitFactor: 2}
	g := parseGrid(t, "S..G")
	_, info, _ := e.ResetGrid(g)
	if info.StepLimit != 6 {
		t.Fatalf("limit %d, want 6", info.StepLimit)
	}
	var r StepResult
	for i := range 6 {
		var err error
		r, err = e.Step(grid.Left)
		if err != nil {
			t.Fatal(err)
		}
		if (i == 5) != r.Truncated {
			t.Fatalf("step %d truncated=%v", i+1, r.Truncated)
		}
	}
	if e.MaxVisits() != 7 {
		t.Errorf("MaxVisits %d, want 7", e.MaxVisits())
	}
}

func TestEnvResetSeedReproducible(t *testing.T) {
	e := Env{Maze: grid.Spec{Generator: grid.Prim, W: 21, H: 21}}
	a, _, err := e.Reset(99)
	if err != nil {
		t.Fatal(err)
	}
	sa := a.Grid.String()
	b, _, _ := e.Reset(99)
	c, _, _ := e.Reset(100)
	if sa != b.Grid.String() || sa == c.Grid.String() {
		t.Error("Reset(seed) is not a function of the seed")
	}
	e.Maze.W = -3
	if _, _, err := e.Reset(1); err == nil || !strings.Contains(err.Error(), "width -3") {
		t.Errorf("bad spec: %v", err)
	}
}

// adviceStats asks an advisor n times at cells of a backtracker maze and
// returns the share of wrong advice and the advice counts per direction.
func adviceStats(t *testing.T, n Noise, asks int) (float64, [4]int) {
	g, err := grid.Generate(grid.Spec{Generator: grid.Backtracker, W: 41, H: 41}, rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		t.Fatal(err)
	}
	var p grid.Planner
	a := NewAdvisor(g, n, rand.New(rand.NewPCG(1, 2)))
	path := p.Path(g, g.Start, g.Goal)
	wrong := 0
	var dirs [4]int
	for i := range asks {
		pos := path[i%(len(path)-1)]
		a.Observe(pos)
		adv, truth := a.Advise(pos)
		if adv != truth {
			wrong++
		}
		dirs[adv]++
	}
	return float64(wrong) / float64(asks), dirs
}

func TestNoiseLevels(t *testing.T) {
	if w, _ := adviceStats(t, Noise{Kind: NoNoise}, 500); w != 0 {
		t.Errorf("no noise: %.2f wrong", w)
	}
	for _, lvl := range []float64{0.1, 0.5, 0.9} {
		w, _ := adviceStats(t, Noise{Kind: RandomNoise, Level: lvl}, 4000)
		if w < lvl-0.05 || w > lvl+0.05 {
			t.Errorf("random@%v: %.3f wrong", lvl, w)
		}
	}
	w, dirs := adviceStats(t, Noise{Kind: BiasedNoise, Level: 0.9, Direction: grid.Left}, 4000)
	if w < 0.85 {
		t.Errorf("biased@0.9: %.3f wrong", w)
	}
	if dirs[grid.Left] < 2000 {
		t.Errorf("biased left@0.9 advised left %d of 4000 times", dirs[grid.Left])
	}
	// Delayed advice along a winding path is wrong only at turns.
	w, _ = adviceStats(t, Noise{Kind: DelayedNoise, Level: 0.9, Delay: 3}, 2000)
	if w <= 0 || w >= 0.9 {
		t.Errorf("delayed@0.9: %.3f wrong, want some but not all", w)
	}
}

func TestNoiseSpecErrors(t *testing.T) {
	for _, tc := range []struct {
		s    NoiseSpec
		want string
	}{
		{NoiseSpec{Kind: "gaussian", Levels: []float64{0.1}}, "x.kind"},
		{NoiseSpec{Kind: RandomNoise}, "x.levels: empty"},
		{NoiseSpec{Kind: RandomNoise, Levels: []float64{0.1, 0.95}}, "x.levels[1]: 0.95"},
		{NoiseSpec{Kind: RandomNoise, Levels: []float64{-0.1}}, "x.levels[0]: -0.1"},
		{NoiseSpec{Kind: RandomNoise, Levels: []float64{0.1}, Delay: 2}, "x.delay"},
		{NoiseSpec{Kind: DelayedNoise, Levels: []float64{0.1}, Delay: -2}, "x.delay: -2"},
		{NoiseSpec{Kind: BiasedNoise, Levels: []float64{0.1}, Direction: "north"}, "x.direction"},
		{NoiseSpec{Kind: NoNoise, Levels: []float64{0.1}}, "x.levels"},
	} {
		_, err := tc.s.expand("x")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: err = %v, want %q", tc.s, err, tc.want)
		}
	}
	ns, err := NoiseSpec{Kind: DelayedNoise, Levels: []float64{0, 0.5}}.expand("x")
	if err != nil || len(ns) != 2 || ns[1].Delay != DefaultDelay || ns[1].Name() != "delayed@0.5" {
		t.Errorf("expand delayed: %+v %v", ns, err)
	}
}
