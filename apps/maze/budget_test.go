package maze

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// TestTrajectoryBudget: with a budget smaller than the run's steps, the
// steps of the first episodes are written whole, none after the first that
// does not fit, the same bytes whatever the parallelism, and the summary
// says what was skipped. Episode records are not affected.
func TestTrajectoryBudgetSkipsLaterEpisodes(t *testing.T) {
	full := mustConfig(t, smallRun)
	_, fullEps, fullSteps := runBytes(t, full, 2)
	limit := len(fullSteps) / 3
	c := mustConfig(t, smallRun+"trajectory_budget: "+strconv.Itoa(limit)+"\n")

	run := func(parallel int) (*Summary, string, string, []StepRecord) {
		var eps, steps, pq bytes.Buffer
		sum, err := Run(context.Background(), c, RunOptions{Parallel: parallel, Episodes: &eps, Steps: &steps, StepsParquet: &pq})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := parquet.Read[StepRecord](bytes.NewReader(pq.Bytes()), int64(pq.Len()))
		if err != nil {
			t.Fatal(err)
		}
		return sum, eps.String(), steps.String(), rows
	}
	sum, eps, steps, rows := run(1)
	_, eps4, steps4, rows4 := run(4)
	if eps != fullEps || eps4 != fullEps {
		t.Error("the trajectory budget changed episodes.jsonl")
	}
	if steps != steps4 || len(rows) != len(rows4) {
		t.Error("budgeted steps differ between parallel 1 and 4")
	}
	if len(steps) == 0 || len(steps) > limit || !strings.HasPrefix(fullSteps, steps) {
		t.Fatalf("budgeted steps: %d bytes (budget %d), a prefix of the full run's: %v", len(steps), limit, strings.HasPrefix(fullSteps, steps))
	}
	tc := sum.Trajectories
	// The next episode's steps would not have fitted.
	var next strings.Builder
	for line := range strings.Lines(fullSteps[len(steps):]) {
		if !strings.HasPrefix(line, `{"episode":`+strconv.Itoa(tc.FirstSkipped)+`,`) {
			break
		}
		next.WriteString(line)
	}
	if next.Len() == 0 || len(steps)+next.Len() <= limit {
		t.Errorf("episode %d skipped though its %d bytes fit after %d of %d", tc.FirstSkipped, next.Len(), len(steps), limit)
	}
	var skippedSteps int64
	for _, r := range sum.Records[tc.FirstSkipped:] {
		skippedSteps += int64(r.Steps)
	}
	if tc.Episodes != tc.FirstSkipped || tc.Bytes != int64(len(steps)) || tc.SkippedEpisodes != len(sum.Records)-tc.FirstSkipped || tc.SkippedSteps != skippedSteps {
		t.Errorf("trajectory count %+v; %d records, %d skipped steps", tc, len(sum.Records), skippedSteps)
	}
	if n := strings.Count(steps, "\n"); len(rows) != n {
		t.Errorf("%d Parquet rows for %d JSONL steps", len(rows), n)
	}
	msg := tc.Skipped()
	for _, want := range []string{"episodes " + strconv.Itoa(tc.FirstSkipped) + " and later", strconv.FormatInt(skippedSteps, 10) + " steps", "trajectory_budget", "--trajectory-budget"} {
		if !strings.Contains(msg, want) {
			t.Errorf("skipped message %q lacks %q", msg, want)
		}
	}
	if s := (TrajectoryCount{Episodes: 3}).Skipped(); s != "" {
		t.Errorf("nothing skipped, yet %q", s)
	}
}

// TestTrajectoryBudgetBoundsOneEpisode: an episode whose own steps pass
// the budget is not held in memory to the end (sizes: [4096] wrote 1.95 GB
// of steps.jsonl by default); nothing is written and the run goes on.
func TestTrajectoryBudgetBoundsOneEpisode(t *testing.T) {
	c := mustConfig(t, "strategies: [greedy]\nsizes: [64]\nseeds: [1]\nepisodes: 2\ntrajectory_budget: 2kB\n")
	var steps bytes.Buffer
	sum, err := Run(context.Background(), c, RunOptions{Parallel: 2, Episodes: io.Discard, Steps: &steps})
	if err != nil {
		t.Fatal(err)
	}
	if steps.Len() != 0 || sum.Trajectories.SkippedEpisodes != 2 || sum.Trajectories.FirstSkipped != 0 || len(sum.Records) != 2 {
		t.Errorf("%d bytes of steps, %+v, %d records", steps.Len(), sum.Trajectories, len(sum.Records))
	}
	// The worker stopped keeping the episode's steps when they passed the
	// budget, not at its end.
	r, err := newStepGraph()
	if err != nil {
		t.Fatal(err)
	}
	e := newEpisode(c, RunOptions{}, true, true, &budget{limit: 2000})
	res := e.runEpisode(context.Background(), r, jobs(c)[0], false, 1)
	if res.err != nil || !res.overBudget || res.steps != nil || res.rows != nil || len(e.steps) > 2000 || len(e.rows) > 20 || res.rec.Steps < 100 {
		t.Errorf("over budget %v, %d step bytes kept, %d held, %d rows held, %d steps, %v", res.overBudget, len(res.steps), len(e.steps), len(e.rows), res.rec.Steps, res.err)
	}
}

// TestRunChecksMemory: a config whose mazes, parallelism and trajectories
// need more memory than the machine has is refused before it starts, with
// what takes the memory and what to change.
func TestRunChecksMemory(t *testing.T) {
	c := mustConfig(t, "strategies: [follow]\nsizes: [8, 4096]\nseeds: [1]\nepisodes: 1\n")
	_, err := Run(context.Background(), c, RunOptions{Parallel: 8, Episodes: io.Discard, Steps: io.Discard, MemoryLimit: 4 << 30})
	if err == nil {
		t.Fatal("4096×4096 mazes, 8 at once, in 4 GiB: no error")
	}
	for _, want := range []string{"sizes: 4096", "8 episodes at once", "4 GiB of memory is available", "1 GiB per episode running", "--parallel", "trajectory_budget"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	small := mustConfig(t, "strategies: [follow]\nsizes: [16]\nseeds: [1]\nepisodes: 1\n")
	if _, err := Run(context.Background(), small, RunOptions{Episodes: io.Discard, MemoryLimit: 1 << 20}); err == nil || !strings.Contains(err.Error(), "sizes: 16") {
		t.Errorf("1 MiB: %v", err)
	}
	if _, err := Run(context.Background(), small, RunOptions{Episodes: io.Discard, MemoryLimit: -1}); err != nil {
		t.Errorf("no memory check: %v", err)
	}
	if _, err := Run(context.Background(), small, RunOptions{Episodes: io.Discard}); err != nil {
		t.Errorf("this machine's memory: %v", err)
	}
}
