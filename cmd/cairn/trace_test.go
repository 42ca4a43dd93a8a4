package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/cairn-agents/cairn/event"
)

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// emitRun sends a small run through sink the way flow, llm and tool do.
func emitRun(ctx context.Context) {
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, e := range []event.Event{
		{Time: at(0), RunID: "r1", Kind: event.RunStart, Message: "demo"},
		{Time: at(1), RunID: "r1", Kind: event.NodeStart, Node: "plan", Step: 1},
		{Time: at(2), RunID: "r1", Kind: event.Decision, Node: "plan", Step: 1, Decision: &event.DecisionInfo{
			Name: "NextAction", Source: "policy", Reasoning: "route first", Fallback: "no model configured"}},
		{Time: at(40), RunID: "r1", Kind: event.Usage, Node: "plan", Step: 1, Usage: &event.UsageInfo{
			Model: "qwen3:8b", PromptTokens: 100, CompletionTokens: 20, Latency: 30 * time.Millisecond}},
		{Time: at(41), RunID: "r1", Kind: event.Decision, Node: "plan", Step: 1, Decision: &event.DecisionInfo{
			Name: "ToolChoice", Source: "model", Model: "qwen3:8b", Attempts: 1}},
		{Time: at(90), RunID: "r1", Kind: event.ToolCall, Node: "plan", Step: 1, Tool: &event.ToolInfo{
			Name: "maps_geocode", Args: json.RawMessage(`{"address":"Boston"}`), Result: json.RawMessage(`{"lat":42.36}`),
			Latency: 45 * time.Millisecond}},
		{Time: at(95), RunID: "r1", Kind: event.ToolCall, Node: "plan", Step: 1, Tool: &event.ToolInfo{
			Name: "maps_elevation", Err: "no locations", Latency: time.Millisecond}},
		{Time: at(100), RunID: "r1", Kind: event.NodeEnd, Node: "plan", Step: 1, Duration: 99 * time.Millisecond},
		{Time: at(2000), RunID: "r1", Kind: event.RunEnd, Duration: 2 * time.Second, Message: "done"},
	} {
		event.Emit(ctx, e)
	}
}

// runCLI runs cairn with args and a "fake" subcommand that runs emitRun
// through runEvents, as a system command would.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	return runEmitting(t, emitRun, args...)
}

// fakeRunCmd is a command "fake" that sends the events of emit to the
// sinks the run flags (--trace, OpenTelemetry) ask for.
func fakeRunCmd(c *cli, emit func(context.Context)) *cobra.Command {
	return &cobra.Command{
		Use: "fake",
		RunE: func(cmd *cobra.Command, _ []string) error {
			sink, finish, err := c.runEvents(cmd.Context())
			if err != nil {
				return err
			}
			emit(event.WithSink(cmd.Context(), sink))
			return finish()
		},
	}
}

// runEmitting is runCLI with the fake command's events sent by emit.
func runEmitting(t *testing.T, emit func(context.Context), args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	root, c := newCLI(&out, &errb)
	root.AddCommand(fakeRunCmd(c, emit))
	root.SetArgs(args)
	err = root.ExecuteContext(context.Background())
	return out.String(), errb.String(), err
}

func TestRunEventsProgressAndTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	_, stderr, err := runCLI(t, "fake", "--trace", path)
	if err != nil {
		t.Fatal(err)
	}
	// One line per run start/end, node start/end, decision, tool call, plus the totals.
	if n := strings.Count(stderr, "\n"); n != 9 {
		t.Errorf("progress has %d lines, want 9:\n%s", n, stderr)
	}
	for _, want := range []string{"▸ plan #1", "NextAction ← policy: route first [no model configured]",
		"maps_geocode 45ms", "maps_elevation 1ms: no locations", "2 decisions (1 model, 1 policy)", "120 tokens"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("progress lacks %q:\n%s", want, stderr)
		}
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(raw, []byte("\n")); n != 9 {
		t.Errorf("trace has %d lines, want 9 events", n)
	}
}

func TestRunEventsQuietAndDebug(t *testing.T) {
	// The fake run succeeds despite one failed tool call: quiet shows nothing.
	_, stderr, err := runCLI(t, "fake", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if stderr != "" {
		t.Errorf("--quiet printed a run that succeeded:\n%s", stderr)
	}
	_, stderr, _ = runCLI(t, "fake", "--log-level", "error")
	if stderr != "" {
		t.Errorf("--log-level error printed:\n%s", stderr)
	}
	// A failing node and run are shown.
	_, got, err := runEmitting(t, func(ctx context.Context) {
		event.Emit(ctx, event.Event{Time: t0, Kind: event.ToolCall, Node: "plan", Tool: &event.ToolInfo{Name: "maps_search_places", Err: "ZERO_RESULTS"}})
		event.Emit(ctx, event.Event{Time: t0, Kind: event.NodeEnd, Node: "plan", Err: "no route"})
		event.Emit(ctx, event.Event{Time: t0, Kind: event.RunEnd, RunID: "r2", Err: "node plan: no route"})
	}, "fake", "-q")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(got, "\n") != 2 || !strings.Contains(got, "plan failed") || !strings.Contains(got, "run r2 failed") || strings.Contains(got, "ZERO_RESULTS") {
		t.Errorf("--quiet on a failing run printed:\n%s", got)
	}
	_, stderr, _ = runCLI(t, "fake", "--log-level", "debug")
	for _, want := range []string{"Thought", "reasoning   route first", `Action      plan: maps_geocode {"address":"Boston"}`, "── summary"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("--log-level debug lacks %q:\n%s", want, stderr)
		}
	}
}

