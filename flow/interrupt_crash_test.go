package flow_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/flow"
)

// askGraph is plan -> approve -> publish -> End over a FileStore in dir;
// each node logs its start to dir/log, approve asks for an Approval, and
// publish kills its process with SIGKILL when crash is set.
func askGraph(t testing.TB, dir string, crash bool) *flow.Runner[St] {
	t.Helper()
	store, err := flow.NewFileStore(filepath.Join(dir, "checkpoints"))
	if err != nil {
		t.Fatal(err)
	}
	logStart := func(n string) error {
		f, err := os.OpenFile(filepath.Join(dir, "log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.WriteString(n + "\n")
		return err
	}
	g := flow.New[St]("asky")
	g.Store = store
	g.Node("plan", func(ctx context.Context, s St) (St, error) {
		s.Path = append(s.Path, "plan")
		return s, logStart("plan")
	})
	g.Node("approve", func(ctx context.Context, s St) (St, error) {
		if err := logStart("approve"); err != nil {
			return s, err
		}
		a, err := flow.Ask[Approval](ctx, "Publish?")
		if err != nil {
			return s, err
		}
		s.Path = append(s.Path, "approve")
		s.A = fmt.Sprint(a.Approve)
		return s, nil
	})
	g.Node("publish", func(ctx context.Context, s St) (St, error) {
		if err := logStart("publish"); err != nil {
			return s, err
		}
		if crash {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
		s.Path = append(s.Path, "publish")
		return s, nil
	})
	g.Start("plan")
	g.Edge("plan", "approve")
	g.Edge("approve", "publish")
	g.Edge("publish", flow.End)
	return build(t, g)
}

// TestAskCrashChild is the process that dies: in phase "ask" once its run
// waits for the answer, in phase "answer" in publish, after the answer
// was taken. TestAnswerAfterCrash starts it.
func TestAskCrashChild(t *testing.T) {
	dir, phase := os.Getenv("CAIRN_FLOW_ASK_DIR"), os.Getenv("CAIRN_FLOW_ASK_PHASE")
	if dir == "" {
		t.Skip("helper for TestAnswerAfterCrash")
	}
	switch phase {
	case "ask":
		_, err := flow.Final[St](askGraph(t, dir, false).RunWithID(t.Context(), "ask-run", St{}))
		if !errors.Is(err, flow.ErrInterrupted) {
			t.Fatalf("run: %v, want an interrupt", err)
		}
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {}
	case "answer":
		_, err := askGraph(t, dir, true).Answer(t.Context(), "ask-run", "", Approval{Approve: true})
		t.Fatalf("publish should have killed the process; Answer returned %v", err)
	}
	t.Fatalf("unknown phase %q", phase)
}

func killedChild(t *testing.T, dir, phase string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestAskCrashChild$")
	cmd.Env = append(os.Environ(), "CAIRN_FLOW_ASK_DIR="+dir, "CAIRN_FLOW_ASK_PHASE="+phase)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("phase %s: child did not die by SIGKILL: %v\n%s", phase, err, out)
	}
}

func TestAnswerAfterCrash(t *testing.T) {
	dir := t.TempDir()
	killedChild(t, dir, "ask")

	// A new process, a new store on the same directory: the question is
	// there.
	r := askGraph(t, dir, false)
	s, pending, err := r.Pending(t.Context(), "ask-run")
	if err != nil || len(pending) != 1 || pending[0].ID != "approve#2" || pending[0].Question != "Publish?" || !slices.Equal(s.Path, []string{"plan"}) {
		t.Fatalf("Pending after the crash: %+v, %+v, %v", s, pending, err)
	}
	if _, err := r.Answer(t.Context(), "ask-run", "", json.RawMessage(`{"note":"no approve field"}`)); !errors.Is(err, flow.ErrBadAnswer) {
		t.Fatalf("bad answer after the crash: %v", err)
	}

	// The answer is taken, approve runs with it and its step is saved;
	// then the process dies in publish.
	killedChild(t, dir, "answer")
	if _, err := r.Answer(t.Context(), "ask-run", "", Approval{Approve: false}); !errors.Is(err, flow.ErrNotWaiting) {
		t.Fatalf("answer to a run that took its answer: %v, want ErrNotWaiting", err)
	}
	s, err = flow.Final[St](r.Resume(t.Context(), "ask-run"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Path, []string{"plan", "approve", "publish"}) || s.A != "true" {
		t.Errorf("final %+v: want the path through publish and the answer given before the crash", s)
	}
	// approve started twice (asked, answered), publish twice (killed,
	// resumed).
	if got, want := readLines(t, filepath.Join(dir, "log")), []string{"plan", "approve", "approve", "publish", "publish"}; !slices.Equal(got, want) {
		t.Errorf("node starts %v, want %v", got, want)
	}
}

// A waiting run holds nothing in memory: after many runs stop for a
// question (ranged over, so each had its own goroutine), no goroutine is
// left, and each is answered from its checkpoint alone.
func TestWaitingRunsHoldNoGoroutine(t *testing.T) {
	r := review(t, &flow.MemStore{}, time.Hour, &counts{})
	before := runtime.NumGoroutine()
	const n = 50
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprint("wait-", i)
		_, err := flow.Final[St](r.RunWithID(t.Context(), ids[i], St{}))
		interrupted(t, err, "approve#2")
	}
	var after int
	for range 100 { // a finished goroutine may take a moment to be gone
		if after = runtime.NumGoroutine(); after < before+n/10 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if after >= before+n/10 {
		t.Errorf("%d goroutines before %d waiting runs, %d after", before, n, after)
	}
	for _, id := range ids {
		if s, err := r.Answer(t.Context(), id, "", Approval{Approve: true}); err != nil || s.A != "true" {
			t.Fatalf("run %s: %+v, %v", id, s, err)
		}
	}
}
