// Package temporaltest starts a real Temporal dev server (the Temporal
// CLI's `temporal server start-dev`, in memory, headless) for integration
// tests.
//
// The binary comes from .ci/temporal.sh. Tests skip when it is absent,
// unless CAIRN_REQUIRE_TEMPORAL=1, when they fail instead.
//
// Environment:
//
//	CAIRN_TEMPORAL_BIN      temporal binary (default: the cache, then $PATH)
//	CAIRN_TEMPORAL_CACHE    cache directory (default: $XDG_CACHE_HOME/cairn/temporal-v1.5.1)
//	CAIRN_REQUIRE_TEMPORAL  "1": a missing binary fails the test
package temporaltest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
)

// Version is the Temporal CLI release .ci/temporal.sh installs.
const Version = "v1.5.1"

// Server is a running dev server.
type Server struct {
	Bin      string // the temporal binary, for its client commands
	HostPort string // the frontend's gRPC address, e.g. 127.0.0.1:41234
	// Client is connected to HostPort, namespace "default"; closed when
	// the test ends.
	Client client.Client
}

// Start runs the dev server on free loopback ports and stops it (SIGKILL)
// when t ends. It skips t when the binary is missing (see the package
// doc). extra are more arguments to start-dev, such as
// "--dynamic-config-value", "KEY=VALUE".
func Start(t testing.TB, extra ...string) *Server {
	t.Helper()
	bin, err := find()
	if err != nil {
		if os.Getenv("CAIRN_REQUIRE_TEMPORAL") == "1" {
			t.Fatalf("temporaltest: %v (CAIRN_REQUIRE_TEMPORAL=1)", err)
		}
		t.Skipf("temporaltest: %v; run .ci/temporal.sh to build it", err)
	}
	ports, err := freePorts(4)
	if err != nil {
		t.Fatalf("temporaltest: %v", err)
	}
	hostPort := "127.0.0.1:" + strconv.Itoa(ports[0])
	logPath := filepath.Join(t.TempDir(), "server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatalf("temporaltest: %v", err)
	}
	start := time.Now()
	cmd := exec.Command(bin, "server", "start-dev", "--headless", "--ip", "127.0.0.1",
		"--port", strconv.Itoa(ports[0]), "--ui-port", strconv.Itoa(ports[1]),
		"--http-port", strconv.Itoa(ports[2]), "--metrics-port", strconv.Itoa(ports[3]),
		"--log-level", "warn")
	cmd.Args = append(cmd.Args, extra...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		t.Fatalf("temporaltest: start %s server start-dev: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	s := &Server{Bin: bin, HostPort: hostPort}
	t.Cleanup(func() {
		if s.Client != nil {
			s.Client.Close()
		}
		_ = cmd.Process.Kill()
		<-exited
		logFile.Close()
		if t.Failed() {
			t.Logf("temporaltest: server log %s:\n%s", logPath, tail(logPath, 40))
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if s.Client, err = Dial(ctx, hostPort, exited); err != nil {
		t.Fatalf("temporaltest: %v\nserver log:\n%s", err, tail(logPath, 40))
	}
	t.Logf("temporaltest: %s server start-dev on %s: ready in %v", bin, hostPort, time.Since(start).Round(time.Millisecond))
	return s
}

// Dial connects to the server at hostPort, retrying until it answers a
// health check, ctx ends or exited (the server process's end) fires.
func Dial(ctx context.Context, hostPort string, exited <-chan error) (client.Client, error) {
	for {
		c, err := client.Dial(client.Options{HostPort: hostPort, Logger: quiet{}})
		if err == nil {
			if _, err = c.CheckHealth(ctx, &client.CheckHealthRequest{}); err == nil {
				return c, nil
			}
			c.Close()
		}
		select {
		case e := <-exited:
			return nil, fmt.Errorf("dev server exited before it answered: %v", e)
		case <-ctx.Done():
			return nil, fmt.Errorf("dev server on %s not healthy: %w (last: %v)", hostPort, ctx.Err(), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func find() (string, error) {
	cache := os.Getenv("CAIRN_TEMPORAL_CACHE")
	if cache == "" {
		if d, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(d, "cairn", "temporal-"+Version)
		}
	}
	bin := os.Getenv("CAIRN_TEMPORAL_BIN")
	if bin == "" && cache != "" {
		if p := filepath.Join(cache, "bin", "temporal"); isFile(p) {
			bin = p
		}
	}
	if bin == "" {
		if p, err := exec.LookPath("temporal"); err == nil {
			bin = p
		}
	}
	if bin == "" {
		return "", fmt.Errorf("no temporal binary (CAIRN_TEMPORAL_BIN unset, none in %s/bin or $PATH)", cache)
	}
	if !isFile(bin) {
		return "", fmt.Errorf("temporal binary %s does not exist", bin)
	}
	return bin, nil
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// freePorts returns n distinct loopback ports free at the time of asking.
func freePorts(n int) ([]int, error) {
	var ports []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, errors.Join(errors.New("free port"), err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

func tail(path string, n int) string {
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// quiet drops the SDK's log lines; the tests report what matters.
type quiet struct{}

func (quiet) Debug(string, ...any) {}
func (quiet) Info(string, ...any)  {}
func (quiet) Warn(string, ...any)  {}
func (quiet) Error(string, ...any) {}

var _ log.Logger = quiet{}
