package maze

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/cairn-agents/cairn/apps/maze/grid"
)

// NoiseKind names a way the planner's advice goes wrong.
type NoiseKind string

// The noise kinds.
const (
	// NoNoise: the advice is always the optimal move.
	NoNoise NoiseKind = "none"
	// RandomNoise: with probability Level the advice is one of the three
	// other moves, uniformly.
	RandomNoise NoiseKind = "random"
	// BiasedNoise: with probability Level the advice is one fixed wrong
	// direction (Direction; when that happens to be the right move, its
	// opposite).
	BiasedNoise NoiseKind = "biased"
	// DelayedNoise: with probability Level the advice is the optimal move
	// from where the agent stood Delay steps ago.
	DelayedNoise NoiseKind = "delayed"
)

// MaxNoiseLevel is the highest noise level a profile may set.
const MaxNoiseLevel = 0.9

// DefaultDelay is the delay of DelayedNoise when a profile sets none.
const DefaultDelay = 3

// Noise is one noise model at one level.
type Noise struct {
	Kind      NoiseKind
	Level     float64
	Delay     int         // DelayedNoise only
	Direction grid.Action // BiasedNoise only
}

// Name is how results and reports label n, e.g. "random@0.3"; a delay
// other than DefaultDelay and a fixed bias direction are part of it
// ("delayed@0.5,delay=5", "biased@0.3,direction=left"), so profiles that
// differ only in those are told apart.
func (n Noise) Name() string {
	if n.Kind == NoNoise || n.Kind == "" {
		return string(NoNoise)
	}
	s := string(n.Kind) + "@" + strconv.FormatFloat(n.Level, 'f', -1, 64)
	if n.Kind == DelayedNoise && n.Delay != DefaultDelay {
		s += ",delay=" + strconv.Itoa(n.Delay)
	}
	if n.Kind == BiasedNoise && n.Direction != grid.NoAction {
		s += ",direction=" + n.Direction.String()
	}
	return s
}

// NoiseSpec is one entry of a noise profiles file: a kind at several
// levels.
//
//	profiles:
//	  - kind: random
//	    levels: [0, 0.1, 0.3, 0.5, 0.7, 0.9]
//	  - kind: delayed
//	    levels: [0.5]
//	    delay: 3
type NoiseSpec struct {
	Kind      NoiseKind `yaml:"kind"`
	Levels    []float64 `yaml:"levels" example:"[0, 0.3, 0.6, 0.9]"`
	Delay     int       `yaml:"delay"`
	Direction string    `yaml:"direction"`
}

// NoiseFile is the document a noise profiles file holds.
type NoiseFile struct {
	Profiles []NoiseSpec `yaml:"profiles" example:"[{kind: random, levels: [0.1, 0.5]}]"`
}

// expand checks s and returns one Noise per level; key names s in errors.
func (s NoiseSpec) expand(key string) ([]Noise, error) {
	n := Noise{Kind: s.Kind, Delay: s.Delay, Direction: grid.NoAction}
	switch s.Kind {
	case NoNoise:
		if len(s.Levels) > 0 {
			return nil, fmt.Errorf("%s.levels: kind none takes no levels", key)
		}
		return []Noise{{Kind: NoNoise, Direction: grid.NoAction}}, nil
	case RandomNoise, BiasedNoise, DelayedNoise:
	default:
		return nil, fmt.Errorf("%s.kind: %q: want none, random, biased or delayed", key, s.Kind)
	}
	if len(s.Levels) == 0 {
		return nil, fmt.Errorf("%s.levels: empty; give levels from 0 to %v", key, MaxNoiseLevel)
	}
	if s.Delay != 0 && s.Kind != DelayedNoise {
		return nil, fmt.Errorf("%s.delay: only delayed noise has a delay", key)
	}
	if s.Direction != "" && s.Kind != BiasedNoise {
		return nil, fmt.Errorf("%s.direction: only biased noise has a direction", key)
	}
	if s.Kind == DelayedNoise {
		if s.Delay < 0 || s.Delay > 1000 {
			return nil, fmt.Errorf("%s.delay: %d: want 1 to 1000 steps", key, s.Delay)
		}
		if s.Delay == 0 {
			n.Delay = DefaultDelay
		}
	}
	if s.Direction != "" {
		d, err := grid.ParseAction(s.Direction)
		if err != nil {
			return nil, fmt.Errorf("%s.direction: %w", key, err)
		}
		n.Direction = d
	}
	out := make([]Noise, 0, len(s.Levels))
	for i, l := range s.Levels {
		if !(l >= 0 && l <= MaxNoiseLevel) {
			return nil, fmt.Errorf("%s.levels[%d]: %v: want 0 to %v", key, i, l, MaxNoiseLevel)
		}
		n.Level = l
		out = append(out, n)
	}
	return out, nil
}

// Advisor is the planner tool as one episode's agent sees it: the first
// move of an optimal path found by A* (grid.ToGoal, a reverse A* search
// resumed per question), distorted by a noise model drawing from its own
// seeded RNG.
type Advisor struct {
	noise  Noise
	rng    *rand.Rand
	toGoal grid.ToGoal
	g      *grid.Grid
	bias   grid.Action
	hist   []grid.Pos // ring of the last Delay+1 positions
	n      int        // positions seen
	Calls  int        // times asked
}

// NewAdvisor returns the tool for one episode on g; rng drives the noise.
func NewAdvisor(g *grid.Grid, n Noise, rng *rand.Rand) *Advisor {
	a := &Advisor{}
	a.reset(g, n, rng)
	return a
}

func (a *Advisor) reset(g *grid.Grid, n Noise, rng *rand.Rand) {
	a.noise, a.rng, a.g, a.n, a.Calls = n, rng, g, 0, 0
	a.toGoal.Reset(g, g.Goal)
	a.bias = n.Direction
	if n.Kind == BiasedNoise && a.bias == grid.NoAction {
		a.bias = grid.Action(rng.IntN(4))
	}
	if n.Kind == DelayedNoise {
		if cap(a.hist) < n.Delay+1 {
			a.hist = make([]grid.Pos, n.Delay+1)
		}
		a.hist = a.hist[:n.Delay+1]
	}
}

// Observe records where the agent stands; call it once per step, before
// Advise, so delayed advice knows the past.
func (a *Advisor) Observe(p grid.Pos) {
	if a.noise.Kind == DelayedNoise {
		a.hist[a.n%len(a.hist)] = p
	}
	a.n++
}

// Advise returns the tool's advice for an agent at p and, for the metrics
// only, the noise-free optimal move.
func (a *Advisor) Advise(p grid.Pos) (advice, truth grid.Action) {
	a.Calls++
	truth = a.toGoal.Next(p)
	advice = truth
	if a.noise.Level <= 0 || truth == grid.NoAction || a.rng.Float64() >= a.noise.Level {
		return advice, truth
	}
	switch a.noise.Kind {
	case RandomNoise:
		advice = grid.Action((int(truth) + 1 + a.rng.IntN(3)) % 4)
	case BiasedNoise:
		advice = a.bias
		if advice == truth {
			advice = truth.Opposite()
		}
	case DelayedNoise:
		back := min(a.noise.Delay, a.n-1)
		if back > 0 {
			old := a.hist[(a.n-1-back)%len(a.hist)]
			if d := a.toGoal.Next(old); d != grid.NoAction {
				advice = d
			}
		}
	}
	return advice, truth
}
