package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/input"
	"github.com/cairn-agents/cairn/trace"
	"github.com/cairn-agents/cairn/trace/otel"
)

func newTraceCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trace",
		Short: "Read run traces written with --trace",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newTraceShowCmd(c))
	return cmd
}

func newTraceShowCmd(c *cli) *cobra.Command {
	var asJSON, full bool
	var run, graph string
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Print a run trace as a timeline, or its totals with --json",
		Long: `Show prints a JSONL trace (written by any command with --trace FILE) as a
timeline with times relative to the first event: decisions as Thought (name,
model or policy, reasoning, fallback reason), tool calls as Action and
Observation (arguments, result, latency, cache hits), node starts and ends
with durations, errors, and usage totals at the end. FILE "-" reads stdin.

With --json it prints only the totals: decisions by model and by policy,
tool calls, model calls, tokens and wall time.

With --graph it prints the graph of each system that ran (see cairn graph)
with the path the runs took marked on it: how many times each node ran and
each edge was taken. --graph=dot and --graph=json choose the format.

A line that is not a valid event is reported on stderr with its number and
skipped; the command then exits with an error after printing the rest.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if graph != "" {
				return c.showTraceGraph(args[0], run, graph)
			}
			return c.showTrace(args[0], run, asJSON, full)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the totals as JSON instead of the timeline")
	cmd.Flags().BoolVar(&full, "full", false, "do not shorten long arguments, results and reasoning")
	cmd.Flags().StringVar(&run, "run", "", "show only the run whose ID starts with this `prefix`")
	cmd.Flags().StringVar(&graph, "graph", "", "print each run's graph with its path marked, as `format` mermaid (the default), dot or json")
	cmd.Flags().Lookup("graph").NoOptDefVal = "mermaid"
	return cmd
}

// traceTotals is the --json output of trace show.
type traceTotals struct {
	trace.Summary
	Tokens      int     `json:"tokens"`
	WallSeconds float64 `json:"wall_seconds"`
	BadLines    int     `json:"bad_lines"`
}

// maxBadLinesShown bounds the bad lines trace show reports one by one, so
// a file that is not a trace at all does not flood the terminal.
const maxBadLinesShown = 20

// traceEvents reads the trace at path, "-" for stdin.
func traceEvents(path string) iter.Seq2[event.Event, error] {
	if path == "-" {
		return trace.Read(input.LimitReader(os.Stdin, "stdin", trace.MaxFile))
	}
	return trace.ReadFile(path)
}

func (c *cli) showTrace(path, run string, asJSON, full bool) error {
	p := &trace.Printer{W: c.stdout, Color: isTerminal(c.stdout)}
	if full {
		p.Width = -1
	}
	var sum trace.Summary
	bad, err := c.readTrace(path, run, func(ev event.Event) {
		sum.Add(ev)
		if !asJSON {
			p.Print(ev)
		}
	})
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(traceTotals{Summary: sum, Tokens: sum.Tokens(), WallSeconds: sum.Wall.Seconds(), BadLines: bad}); err != nil {
			return err
		}
	} else {
		if sum.Events == 0 {
			fmt.Fprintln(c.stdout, "no events")
		}
		p.PrintSummary(&sum)
	}
	return badLinesError(path, bad)
}

// readTrace calls f with each event of the trace at path ("-": stdin)
// whose run ID starts with run. It reports bad lines on stderr, the first
// maxBadLinesShown one by one, and returns how many there were.
func (c *cli) readTrace(path, run string, f func(event.Event)) (bad int, err error) {
	matched := 0
	var otherRuns []string
	for ev, err := range traceEvents(path) {
		var le *trace.LineError
		switch {
		case errors.As(err, &le):
			bad++
			switch {
			case bad <= maxBadLinesShown:
				fmt.Fprintf(c.stderr, "cairn: %s: %v\n", path, err)
			case bad == maxBadLinesShown+1:
				fmt.Fprintf(c.stderr, "cairn: %s: more bad lines; counting them without showing each\n", path)
			}
			continue
		case err != nil:
			return bad, err
		}
		if run != "" && !strings.HasPrefix(ev.RunID, run) {
			if ev.RunID != "" && !slices.Contains(otherRuns, ev.RunID) {
				otherRuns = append(otherRuns, ev.RunID)
			}
			continue
		}
		matched++
		f(ev)
	}
	if run != "" && matched == 0 {
		return bad, fmt.Errorf("%s: no run ID starts with %q; runs in the file: %s", path, run, strings.Join(otherRuns, ", "))
	}
	return bad, nil
}

func badLinesError(path string, bad int) error {
	if bad > 0 {
		return fmt.Errorf("%s: %d bad lines skipped", path, bad)
	}
	return nil
}

// runEvents wires the events of a run for a command. The sink it returns
// prints progress on stderr (one line per node, decision, tool call and
// error; with --quiet or --log-level error only the errors that change the
// run's outcome (error events, failed nodes and runs); the full timeline
// with --log-level debug), writes a JSONL trace when --trace FILE is given,
// and exports OpenTelemetry spans when OTEL_EXPORTER_OTLP_ENDPOINT is set.
//
// Install it once: ctx = event.WithSink(ctx, sink), which also receives
// every event a flow run yields (do not feed it those a second time).
// Call finish once when the run is over: it prints the totals line, then
// flushes and closes the trace and the exporter.
func (c *cli) runEvents(ctx context.Context) (sink event.Sink, finish func() error, err error) {
	return c.events(ctx, c.printStyle())
}

// printStyle is how runEvents prints progress: --quiet and --log-level
// choose it.
func (c *cli) printStyle() trace.Style {
	switch {
	case c.quiet || strings.EqualFold(c.logLevel, "error"):
		return trace.ErrorsOnly
	case strings.EqualFold(c.logLevel, "debug"):
		return trace.Timeline
	}
	return trace.Compact
}

// events is runEvents printing in the given style; a command that draws
// its own progress (maze run) prints only errors.
func (c *cli) events(ctx context.Context, style trace.Style) (sink event.Sink, finish func() error, err error) {
	printer := &trace.Printer{W: c.stderr, Style: style, Color: isTerminal(c.stderr)}
	var sum summarySink
	sinks := []event.Sink{printer.Print}
	if style != trace.ErrorsOnly { // quiet prints no totals
		sinks = append(sinks, sum.add)
	}
	var closers []func() error

	if c.tracePath != "" {
		w, err := trace.Create(c.tracePath)
		if err != nil {
			return nil, nil, fmt.Errorf("--trace: %w", err)
		}
		sinks = append(sinks, w.Emit)
		closers = append(closers, w.Close)
	}
	osink, shutdown, err := otel.Sink(ctx)
	if err != nil {
		for _, cl := range closers {
			cl()
		}
		return nil, nil, err
	}
	if osink != nil {
		sinks = append(sinks, osink)
		closers = append(closers, func() error {
			wait := c.otelWait
			if wait == 0 {
				wait = 5 * time.Second
			}
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wait)
			defer cancel()
			// A collector that is down must not fail a run that worked.
			if err := shutdown(ctx); err != nil {
				c.logger().Warn("OpenTelemetry export failed", slog.Any("error", err))
			}
			return nil
		})
		c.logger().Debug("exporting OpenTelemetry spans", slog.String("endpoint", os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT")))
	}
	sink = func(e event.Event) {
		if e.Time.IsZero() {
			e.Time = time.Now()
		}
		for _, s := range sinks {
			s(e)
		}
	}
	finish = func() error {
		if style != trace.ErrorsOnly {
			s := sum.get()
			printer.PrintSummary(&s)
		}
		var errs []error
		for _, cl := range closers {
			errs = append(errs, cl())
		}
		return errors.Join(errs...)
	}
	return sink, finish, nil
}

// summarySink is a Summary safe for concurrent Add.
type summarySink struct {
	mu  sync.Mutex
	sum trace.Summary
}

func (s *summarySink) add(e event.Event) {
	s.mu.Lock()
	s.sum.Add(e)
	s.mu.Unlock()
}

func (s *summarySink) get() trace.Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sum
}

func (c *cli) logger() *slog.Logger {
	if c.log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.log
}

// isTerminal reports whether w is a terminal that wants colour.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
