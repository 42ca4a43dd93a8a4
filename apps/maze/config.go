package maze

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/cairn-agents/cairn/apps/maze/grid"
)

// Config is an experiment: every strategy runs under every noise profile on
// the same mazes, one maze per (generator, size, seed, episode).
//
//	name: noise-sweep
//	strategies: [follow, greedy, llm_solver]
//	generators: [backtracker]
//	sizes: [8, 16, 32]
//	seeds: [1, 2]
//	episodes: 5
//	noise_file: noise.yaml   # relative to this file; or inline:
//	noise:
//	  - kind: random
//	    levels: [0, 0.3, 0.6, 0.9]
type Config struct {
	Name       string           `yaml:"name"`
	Strategies []Strategy       `yaml:"strategies" example:"[follow, greedy, llm_solver]"`
	Generators []grid.Generator `yaml:"generators" example:"[backtracker, prim, obstacles]"` // default [backtracker]
	Sizes      []int            `yaml:"sizes" example:"[8, 16, 32]"`
	// Density is the wall density of the obstacles generator; default 0.3.
	Density  *float64 `yaml:"density"`
	Seeds    []uint64 `yaml:"seeds" example:"[1, 2, 3]"`
	Episodes int      `yaml:"episodes"` // mazes per (generator, size, seed)
	// StepLimitFactor times the optimal length truncates an episode;
	// default 4.
	StepLimitFactor int `yaml:"step_limit_factor"`
	// NoiseFile holds noise profiles (a NoiseFile document); Noise lists
	// more inline. With neither, the planner is noise-free.
	NoiseFile string      `yaml:"noise_file"`
	Noise     []NoiseSpec `yaml:"noise" example:"[{kind: random, levels: [0.1, 0.5]}]"`
	// Trajectories writes per-step records; default true.
	Trajectories *bool `yaml:"trajectories"`
	// TrajectoryBudget bounds steps.jsonl; default
	// DefaultTrajectoryBudget. Episodes' steps are written in episode
	// order while they fit; the run reports the episodes it skipped.
	TrajectoryBudget *ByteSize `yaml:"trajectory_budget"`

	noises []Noise
}

// maxStepLimitFactor bounds step_limit_factor.
const maxStepLimitFactor = 1000

// MaxEpisodes bounds the episodes one config may run.
const MaxEpisodes = 100_000_000

// DefaultTrajectoryBudget is the most steps.jsonl holds when a config
// sets no trajectory_budget: enough for the mazes the report draws and a
// few thousand episodes of 64×64 mazes, not for one 4096×4096 episode
// (gigabytes).
const DefaultTrajectoryBudget ByteSize = 512 << 20

// DefaultDensity is the obstacles generator's wall density when a config
// sets none.
const DefaultDensity = 0.3

// LoadConfig reads and checks an experiment config; a noise_file in it is
// read relative to the config's directory.
func LoadConfig(path string) (*Config, error) {
	raw, err := readSmallFile(path, MaxConfigBytes)
	if err != nil {
		return nil, fmt.Errorf("maze config: %w", err)
	}
	c, err := ParseConfig(raw, filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("maze config %s: %w", path, err)
	}
	return c, nil
}

