package maze

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
)

func mustConfig(t testing.TB, yaml string) *Config {
	t.Helper()
	c, err := ParseConfig([]byte(yaml), "testdata")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const smallRun = `
strategies: [follow, greedy, llm_solver]
generators: [backtracker, prim, obstacles]
sizes: [8, 15]
seeds: [1, 2]
episodes: 2
noise:
  - kind: none
  - kind: random
    levels: [0.3, 0.9]
  - kind: biased
    levels: [0.5]
  - kind: delayed
    levels: [0.5]
`

func runBytes(t *testing.T, c *Config, parallel int) (*Summary, string, string) {
	t.Helper()
	var eps, steps bytes.Buffer
	sum, err := Run(context.Background(), c, RunOptions{Parallel: parallel, Episodes: &eps, Steps: &steps})
	if err != nil {
		t.Fatal(err)
	}
	return sum, eps.String(), steps.String()
}

func TestRunDeterministicAcrossParallelism(t *testing.T) {
	c := mustConfig(t, smallRun)
	sum, e1, s1 := runBytes(t, c, 1)
	_, e4, s4 := runBytes(t, c, 4)
	_, e4b, s4b := runBytes(t, c, 4)
	if e1 != e4 || e4 != e4b || s1 != s4 || s4 != s4b {
		t.Fatal("same config gave different bytes")
	}
	if len(sum.Records) != c.TotalEpisodes() || strings.Count(e1, "\n") != c.TotalEpisodes() {
		t.Fatalf("%d records, %d lines, want %d", len(sum.Records), strings.Count(e1, "\n"), c.TotalEpisodes())
	}
	if int64(strings.Count(s1, "\n")) != sum.Steps {
		t.Errorf("%d step lines, %d steps", strings.Count(s1, "\n"), sum.Steps)
	}
	for i, r := range sum.Records {
		if r.Episode != i {
			t.Fatalf("record %d has episode %d", i, r.Episode)
		}
	}
	// The steps of each episode come in order and tie to their episode.
	sc := bufio.NewScanner(strings.NewReader(s1))
	last := map[int]int{}
	for sc.Scan() {
		var st StepRecord
		if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		if prev, ok := last[st.Episode]; ok && st.T != prev+1 || !ok && st.T != 0 {
			t.Fatalf("episode %d: step %d after %d", st.Episode, st.T, prev)
		}
		last[st.Episode] = st.T
	}
}

func TestRunMetrics(t *testing.T) {
	c := mustConfig(t, smallRun)
	sum, _, _ := runBytes(t, c, 2)
	for _, g := range Summarize(sum.Records, false) {
		switch {
		case g.Strategy == Follow && g.Noise == "none":
			if g.SuccessRate != 1 || g.Optimality != 1 || g.QueryRate != 1 || g.FollowRate != 1 || g.OverReliance != 0 {
				t.Errorf("follow without noise: %+v", g)
			}
		case g.Strategy == Follow && g.Noise == "random@0.9":
			if g.OverReliance < 0.8 || g.SuccessRate == 1 {
				t.Errorf("follow at random@0.9: %+v", g)
			}
		case g.Strategy == Greedy:
			if g.QueryRate != 0 || g.FollowRate != 0 {
				t.Errorf("greedy asked the tool: %+v", g)
			}
		case g.Strategy == LLMSolver:
			if g.ModelDecisions != 0 || g.PolicyDecisions != 2*g.Steps {
				t.Errorf("llm_solver offline: %d model, %d policy decisions for %d steps", g.ModelDecisions, g.PolicyDecisions, g.Steps)
			}
			if g.Noise == "none" && (g.SuccessRate != 1 || g.Optimality != 1) {
				t.Errorf("llm_solver policy with a perfect tool: %+v", g)
			}
		}
	}
	// llm_solver's policy stops trusting a bad tool: it asks less at
	// random@0.9 than without noise.
	rate := map[string]float64{}
	for _, g := range Summarize(sum.Records, false) {
		if g.Strategy == LLMSolver {
			rate[g.Noise] = g.QueryRate
		}
	}
	if rate["random@0.9"] >= rate["none"] {
		t.Errorf("llm_solver query rate: %v at random@0.9, %v without noise", rate["random@0.9"], rate["none"])
	}
	for _, r := range sum.Records {
		if r.Success == r.Truncated || r.Steps > r.StepLimit || r.Success && r.Steps < r.Optimal {
			t.Fatalf("episode %d inconsistent: %+v", r.Episode, r)
		}
	}
}

func TestRunNoTrajectories(t *testing.T) {
	c := mustConfig(t, "strategies: [greedy]\nsizes: [8]\nseeds: [1]\nepisodes: 2\ntrajectories: false\n")
	_, eps, steps := runBytes(t, c, 2)
	if steps != "" || strings.Count(eps, "\n") != 2 {
		t.Errorf("trajectories off: %d step bytes, %q", len(steps), eps)
	}
}

func TestRunStopsOnCancel(t *testing.T) {
	c := mustConfig(t, "strategies: [greedy]\nsizes: [64]\nseeds: [1]\nepisodes: 200\n")
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	sum, err := Run(ctx, c, RunOptions{Parallel: 2, Episodes: io.Discard, Progress: func(p Progress) {
		if n++; n == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(sum.Records) < 3 || len(sum.Records) >= 200 {
		t.Errorf("%d records after cancel", len(sum.Records))
	}
}

func TestRunEvents(t *testing.T) {
	c := mustConfig(t, "strategies: [llm_solver, greedy]\nsizes: [9]\nseeds: [1]\nepisodes: 2\n")
	var mu sync.Mutex
	var evs []event.Event
	sum, err := Run(context.Background(), c, RunOptions{Parallel: 2, Episodes: io.Discard, Events: func(e event.Event) {
		mu.Lock()
		evs = append(evs, e)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	decisions := map[string]int{}
	notes := 0
	for _, e := range evs {
		switch e.Kind {
		case event.Decision:
			decisions[e.RunID]++
		case event.Note:
			notes++
		}
	}
	if notes != len(sum.Records) {
		t.Errorf("%d episode notes for %d episodes", notes, len(sum.Records))
	}
	for _, r := range sum.Records {
		want := 0
		if r.Strategy == LLMSolver {
			want = 2 * r.Steps
		}
		if got := decisions["maze-"+strconv.Itoa(r.Episode)]; got != want {
			t.Errorf("episode %d (%s): %d decision events, want %d", r.Episode, r.Strategy, got, want)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRunWriteError(t *testing.T) {
	c := mustConfig(t, "strategies: [greedy]\nsizes: [8]\nseeds: [1]\nepisodes: 3\n")
	_, err := Run(context.Background(), c, RunOptions{Episodes: failWriter{}})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("err = %v", err)
	}
}

// benchRun runs c repeatedly and reports environment steps per minute.
func benchRun(b *testing.B, c *Config, steps io.Writer) {
	benchRunOpts(b, c, RunOptions{Steps: steps})
}

func benchRunOpts(b *testing.B, c *Config, opt RunOptions) {
	opt.Parallel, opt.Episodes = 2, io.Discard
	var n int64
	var elapsed time.Duration
	for b.Loop() {
		sum, err := Run(context.Background(), c, opt)
		if err != nil {
			b.Fatal(err)
		}
		n += sum.Steps
		elapsed += sum.Elapsed
	}
	b.ReportMetric(float64(n)/elapsed.Minutes(), "steps/min")
}

const benchGrid = `
generators: [backtracker, obstacles]
sizes: [32, 64]
seeds: [1]
episodes: 4
noise:
  - kind: none
  - kind: random
    levels: [0.3, 0.7]
  - kind: delayed
    levels: [0.5]
`

// BenchmarkOfflineRun measures policy-only experiment throughput on 2
// workers, as environment steps per minute: all strategies with
// trajectories encoded (JSONL; JSONL and Parquet), without them, and each
// strategy alone.
func BenchmarkOfflineRun(b *testing.B) {
	b.Run("all", func(b *testing.B) {
		benchRun(b, mustConfig(b, "strategies: [follow, greedy, llm_solver]"+benchGrid), io.Discard)
	})
	b.Run("all-jsonl-and-parquet", func(b *testing.B) {
		benchRunOpts(b, mustConfig(b, "strategies: [follow, greedy, llm_solver]"+benchGrid), RunOptions{Steps: io.Discard, StepsParquet: io.Discard})
	})
	b.Run("all-no-trajectories", func(b *testing.B) {
		benchRun(b, mustConfig(b, "strategies: [follow, greedy, llm_solver]"+benchGrid), nil)
	})
	for _, s := range Strategies {
		b.Run(string(s), func(b *testing.B) {
			benchRun(b, mustConfig(b, "strategies: ["+string(s)+"]"+benchGrid), io.Discard)
		})
	}
}

// BenchmarkEpisode1024 runs follow through one 1024×1024 perfect maze
// with a noisy planner: large-grid stepping and repeated A*.
func BenchmarkEpisode1024(b *testing.B) {
	benchRun(b, mustConfig(b, `
strategies: [follow]
sizes: [1024]
seeds: [1]
episodes: 1
trajectories: false
noise:
  - kind: random
    levels: [0.1]
`), nil)
}
