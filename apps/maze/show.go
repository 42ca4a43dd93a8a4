package maze

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/llm"
)

// ParseNoise reads a noise profile written as Noise.Name writes it:
// "none", "random@0.3", "biased@0.5", "delayed@0.7" (delay DefaultDelay),
// "delayed@0.7,delay=5", "biased@0.5,direction=left".
func ParseNoise(s string) (Noise, error) {
	if s == "" || s == string(NoNoise) {
		return Noise{Kind: NoNoise, Direction: grid.NoAction}, nil
	}
	kind, rest, ok := strings.Cut(s, "@")
	if !ok {
		return Noise{}, fmt.Errorf("noise %q: want none or KIND@LEVEL, e.g. random@0.3", s)
	}
	lvl, opts, _ := strings.Cut(rest, ",")
	l, err := strconv.ParseFloat(lvl, 64)
	if err != nil {
		return Noise{}, fmt.Errorf("noise %q: level %q is not a number", s, lvl)
	}
	spec := NoiseSpec{Kind: NoiseKind(kind), Levels: []float64{l}}
	if opts != "" {
		for _, o := range strings.Split(opts, ",") {
			k, v, _ := strings.Cut(o, "=")
			switch k {
			case "delay":
				if spec.Delay, err = strconv.Atoi(v); err != nil || spec.Delay == 0 {
					return Noise{}, fmt.Errorf("noise %q: delay %q is not a whole number of steps from 1", s, v)
				}
			case "direction":
				spec.Direction = v
			default:
				return Noise{}, fmt.Errorf("noise %q: %q: want delay=N or direction=up|down|left|right after the level", s, o)
			}
		}
	}
	ns, err := spec.expand("noise " + strconv.Quote(s))
	if err != nil {
		return Noise{}, err
	}
	return ns[0], nil
}

// ShowOptions is one episode to run and draw.
type ShowOptions struct {
	Maze     grid.Spec // square mazes only: W is the side
	Seed     uint64    // config seed; the maze is MazeSeed(Seed, 0)
	Strategy Strategy
	Noise    Noise
	Model    llm.Model
}

// Show runs one episode and draws the maze and the path in text: '#' wall,
// 'o' a step, '*' a step that followed the planner, '!' one that followed
// wrong advice, S start, G goal. It returns the episode's record.
func Show(ctx context.Context, w io.Writer, o ShowOptions) (EpisodeRecord, error) {
	d := o.Maze.Density
	c := &Config{
		Strategies: []Strategy{o.Strategy}, Generators: []grid.Generator{o.Maze.Generator},
		Sizes: []int{o.Maze.W}, Density: &d, Seeds: []uint64{o.Seed}, Episodes: 1,
		noises: []Noise{o.Noise},
	}
	if err := c.check(); err != nil {
		return EpisodeRecord{}, fmt.Errorf("maze show: %w", err)
	}
	var eps, steps bytes.Buffer
	sum, err := Run(ctx, c, RunOptions{Parallel: 1, Model: o.Model, Episodes: &eps, Steps: &steps})
	if err != nil {
		return EpisodeRecord{}, err
	}
	rec := sum.Records[0]
	byEp, _, err := ReadSteps(&steps, StepsFile, func(int) bool { return true })
	if err != nil {
		return rec, err
	}
	g, err := regenerate(rec)
	if err != nil {
		return rec, err
	}
	fmt.Fprint(w, drawText(g, byEp[0]))
	if msg := sum.Trajectories.Skipped(); msg != "" {
		fmt.Fprintf(w, "path not drawn: the episode's steps pass the trajectory budget of %s\n", sum.Trajectories.Budget)
	}
	state := "reached the goal"
	if !rec.Success {
		state = "truncated"
	}
	fmt.Fprintf(w, "%s, noise %s, %s %d×%d: %s in %d steps (optimal %d); asked the planner %d times, followed %d, %d of them wrong\n",
		rec.Strategy, rec.Noise, rec.Generator, rec.Size, rec.Size, state, rec.Steps, rec.Optimal, rec.ToolQueries, rec.Followed, rec.FollowedWrong)
	fmt.Fprintln(w, "key: # wall, o step, * followed the planner, ! followed wrong advice, S start, G goal")
	return rec, nil
}

func drawText(g *grid.Grid, steps []StepRecord) string {
	cells := make([]byte, g.W*g.H)
	for i, wall := range g.Wall {
		cells[i] = ' '
		if wall {
			cells[i] = '#'
		}
	}
	mark := func(p grid.Pos, m byte) {
		if !g.In(p) {
			return
		}
		i := g.Index(p)
		// A cell shows the strongest thing that happened on it.
		if rank(m) > rank(cells[i]) {
			cells[i] = m
		}
	}
	for _, s := range steps {
		p := grid.Pos{X: s.X, Y: s.Y}
		switch {
		case s.Followed && s.AdviceWrong:
			mark(p, '!')
		case s.Followed:
			mark(p, '*')
		default:
			mark(p, 'o')
		}
	}
	cells[g.Index(g.Start)] = 'S'
	cells[g.Index(g.Goal)] = 'G'
	var b strings.Builder
	for y := range g.H {
		b.Write(cells[y*g.W : (y+1)*g.W])
		b.WriteByte('\n')
	}
	return b.String()
}

func rank(c byte) int { return strings.IndexByte(" o*!", c) }
