package temporal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/internal/temporaltest"
)

// BenchmarkDevServerTuning looks for the ~100 ms a node costs on the dev
// server: each case starts its own server and worker with some setting
// changed and reports ms per node of a 10-node chain and the time of a
// 10×10 fan-out; the raw-* rows are the SDK alone (a workflow of ten
// activities or local activities in sequence, doing nothing), the floor
// for any executor. Three cases also run 200 concurrent 1-node runs.
func BenchmarkDevServerTuning(b *testing.B) {
	dyn := func(kv ...string) []string {
		var args []string
		for _, s := range kv {
			args = append(args, "--dynamic-config-value", s)
		}
		return args
	}
	pollers := worker.Options{MaxConcurrentWorkflowTaskPollers: 8, MaxConcurrentActivityTaskPollers: 8}
	autoscale := worker.Options{
		WorkflowTaskPollerBehavior: worker.NewPollerBehaviorAutoscaling(worker.PollerBehaviorAutoscalingOptions{}),
		ActivityTaskPollerBehavior: worker.NewPollerBehaviorAutoscaling(worker.PollerBehaviorAutoscalingOptions{}),
	}
	eager := dyn("system.enableActivityEagerExecution=true")
	onePartition := dyn("matching.numTaskqueueReadPartitions=1", "matching.numTaskqueueWritePartitions=1")
	cases := []struct {
		name   string
		server []string
		worker worker.Options
		conc   bool // also 200 concurrent 1-node runs
	}{
		{"default", nil, worker.Options{}, true},
		{"pollers-8", nil, pollers, true},
		{"no-sticky-cache", nil, worker.Options{StickyScheduleToStartTimeout: time.Millisecond}, false},
		{"eager-activities", eager, worker.Options{}, false},
		{"1-partition", onePartition, worker.Options{}, false},
		{"eager+1-partition", append(eager, onePartition...), worker.Options{}, false},
		{"autoscaling-pollers", nil, autoscale, false},
		{"eager+pollers-8", eager, pollers, true},
		{"eager+autoscaling-pollers", eager, autoscale, false},
	}
	one, chain, fan := chainN(b, 1), chainN(b, 10), fanStages(b, 10, 10)
	ctx := context.Background()
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			s := temporaltest.Start(b, c.server...)
			queue := "tuning"
			w := worker.New(s.Client, queue, c.worker)
			temporal.Register(w, one, temporal.Options{})
			temporal.Register(w, chain, temporal.Options{})
			temporal.Register(w, fan, temporal.Options{})
			w.RegisterActivityWithOptions(func(_ context.Context, in json.RawMessage) (json.RawMessage, error) { return in, nil },
				activity.RegisterOptions{Name: "raw.noop"})
			w.RegisterWorkflowWithOptions(rawSequence, workflow.RegisterOptions{Name: "raw.sequence"})
			if err := w.Start(); err != nil {
				b.Fatal(err)
			}
			defer w.Stop()
			seq := 0
			id := func() string {
				seq++
				return fmt.Sprintf("tune-%d-%d", seq, time.Now().UnixNano())
			}
			start := client.StartWorkflowOptions{TaskQueue: queue}
			b.Run("chain10", func(b *testing.B) {
				for b.Loop() {
					start.ID = id()
					if _, err := temporal.Invoke(ctx, s.Client, start, chain, Doc{}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/10, "ms/node")
			})
			b.Run("fan10x10", func(b *testing.B) {
				for b.Loop() {
					start.ID = id()
					if _, err := temporal.Invoke(ctx, s.Client, start, fan, Doc{}); err != nil {
						b.Fatal(err)
					}
				}
			})
			if c.conc {
				b.Run("200-concurrent", func(b *testing.B) {
					for b.Loop() {
						var wg sync.WaitGroup
						for i := range 200 {
							st := client.StartWorkflowOptions{TaskQueue: queue, ID: fmt.Sprintf("tune-conc-%d-%d", i, time.Now().UnixNano())}
							wg.Go(func() {
								if _, err := temporal.Invoke(ctx, s.Client, st, one, Doc{}); err != nil {
									b.Error(err)
								}
							})
						}
						wg.Wait()
					}
					b.ReportMetric(200*float64(b.N)/b.Elapsed().Seconds(), "runs/s")
				})
			}
			for _, local := range []bool{false, true} {
				name := "raw-activities10"
				if local {
					name = "raw-local-activities10"
				}
				b.Run(name, func(b *testing.B) {
					for b.Loop() {
						start.ID = id()
						wr, err := s.Client.ExecuteWorkflow(ctx, start, "raw.sequence", 10, local)
						if err == nil {
							err = wr.Get(ctx, nil)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/10, "ms/node")
				})
			}
		})
	}
}

// rawSequence runs n no-op activities (or local activities) in sequence:
// the SDK's own cost per step, with none of flow's.
func rawSequence(ctx workflow.Context, n int, local bool) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{StartToCloseTimeout: time.Minute})
	in := json.RawMessage(`{}`)
	for range n {
		var f workflow.Future
		if local {
			f = workflow.ExecuteLocalActivity(ctx, "raw.noop", in)
		} else {
			f = workflow.ExecuteActivity(ctx, "raw.noop", in)
		}
		if err := f.Get(ctx, &in); err != nil {
			return err
		}
	}
	return nil
}
