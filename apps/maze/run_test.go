package maze

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"
	"sync/atomic"
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

// TestRunEvents: a traced episode is a run of the step graph, with the
// events every system's runs have: run start and end under the ID
// maze-<episode>, its nodes, decisions with their source (the rule agents'
// too), planner calls as tool calls, and notes opening and closing it. Only
// the first TraceEpisodes episodes report; the rest run unobserved.
func TestRunEvents(t *testing.T) {
	c := mustConfig(t, "strategies: [llm_solver, greedy, follow]\nsizes: [9]\nseeds: [1]\nepisodes: 4\n")
	ctx, events := event.Collect(context.Background())
	sum, err := Run(ctx, c, RunOptions{Parallel: 2, Episodes: io.Discard, TraceEpisodes: 9})
	if err != nil {
		t.Fatal(err)
	}
	type counts struct {
		starts, ends, notes, decisions, policy, tools, nodes int
		nodeNames                                            map[string]int
	}
	byRun := map[string]*counts{}
	for _, e := range events() {
		n := byRun[e.RunID]
		if n == nil {
			n = &counts{nodeNames: map[string]int{}}
			byRun[e.RunID] = n
		}
		switch e.Kind {
		case event.RunStart:
			n.starts++
			if e.Message != GraphName {
				t.Errorf("run %s starts graph %q", e.RunID, e.Message)
			}
		case event.RunEnd:
			n.ends++
			if e.Err != "" {
				t.Errorf("run %s failed: %s", e.RunID, e.Err)
			}
		case event.NodeStart:
			n.nodes++
			n.nodeNames[e.Node]++
		case event.Decision:
			n.decisions++
			if e.Decision.Source == "policy" && e.Decision.Fallback != "" && len(e.Decision.Value) > 0 {
				n.policy++
			}
		case event.ToolCall:
			n.tools++
			if e.Tool.Name != "planner" || e.Node != "planner" || !strings.Contains(string(e.Tool.Result), `"advice":"`) {
				t.Errorf("planner call %+v", e.Tool)
			}
		case event.Note:
			if strings.HasPrefix(e.Message, "episode ") {
				n.notes++
			}
		}
	}
	if len(byRun) != 9 {
		t.Errorf("%d runs reported, want the first 9 of %d episodes", len(byRun), len(sum.Records))
	}
	for _, r := range sum.Records {
		n := byRun[fmt.Sprintf("maze-%02d", r.Episode)]
		if r.Episode >= 9 {
			if n != nil {
				t.Errorf("episode %d reported events", r.Episode)
			}
			continue
		}
		if n == nil {
			t.Errorf("episode %d: no events", r.Episode)
			continue
		}
		if n.starts != 1 || n.ends != 1 || n.notes != 2 {
			t.Errorf("episode %d: %d starts, %d ends, %d episode notes", r.Episode, n.starts, n.ends, n.notes)
		}
		if n.decisions != 2*r.Steps || n.policy != 2*r.Steps || n.tools != r.ToolQueries {
			t.Errorf("episode %d (%s): %d decisions (%d from the policy), %d planner calls for %d steps and %d queries",
				r.Episode, r.Strategy, n.decisions, n.policy, n.tools, r.Steps, r.ToolQueries)
		}
		want := map[string]int{"reset": 1, "tool_use": r.Steps, "move": r.Steps, "step": r.Steps, "finish": 1}
		if r.ToolQueries > 0 {
			want["planner"] = r.ToolQueries
		}
		if !maps.Equal(n.nodeNames, want) {
			t.Errorf("episode %d (%s): nodes %v, want %v", r.Episode, r.Strategy, n.nodeNames, want)
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

// benchRunOpts reports steps/min of wall time on 2 workers, and
// steps/cpu-min of the process's CPU time: on a busy machine the first
// falls with the load, the second much less, so compare runs by it.
func benchRunOpts(b *testing.B, c *Config, opt RunOptions) {
	benchRunCtx(b, context.Background(), c, opt)
}

func benchRunCtx(b *testing.B, ctx context.Context, c *Config, opt RunOptions) {
	opt.Parallel, opt.Episodes = 2, io.Discard
	var n int64
	var elapsed time.Duration
	cpu0 := cpuTime()
	for b.Loop() {
		sum, err := Run(ctx, c, opt)
		if err != nil {
			b.Fatal(err)
		}
		n += sum.Steps
		elapsed += sum.Elapsed
	}
	b.ReportMetric(float64(n)/elapsed.Minutes(), "steps/min")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Minutes(), "steps/cpu-min")
	}
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
	b.Run("all-traced", func(b *testing.B) {
		// Every episode a traced run, its events counted: what --trace
		// costs per step when it records everything.
		var events atomic.Int64
		ctx := event.WithSink(context.Background(), func(event.Event) { events.Add(1) })
		benchRunCtx(b, ctx, mustConfig(b, "strategies: [follow, greedy, llm_solver]"+benchGrid), RunOptions{Steps: io.Discard, TraceEpisodes: -1})
		b.ReportMetric(float64(events.Load())/float64(b.N), "events/op")
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
