package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/testkit"
)

// serveDemo runs `cairn mcp demo --http 127.0.0.1:0` until the test ends
// and returns its URL.
func serveDemo(t *testing.T) string {
	t.Helper()
	var out, errb testkit.Buffer
	root, _ := newCLI(&out, &errb)
	root.SetArgs([]string{"mcp", "demo", "--http", "127.0.0.1:0"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("mcp demo: %v", err)
		}
	})
	addr := regexp.MustCompile(`http://\S+/mcp`)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if u := addr.FindString(errb.String()); u != "" {
			return u
		}
		select {
		case err := <-done:
			t.Fatalf("mcp demo exited: %v; stderr: %s", err, errb.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	t.Fatalf("mcp demo printed no address; stderr: %q", errb.String())
	return ""
}

func TestMCPDemoToolsAndCall(t *testing.T) {
	url := serveDemo(t)

	out, _, err := runMCP(t, "tools", "--server", url)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"add", "echo", "fail", "now", "sleep"} {
		if !regexp.MustCompile(`(?m)^` + name + `$`).MatchString(out) {
			t.Errorf("tools output lacks %s:\n%s", name, out)
		}
	}
	out, _, err = runMCP(t, "tools", "--server", url, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var specs []struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(out), &specs); err != nil || len(specs) != 5 || specs[0].Name != "add" {
		t.Fatalf("tools --json = %s (%v)", out, err)
	}

	out, _, err = runMCP(t, "call", "--server", url, "add", `{"a": 1, "b": 2.5}`)
	if err != nil {
		t.Fatal(err)
	}
	var sum struct{ Sum float64 }
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Sum != 3.5 {
		t.Fatalf("add = %q (%v)", out, err)
	}

	out, _, err = runMCP(t, "call", "--server", url, "now", `{"timezone":"UTC"}`)
	if err != nil {
		t.Fatal(err)
	}
	var now struct {
		Time string
		Unix int64
	}
	if err := json.Unmarshal([]byte(out), &now); err != nil || time.Since(time.Unix(now.Unix, 0)).Abs() > time.Minute {
		t.Fatalf("now = %q (%v)", out, err)
	}
}

func TestMCPCallErrors(t *testing.T) {
	url := serveDemo(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"call", "--server", url, "fail", `{"message":"boom at step 3"}`}, "boom at step 3"},
		{[]string{"call", "--server", url, "add", `{"a":"x","b":1}`}, "/properties/a"},
		{[]string{"call", "--server", url, "sleep", `{"ms":-5}`}, "ms = -5"},
		{[]string{"call", "--server", url, "now", `{"timezone":"Mars/Olympus"}`}, "Mars/Olympus"},
		{[]string{"call", "--server", url, "nope"}, "unknown tool"},
		{[]string{"call", "--server", url, "add", `{"a":`}, "not valid JSON"},
		{[]string{"call", "--server", url, "sleep", `{"ms":5000}`, "--timeout", "50ms"}, "deadline exceeded"},
		{[]string{"call", "add", `{}`}, "--server is required"},
		{[]string{"tools", "--server", "'unterminated"}, "unterminated"},
	}
	for _, c := range cases {
		_, _, err := runMCP(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("cairn mcp %s: err = %v, want it to contain %q", strings.Join(c.args, " "), err, c.want)
		}
	}
}

func TestMCPCallTrace(t *testing.T) {
	url := serveDemo(t)
	path := filepath.Join(t.TempDir(), "call.jsonl")
	_, stderr, err := runMCP(t, "call", "--server", url, "--trace", path, "echo", `{"text":"traced"}`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "echo") {
		t.Errorf("no progress line for the call on stderr: %q", stderr)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var ev event.Event
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("trace line %q: %v", line, err)
		}
		if ev.Kind == event.ToolCall && ev.Tool != nil && ev.Tool.Name == "echo" && string(ev.Tool.Result) == `{"text":"traced"}` {
			found = true
		}
	}
	if !found {
		t.Fatalf("trace has no tool call event for echo:\n%s", raw)
	}
}

// runMCP runs `cairn mcp ARGS...` and returns its output.
func runMCP(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	return runCairn(t, append([]string{"mcp"}, args...)...)
}
