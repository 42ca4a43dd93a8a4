package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	coltrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/cairn-agents/cairn/apps/maze"
)

func TestMazeRunReportShow(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "exp.yaml")
	os.WriteFile(cfg, []byte(`
strategies: [follow, greedy, llm_solver]
sizes: [9]
seeds: [1]
episodes: 2
noise:
  - kind: none
  - kind: random
    levels: [0.5]
`), 0o644)
	res := filepath.Join(dir, "res")
	out, stderr, err := runCairn(t, "maze", "run", cfg, "--out", res, "--parallel", "2")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "12 episodes") || !strings.Contains(out, "llm_solver") || !strings.Contains(stderr, "12/12 episodes") || !strings.Contains(out, "steps.parquet") {
		t.Errorf("run output:\n%s\nstderr:\n%s", out, stderr)
	}
	first, _ := os.ReadFile(filepath.Join(res, "episodes.jsonl"))
	// Same config, same bytes, whatever the parallelism.
	res2 := filepath.Join(dir, "res2")
	if _, _, err := runCairn(t, "maze", "run", cfg, "--out", res2, "--parallel", "1", "--no-progress"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"episodes.jsonl", "steps.jsonl", "episodes.parquet", "steps.parquet"} {
		a, _ := os.ReadFile(filepath.Join(res, f))
		b, _ := os.ReadFile(filepath.Join(res2, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between runs (%d and %d bytes)", f, len(a), len(b))
		}
	}

	// A trajectory budget smaller than the run's steps: the run says what
	// it skipped.
	res3 := filepath.Join(dir, "res3")
	out, _, err = runCairn(t, "maze", "run", cfg, "--out", res3, "--no-progress", "--trajectory-budget", "4kB")
	if err != nil || !strings.Contains(out, "were not written") || !strings.Contains(out, "trajectory budget of 3.9 KiB") {
		t.Errorf("run with a 4kB trajectory budget: %v\n%s", err, out)
	}
	if st, err := os.Stat(filepath.Join(res3, "steps.jsonl")); err != nil || st.Size() > 4000 {
		t.Errorf("steps.jsonl past its budget: %v %v", st.Size(), err)
	}

	// A truncated results file: the bad line is named, the rest rendered.
	os.WriteFile(filepath.Join(res, "episodes.jsonl"), first[:len(first)-40], 0o644)
	out, stderr, err = runCairn(t, "maze", "report", res)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "episodes.jsonl line 12:") || !strings.Contains(out, "11 episodes") {
		t.Errorf("report on truncated results: out %q stderr %q", out, stderr)
	}
	html, _ := os.ReadFile(filepath.Join(res, "report.html"))
	if !strings.Contains(string(html), "<svg") || !strings.Contains(string(html), "episodes.jsonl line 12:") {
		t.Error("report.html lacks charts or the bad line")
	}

	out, _, err = runCairn(t, "maze", "show", "--size", "9", "--strategy", "greedy")
	if err != nil || !strings.HasPrefix(out, "S") || !strings.Contains(out, "greedy, noise none") {
		t.Errorf("show: %v\n%s", err, out)
	}
}

func TestMazeBadInput(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "bad.yaml")
	for _, tc := range []struct{ yaml, want string }{
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nspeed: 3\n", `unknown key "speed"`},
		{"strategies: [follow]\nsizes: [-8]\nseeds: [1]\nepisodes: 1\n", "sizes[0]: -8"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nnoise:\n  - kind: biased\n    levels: [1.0]\n", "noise[0].levels[0]: 1"},
	} {
		os.WriteFile(cfg, []byte(tc.yaml), 0o644)
		_, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.yaml, err, tc.want)
		}
	}
	os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8.5]\nseeds: [1]\nepisodes: 1\n"), 0o644)
	if _, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out")); err == nil || !strings.Contains(err.Error(), "sizes[0]: 8.5: want a whole number") {
		t.Errorf("sizes: [8.5]: %v", err)
	}
	os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nnoise_file: /dev/zero\n"), 0o644)
	if _, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out")); err == nil || !strings.Contains(err.Error(), "/dev/zero: larger than 1 MiB") {
		t.Errorf("noise_file: /dev/zero: %v", err)
	}
	os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n"), 0o644)
	for _, v := range []string{"lots", "0"} {
		if _, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out"), "--trajectory-budget", v); err == nil || !strings.Contains(err.Error(), "trajectory-budget") {
			t.Errorf("--trajectory-budget %s: %v", v, err)
		}
	}
	if _, _, err := runCairn(t, "maze", "show", "--noise", "random@2"); err == nil || !strings.Contains(err.Error(), "random@2") {
		t.Errorf("show --noise random@2: %v", err)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, []byte("not a record\n"), 0o644)
	if _, _, err := runCairn(t, "maze", "report", empty); err == nil || !strings.Contains(err.Error(), "no episode records") {
		t.Errorf("report of a file with no records: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "report.html")); err == nil {
		t.Error("a report was written beside a file with no records")
	}
	if _, _, err := runCairn(t, "maze", "report", filepath.Join(dir, "missing")); err == nil {
		t.Error("report of a missing file: no error")
	}
}

