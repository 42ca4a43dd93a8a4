package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/maze"
	"github.com/cairn-agents/cairn/apps/maze/grid"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/trace"
	"github.com/cairn-agents/cairn/trace/otel"
)

func newMazeCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "maze",
		Short: "Experiments on when an agent trusts a noisy A* planner in a grid maze",
		Long: `maze is a grid-world lab for LLM tool reliance. At every step an agent
decides whether to ask an A* planner, whose advice may be noisy, and which way
to move. Strategies: follow (always asks and obeys), greedy (never asks) and
llm_solver (asks the model for both decisions when --model is set, else uses
its policies).`,
	}
	cmd.AddCommand(newMazeRunCmd(c), newMazeReportCmd(c), newMazeShowCmd(c), newMazeMCPCmd(c, "mcp"))
	return cmd
}

// mazeModel opens the llm_solver's model: the "maze" role of --model, else
// its default; nil when none is configured.
func mazeModel(c *cli) (llm.Model, error) {
	roles, err := llm.EnvConfig().Roles(c.model)
	if err != nil {
		return nil, err
	}
	return roles.For("maze"), nil
}

func newMazeRunCmd(c *cli) *cobra.Command {
	var (
		out           string
		parallel      int
		noProgress    bool
		timeout       time.Duration
		budget        = maze.DefaultTrajectoryBudget
		traceEpisodes int
		batchSize     int
		eng           engineFlags
	)
	cmd := &cobra.Command{
		Use:   "run CONFIG",
		Short: "Run an experiment grid: strategies × noise profiles × sizes × seeds × episodes",
		Long: `run runs every episode of the experiment CONFIG (strategies × noise
profiles × generators × sizes × seeds × episodes) and writes episodes.jsonl,
steps.jsonl and their Parquet copies to --out, in episode order: the same
config gives the same bytes whatever --parallel.

Each episode is a run of the step graph "maze" (cairn graph maze), whose
nodes take microseconds. With --engine temporal the episodes run on the
workers of a Temporal cluster (cairn worker) instead, as batches: each
batch, a run of the one-node graph "maze-batch", runs up to --batch
consecutive episodes through the step graph in a worker's process and
carries their records and compressed steps back (at most 1 MiB a batch:
a batch that reaches it ends early and the rest of its span goes out as
another). A node on Temporal costs about 100 ms, so a step per activity
would be five orders of magnitude slower; a batch per activity costs that
once per batch. Batches are child workflows, 20 to a parent (a parent's
history keeps each child's result while it is open, and Temporal ends a
workflow whose history passes 50 MB); the parents' IDs are printed.
--parallel batches run at once and spread over the queue's workers, and
the records are written here by the same code as a local run's: the
files and the summary are the same. On Temporal the llm_solver's model is
the worker's (its --model), --trace records no steps, and an episode
whose compressed steps alone pass 1 MiB ends the trajectories there,
saying so (run it locally to keep them).`,
		Example: `  cairn maze run apps/maze/testdata/experiment.yaml --out maze-results
  cairn maze report maze-results
  cairn maze run exp.yaml --engine temporal --temporal 127.0.0.1:7233 --queue cairn --parallel 16   # workers: cairn worker`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := maze.LoadConfig(args[0])
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("trajectory-budget") {
				if budget <= 0 {
					return fmt.Errorf("--trajectory-budget %s: want more than 0 bytes (trajectories: false in the config writes none)", budget)
				}
				cfg.TrajectoryBudget = &budget
			}
			m, err := mazeModel(c)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return fmt.Errorf("maze run: %w", err)
			}
			ef, err := os.Create(filepath.Join(out, maze.EpisodesFile))
			if err != nil {
				return fmt.Errorf("maze run: %w", err)
			}
			defer ef.Close()
			sf, err := os.Create(filepath.Join(out, maze.StepsFile))
			if err != nil {
				return fmt.Errorf("maze run: %w", err)
			}
			defer sf.Close()
			ew, sw := bufio.NewWriterSize(ef, 1<<20), bufio.NewWriterSize(sf, 1<<20)
			opt := maze.RunOptions{Parallel: parallel, Model: m, DecisionTimeout: timeout, Episodes: ew, Steps: sw}
			type output struct {
				w *bufio.Writer
				f *os.File
			}
			outs := []output{{ew, ef}, {sw, sf}}
			wrote := []string{filepath.Join(out, maze.EpisodesFile), filepath.Join(out, maze.StepsFile)}
			if cfg.WritesTrajectories() {
				path := filepath.Join(out, maze.StepsParquetFile)
				pf, err := os.Create(path)
				if err != nil {
					return fmt.Errorf("maze run: %w", err)
				}
				defer pf.Close()
				pw := bufio.NewWriterSize(pf, 1<<20)
				opt.StepsParquet = pw
				outs = append(outs, output{pw, pf})
				wrote = append(wrote, path)
			}
			// --trace and OpenTelemetry record the first --trace-episodes
			// episodes as runs of the step graph. The per-event progress
			// lines are left out (a traced step is 13 to 17 events); the
			// progress bar reports instead, and errors still print.
			style := c.printStyle()
			if style == trace.Compact {
				style = trace.ErrorsOnly
			}
			ctx, finish := cmd.Context(), func() error { return nil }
			engine, release, err := eng.open(ctx, c.logger())
			if err != nil {
				return err
			}
			defer release()
			if engine != nil {
				groups := &batchGroups{e: engine, per: mazeBatchesPerParent, started: func(id string) {
					fmt.Fprintf(c.stderr, "maze run: batches of episodes run on queue %q as children of workflow %s\n", eng.queue, id)
				}}
				defer groups.close(context.WithoutCancel(ctx))
				opt.Engine, opt.Batch = groups, batchSize
				if c.tracePath != "" || otel.Enabled() {
					fmt.Fprintln(c.stderr, "maze run: --engine temporal traces no steps; the cluster's UI shows each batch")
				}
			} else if (c.tracePath != "" || otel.Enabled()) && traceEpisodes != 0 {
				var sink event.Sink
				if sink, finish, err = c.events(ctx, style); err != nil {
					return err
				}
				ctx = event.WithSink(ctx, sink)
				opt.TraceEpisodes = traceEpisodes
			}
			if !noProgress && !c.quiet {
				bar := &progressBar{w: c.stderr}
				opt.Progress = bar.update
			}
			sum, runErr := maze.Run(ctx, cfg, opt)
			if err := finish(); err != nil {
				runErr = errors.Join(runErr, err)
			}
			// Keep what finished, even after an error or an interrupt.
			for _, f := range outs {
				if err := f.w.Flush(); err != nil {
					return fmt.Errorf("maze run: %w", err)
				}
				if err := f.f.Close(); err != nil {
					return fmt.Errorf("maze run: %w", err)
				}
			}
			if opt.Progress != nil {
				fmt.Fprintln(c.stderr)
			}
			if sum != nil && len(sum.Records) > 0 {
				pq := filepath.Join(out, maze.ParquetFile)
				if err := writeMazeParquet(pq, sum.Records); err != nil {
					return errors.Join(runErr, err)
				}
				printMazeSummary(c.stdout, sum)
				fmt.Fprintf(c.stdout, "\nwrote %s and %s\n", strings.Join(wrote, ", "), pq)
				if s := sum.Trajectories.Skipped(); s != "" {
					fmt.Fprintln(c.stdout, s)
				}
			}
			return runErr
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "maze-results", "directory for episodes.jsonl, steps.jsonl and their Parquet copies")
	f.IntVar(&parallel, "parallel", 0, "episodes run at once (0: one per CPU); with --engine temporal, batches run at once (0: 8)")
	f.IntVar(&batchSize, "batch", 0, "with --engine temporal, the most episodes a batch runs (0: the episodes spread over --parallel batches, at most 1000)")
	f.BoolVar(&noProgress, "no-progress", false, "no progress bar on stderr (as with --quiet)")
	f.DurationVar(&timeout, "decision-timeout", 60*time.Second, "bound on each model decision, repairs included; the policy decides after it")
	f.IntVar(&traceEpisodes, "trace-episodes", maze.DefaultTraceEpisodes, "episodes, from the first, that --trace and OpenTelemetry record (-1: all, 0: none)")
	f.Var(&budget, "trajectory-budget", "the most steps.jsonl may hold, e.g. 2GiB; overrides the config's trajectory_budget. Later episodes' steps are skipped and the run says which")
	eng.register(cmd)
	return cmd
}

