package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/testkit"
)

// The first signal cancels the work and says so; the second exits at once
// even when the work ignores its context.
func TestInterruptibleTwoSignals(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	var stderr testkit.Buffer
	exited := make(chan int, 1)
	cancelled := make(chan error, 1)
	release := make(chan struct{})
	go interruptible(sigs, &stderr, func(code int) { exited <- code }, func(ctx context.Context) error {
		<-ctx.Done()
		cancelled <- context.Cause(ctx)
		<-release // stuck: work that does not stop
		return ctx.Err()
	})
	defer close(release)

	sigs <- os.Interrupt
	select {
	case cause := <-cancelled:
		if se, ok := cause.(signalError); !ok || se.sig != os.Interrupt {
			t.Errorf("cause %v, want the interrupt", cause)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first signal did not cancel the context")
	}
	if !strings.Contains(stderr.String(), "interrupt: stopping; press Ctrl-C again to exit at once") {
		t.Errorf("stderr %q does not say it is stopping", stderr.String())
	}
	select {
	case code := <-exited:
		t.Fatalf("exited (%d) after one signal", code)
	default:
	}
	sigs <- syscall.SIGTERM
	select {
	case code := <-exited:
		if code != 128+int(syscall.SIGTERM) {
			t.Errorf("exit status %d, want %d", code, 128+int(syscall.SIGTERM))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second signal did not exit")
	}
	if !strings.Contains(stderr.String(), "SIGTERM again: exiting now") {
		t.Errorf("stderr %q", stderr.String())
	}
}

// Work that ends on its own leaves no goroutine waiting for signals that
// would exit the process later.
func TestInterruptibleIgnoresSignalsAfterTheWork(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	exited := make(chan int, 1)
	err := interruptible(sigs, io.Discard, func(code int) { exited <- code }, func(context.Context) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	sigs <- os.Interrupt
	sigs <- os.Interrupt
	select {
	case code := <-exited:
		t.Fatalf("exit(%d) after the work ended", code)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestHelperMain runs main's run with real signals when CAIRN_MAIN_HELPER
// holds the arguments, so tests can signal a real process.
func TestHelperMain(t *testing.T) {
	args := os.Getenv("CAIRN_MAIN_HELPER")
	if args == "" {
		t.Skip("helper process for the signal tests")
	}
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	os.Exit(run(strings.Fields(args), os.Stdout, os.Stderr, sigs, os.Exit))
}

// startMain starts the test binary as `cairn ARGS` with stdin held open
// and env added to its environment.
func startMain(t *testing.T, args string, env ...string) (*exec.Cmd, *testkit.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperMain$")
	cmd.Env = append(append(os.Environ(), "CAIRN_MAIN_HELPER="+args), env...)
	var stderr testkit.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd, &stderr
}

// waitExit waits for cmd and returns its exit status.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(20 * time.Second):
		t.Fatal("the process did not exit")
	}
	return -1
}

// SIGTERM and Ctrl-C stop a server gracefully: it says so, shuts down and
// exits 0. (signal.NotifyContext swallowed them silently.)
func TestSignalStopsAServer(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, stderr := startMain(t, "mcp demo --http 127.0.0.1:0")
			testkit.WaitFor(t, "the server to listen", func() bool { return strings.Contains(stderr.String(), "streamable HTTP at") })
			cmd.Process.Signal(sig)
			if code := waitExit(t, cmd); code != 0 {
				t.Errorf("exit status %d, want 0; stderr:\n%s", code, stderr)
			}
			if !strings.Contains(stderr.String(), "stopping; press Ctrl-C again") {
				t.Errorf("stderr does not say it is stopping:\n%s", stderr)
			}
		})
	}
}

// No program runs behind the user's back: with a `go` on PATH that leaves
// a mark, neither start-up nor data build runs it.
func TestNoProgramRunsAtStartup(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "ran")
	script := fmt.Sprintf("#!/bin/sh\necho \"$@\" >> %s\n", mark)
	for _, name := range []string{"go", "dpkg-query"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	t.Setenv("GOMODCACHE", "")
	if out, _, err := runCairn(t, "--version"); err != nil || !strings.Contains(out, "cairn version") {
		t.Fatalf("--version: %q, %v", out, err)
	}
	_, _, err := runCairn(t, "data", "build", "--npm-modules", filepath.Join(dir, "none"), "--out", filepath.Join(dir, "out"))
	if err == nil || !strings.Contains(err.Error(), "none") {
		t.Fatalf("data build without sources: %v", err)
	}
	if b, err := os.ReadFile(mark); err == nil {
		t.Fatalf("a program on PATH ran: %s", b)
	}
}

// A command cut short by Ctrl-C says so and exits 130, the shell's status
// for an interrupted program.
func TestSignalStopsACall(t *testing.T) {
	url := serveDemo(t)
	cmd, stderr := startMain(t, `mcp call --server `+url+` sleep {"ms":60000}`)
	// connected, the call in flight: the child is this test binary run
	// again, whose start-up on a loaded 2-core machine took more than a
	// second (the interrupt then found no handler yet and killed it);
	// the call lasts a minute, so waiting longer costs nothing
	time.Sleep(3 * time.Second)
	start := time.Now()
	cmd.Process.Signal(os.Interrupt)
	if code := waitExit(t, cmd); code != 130 {
		t.Errorf("exit status %d, want 130; stderr:\n%s", code, stderr)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v to stop", d)
	}
	if !strings.Contains(stderr.String(), "cairn: stopped by interrupt") {
		t.Errorf("stderr:\n%s", stderr)
	}
}
