package temporal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/temporal"
	"github.com/cairn-agents/cairn/internal/temporaltest"
)

// Env of the worker process TestKilledWorker starts.
const (
	envWorkerOf = "CAIRN_TEST_TEMPORAL_WORKER_OF" // the server's host:port
	envLogFile  = "CAIRN_TEST_TEMPORAL_LOG"       // where nodes record their runs
)

const durableQueue = "flow-durable"

var durableOptions = temporal.Options{Heartbeat: time.Second}

// durableGraph records each node execution as a line "node pid" in the
// file named by envLogFile. Its node "slow" blocks for good in a process
// whose envWorkerOf is set: that worker is the one the test kills.
func durableGraph(t testing.TB) *flow.Runner[Doc] {
	record := func(name string) {
		f, err := os.OpenFile(os.Getenv(envLogFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%s %d\n", name, os.Getpid())
			f.Close()
		}
	}
	node := func(name string) flow.NodeFunc[Doc] {
		return func(ctx context.Context, d Doc) (Doc, error) {
			record(name)
			if name == "slow" && os.Getenv(envWorkerOf) != "" {
				<-ctx.Done()
				return d, ctx.Err()
			}
			d.Log = append(d.Log, name)
			return d, nil
		}
	}
	g := flow.New[Doc]("durable")
	g.Node("one", node("one"))
	g.Node("slow", node("slow"))
	g.Node("three", node("three"))
	g.Start("one")
	g.Edge("one", "slow")
	g.Edge("slow", "three")
	g.Edge("three", flow.End)
	return build(t, g)
}

// TestWorkerProcess is the worker TestKilledWorker starts in a process of
// its own; run directly, it does nothing.
func TestWorkerProcess(t *testing.T) {
	hostPort := os.Getenv(envWorkerOf)
	if hostPort == "" {
		t.Skip("only a worker process for TestKilledWorker")
	}
	c, err := client.Dial(client.Options{HostPort: hostPort})
	if err != nil {
		t.Fatal(err)
	}
	w := worker.New(c, durableQueue, worker.Options{})
	temporal.Register(w, durableGraph(t), durableOptions)
	if err := w.Run(nil); err != nil { // until killed
		t.Fatal(err)
	}
}

// TestKilledWorker kills (SIGKILL) a worker in the middle of a node; a
// second worker finishes the run, and the node that completed before is
// not run again.
func TestKilledWorker(t *testing.T) {
	s := temporaltest.Start(t)
	logFile := filepath.Join(t.TempDir(), "nodes.log")
	victim := exec.Command(os.Args[0], "-test.run=^TestWorkerProcess$")
	victim.Env = append(os.Environ(), envWorkerOf+"="+s.HostPort, envLogFile+"="+logFile)
	victim.Stdout, victim.Stderr = os.Stderr, os.Stderr
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer victim.Process.Kill()

	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r := durableGraph(t)
	in, _ := json.Marshal(Doc{})
	run, err := s.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: fmt.Sprintf("durable-%d", time.Now().UnixNano()),
		TaskQueue: durableQueue}, temporal.WorkflowName(r.Name()), json.RawMessage(in))
	if err != nil {
		t.Fatal(err)
	}
	victimPID := fmt.Sprint(victim.Process.Pid)
	for !strings.Contains(readFile(logFile), "slow "+victimPID) {
		if ctx.Err() != nil {
			t.Fatalf("the first worker never started node slow; log:\n%s", readFile(logFile))
		}
		time.Sleep(20 * time.Millisecond)
	}
	killed := time.Now()
	if err := victim.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = victim.Wait()

	t.Setenv(envLogFile, logFile)
	w := worker.New(s.Client, durableQueue, worker.Options{})
	temporal.Register(w, r, durableOptions)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	var out json.RawMessage
	if err := run.Get(ctx, &out); err != nil {
		t.Fatalf("run after the kill: %v\nnode log:\n%s", err, readFile(logFile))
	}
	t.Logf("finished %v after the kill (heartbeat timeout %v)", time.Since(killed).Round(time.Millisecond), durableOptions.Heartbeat)
	var got Doc
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Log, ",") != "one,slow,three" {
		t.Errorf("final state %+v, want Log one,slow,three", got)
	}
	me := fmt.Sprint(os.Getpid())
	want := fmt.Sprintf("one %s\nslow %s\nslow %s\nthree %s\n", victimPID, victimPID, me, me)
	if log := readFile(logFile); log != want {
		t.Errorf("node executions:\n%s\nwant (one not again, slow again on the second worker):\n%s", log, want)
	}
}

func readFile(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}