// mazeBatchesPerParent is how many maze batches share one parent
// workflow. A parent's history records the result of each child that ends
// while it is open, and Temporal ends a workflow whose history passes
// 50 MB; a batch carries up to 1 MiB (base64 in JSON: 1.4 MB).
const mazeBatchesPerParent = 20

// batchGroups is an Engine that starts each run as a child of a batch
// parent (temporal.Batch), per runs to a parent: a parent is closed once
// its runs have all returned, and the next runs go to a new one.
type batchGroups struct {
	e       *temporal.Engine
	per     int
	started func(parentID string)

	mu   sync.Mutex
	cur  *batchGroup
	open []*batchGroup
}

type batchGroup struct {
	b                  *temporal.Batch
	assigned, returned int
	closed             bool
}

// Run implements flow.Engine.
func (g *batchGroups) Run(ctx context.Context, graph, runID string, in json.RawMessage) (json.RawMessage, error) {
	p, err := g.take(ctx)
	if err != nil {
		return nil, err
	}
	out, err := g.e.Run(p.b.Context(ctx), graph, runID, in)
	g.mu.Lock()
	p.returned++
	closeIt := p.returned == g.per && !p.closed
	p.closed = p.closed || closeIt
	g.mu.Unlock()
	if closeIt {
		if cerr := p.b.Close(context.WithoutCancel(ctx)); cerr != nil && err == nil {
			err = cerr
		}
	}
	return out, err
}