// ParseConfig decodes and checks a config; dir resolves a relative
// noise_file. Unknown keys are errors.
func ParseConfig(raw []byte, dir string) (*Config, error) {
	var c Config
	if err := decodeStrict(raw, &c); err != nil {
		return nil, err
	}
	if c.NoiseFile != "" {
		p := c.NoiseFile
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		nf, err := LoadNoiseFile(p)
		if err != nil {
			return nil, fmt.Errorf("noise_file: %w", err)
		}
		for i, s := range nf.Profiles {
			ns, err := s.expand(fmt.Sprintf("noise_file %s: profiles[%d]", c.NoiseFile, i))
			if err != nil {
				return nil, err
			}
			c.noises = append(c.noises, ns...)
		}
	}
	for i, s := range c.Noise {
		ns, err := s.expand(fmt.Sprintf("noise[%d]", i))
		if err != nil {
			return nil, err
		}
		c.noises = append(c.noises, ns...)
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return &c, nil
}

// LoadNoiseFile reads a noise profiles file. Unknown keys are errors.
func LoadNoiseFile(path string) (*NoiseFile, error) {
	raw, err := readSmallFile(path, MaxConfigBytes)
	if err != nil {
		return nil, err
	}
	var nf NoiseFile
	if err := decodeStrict(raw, &nf); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(nf.Profiles) == 0 {
		return nil, fmt.Errorf("%s: profiles: empty", path)
	}
	for i, s := range nf.Profiles {
		if _, err := s.expand(fmt.Sprintf("profiles[%d]", i)); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return &nf, nil
}

func (c *Config) check() error {
	if len(c.Strategies) == 0 {
		return errors.New("strategies: empty; want some of follow, greedy, llm_solver")
	}
	for i, s := range c.Strategies {
		if !slices.Contains(Strategies, s) {
			return fmt.Errorf("strategies[%d]: %q: want follow, greedy or llm_solver", i, s)
		}
		if slices.Index(c.Strategies, s) != i {
			return fmt.Errorf("strategies[%d]: %q listed twice", i, s)
		}
	}
	if len(c.Generators) == 0 {
		c.Generators = []grid.Generator{grid.Backtracker}
	}
	for i, g := range c.Generators {
		if !slices.Contains(grid.Generators, g) {
			return fmt.Errorf("generators[%d]: %q: want backtracker, prim or obstacles", i, g)
		}
	}
	if len(c.Sizes) == 0 {
		return errors.New("sizes: empty; want maze sides such as [8, 16, 32]")
	}
	for i, n := range c.Sizes {
		if n < grid.MinSide || n > grid.MaxSide {
			return fmt.Errorf("sizes[%d]: %d: want %d to %d", i, n, grid.MinSide, grid.MaxSide)
		}
	}
	if c.Density == nil {
		d := DefaultDensity
		c.Density = &d
	}
	if d := *c.Density; !(d >= 0 && d <= 0.9) {
		return fmt.Errorf("density: %v: want 0 to 0.9", d)
	}
	if len(c.Seeds) == 0 {
		return errors.New("seeds: empty; want at least one seed")
	}
	if c.Episodes <= 0 {
		return fmt.Errorf("episodes: %d: want at least 1", c.Episodes)
	}
	if c.TrajectoryBudget == nil {
		b := DefaultTrajectoryBudget
		c.TrajectoryBudget = &b
	}
	if *c.TrajectoryBudget <= 0 {
		return fmt.Errorf("trajectory_budget: %s: want more than 0 bytes (trajectories: false writes none)", c.TrajectoryBudget)
	}
	if c.StepLimitFactor < 0 || c.StepLimitFactor > maxStepLimitFactor {
		return fmt.Errorf("step_limit_factor: %d: want 1 to %d (0 means %d)", c.StepLimitFactor, maxStepLimitFactor, DefaultStepLimitFactor)
	}
	if len(c.noises) == 0 {
		c.noises = []Noise{{Kind: NoNoise, Direction: grid.NoAction}}
	}
	total := 1
	for _, n := range []int{len(c.Generators), len(c.Sizes), len(c.Seeds), c.Episodes, len(c.noises), len(c.Strategies)} {
		if total > MaxEpisodes/n {
			return fmt.Errorf("episodes: the grid of generators × sizes × seeds × episodes × noise × strategies is more than %d episodes", MaxEpisodes)
		}
		total *= n
	}
	seen := map[string]bool{}
	for _, n := range c.noises {
		if seen[n.Name()] {
			return fmt.Errorf("noise: profile %s given twice", n.Name())
		}
		seen[n.Name()] = true
	}
	return nil
}

// Noises are the config's noise profiles, one per level.
func (c *Config) Noises() []Noise { return slices.Clone(c.noises) }

// TotalEpisodes is how many episodes the config runs.
func (c *Config) TotalEpisodes() int {
	return len(c.Generators) * len(c.Sizes) * len(c.Seeds) * c.Episodes * len(c.noises) * len(c.Strategies)
}

// WritesTrajectories reports whether a run writes per-step records.
func (c *Config) WritesTrajectories() bool { return c.Trajectories == nil || *c.Trajectories }
