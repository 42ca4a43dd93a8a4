package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/apps/roadtrip"
	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/trace"
	"github.com/cairn-agents/cairn/understand"
)

func newBenchCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Run benchmarks against Cairn's systems",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newBenchLocnavCmd(c))
	return cmd
}

// benchLocnav holds the flags of `cairn bench locnav`.
type benchLocnav struct {
	geo         geoFlags
	answers     string
	out         string
	mapsMCP     string
	parallel    int
	taskTimeout time.Duration
	engine      engineFlags
}

func newBenchLocnavCmd(c *cli) *cobra.Command {
	var b benchLocnav
	cmd := &cobra.Command{
		Use:   "locnav DIR|FILE...",
		Short: "Run and score the MCP-Universe location_navigation tasks",
		Long: `Locnav reads task files in the MCP-Universe location_navigation format (a
directory of *.json, or files), answers each with the roadtrip planner (its
policies, or the models of --model), and scores every answer with the task's
evaluators: the pipeline language (json, get(KEY), foreach, len, list; ops =,
<, <=, >, >=, in, contain) and the google_maps.* checks, which call the maps
backend exactly as upstream's evaluators call Google. Upstream's quirks are
kept and named in the reasons (city_name_match's substring rule; task 0005's
place_not_in_cities_visited_of_routes, which always fails upstream).
weather.* and browser checks are reported as unsupported, never passed; an
unknown op is reported for its task and the run goes on.

With --answers the planner does not run: recorded answers are scored instead,
from a JSON file mapping task ID (the file name without .json) to the answer
(a string is the raw answer text, code fences and all; any other JSON value is
the answer itself), or from a directory of ID.json / ID.txt files.

The maps backend is the offline engine by default, reached by the planner over
an in-process MCP server; --maps-mcp COMMAND|URL uses another maps MCP server
for both planning and scoring (e.g. "npx -y @modelcontextprotocol/server-google-maps"
with GOOGLE_MAPS_API_KEY set).

Per-task results and the evaluator pass rate go to stdout, a progress bar to
stderr; report.json and report.md (every failed evaluator with its reason and
cause: planner, data_missing, unsupported, upstream_quirk, bad_task, backend)
are rewritten in --out after every task, so a run that stops (maps server gone,
Ctrl-C) leaves a partial report with everything already scored.`,
		Example: `  cairn bench locnav ../shared/benchmarks/mcp-universe/location_navigation
  cairn bench locnav --answers answers.json --out report tasks/
  cairn bench locnav --maps-mcp "cairn mcp maps" --parallel 4 tasks/google_maps_task_0001.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return c.benchLocnav(cmd, &b, args)
		},
	}
	b.geo.register(cmd)
	b.engine.register(cmd)
	f := cmd.Flags()
	f.StringVar(&b.answers, "answers", "", "score recorded answers from this `FILE_OR_DIR` instead of running the planner")
	f.StringVar(&b.out, "out", "locnav-report", "write report.json and report.md to this `directory`")
	f.StringVar(&b.mapsMCP, "maps-mcp", "", "maps MCP server to plan and score with: a command line (stdio) or an http(s) URL; default: the offline engine")
	f.IntVar(&b.parallel, "parallel", 2, "tasks run at once")
	f.DurationVar(&b.taskTimeout, "task-timeout", 5*time.Minute, "bound on the planner's time per task")
	return cmd
}

func (c *cli) benchLocnav(cmd *cobra.Command, b *benchLocnav, args []string) error {
	ctx := cmd.Context()
	if b.parallel < 1 {
		return fmt.Errorf("--parallel %d: want at least 1", b.parallel)
	}
	tasks, err := locnav.LoadTasks(args...)
	if err != nil {
		return err
	}
	log := c.logger()

	// The maps backend: planner tools (over MCP) and the scorer's geo.Maps.
	var (
		reg     *tool.Registry // the planner's maps tools, over MCP
		scoring geo.Maps       // what the evaluators call
		backend string
		closeFn = func() error { return nil }
		eng     *geo.Engine
		gaz     *geo.Gazetteer // reads the questions' places
		prefer  []understand.Place
	)
	if b.answers == "" || b.mapsMCP == "" {
		if eng, err = b.geo.open(cmd); err != nil {
			return err
		}
		gaz = geo.NewGazetteer(eng)
	}
	if b.mapsMCP != "" {
		r, closeTools, err := mapstool.Connect(ctx, b.mapsMCP, log)
		if err != nil {
			return fmt.Errorf("--maps-mcp %s: %w", b.mapsMCP, err)
		}
		closeFn = closeTools
		reg = r
		scoring = &mapstool.Client{Caller: r}
		backend = "MCP server " + b.mapsMCP
	} else {
		scoring = eng
		backend = "offline engine (" + engineSummary(eng.Info()) + ")"
		if b.answers == "" {
			r, stop, err := mapstool.Serve(ctx, eng, log)
			if err != nil {
				return err
			}
			closeFn = stop
			reg = r
			prefer = gaz.Covered()
		}
	}
	defer closeFn()

	var solver locnav.Solver
	var name string
	var traceW *trace.Writer
	if b.answers != "" {
		if solver, err = locnav.LoadAnswers(b.answers); err != nil {
			return err
		}
		name = "recorded answers " + b.answers
	} else {
		roles, err := llm.EnvConfig().Roles(c.model)
		if err != nil {
			return err
		}
		engine, release, err := b.engine.open(ctx, log)
		if err != nil {
			return err
		}
		defer release()
		if engine != nil {
			// Each task a child workflow of one parent: the benchmark
			// spreads over every worker and shows as one run in the UI.
			batch, err := engine.StartBatch(ctx, "")
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stderr, "bench: tasks run on queue %q as children of workflow %s\n", b.engine.queue, batch.ID())
			defer batch.Close(context.WithoutCancel(ctx))
			ctx = batch.Context(ctx)
		}
		planner, err := roadtrip.New(reg, roadtrip.Options{Models: roles, Log: log, Gazetteer: gaz, Prefer: prefer, Engine: flowEngine(engine)})
		if err != nil {
			return err
		}
		name = "roadtrip planner (policies)"
		if s := roles.String(); s != "" && c.model != "none" {
			name = "roadtrip planner (models " + s + ")"
		}
		if c.tracePath != "" {
			if traceW, err = trace.Create(c.tracePath); err != nil {
				return fmt.Errorf("--trace: %w", err)
			}
			defer traceW.Close()
		}
		solver = planSolver(planner, b.taskTimeout, traceW)
	}

	prog := newBenchProgress(c.stderr, len(tasks), isTerminal(c.stderr), c.quiet)
	var writeErr error
	var writeOnce sync.Once
	rep, runErr := locnav.Run(ctx, tasks, locnav.Options{
		Solver: solver, Scorer: locnav.NewScorer(scoring), Name: name, Backend: backend, Parallel: b.parallel,
		OnResult: func(tr locnav.TaskResult, r *locnav.Report) {
			prog.done(tr)
			if err := r.WriteFiles(b.out); err != nil {
				writeOnce.Do(func() { writeErr = err; log.Warn("writing the report", "dir", b.out, "error", err) })
			}
		},
	})
	prog.finish()
	if rep == nil {
		return runErr
	}
	if err := rep.WriteFiles(b.out); err != nil {
		return fmt.Errorf("writing the report to %s: %w", b.out, errors.Join(err, runErr))
	}
	printBenchResults(c.stdout, rep, b.out)
	if runErr != nil {
		return fmt.Errorf("the run stopped after %d of %d tasks: %w; partial report in %s", rep.Summary.TasksScored, len(tasks), runErr, b.out)
	}
	return writeErr
}

func engineSummary(in geo.Info) string {
	regions := make([]string, len(in.Regions))
	for i, r := range in.Regions {
		regions[i] = r.Name
	}
	return fmt.Sprintf("%d cities, %s elevation, OSM regions %s", in.Cities, in.ElevSource, strings.Join(regions, ", "))
}

// planSolver runs the planner on a task, bounded by timeout.
func planSolver(p *roadtrip.Planner, timeout time.Duration, tw *trace.Writer) locnav.Solver {
	return func(ctx context.Context, t locnav.Task) (locnav.Answer, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		if tw != nil {
			ctx = event.WithSink(ctx, tw.Emit)
		}
		res, err := p.Solve(ctx, t)
		if err != nil {
			return locnav.Answer{}, err
		}
		var stats map[string]any
		if b, err := json.Marshal(res.Stats); err == nil {
			json.Unmarshal(b, &stats)
		}
		return locnav.Answer{JSON: res.Answer, Unsupported: res.Unsupported, Notes: res.Notes, Stats: stats}, nil
	}
}

// benchProgress draws a progress bar on a terminal, else one line per
// task; nothing when quiet.
type benchProgress struct {
	w          io.Writer
	total      int
	tty, quiet bool
	n, passed  int
	start      time.Time
	lastWidth  int
}

func newBenchProgress(w io.Writer, total int, tty, quiet bool) *benchProgress {
	p := &benchProgress{w: w, total: total, tty: tty, quiet: quiet, start: time.Now()}
	if tty && !quiet {
		p.draw("")
	}
	return p
}

func (p *benchProgress) done(tr locnav.TaskResult) {
	p.n++
	if tr.Status == locnav.StatusPassed {
		p.passed++
	}
	if p.quiet {
		return
	}
	last := fmt.Sprintf("%s %s %d/%d", tr.ID, tr.Status, tr.Passed, tr.Total)
	if p.tty {
		p.draw(last)
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s evaluators (solve %.0f ms, score %.0f ms)\n", p.n, p.total, last, tr.SolveMillis, tr.ScoreMillis)
}

func (p *benchProgress) draw(last string) {
	const width = 30
	fill := 0
	if p.total > 0 {
		fill = width * p.n / p.total
	}
	bar := strings.Repeat("█", fill) + strings.Repeat("░", width-fill)
	line := fmt.Sprintf("%s %d/%d tasks, %d passed, %.0fs  %s", bar, p.n, p.total, p.passed, time.Since(p.start).Seconds(), last)
	fmt.Fprintf(p.w, "\r\033[K%s", line)
}

func (p *benchProgress) finish() {
	if p.tty && !p.quiet {
		fmt.Fprintln(p.w)
	}
}

// printBenchResults prints each task's outcome and the totals.
func printBenchResults(w io.Writer, r *locnav.Report, dir string) {
	for _, t := range r.Tasks {
		mark := "FAIL"
		switch t.Status {
		case locnav.StatusPassed:
			mark = "PASS"
		case locnav.StatusUnsupported:
			mark = "UNSUP"
		case locnav.StatusIncomplete, locnav.StatusNotRun:
			mark = "----"
		}
		fmt.Fprintf(w, "%-5s %-48s %-13s %3d/%-3d evaluators", mark, t.ID, t.Family, t.Passed, t.Total)
		if t.Status != locnav.StatusPassed && t.Status != locnav.StatusFailed {
			fmt.Fprintf(w, "  (%s)", t.Status)
		}
		fmt.Fprintln(w)
	}
	s := r.Summary
	rate := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	fmt.Fprintf(w, "\ntasks passed: %d/%d (%.1f%%)   evaluators passed: %d/%d (%.1f%%)\n", s.TasksPassed, s.Tasks, rate(s.TasksPassed, s.Tasks), s.EvaluatorsPassed, s.Evaluators, rate(s.EvaluatorsPassed, s.Evaluators))
	if s.Answered > 0 {
		fmt.Fprintf(w, "answers in the output format (maps-only tasks): %d/%d\n", s.AnswersInFormat, s.Answered)
	}
	if len(s.FailuresByCause) > 0 {
		var parts []string
		for _, c := range []locnav.Cause{locnav.CausePlanner, locnav.CauseData, locnav.CauseUnsupported, locnav.CauseQuirk, locnav.CauseTask} {
			if n := s.FailuresByCause[c]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", c, n))
			}
		}
		fmt.Fprintf(w, "failed evaluators by cause: %s\n", strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "report: %s, %s\n", filepath.Join(dir, "report.json"), filepath.Join(dir, "report.md"))
}
