package flow_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// crashGraph is a chain a -> b -> c -> d whose nodes log each start to
// dir/log. With crash set, node c kills its own process with SIGKILL.
func crashGraph(t testing.TB, dir string, crash bool) *flow.Runner[St] {
	t.Helper()
	store, err := flow.NewFileStore(filepath.Join(dir, "checkpoints"))
	if err != nil {
		t.Fatal(err)
	}
	g := flow.New[St]("crashy")
	g.Store = store
	names := []string{"a", "b", "c", "d"}
	for _, n := range names {
		g.Node(n, func(ctx context.Context, s St) (St, error) {
			f, err := os.OpenFile(filepath.Join(dir, "log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				return s, err
			}
			_, err = f.WriteString(n + "\n")
			f.Close()
			if err != nil {
				return s, err
			}
			if n == "c" && crash {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {} // the signal arrives
			}
			s.Path = append(s.Path, n)
			s.Total += len(s.Path)
			return s, nil
		})
	}
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", "c")
	g.Edge("c", "d")
	g.Edge("d", flow.End)
	return build(t, g)
}

// TestCrashChild is the process that dies; TestResumeAfterCrash starts it.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv("CAIRN_FLOW_CRASH_DIR")
	if dir == "" {
		t.Skip("helper for TestResumeAfterCrash")
	}
	r := crashGraph(t, dir, true)
	for _, err := range r.RunWithID(context.Background(), "crash-run", St{}) {
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the run finished; node c should have killed the process")
}

func TestResumeAfterCrash(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
	cmd.Env = append(os.Environ(), "CAIRN_FLOW_CRASH_DIR="+dir)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die by SIGKILL: %v\n%s", err, out)
	}

	r := crashGraph(t, dir, false)
	ctx, collected := event.Collect(t.Context())
	s, err := flow.Final[St](r.Resume(ctx, "crash-run"))
	evs := collected()
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(s.Path, want) {
		t.Errorf("final path %v, want %v", s.Path, want)
	}
	if s.Total != 1+2+3+4 {
		t.Errorf("total = %d, want 10", s.Total)
	}
	if !strings.Contains(evs[0].Message, "resumed at step 2, next c") {
		t.Errorf("RunStart message %q", evs[0].Message)
	}
	// a and b ran once, before the crash; c started twice (killed, then
	// resumed); d once.
	if got, want := readLines(t, filepath.Join(dir, "log")), []string{"a", "b", "c", "c", "d"}; !slices.Equal(got, want) {
		t.Errorf("node starts %v, want %v", got, want)
	}

	// Resuming a finished run runs nothing and yields its final state.
	ctx2, collected2 := event.Collect(t.Context())
	s2, err := flow.Final[St](r.Resume(ctx2, "crash-run"))
	evs2 := collected2()
	if err != nil || !slices.Equal(s2.Path, s.Path) {
		t.Fatalf("resume of finished run: %v, %+v", err, s2)
	}
	for _, e := range evs2 {
		if e.Kind == event.NodeStart {
			t.Errorf("finished run re-ran node %s", e.Node)
		}
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

func TestResumeParallelStep(t *testing.T) {
	var calls = map[string]*atomic.Int32{"prep": {}, "x": {}, "y": {}}
	var failY atomic.Bool
	failY.Store(true)
	store := &flow.MemStore{}
	g := flow.New[St]("fan-resume")
	g.Store = store
	count := func(n string, f func(St) St) flow.NodeFunc[St] {
		return func(ctx context.Context, s St) (St, error) {
			calls[n].Add(1)
			if n == "y" && failY.Load() {
				return s, errors.New("service down")
			}
			return f(s), nil
		}
	}
	g.Node("prep", count("prep", func(s St) St { s.N = 1; return s }))
	g.Node("x", count("x", func(s St) St { s.A = "x"; return s }))
	g.Node("y", count("y", func(s St) St { s.B = "y"; return s }))
	g.Start("prep")
	g.Parallel("prep", []string{"x", "y"}, flow.End)
	r := build(t, g)

	_, err := flow.Final[St](r.RunWithID(t.Context(), "p1", St{}))
	if err == nil || !strings.Contains(err.Error(), "service down") {
		t.Fatalf("first run: err = %v", err)
	}
	cp, err := store.Load(t.Context(), "p1")
	if err != nil || cp.Fanout != "prep" || cp.Step != 1 {
		t.Fatalf("checkpoint %+v, %v; want fan-out after prep at step 1", cp, err)
	}

	failY.Store(false)
	s, err := flow.Final[St](r.Resume(t.Context(), "p1"))
	if err != nil {
		t.Fatal(err)
	}
	if s.N != 1 || s.A != "x" || s.B != "y" {
		t.Errorf("state %+v", s)
	}
	if calls["prep"].Load() != 1 {
		t.Errorf("prep ran %d times; it completed before the failure", calls["prep"].Load())
	}
}

func TestResumeKeepsLimitCounts(t *testing.T) {
	store := &flow.MemStore{}
	var fail atomic.Bool
	g := flow.New[St]("limit-resume")
	g.Store = store
	g.Node("loop", func(ctx context.Context, s St) (St, error) {
		if s.N == 2 && fail.Load() {
			return s, errors.New("interrupted")
		}
		s.N++
		return s, nil
	})
	g.Node("out", visit("out"))
	g.Start("loop")
	g.Branch("loop", func(St) string { return "loop" }, "loop", flow.End)
	g.Limit("loop", 4)
	g.OnLimit("loop", "out")
	g.Edge("out", flow.End)
	r := build(t, g)
	fail.Store(true)
	if _, err := flow.Final[St](r.RunWithID(t.Context(), "l1", St{})); err == nil {
		t.Fatal("want the interruption")
	}
	fail.Store(false)
	s, err := flow.Final[St](r.Resume(t.Context(), "l1"))
	if err != nil {
		t.Fatal(err)
	}
	// 4 loop runs in all, across the two processes, then out.
	if s.N != 5 || !slices.Equal(s.Path, []string{"out"}) {
		t.Errorf("state %+v, want N=5 (4 loops + out) and path [out]", s)
	}
}

func TestRunWithExistingIDRefused(t *testing.T) {
	r := build(t, oneNode("dup", &flow.MemStore{}))
	if _, err := flow.Final[St](r.RunWithID(t.Context(), "same", St{})); err != nil {
		t.Fatal(err)
	}
	_, err := flow.Final[St](r.RunWithID(t.Context(), "same", St{}))
	if !errors.Is(err, flow.ErrRunExists) || !strings.Contains(err.Error(), `"same"`) {
		t.Fatalf("err = %v, want ErrRunExists naming the run", err)
	}
}

func TestResumeUnknownRun(t *testing.T) {
	_, err := flow.Final[St](build(t, oneNode("unknown", &flow.MemStore{})).Resume(t.Context(), "never-ran"))
	if !errors.Is(err, flow.ErrNoCheckpoint) || !strings.Contains(err.Error(), "never-ran") {
		t.Fatalf("err = %v", err)
	}
}

func TestCorruptCheckpointFile(t *testing.T) {
	dir := t.TempDir()
	store, err := flow.NewFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := build(t, oneNode("corrupt", store))

	for name, content := range map[string]string{
		"garbage":    "{not json",
		"truncated":  `{"version":1,"run_id":"truncated","graph":"corrupt","step":1,"next":"a","state":{"pa`,
		"wrong-run":  `{"version":1,"run_id":"other","graph":"corrupt","step":1,"next":"a","state":{}}`,
		"no-state":   `{"version":1,"run_id":"no-state","graph":"corrupt","step":1,"next":"a"}`,
		"bad-fields": `{"version":1,"run_id":"bad-fields","graph":"corrupt","step":1,"next":"a","state":{},"extra":1}`,
	} {
		t.Run(name, func(t *testing.T) {
			path := store.Path(name)
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := flow.Final[St](r.Resume(t.Context(), name))
			if !errors.Is(err, flow.ErrCorrupt) || !strings.Contains(err.Error(), path) {
				t.Errorf("Resume: err = %v, want ErrCorrupt naming %s", err, path)
			}
			_, err = flow.Final[St](r.RunWithID(t.Context(), name, St{}))
			if !errors.Is(err, flow.ErrCorrupt) || !strings.Contains(err.Error(), path) {
				t.Errorf("RunWithID: err = %v, want ErrCorrupt naming %s", err, path)
			}
			err = store.Save(t.Context(), flow.Checkpoint{Version: 1, RunID: name, Graph: "corrupt", Next: "a", State: []byte(`{}`)})
			if !errors.Is(err, flow.ErrCorrupt) {
				t.Errorf("Save over corrupt file: err = %v", err)
			}
			if got, _ := os.ReadFile(path); string(got) != content {
				t.Errorf("corrupt file was overwritten: %q", got)
			}
		})
	}
}

func TestFileStoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	store, err := flow.NewFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	cp := flow.Checkpoint{Version: 1, RunID: "r-1", Graph: "g", Step: 3, Fanout: "split",
		Counts: map[string]int{"a": 2}, State: []byte(`{"n":3}`)}
	if err := store.Save(t.Context(), cp); err != nil {
		t.Fatal(err)
	}
	cp.Step = 4
	if err := store.Save(t.Context(), cp); err != nil {
		t.Fatal(err)
	}
	// A second store on the same directory (a new process) sees it.
	other, _ := flow.NewFileStore(dir)
	got, err := other.Load(t.Context(), "r-1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Step != 4 || got.Fanout != "split" || got.Counts["a"] != 2 || string(got.State) != `{"n":3}` {
		t.Errorf("loaded %+v", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "r-1.json" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want only r-1.json (no temp files left)", names)
	}
	for _, bad := range []string{"../escape", "a/b", "", ".hidden"} {
		if err := store.Save(t.Context(), flow.Checkpoint{Version: 1, RunID: bad, Next: "a", State: []byte(`{}`)}); err == nil {
			t.Errorf("Save accepted run ID %q", bad)
		}
	}
}

func TestResumeAfterCancel(t *testing.T) {
	store := &flow.MemStore{}
	var runsA atomic.Int32
	block := make(chan struct{})
	g := flow.New[St]("cancel-resume")
	g.Store = store
	g.Node("a", func(ctx context.Context, s St) (St, error) {
		runsA.Add(1)
		s.Path = append(s.Path, "a")
		return s, nil
	})
	g.Node("b", func(ctx context.Context, s St) (St, error) {
		select {
		case <-block:
			s.Path = append(s.Path, "b")
			return s, nil
		case <-ctx.Done():
			return s, ctx.Err()
		}
	})
	g.Start("a")
	g.Edge("a", "b")
	g.Edge("b", flow.End)
	r := build(t, g)

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	for ev := range r.RunWithID(ctx, "c1", St{}) {
		if ev.Kind == event.NodeStart && ev.Node == "b" {
			cancel()
		}
	}
	cp, err := store.Load(t.Context(), "c1")
	if err != nil || cp.Next != "b" || cp.Step != 1 {
		t.Fatalf("checkpoint after cancel: %+v, %v", cp, err)
	}
	close(block)
	s, err := flow.Final[St](r.Resume(t.Context(), "c1"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Path, []string{"a", "b"}) || runsA.Load() != 1 {
		t.Errorf("path %v, a ran %d times", s.Path, runsA.Load())
	}
}
