// Command cairn runs Cairn's agent systems, tools and servers.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// when empty, versionString reads the module build information.
var version string

func init() {
	// Run the root's PersistentPreRunE (config file, logging) even for a
	// subcommand that declares its own.
	cobra.EnableTraverseRunHooks = true
}

func main() {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, sigs, os.Exit))
}

// run runs the command line args and returns the exit status: 0 when the
// command succeeds (a server a signal shut down cleanly, too), 1 for an
// error, or 128+N when signal N cut the command short. The first signal on
// sigs cancels the command's context and says so on stderr; a second one
// calls exit at once, for work that does not stop.
func run(args []string, stdout, stderr io.Writer, sigs <-chan os.Signal, exit func(int)) int {
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	var stoppedBy os.Signal
	err := interruptible(sigs, stderr, exit, func(ctx context.Context) error {
		err := root.ExecuteContext(ctx)
		if s, ok := context.Cause(ctx).(signalError); ok {
			stoppedBy = s.sig
		}
		return err
	})
	switch {
	case err == nil:
		return 0
	case stoppedBy != nil && errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "cairn: stopped by %s\n", signalName(stoppedBy))
		return exitCode(stoppedBy)
	}
	fmt.Fprintln(stderr, "cairn:", err)
	if stoppedBy != nil {
		return exitCode(stoppedBy)
	}
	return 1
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "stopped by " + signalName(e.sig) }

// interruptible runs fn with a context that the first signal on sigs
// cancels, after telling the user on stderr that the command is stopping
// and how to stop it at once; the second signal calls exit with 128+N.
func interruptible(sigs <-chan os.Signal, stderr io.Writer, exit func(int), fn func(context.Context) error) error {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	done := make(chan struct{})
	defer close(done)
	go func() {
		var first os.Signal
		select {
		case first = <-sigs:
		case <-done:
			return
		}
		if isClosed(done) { // the work ended as the signal came
			return
		}
		fmt.Fprintf(stderr, "\ncairn: %s: stopping; press Ctrl-C again to exit at once\n", signalName(first))
		cancel(signalError{first})
		select {
		case s := <-sigs:
			if isClosed(done) {
				return
			}
			fmt.Fprintf(stderr, "cairn: %s again: exiting now\n", signalName(s))
			exit(exitCode(s))
		case <-done:
		}
	}()
	return fn(ctx)
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "interrupt"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// exitCode is the shell's status for a process ended by s: 128+N.
func exitCode(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}

// versionString is the version set with -ldflags, else the module version
// and VCS revision the Go toolchain recorded, else "devel".
func versionString() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev != "" && v == "devel" {
		v += " " + rev[:min(12, len(rev))] + dirty
	}
	return v + " (" + bi.GoVersion + ")"
}
