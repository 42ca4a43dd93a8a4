package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 6, "interleaved rounds; each runs every case in every engine once")
	dur := flag.Duration("time", time.Second, "how long to run one case in one engine per round")
	only := flag.String("cases", "", "comma-separated cases to run (default all)")
	flag.Parse()
	if *rounds < 1 || *dur <= 0 {
		fmt.Fprintln(os.Stderr, "engines: -rounds must be at least 1 and -time positive")
		os.Exit(2)
	}
	picked := cases
	if *only != "" {
		picked = nil
		for _, name := range strings.Split(*only, ",") {
			i := slices.IndexFunc(cases, func(c kase) bool { return c.name == name })
			if i < 0 {
				fmt.Fprintf(os.Stderr, "engines: unknown case %q\n", name)
				os.Exit(2)
			}
			picked = append(picked, cases[i])
		}
	}
	if err := compare(context.Background(), os.Stdout, os.Stderr, picked, *rounds, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "engines:", err)
		os.Exit(1)
	}
}

// sample is one case run in one engine for one round.
type sample struct {
	ns     float64 // per run
	allocs float64 // per run
	// outside is the time per run outside the nodes' waits (cases whose
	// nodes wait only): the engine's own, free of the timers' and the
	// scheduler's lateness, which on a busy machine is larger than the
	// differences between engines.
	outside float64
}

// compare runs every case in every engine, rounds times, rotating the
// order of engines each round so none always runs first on a warm or a
// busy machine, and writes a Markdown table of medians and median ratios.
func compare(ctx context.Context, out, progress io.Writer, cs []kase, rounds int, dur time.Duration) error {
	runs := map[string]map[string]func(context.Context) (state, error){}
	for _, c := range cs {
		runs[c.name] = map[string]func(context.Context) (state, error){}
		for _, e := range engines {
			run, err := e.build(ctx, c.name)
			if err != nil {
				return fmt.Errorf("%s %s: %w", e.name, c.name, err)
			}
			if got, err := run(ctx); err != nil || got != c.want {
				return fmt.Errorf("%s %s: got %+v, %v; want %+v", e.name, c.name, got, err, c.want)
			}
			runs[c.name][e.name] = run
		}
	}
	samples := map[string]map[string][]sample{}
	for _, c := range cs {
		samples[c.name] = map[string][]sample{}
	}
	for round := range rounds {
		fmt.Fprintf(progress, "round %d/%d\n", round+1, rounds)
		for _, c := range cs {
			for i := range engines {
				e := engines[(i+round)%len(engines)]
				s, err := measure(ctx, runs[c.name][e.name], dur, latent(c.name))
				if err != nil {
					return fmt.Errorf("%s %s: %w", e.name, c.name, err)
				}
				samples[c.name][e.name] = append(samples[c.name][e.name], s)
			}
		}
	}
	table(out, cs, samples, rounds)
	return nil
}

// measure runs run for about dur and returns the time and allocations of
// one run; timed, also the time outside the nodes' waits. The busy record
// is made once and reused, so after its first run it allocates nothing.
func measure(ctx context.Context, run func(context.Context) (state, error), dur time.Duration, timed bool) (sample, error) {
	b := &busy{}
	if timed {
		ctx = withBusy(ctx, b)
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	n := 0
	var outside time.Duration
	for n == 0 || time.Since(start) < dur {
		b.spans = b.spans[:0]
		t0 := time.Now()
		if _, err := run(ctx); err != nil {
			return sample{}, err
		}
		if timed {
			outside += time.Since(t0) - b.covered()
		}
		n++
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	return sample{
		ns:      float64(elapsed.Nanoseconds()) / float64(n),
		allocs:  float64(after.Mallocs-before.Mallocs) / float64(n),
		outside: float64(outside.Nanoseconds()) / float64(n),
	}, nil
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// steps is the node steps of a case, for per-step figures.
func steps(c string) int {
	switch c {
	case "chain10":
		return chainLen
	case "loop100":
		return loopLen
	}
	return 0
}

func table(out io.Writer, cs []kase, samples map[string]map[string][]sample, rounds int) {
	fmt.Fprintf(out, "%s, %s %s/%s, GOMAXPROCS=%d, %d interleaved rounds, medians\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), rounds)
	fmt.Fprintf(out, "engines: %s\n\n", versions())
	fmt.Fprint(out, "| case | engine | time/run | per node step | vs plain Go | outside the nodes (vs plain Go) | ratio to cairn | allocs/run |\n")
	fmt.Fprint(out, "|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, c := range cs {
		base := samples[c.name]["cairn"]
		plain := samples[c.name]["plain Go"]
		for _, e := range engines {
			ss := samples[c.name][e.name]
			ns := make([]float64, len(ss))
			allocs := make([]float64, len(ss))
			ratios := make([]float64, len(ss))
			over := make([]float64, len(ss))
			outside := make([]float64, len(ss))
			outsideOver := make([]float64, len(ss))
			for i, s := range ss {
				ns[i], allocs[i] = s.ns, s.allocs
				ratios[i] = s.ns / base[i].ns
				over[i] = s.ns - plain[i].ns
				outside[i], outsideOver[i] = s.outside, s.outside-plain[i].outside
			}
			perStep := "—"
			if n := steps(c.name); n > 0 {
				perStep = fmt.Sprintf("%.2f µs", median(ns)/float64(n)/1e3)
			}
			vsPlain := "—"
			if e.name != "plain Go" {
				vsPlain = "+" + dur(median(over))
				if median(over) < 0 {
					vsPlain = dur(median(over))
				}
			}
			inEngine := "—"
			if latent(c.name) {
				inEngine = dur(median(outside))
				if e.name != "plain Go" {
					inEngine += " (" + signed(median(outsideOver)) + ")"
				}
			}
			fmt.Fprintf(out, "| %s | %s | %s | %s | %s | %s | %.2f× | %.0f |\n",
				c.name, e.name, dur(median(ns)), perStep, vsPlain, inEngine, median(ratios), median(allocs))
		}
	}
}

// signed is dur with a sign.
func signed(ns float64) string {
	if ns < 0 {
		return dur(ns)
	}
	return "+" + dur(ns)
}

func dur(ns float64) string {
	switch a := max(ns, -ns); {
	case a >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case a >= 1e3:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// versions names the engines' module versions as built.
func versions() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	var vs []string
	for _, m := range bi.Deps {
		switch m.Path {
		case "github.com/cloudwego/eino", "google.golang.org/adk/v2":
			vs = append(vs, m.Path+" "+m.Version)
		case "github.com/cairn-agents/cairn":
			vs = append(vs, m.Path+" (this tree)")
		}
	}
	slices.Sort(vs)
	return strings.Join(vs, ", ")
}