// TestMazeTrace: maze run --trace records the first --trace-episodes
// episodes as runs of the maze graph, which trace show reads like any
// system's runs (decisions with their source, planner calls, the path on
// the graph), and OpenTelemetry gets them as spans.
func TestMazeTrace(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "exp.yaml")
	os.WriteFile(cfg, []byte("strategies: [follow, greedy]\nsizes: [7]\nseeds: [1]\nepisodes: 2\n"), 0o644)
	collector := &spanCounter{names: map[string]int{}}
	srv := httptest.NewServer(collector)
	defer srv.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", srv.URL)
	tr := filepath.Join(dir, "run.jsonl")
	res := filepath.Join(dir, "res")
	if _, stderr, err := runCairn(t, "--trace", tr, "maze", "run", cfg, "--out", res, "--trace-episodes", "3", "--no-progress"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	raw, _ := os.ReadFile(filepath.Join(res, "episodes.jsonl"))
	recs, bad, err := maze.ReadEpisodes(bytes.NewReader(raw), "episodes.jsonl")
	if err != nil || len(bad) > 0 || len(recs) != 4 {
		t.Fatal(err, bad, len(recs))
	}
	steps, queries := 0, 0
	for _, r := range recs[:3] {
		steps += r.Steps
		queries += r.ToolQueries
	}

	out, _, err := runCairn(t, "trace", "show", "--json", tr)
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Runs            []string `json:"runs"`
		Decisions       int      `json:"decisions"`
		PolicyDecisions int      `json:"policy_decisions"`
		ToolCalls       int      `json:"tool_calls"`
		Errors          int      `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err, out)
	}
	slices.Sort(sum.Runs)
	if strings.Join(sum.Runs, " ") != "maze-0 maze-1 maze-2" || sum.Decisions != 2*steps || sum.PolicyDecisions != 2*steps || sum.ToolCalls != queries || sum.Errors != 0 {
		t.Errorf("trace totals %+v; want 3 runs, %d decisions, %d planner calls", sum, 2*steps, queries)
	}
	out, _, err = runCairn(t, "trace", "show", "--graph", tr)
	if err != nil || !strings.Contains(out, fmt.Sprintf(`tool_use["tool_use ×%d"]`, steps)) || !strings.Contains(out, fmt.Sprintf(`planner["planner ×%d"]`, queries)) {
		t.Errorf("trace show --graph: %v\n%s", err, out)
	}
	out, _, err = runCairn(t, "trace", "show", "--run", "maze-1", tr)
	if err != nil || !strings.Contains(out, "episode 1: greedy") || !strings.Contains(out, "decided by policy") || strings.Contains(out, "episode 0:") {
		t.Errorf("trace show --run maze-1: %v\n%s", err, out)
	}

	collector.mu.Lock()
	defer collector.mu.Unlock()
	if collector.names["run maze"] != 3 || collector.names["node tool_use"] != steps || collector.names["node reset"] != 3 {
		t.Errorf("spans exported: %v; want 3 runs and %d tool_use nodes", collector.names, steps)
	}
}

// spanCounter is an OTLP/HTTP trace endpoint that counts spans by name.
type spanCounter struct {
	mu    sync.Mutex
	names map[string]int
}

func (c *spanCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	var req coltrace.ExportTraceServiceRequest
	if err != nil || r.Header.Get("Content-Encoding") == "gzip" || proto.Unmarshal(raw, &req) != nil {
		http.Error(w, "want an uncompressed OTLP protobuf export", http.StatusBadRequest)
		return
	}
	c.mu.Lock()
	for _, rs := range req.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			for _, sp := range ss.Spans {
				c.names[sp.Name]++
			}
		}
	}
	c.mu.Unlock()
	out, _ := proto.Marshal(&coltrace.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(out)
}

// TestFlagErrorsInUserTerms: a bad flag value is named with what the flag
// takes, not with Go's parser (strconv.ParseInt: parsing "8.5").
func TestFlagErrorsInUserTerms(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"maze", "show", "--size", "8.5"}, "--size 8.5: want a whole number"},
		{[]string{"maze", "show", "--density", "thick"}, "--density thick: want a number"},
		{[]string{"maze", "show", "--seed", "-1"}, "--seed -1: want a whole number from 0"},
		{[]string{"maze", "run", "x.yaml", "--decision-timeout", "soon"}, "--decision-timeout soon: want a duration"},
		{[]string{"maze", "run", "x.yaml", "--trajectory-budget", "lots"}, `--trajectory-budget: "lots": want a size such as 512MiB`},
		{[]string{"maze", "show", "--no-such-flag"}, "unknown flag: --no-such-flag"},
	} {
		_, _, err := runCairn(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "strconv") {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}