// take returns the parent of the next run, starting one when needed.
func (g *batchGroups) take(ctx context.Context) (*batchGroup, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cur == nil || g.cur.assigned == g.per {
		b, err := g.e.StartBatch(ctx, "")
		if err != nil {
			return nil, err
		}
		g.cur = &batchGroup{b: b}
		g.open = append(g.open, g.cur)
		if g.started != nil {
			g.started(b.ID())
		}
	}
	g.cur.assigned++
	return g.cur, nil
}

// close closes the parents not yet closed.
func (g *batchGroups) close(ctx context.Context) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, p := range g.open {
		if !p.closed {
			p.closed = true
			p.b.Close(ctx)
		}
	}
}

// hostMaze builds the maze's batch graph for a worker; its llm_solver
// asks the worker's --model ("maze" role).
func hostMaze(_ context.Context, c *cli, _ *workerFlags) ([]flow.AnyRunner, func(), error) {
	m, err := mazeModel(c)
	if err != nil {
		return nil, nil, err
	}
	rs, err := maze.Runners(m)
	return rs, nil, err
}

func writeMazeParquet(path string, recs []maze.EpisodeRecord) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("maze run: %w", err)
	}
	bw := bufio.NewWriter(f)
	if err := errors.Join(maze.WriteParquet(bw, recs), bw.Flush(), f.Close()); err != nil {
		return fmt.Errorf("maze run: %s: %w", path, err)
	}
	return nil
}

func printMazeSummary(w io.Writer, sum *maze.Summary) {
	perMin := 0.0
	if sum.Elapsed > 0 {
		perMin = float64(sum.Steps) / sum.Elapsed.Minutes()
	}
	fmt.Fprintf(w, "%d episodes, %d steps in %s (%.0f steps/min)\n\n", len(sum.Records), sum.Steps, sum.Elapsed.Round(time.Millisecond), perMin)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "strategy\tnoise\tepisodes\tsuccess\toptimality\tquery rate\tfollow rate\tover-reliance\tlooping\tmodel/policy\trejected\ttokens\t")
	for _, g := range maze.Summarize(sum.Records, false) {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f%%\t%.2f\t%.1f%%\t%.1f%%\t%.1f%%\t%.1f%%\t%d/%d\t%d\t%d\t\n",
			g.Strategy, g.Noise, g.Episodes, 100*g.SuccessRate, g.Optimality, 100*g.QueryRate, 100*g.FollowRate,
			100*g.OverReliance, 100*g.LoopRate, g.ModelDecisions, g.PolicyDecisions, g.RejectedMoves, g.Tokens)
	}
	tw.Flush()
}

// progressBar draws one line on stderr, at most ten times a second.
type progressBar struct {
	w    io.Writer
	last time.Time
	p    maze.Progress
}

func (b *progressBar) update(p maze.Progress) {
	b.p = p
	if p.Done < p.Total && time.Since(b.last) < 100*time.Millisecond {
		return
	}
	b.last = time.Now()
	b.draw()
}

