package mcp

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/tool"
)

// A command that never speaks MCP does not hang Connect.
func TestConnectHasADeadline(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep(1)")
	}
	start := time.Now()
	_, err = Connect(context.Background(), sleep+" 60", &Options{ConnectTimeout: 300 * time.Millisecond, Logger: quiet})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want a deadline error", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %v", took)
	}
}

// A call the server never answers ends at the client's deadline, as a
// transient failure, and the tool on the server is cancelled.
func TestCallHasADeadline(t *testing.T) {
	for name, connect := range map[string]func(*Options) *Client{
		"stdio": func(o *Options) *Client {
			exe, _ := os.Executable()
			o.Env = []string{serverEnv + "=stdio"}
			c, err := Connect(context.Background(), "'"+exe+"' -test.run=^$", o)
			if err != nil {
				t.Fatal(err)
			}
			return c
		},
		"http": func(o *Options) *Client {
			url, stop := httpServer(t, "127.0.0.1:0")
			t.Cleanup(stop)
			c, err := Connect(context.Background(), url, o)
			if err != nil {
				t.Fatal(err)
			}
			return c
		},
	} {
		t.Run(name, func(t *testing.T) {
			c := connect(&Options{CallTimeout: 500 * time.Millisecond, Logger: quiet, Stderr: os.Stderr})
			defer c.Close()
			marker := filepath.Join(t.TempDir(), "m")
			start := time.Now()
			_, err := c.Call(context.Background(), "block", []byte(`{"marker":"`+marker+`"}`))
			if !errors.Is(err, tool.ErrTransient) || !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("got %v, want a transient deadline error", err)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("took %v", took)
			}
			// The session is still good for the next call.
			if res, err := c.Call(context.Background(), "count", nil); err != nil || string(res) != "42" {
				t.Errorf("next call: %s %v", res, err)
			}
		})
	}
}
