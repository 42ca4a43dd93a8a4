package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/internal/testkit"
	"github.com/cairn-agents/cairn/mcp"
)

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readReport reads the report.json a bench run wrote in dir.
func readReport(t *testing.T, dir string) locnav.Report {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep locnav.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestBenchLocnavAnswers scores recorded answers for two hand-made
// Delaware tasks against the offline engine, with a stop the engine
// really returns.
func TestBenchLocnavAnswers(t *testing.T) {
	res, err := geotest.Engine(t).SearchPlaces(context.Background(), geo.SearchRequest{Query: "Caffe Gelato"})
	if err != nil || len(res.Places) == 0 {
		t.Fatalf("search: %v %v", res, err)
	}
	cafe := res.Places[0]

	dir := t.TempDir()
	tasks := filepath.Join(dir, "tasks")
	os.Mkdir(tasks, 0o755)
	stopEvals := []map[string]any{
		{"func": "json"},
		{"func": "json -> get(stops) -> len", "op": "=", "value": 1},
		{"func": "json -> get(stops)", "op": "google_maps.stop_include_keys", "op_args": map[string]any{"keys": []string{"name", "place id"}}},
		{"func": "json -> get(stops)", "op": "google_maps.is_a_validate_stop"},
		{"func": "json -> get(stops)", "op": "google_maps.validate_stop_type", "op_args": []string{"cafe"}},
		{"func": "json -> get(stops)", "op": "google_maps.places_in_country", "op_args": "United States"},
	}
	for _, id := range []string{"de_cafe_0001", "de_cafe_0002"} {
		writeJSON(t, filepath.Join(tasks, id+".json"), map[string]any{
			"category": "general", "question": "Find one cafe in Newark, Delaware.", "output_format": map[string]any{"stops": []any{map[string]string{"name": "[Name]", "place id": "[ID]"}}},
			"use_specified_server": true, "mcp_servers": []any{map[string]string{"name": "google-maps"}}, "evaluators": stopEvals,
		})
	}
	// A third task with an op nobody knows: reported, the run goes on.
	writeJSON(t, filepath.Join(tasks, "de_cafe_0003.json"), map[string]any{
		"question": "q", "output_format": map[string]any{}, "mcp_servers": []any{map[string]string{"name": "google-maps"}},
		"evaluators": []map[string]any{{"func": "json"}, {"func": "json", "op": "google_maps.levitate"}},
	})
	good := map[string]any{"stops": []any{map[string]string{"name": cafe.Name, "place id": cafe.PlaceID}}}
	gb, _ := json.Marshal(good)
	answers := filepath.Join(dir, "answers.json")
	writeJSON(t, answers, map[string]any{
		"de_cafe_0001": "```json\n" + string(gb) + "\n```", // fenced, as an agent might answer
		"de_cafe_0002": map[string]any{"stops": []any{map[string]string{"name": cafe.Name, "place id": "osm:n1"}}},
		"de_cafe_0003": map[string]any{},
	})
	out := filepath.Join(dir, "report")
	stdout, stderr, err := runBench(t, "--answers", answers, "--out", out, "--parallel", "2", tasks)
	if err != nil {
		t.Fatalf("%v\nstderr: %s", err, stderr)
	}
	for _, want := range []string{
		"PASS  de_cafe_0001", "FAIL  de_cafe_0002", "FAIL  de_cafe_0003",
		"FAIL  de_cafe_0002                                     place_finding   3/6",
		"tasks passed: 1/3 (33.3%)   evaluators passed: 10/14 (71.4%)",
		"failed evaluators by cause: planner 3, bad_task 1",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "[3/3]") {
		t.Errorf("no progress on stderr: %q", stderr)
	}
	rep := readReport(t, out)
	if !rep.Complete || rep.Summary.TasksPassed != 1 || !strings.HasPrefix(rep.Backend, "offline engine") || !strings.Contains(rep.Solver, "recorded answers") {
		t.Errorf("report: complete=%v summary=%+v backend=%q solver=%q", rep.Complete, rep.Summary, rep.Backend, rep.Solver)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil || !strings.Contains(string(md), "does not know this place ID") || !strings.Contains(string(md), `unknown evaluator op "google_maps.levitate"`) {
		t.Errorf("report.md: %v\n%s", err, md)
	}
}

func TestBenchLocnavBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "requires at least 1 arg"},
		{[]string{filepath.Join(dir, "nope")}, "no such file"},
		{[]string{dir}, "no task files"},
		{[]string{"--parallel", "0", dir}, "--parallel 0"},
	} {
		_, _, err := runBench(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"question": "q", "output_format": {}}`), 0o644)
	if _, _, err := runBench(t, bad); err == nil || !strings.Contains(err.Error(), "evaluators is missing") {
		t.Errorf("task without evaluators: %v", err)
	}
	good := filepath.Join(dir, "good.json")
	os.WriteFile(good, []byte(`{"question": "q", "output_format": {}, "evaluators": [{"func": "json"}]}`), 0o644)
	if _, _, err := runBench(t, "--answers", filepath.Join(dir, "missing.json"), good); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing answers file: %v", err)
	}
}

// TestBenchLocnavPlanner runs the planner on the shared road-trip task
// 0004 offline: every answer is scored, none crashes.
func TestBenchLocnavPlanner(t *testing.T) {
	task := filepath.Join(testkit.LocnavTasks(t), "google_maps_task_0004.json")
	out := t.TempDir()
	stdout, stderr, err := runBench(t, "--out", out, task)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "google_maps_task_0004") || !strings.Contains(stdout, "evaluators passed") {
		t.Errorf("stdout: %s", stdout)
	}
	rep := readReport(t, out)
	if len(rep.Tasks) != 1 || rep.Tasks[0].Answer == "" || !json.Valid([]byte(rep.Tasks[0].Answer)) {
		t.Fatalf("report: %+v", rep.Tasks)
	}
	if !strings.Contains(rep.Solver, "roadtrip planner") || rep.Tasks[0].Stats["tool_calls"] == nil {
		t.Errorf("solver %q stats %v", rep.Solver, rep.Tasks[0].Stats)
	}
}

// dyingHandler passes the first n tools/call requests to h, then answers
// every request 503, as a maps server that has gone away.
type dyingHandler struct {
	h     http.Handler
	n     int
	mu    sync.Mutex
	calls int
}

func (d *dyingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	d.mu.Lock()
	if bytes.Contains(body, []byte(`"tools/call"`)) {
		d.calls++
	}
	dead := d.calls > d.n
	d.mu.Unlock()
	if dead {
		http.Error(w, "maps server gone", http.StatusServiceUnavailable)
		return
	}
	d.h.ServeHTTP(w, r)
}

// TestBenchLocnavMapsServerGone scores through --maps-mcp against a maps
// MCP server that dies after the first task: a clear error, and a partial
// report keeping what was scored.
func TestBenchLocnavMapsServerGone(t *testing.T) {
	srv, err := mcp.NewServer(geotest.Tools(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(&dyingHandler{h: srv.Handler(), n: 1})
	defer hs.Close()
	res, err := geotest.Engine(t).SearchPlaces(context.Background(), geo.SearchRequest{Query: "cafe in Newark"})
	if err != nil || len(res.Places) < 3 {
		t.Fatalf("search: %v %v", res, err)
	}
	dir := t.TempDir()
	answers := map[string]any{}
	for i, id := range []string{"t1", "t2", "t3"} {
		writeJSON(t, filepath.Join(dir, id+".json"), map[string]any{
			"question": "q", "output_format": map[string]any{}, "mcp_servers": []any{map[string]string{"name": "google-maps"}},
			"evaluators": []map[string]any{{"func": "json"}, {"func": "json -> get(stops)", "op": "google_maps.is_a_validate_stop"}},
		})
		answers[id] = map[string]any{"stops": []any{map[string]string{"name": res.Places[i].Name, "place id": res.Places[i].PlaceID}}}
	}
	af := filepath.Join(t.TempDir(), "answers.json")
	writeJSON(t, af, answers)
	out := filepath.Join(t.TempDir(), "rep")
	stdout, _, err := runBench(t, "--answers", af, "--maps-mcp", hs.URL, "--parallel", "1", "--out", out, dir)
	if err == nil || !strings.Contains(err.Error(), "the run stopped after 2 of 3 tasks") || !strings.Contains(err.Error(), "maps backend failed") || !strings.Contains(err.Error(), "partial report in "+out) {
		t.Fatalf("error %v", err)
	}
	if !strings.Contains(stdout, "PASS  t1") || !strings.Contains(stdout, "(incomplete)") || !strings.Contains(stdout, "(not_run)") {
		t.Errorf("stdout:\n%s", stdout)
	}
	rep := readReport(t, out)
	if rep.Complete || rep.Summary.TasksPassed != 1 || rep.Tasks[0].Status != locnav.StatusPassed || !strings.HasPrefix(rep.Backend, "MCP server http") {
		t.Errorf("report: complete=%v %+v backend %q", rep.Complete, rep.Summary, rep.Backend)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(md), "**partial report**") {
		t.Errorf("report.md does not say it is partial:\n%s", md)
	}
}

func runBench(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	return runCairn(t, append([]string{"bench", "locnav"}, args...)...)
}