func (b *progressBar) draw() {
	const width = 30
	p := b.p
	if p.Total == 0 {
		return
	}
	n := width * p.Done / p.Total
	rate := 0.0
	if p.Elapsed > 0 {
		rate = float64(p.Steps) / p.Elapsed.Minutes()
	}
	fmt.Fprintf(b.w, "\r[%s%s] %d/%d episodes  %d steps  %.0f steps/min  %s ",
		strings.Repeat("#", n), strings.Repeat(".", width-n), p.Done, p.Total, p.Steps, rate, p.Elapsed.Round(time.Second))
}

func newMazeReportCmd(c *cli) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "report RESULTS",
		Short: "Render a run's results (a directory or its episodes.jsonl) as a self-contained HTML report",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			res, err := maze.LoadResults(args[0])
			if err != nil {
				return err
			}
			for _, p := range res.Problems {
				fmt.Fprintln(c.stderr, "maze report:", p)
			}
			if len(res.Episodes) == 0 {
				// Not a run's results: write no report beside it.
				return fmt.Errorf("maze report: %s holds no episode records (%d bad lines or problems)", res.Source, len(res.Problems))
			}
			if out == "" {
				out = filepath.Join(filepath.Dir(res.Source), "report.html")
			}
			f, err := os.Create(out)
			if err != nil {
				return fmt.Errorf("maze report: %w", err)
			}
			bw := bufio.NewWriter(f)
			err = maze.WriteReport(bw, res)
			err = errors.Join(err, bw.Flush(), f.Close())
			if err != nil {
				return fmt.Errorf("maze report %s: %w", out, err)
			}
			fmt.Fprintf(c.stdout, "wrote %s (%d episodes, %d bad lines or problems)\n", out, len(res.Episodes), len(res.Problems))
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "HTML file to write (default report.html beside the results)")
	return cmd
}

// newMazeMCPCmd serves the A* planner tool over MCP. It is `cairn maze mcp`;
// called with use "maze" it also fits under `cairn mcp`.
func newMazeMCPCmd(c *cli, use string) *cobra.Command {
	cmd := &cobra.Command{
		Use:   use,
		Short: "Serve the maze A* planner (maze_astar) over MCP, on stdio or streamable HTTP",
		Long: `Serve maze_astar: given a maze as rows of # (wall), . (open), S (start) and
G (goal), and optionally from/to cells, it returns a shortest 4-neighbour path
(A*, Manhattan heuristic) as cells and moves, or found=false with a reason.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			pt, err := maze.PlannerTool()
			if err != nil {
				return err
			}
			reg, err := tool.NewRegistry(pt)
			if err != nil {
				return err
			}
			return serveRegistry(cmd, c, reg, "cairn-maze")
		},
	}
	addServeFlags(cmd)
	return cmd
}

func newMazeShowCmd(c *cli) *cobra.Command {
	var (
		size      int
		generator string
		density   float64
		seed      uint64
		strategy  string
		noise     string
	)
	cmd := &cobra.Command{
		Use:   "show",
		Short: "Run one episode and print the maze and the path in the terminal",
		Example: `  cairn maze show --size 15 --strategy follow --noise random@0.3
  cairn maze show --generator obstacles --density 0.25 --strategy llm_solver`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			n, err := maze.ParseNoise(noise)
			if err != nil {
				return err
			}
			m, err := mazeModel(c)
			if err != nil {
				return err
			}
			_, err = maze.Show(cmd.Context(), c.stdout, maze.ShowOptions{
				Maze:     grid.Spec{Generator: grid.Generator(generator), W: size, H: size, Density: density},
				Seed:     seed,
				Strategy: maze.Strategy(strategy),
				Noise:    n,
				Model:    m,
			})
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&size, "size", 15, "maze side in cells")
	f.StringVar(&generator, "generator", "backtracker", "backtracker, prim or obstacles")
	f.Float64Var(&density, "density", maze.DefaultDensity, "wall density of the obstacles generator")
	f.Uint64Var(&seed, "seed", 1, "seed of the maze and the noise")
	f.StringVar(&strategy, "strategy", "follow", "follow, greedy or llm_solver")
	f.StringVar(&noise, "noise", "none", "planner noise: none or KIND@LEVEL[,delay=N|,direction=D], e.g. random@0.3, biased@0.5,direction=left, delayed@0.7")
	return cmd
}
