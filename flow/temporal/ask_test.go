package temporal_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
)

// asking is a graph whose "review" node asks approve|reject, and whose
// fan-out has two branches that each ask a number.
func asking(t testing.TB, ran *atomic.Int32) *flow.Runner[Doc] {
	g := flow.New[Doc]("asking")
	g.Node("write", step("write"))
	g.Node("review", func(ctx context.Context, d Doc) (Doc, error) {
		ran.Add(1)
		v, err := flow.Ask[string](ctx, "Publish?", "approve", "reject")
		if err != nil {
			return d, err
		}
		d.Failed = v
		return d, nil
	})
	g.Node("split", step("split"))
	g.Node("a", func(ctx context.Context, d Doc) (Doc, error) {
		n, err := flow.Ask[int](ctx, "How many A?")
		d.A = n
		return d, err
	})
	g.Node("b", func(ctx context.Context, d Doc) (Doc, error) {
		n, err := flow.Ask[int](ctx, "How many B?")
		d.B = n
		return d, err
	})
	g.Start("write")
	g.Edge("write", "review")
	g.Branch("review", func(d Doc) string {
		if d.Failed == "approve" {
			return "split"
		}
		return flow.End
	}, "split", flow.End)
	g.Parallel("split", []string{"a", "b"}, flow.End)
	return build(t, g)
}

// TestAskOnTemporal: a question asked on a worker makes the run wait on
// the cluster; the caller gets the *InterruptedError as in process, and
// answers (checked, once) from any process continue the run.
func TestAskOnTemporal(t *testing.T) {
	const queue = "ask-test"
	var ran atomic.Int32
	local := asking(t, &ran)
	s, eng := hosted(t, queue, local)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r := local.WithEngine(eng)

	cctx, evs := event.Collect(ctx)
	d, err := r.Invoke(cctx, Doc{})
	var ie *flow.InterruptedError
	if !errors.As(err, &ie) || len(ie.Requests) != 1 || ie.Requests[0].Question != "Publish?" {
		t.Fatalf("Invoke: %v; want an InterruptedError for Publish?", err)
	}
	if len(d.Log) != 1 || d.Log[0] != "write" {
		t.Errorf("state the run waits with: %+v; want the state after write", d)
	}
	if !hasKind(evs(), event.Interrupt) {
		t.Error("no interrupt event reached the caller")
	}
	id := ie.RunID
	// Another process's runner: a fresh engine value, same cluster.
	other := local.WithEngine(&temporal.Engine{Client: s.Client, TaskQueue: queue})
	if _, reqs, err := other.Pending(ctx, id); err != nil || len(reqs) != 1 || reqs[0].ID != ie.Requests[0].ID {
		t.Fatalf("Pending: %v, %v", reqs, err)
	}
	if _, err := other.Answer(ctx, id, "", "maybe"); !errors.Is(err, flow.ErrBadAnswer) {
		t.Fatalf("answer maybe: %v; want ErrBadAnswer", err)
	}
	// Four answers at once: one is taken, the run goes on to the fan-out,
	// whose two questions it then waits on; the others are refused.
	var wg sync.WaitGroup
	var taken, refused atomic.Int32
	for range 4 {
		wg.Go(func() {
			_, err := other.Answer(ctx, id, ie.Requests[0].ID, "approve")
			switch {
			case errors.As(err, new(*flow.InterruptedError)):
				taken.Add(1)
			case errors.Is(err, flow.ErrNotWaiting):
				refused.Add(1)
			default:
				t.Errorf("concurrent answer: %v", err)
			}
		})
	}
	wg.Wait()
	if taken.Load() != 1 || refused.Load() != 3 {
		t.Fatalf("4 concurrent answers: %d taken, %d refused; want 1 and 3", taken.Load(), refused.Load())
	}
	if n := ran.Load(); n != 2 {
		t.Errorf("review ran %d times; want 2 (asked, then answered)", n)
	}
	_, reqs, err := other.Pending(ctx, id)
	if err != nil || len(reqs) != 2 {
		t.Fatalf("after approve: %v, %v; want the two branches' questions", reqs, err)
	}
	if _, err := other.Answer(ctx, id, "", 3); !errors.Is(err, flow.ErrNotWaiting) {
		t.Errorf("an unnamed answer to one of two questions: %v; want ErrNotWaiting", err)
	}
	byQ := map[string]int{"How many A?": 3, "How many B?": 4}
	_, err = other.Answer(ctx, id, reqs[0].ID, byQ[reqs[0].Question])
	if !errors.As(err, &ie) || len(ie.Requests) != 1 || ie.Requests[0].ID != reqs[1].ID {
		t.Fatalf("first branch answered: %v; want it to wait for %s", err, reqs[1].ID)
	}
	d, err = other.Answer(ctx, id, reqs[1].ID, byQ[reqs[1].Question])
	if err != nil {
		t.Fatal(err)
	}
	if d.Failed != "approve" || d.A != 3 || d.B != 4 {
		t.Errorf("final state %+v; want approve, A 3, B 4", d)
	}
	if _, err := other.Answer(ctx, id, reqs[1].ID, 5); !errors.Is(err, flow.ErrNotWaiting) {
		t.Errorf("answer to a finished run: %v; want ErrNotWaiting", err)
	}

	// Cancelling a waiting run cancels its workflow.
	_, err = r.Invoke(ctx, Doc{})
	if !errors.As(err, &ie) {
		t.Fatalf("second run: %v", err)
	}
	if err := r.Cancel(ctx, ie.RunID, "test"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		desc, err := s.Client.DescribeWorkflowExecution(ctx, ie.RunID, "")
		if err == nil && desc.WorkflowExecutionInfo.Status == enumspb.WORKFLOW_EXECUTION_STATUS_CANCELED {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cancelled run's workflow is not cancelled: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func hasKind(evs []event.Event, k event.Kind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}