func TestRunEventsBadTracePath(t *testing.T) {
	_, _, err := runCLI(t, "fake", "--trace", filepath.Join(t.TempDir(), "no", "dir", "t.jsonl"))
	if err == nil || !strings.Contains(err.Error(), "--trace") {
		t.Fatalf("err = %v; want an error naming --trace", err)
	}
}

func TestRunEventsExportsToOTLP(t *testing.T) {
	var posts, bytesIn atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/traces" && r.Header.Get("Content-Type") == "application/x-protobuf" {
			var b bytes.Buffer
			b.ReadFrom(r.Body)
			posts.Add(1)
			bytesIn.Add(int64(b.Len()))
		}
		w.Header().Set("Content-Type", "application/x-protobuf")
	}))
	defer srv.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", srv.URL)
	if _, _, err := runCLI(t, "fake", "-q"); err != nil {
		t.Fatal(err)
	}
	if posts.Load() == 0 || bytesIn.Load() == 0 {
		t.Fatalf("no spans exported to the OTLP endpoint (%d posts)", posts.Load())
	}
}

func writeTrace(t *testing.T, extra string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.jsonl")
	if _, _, err := runCLI(t, "fake", "-q", "--trace", path); err != nil {
		t.Fatal(err)
	}
	if extra != "" {
		f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(extra)
		f.Close()
	}
	return path
}

func TestTraceShowTimeline(t *testing.T) {
	path := writeTrace(t, "")
	stdout, stderr, err := runCLI(t, "trace", "show", path)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"+0.000s Run         started r1 demo",
		"+0.002s Thought     plan: NextAction decided by policy",
		"fallback    no model configured",
		`+0.090s Action      plan: maps_geocode {"address":"Boston"}`,
		`Observation 45ms {"lat":42.36}`,
		"Observation 1ms ERROR: no locations",
		"+0.100s Node ◂      plan #1 ended in 99ms",
		"+2.000s Run         ended r1 after 2s (done)",
		"usage        1 model call, 120 tokens (100 prompt + 20 completion)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("timeline lacks %q:\n%s", want, stdout)
		}
	}
}

func TestTraceShowJSON(t *testing.T) {
	path := writeTrace(t, "")
	stdout, _, err := runCLI(t, "trace", "show", "--json", path)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, stdout)
	}
	want := map[string]float64{
		"events": 9, "decisions": 2, "model_decisions": 1, "policy_decisions": 1, "tool_calls": 2,
		"failed_tool_calls": 1, "model_calls": 1, "prompt_tokens": 100, "completion_tokens": 20, "tokens": 120,
		"wall_seconds": 2, "bad_lines": 0,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
}

func TestTraceShowBadLines(t *testing.T) {
	path := writeTrace(t, "{\"kind\":\"note\",\"message\":\"late note\"}\nnot json\n{\"kind\":\"run_end\",\"dura")
	stdout, stderr, err := runCLI(t, "trace", "show", path)
	if err == nil || !strings.Contains(err.Error(), "2 bad lines") {
		t.Fatalf("err = %v; want 2 bad lines", err)
	}
	for _, want := range []string{"line 11: not a JSON event", "line 12: not a JSON event"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stdout, "late note") || !strings.Contains(stdout, "── summary") {
		t.Errorf("good lines around the bad ones were not shown:\n%s", stdout)
	}
}

func TestTraceShowArgs(t *testing.T) {
	if _, _, err := runCLI(t, "trace", "show"); err == nil {
		t.Error("trace show without a file succeeded")
	}
	_, _, err := runCLI(t, "trace", "show", filepath.Join(t.TempDir(), "none.jsonl"))
	if err == nil || !strings.Contains(err.Error(), "none.jsonl") {
		t.Errorf("missing file: err = %v", err)
	}
}

func TestRunEventsCollectorDownDoesNotFailTheRun(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there now
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", url)
	var out, errb bytes.Buffer
	root, c := newCLI(&out, &errb)
	c.otelWait = 300 * time.Millisecond
	root.AddCommand(fakeRunCmd(c, emitRun))
	root.SetArgs([]string{"fake", "-q"})
	start := time.Now()
	if err := root.Execute(); err != nil {
		t.Fatalf("run failed because the collector is down: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("finishing took %v with the collector down", d)
	}
	if !strings.Contains(errb.String(), "OpenTelemetry export failed") {
		t.Errorf("no warning about the failed export:\n%s", errb.String())
	}
}

func TestTraceShowRunFilter(t *testing.T) {
	path := writeTrace(t, `{"kind":"note","run_id":"other-7","message":"from another run"}`+"\n")
	stdout, _, err := runCLI(t, "trace", "show", "--run", "r", path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stdout, "from another run") || !strings.Contains(stdout, "plan: NextAction") {
		t.Errorf("--run r did not keep exactly run r1:\n%s", stdout)
	}
	_, _, err = runCLI(t, "trace", "show", "--run", "zzz", path)
	if err == nil || !strings.Contains(err.Error(), `no run ID starts with "zzz"; runs in the file: r1, other-7`) {
		t.Errorf("unknown run: err = %v", err)
	}
}
