package maze

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/enginetest"
)

func TestJobAtIsJobs(t *testing.T) {
	c := mustConfig(t, smallRun)
	for i, j := range jobs(c) {
		if got := jobAt(c, i); got != j {
			t.Fatalf("jobAt(%d) = %+v, want %+v", i, got, j)
		}
	}
}

// runFiles runs c and returns its episodes, steps and Parquet steps.
func runFiles(t *testing.T, c *Config, opt RunOptions) (*Summary, [3]string) {
	t.Helper()
	var eps, steps, pq bytes.Buffer
	opt.Episodes, opt.Steps, opt.StepsParquet = &eps, &steps, &pq
	sum, err := Run(context.Background(), c, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sum, [3]string{eps.String(), steps.String(), pq.String()}
}

// TestBatchesOnAnEngineAgree: episodes run as batches on an Engine (state
// through JSON, as on Temporal) give the bytes a local run writes, however
// the run is cut into batches and whatever a batch may carry back.
func TestBatchesOnAnEngineAgree(t *testing.T) {
	c := mustConfig(t, smallRun)
	local, want := runFiles(t, c, RunOptions{Parallel: 2})
	rs, err := Runners(nil)
	if err != nil {
		t.Fatal(err)
	}
	eng := &enginetest.Loopback{Runners: rs}
	for _, tc := range []struct {
		name string
		opt  RunOptions
	}{
		{"default", RunOptions{Engine: eng}},
		{"batches of 7, 3 at once", RunOptions{Engine: eng, Batch: 7, Parallel: 3}},
		{"a batch carries 40 KB", RunOptions{Engine: eng, Batch: 50, Parallel: 2, carry: 40 << 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum, got := runFiles(t, c, tc.opt)
			for i, name := range []string{EpisodesFile, StepsFile, StepsParquetFile} {
				if got[i] != want[i] {
					t.Errorf("%s differs from the local run's (%d and %d bytes)", name, len(got[i]), len(want[i]))
				}
			}
			if sum.Steps != local.Steps || sum.Trajectories != local.Trajectories {
				t.Errorf("summary %+v, local %+v", sum.Trajectories, local.Trajectories)
			}
		})
	}
}

// TestBatchTrajectoryBudget: the budget cuts the steps where a local run
// does; steps past what a batch carries are skipped and the run says why.
func TestBatchTrajectoryBudget(t *testing.T) {
	c := mustConfig(t, smallRun+"trajectory_budget: 64KiB\n")
	local, want := runFiles(t, c, RunOptions{Parallel: 2})
	rs, _ := Runners(nil)
	sum, got := runFiles(t, c, RunOptions{Engine: &enginetest.Loopback{Runners: rs}, Batch: 9})
	if got != want || sum.Trajectories != local.Trajectories {
		t.Errorf("budget on an engine: %+v, local %+v", sum.Trajectories, local.Trajectories)
	}
	if local.Trajectories.SkippedEpisodes == 0 {
		t.Fatal("the budget skipped nothing; make it smaller")
	}

	c = mustConfig(t, smallRun)
	_, want = runFiles(t, c, RunOptions{Parallel: 2})
	sum, got = runFiles(t, c, RunOptions{Engine: &enginetest.Loopback{Runners: rs}, carry: 2 << 10})
	tc := sum.Trajectories
	if tc.CarryLimit != MaxBatchCarry || tc.SkippedEpisodes == 0 || !strings.Contains(tc.Skipped(), "--engine local") {
		t.Errorf("carry limit: %+v: %s", tc, tc.Skipped())
	}
	if got[0] != want[0] || got[1] == "" || !strings.HasPrefix(want[1], got[1]) {
		t.Error("the steps written are not the local run's first ones")
	}
}
