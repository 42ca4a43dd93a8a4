// Package maze is a grid-world lab for LLM tool reliance: at every step an
// agent decides whether to ask a (possibly noisy) A* planner and which way to
// move. It holds the environment, the noise models, the agents (follow,
// greedy, llm_solver), the experiment runner, its metrics and the HTML report.
//
// Read it top-down: graph.go (an episode as a flow graph: its state,
// nodes and the episode they share), env.go (the world), noise.go (the
// tool's advice), agents.go and decisions.go (who decides what), run.go
// (experiments: many episodes on a pool of workers), metrics.go,
// report.go.
package maze

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/cairn-agents/cairn/apps/maze/grid"
)

// Rewards, Gymnasium style: a small cost per step, a larger one for walking
// into a wall (the agent stays put) and +1 for reaching the goal.
const (
	RewardStep = -0.01
	RewardWall = -0.05
	RewardGoal = 1.0
)

// DefaultStepLimitFactor times the optimal path length is the default step
// limit of an episode.
const DefaultStepLimitFactor = 4

// mazeStream is the PCG stream for maze generation; noise uses others.
const mazeStream = 0x6d617a65

// ErrEpisodeOver is returned by Step after the episode terminated or was
// truncated; call Reset.
var ErrEpisodeOver = errors.New("episode is over")

// Observation is what the agent sees after Reset and each Step. Grid is
// shared, not copied: agents must not change it.
type Observation struct {
	Agent grid.Pos
	Goal  grid.Pos
	Grid  *grid.Grid
}

// Info is the extra per-step information Gymnasium puts in its info dict.
type Info struct {
	Steps     int  // steps taken so far
	StepLimit int  // the episode truncates at this many steps
	Optimal   int  // moves on an optimal path from the start
	HitWall   bool // the last action walked into a wall or off the grid
	Visits    int  // times the agent has been on its current cell
}

// StepResult is what Step returns.
type StepResult struct {
	Obs        Observation
	Reward     float64
	Terminated bool // reached the goal
	Truncated  bool // hit the step limit
	Info       Info
}

// Env is a GridWorld with Gymnasium semantics: Reset, then Step until
// terminated or truncated. Actions are 0=up, 1=down, 2=left, 3=right.
type Env struct {
	// Maze is what Reset generates.
	Maze grid.Spec
	// StepLimitFactor times the optimal length is the step limit; zero
	// means DefaultStepLimitFactor.
	StepLimitFactor int

	g       *grid.Grid
	pos     grid.Pos
	steps   int
	limit   int
	optimal int
	done    bool
	visits  []uint16
	planner grid.Planner
}

// Reset generates a new maze from seed (the same seed, the same maze) and
// puts the agent on its start.
func (e *Env) Reset(seed uint64) (Observation, Info, error) {
	g, err := grid.Generate(e.Maze, rand.New(rand.NewPCG(seed, mazeStream)))
	if err != nil {
		return Observation{}, Info{}, fmt.Errorf("maze reset: %w", err)
	}
	return e.ResetGrid(g)
}

// ResetGrid starts an episode on a given maze.
func (e *Env) ResetGrid(g *grid.Grid) (Observation, Info, error) {
	opt := e.planner.Length(g, g.Start, g.Goal)
	if opt < 0 {
		return Observation{}, Info{}, fmt.Errorf("maze reset: goal %v unreachable from %v: %w", g.Goal, g.Start, grid.ErrUnsolvable)
	}
	f := e.StepLimitFactor
	if f <= 0 {
		f = DefaultStepLimitFactor
	}
	e.g, e.pos, e.steps, e.optimal, e.done = g, g.Start, 0, opt, false
	e.limit = max(1, f*opt)
	if len(e.visits) != len(g.Wall) {
		e.visits = make([]uint16, len(g.Wall))
	} else {
		clear(e.visits)
	}
	e.visits[g.Index(g.Start)] = 1
	return e.obs(), e.info(false), nil
}

func (e *Env) obs() Observation { return Observation{Agent: e.pos, Goal: e.g.Goal, Grid: e.g} }

func (e *Env) info(hit bool) Info {
	return Info{Steps: e.steps, StepLimit: e.limit, Optimal: e.optimal, HitWall: hit, Visits: int(e.visits[e.g.Index(e.pos)])}
}

// Step applies action a. A move into a wall or off the grid leaves the agent
// where it is (and costs RewardWall).
func (e *Env) Step(a grid.Action) (StepResult, error) {
	if e.g == nil {
		return StepResult{}, errors.New("maze step: call Reset first")
	}
	if e.done {
		return StepResult{}, ErrEpisodeOver
	}
	if a < grid.Up || a > grid.Right {
		return StepResult{}, fmt.Errorf("maze step: action %d: want 0 (up), 1 (down), 2 (left) or 3 (right)", a)
	}
	e.steps++
	r := StepResult{Reward: RewardStep}
	hit := !e.g.CanMove(e.pos, a)
	if hit {
		r.Reward = RewardWall
	} else {
		e.pos = e.pos.Add(a)
	}
	if v := &e.visits[e.g.Index(e.pos)]; *v < 65535 {
		*v++
	}
	if e.pos == e.g.Goal {
		r.Reward += RewardGoal
		r.Terminated = true
	} else if e.steps >= e.limit {
		r.Truncated = true
	}
	e.done = r.Terminated || r.Truncated
	r.Obs, r.Info = e.obs(), e.info(hit)
	return r, nil
}

// Visits is how often the agent has stood on p this episode.
func (e *Env) Visits(p grid.Pos) int {
	if e.g == nil || !e.g.In(p) {
		return 0
	}
	return int(e.visits[e.g.Index(p)])
}

// MaxVisits is the highest visit count of any cell this episode.
func (e *Env) MaxVisits() int {
	m := uint16(0)
	for _, v := range e.visits {
		m = max(m, v)
	}
	return int(m)
}
