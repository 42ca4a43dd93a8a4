package locnav

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/internal/testkit"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

// sharedTasks is ../shared/benchmarks/mcp-universe/location_navigation
// beside the repository root, or a skip.
func sharedTasks(t testing.TB) string { return testkit.LocnavTasks(t) }

func TestSharedTasksParse(t *testing.T) {
	tasks, err := LoadTasks(sharedTasks(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 45 {
		t.Fatalf("%d tasks, want 45", len(tasks))
	}
	families := map[Family]int{}
	evals, unsupported := 0, 0
	for _, task := range tasks {
		families[task.Family()]++
		for i, e := range task.Evaluators {
			evals++
			if _, err := ParsePipeline(e.Func); err != nil {
				t.Errorf("%s evaluator %d: %v", task.ID, i, err)
			}
			known, why := KnownOp(e.Op)
			if !known && why == "" {
				t.Errorf("%s evaluator %d: unknown op %q", task.ID, i, e.Op)
			}
			if !known {
				unsupported++
			}
		}
	}
	want := map[Family]int{RoadTrip: 10, EvenStops: 10, MeetingPoint: 10, PlaceFinding: 5, MultiServer: 10}
	for f, n := range want {
		if families[f] != n {
			t.Errorf("%s: %d tasks, want %d (%v)", f, families[f], n, families)
		}
	}
	if evals != 379 || unsupported != 5 {
		t.Errorf("%d evaluators (%d unsupported), want 379 (5 weather checks)", evals, unsupported)
	}
	if tasks[0].ID != "google_maps_task_0001" || !strings.Contains(tasks[0].Question, "Johor Bahru") {
		t.Errorf("first task %s: %.60q", tasks[0].ID, tasks[0].Question)
	}
}

func TestParseTaskErrors(t *testing.T) {
	for body, want := range map[string]string{
		`{`: "the JSON ends before its value does",
		`{"output_format":{},"evaluators":[{"func":"json"}]}`:                                   "question is missing",
		`{"question":"q","evaluators":[{"func":"json"}]}`:                                       "output_format is missing",
		`{"question":"q","output_format":{}}`:                                                   "evaluators is missing",
		`{"question":"q","output_format":{},"evaluators":[{"op":"="}]}`:                         "evaluators[0].func is empty",
		`{"question":"q","output_format":{},"evaluators":"json"}`:                               `field "evaluators": expected a list, got a string`,
		`{"question":"q","output_format":{},"evaluators":[{"func":"json"}],"mcp_servers":[{}]}`: "mcp_servers[0].name is empty",
	} {
		_, err := ParseTask("x", []byte(body))
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "task x: ") {
			t.Errorf("%s: %v, want an error naming %q", body, err, want)
		}
	}
}

// writeTask writes a task file into dir.
func writeTask(t *testing.T, dir, id string, evals ...Evaluator) {
	t.Helper()
	b, err := json.Marshal(map[string]any{"question": "q " + id, "output_format": map[string]any{"stops": []any{}},
		"mcp_servers": []any{map[string]string{"name": "google-maps"}}, "evaluators": evals})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, id+".json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func fixed(answers map[string]string) Solver {
	return func(_ context.Context, t Task) (Answer, error) {
		a, ok := answers[t.ID]
		if !ok {
			return Answer{}, ErrNoAnswer
		}
		return Answer{JSON: json.RawMessage(a)}, nil
	}
}

func TestRunUnknownOpGoesOn(t *testing.T) {
	dir := t.TempDir()
	count := Evaluator{Func: "json -> get(stops) -> len", Op: "=", Value: json.RawMessage("1")}
	writeTask(t, dir, "a", count, Evaluator{Func: "json", Op: "google_maps.teleport"})
	writeTask(t, dir, "b", count)
	writeTask(t, dir, "c", count)
	tasks, err := LoadTasks(dir)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	rep, err := Run(context.Background(), tasks, Options{
		Solver: fixed(map[string]string{"a": `{"stops":[1]}`, "b": `{"stops":[1]}`, "c": "```json\n{\"stops\":[]}\n```"}),
		Scorer: NewScorer(nil), Parallel: 2,
		OnResult: func(tr TaskResult, r *Report) { seen = append(seen, tr.ID) },
	})
	if err != nil || !rep.Complete {
		t.Fatalf("run: %v (complete %v)", err, rep.Complete)
	}
	if len(seen) != 3 {
		t.Errorf("OnResult saw %v", seen)
	}
	byID := map[string]TaskResult{}
	for _, tr := range rep.Tasks {
		byID[tr.ID] = tr
	}
	a := byID["a"]
	if a.Status != StatusFailed || a.Passed != 1 || a.Evaluators[1].Cause != CauseTask || !strings.Contains(a.Evaluators[1].Reason, `unknown evaluator op "google_maps.teleport"`) {
		t.Errorf("task a: %+v", a)
	}
	if byID["b"].Status != StatusPassed || byID["c"].Status != StatusFailed || byID["c"].Evaluators[0].Cause != CausePlanner {
		t.Errorf("b %+v, c %+v", byID["b"], byID["c"])
	}
	s := rep.Summary
	if s.Tasks != 3 || s.TasksPassed != 1 || s.Evaluators != 4 || s.EvaluatorsPassed != 2 || s.FailuresByCause[CauseTask] != 1 || s.FailuresByCause[CausePlanner] != 1 {
		t.Errorf("summary %+v", s)
	}
	var md strings.Builder
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Tasks passed: 1 / 3", "### a (failed)", "**bad_task**", `unknown evaluator op "google_maps.teleport"`, "output is not equal to ground-truth: got 0, want = 1"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
}

func TestRunSolverErrorsAndUnsupported(t *testing.T) {
	tasks := []Task{
		{ID: "x", Evaluators: []Evaluator{{Func: "json"}}},
		{ID: "w", Servers: []string{"google-maps", "weather"}, Evaluators: []Evaluator{{Func: "json"}, {Func: "json", Op: "weather.check_place_type_with_weather"}}},
	}
	solver := func(_ context.Context, t Task) (Answer, error) {
		if t.ID == "w" {
			return Answer{Unsupported: "needs the weather server"}, nil
		}
		return Answer{}, errors.New("planner exploded")
	}
	rep, err := Run(context.Background(), tasks, Options{Solver: solver, Scorer: NewScorer(nil)})
	if err != nil {
		t.Fatal(err)
	}
	w, x := rep.Tasks[0], rep.Tasks[1]
	if x.Status != StatusFailed || x.SolveError != "planner exploded" || x.Evaluators[0].Cause != CausePlanner {
		t.Errorf("x: %+v", x)
	}
	if w.Status != StatusUnsupported || w.Family != MultiServer || w.Evaluators[0].Cause != CauseUnsupported || !strings.Contains(w.Evaluators[1].Reason, "weather MCP server") {
		t.Errorf("w: %+v", w)
	}
}

// TestRunBackendGone scores through a real MCP client against the offline
// maps tools served over streamable HTTP, and kills the server mid-run.
func TestRunBackendGone(t *testing.T) {
	srv, err := mcp.NewServer(geotest.Tools(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client, err := mcp.Connect(ctx, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	maps := &mapstool.Client{Caller: client}

	cafes := findable(t, "cafe in Newark") // a different stop per task: no memo hits
	if len(cafes) < 4 {
		t.Fatalf("want 4 cafes, got %d", len(cafes))
	}
	valid := Evaluator{Func: "json -> get(stops)", Op: "google_maps.is_a_validate_stop"}
	typed := Evaluator{Func: "json -> get(stops)", Op: "google_maps.validate_stop_type", OpArgs: json.RawMessage(`["cafe"]`)}
	var tasks []Task
	for _, id := range []string{"t1", "t2", "t3", "t4"} {
		tasks = append(tasks, Task{ID: id, Evaluators: []Evaluator{{Func: "json"}, valid, typed}})
	}
	var calls atomic.Int32
	solver := func(_ context.Context, t Task) (Answer, error) {
		n := calls.Add(1)
		if n == 2 {
			hs.CloseClientConnections()
			hs.Close() // the maps server is gone
		}
		return Answer{JSON: json.RawMessage(stopsJSON(cafes[n-1]))}, nil
	}
	out := t.TempDir()
	rep, err := Run(ctx, tasks, Options{Solver: solver, Scorer: NewScorer(maps), Backend: "mcp " + hs.URL, Parallel: 1,
		OnResult: func(_ TaskResult, r *Report) {
			if err := r.WriteFiles(out); err != nil {
				t.Error(err)
			}
		}})
	if !errors.Is(err, ErrBackend) {
		t.Fatalf("run error %v, want ErrBackend", err)
	}
	if rep.Complete || !strings.Contains(rep.Error, "maps backend failed") {
		t.Errorf("report complete=%v error=%q", rep.Complete, rep.Error)
	}
	status := map[string]Status{}
	for _, tr := range rep.Tasks {
		status[tr.ID] = tr.Status
	}
	if status["t1"] != StatusPassed || status["t2"] != StatusIncomplete || status["t3"] != StatusNotRun || status["t4"] != StatusNotRun {
		t.Fatalf("statuses %v", status)
	}
	t2 := rep.Tasks[1]
	if !t2.Evaluators[0].Passed || t2.Evaluators[1].Cause != CauseBackend || !strings.Contains(t2.Evaluators[1].Reason, "not scored") {
		t.Errorf("t2 evaluators %+v", t2.Evaluators)
	}
	if rep.Summary.Evaluators != 4 || rep.Summary.EvaluatorsPassed != 4 {
		t.Errorf("summary %+v: want the 3 evaluators of t1 and the first of t2 scored", rep.Summary)
	}
	// What was scored is on disk already.
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var disk Report
	if err := json.Unmarshal(b, &disk); err != nil {
		t.Fatal(err)
	}
	if len(disk.Tasks) != 2 || disk.Tasks[0].Status != StatusPassed || disk.Tasks[1].Status != StatusIncomplete {
		t.Errorf("report on disk: %+v", disk.Tasks)
	}
}

func TestLoadAnswers(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "answers.json")
	os.WriteFile(file, []byte(`{"a": "`+"```json\\n{\\\"stops\\\": []}\\n```"+`", "b.json": {"stops": [1]}}`), 0o644)
	solve, err := LoadAnswers(file)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if a, err := solve(ctx, Task{ID: "a"}); err != nil || !strings.HasPrefix(string(a.JSON), "```json") {
		t.Errorf("a: %q %v", a.JSON, err)
	}
	if a, err := solve(ctx, Task{ID: "b"}); err != nil || string(a.JSON) != `{"stops": [1]}` {
		t.Errorf("b: %q %v", a.JSON, err)
	}
	if _, err := solve(ctx, Task{ID: "c"}); !errors.Is(err, ErrNoAnswer) {
		t.Errorf("c: %v", err)
	}
	per := filepath.Join(dir, "per")
	os.Mkdir(per, 0o755)
	os.WriteFile(filepath.Join(per, "t1.txt"), []byte("not json"), 0o644)
	solve, err = LoadAnswers(per)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := solve(ctx, Task{ID: "t1"}); err != nil || string(a.JSON) != "not json" {
		t.Errorf("t1: %q %v", a.JSON, err)
	}
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`[1]`), 0o644)
	if _, err := LoadAnswers(filepath.Join(dir, "bad.json")); err == nil || !strings.Contains(err.Error(), "mapping task ID to answer") {
		t.Errorf("array answers file: %v", err)
	}
	if _, err := LoadAnswers(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing answers path: no error")
	}
}

func TestEmptyAnswersBlamedOnReportedMissingData(t *testing.T) {
	task := Task{ID: "m", Evaluators: []Evaluator{
		{Func: "json -> get(stops) -> len", Op: "=", Value: json.RawMessage("1")},
		{Func: "json -> get(stops)", Op: "google_maps.compare_time_of_middle_point", OpArgs: json.RawMessage(`{}`)},
		{Func: "json -> get(name)", Op: "=", Value: json.RawMessage(`"x"`)},
	}}
	for _, notes := range [][]string{nil, {"cannot locate \"Merlion Park, Singapore\": ZERO_RESULTS"}} {
		solver := func(context.Context, Task) (Answer, error) {
			return Answer{JSON: json.RawMessage(`{"stops": [], "name": "y"}`), Notes: notes}, nil
		}
		rep, err := Run(context.Background(), []Task{task}, Options{Solver: solver, Scorer: NewScorer(nil)})
		if err != nil {
			t.Fatal(err)
		}
		ev := rep.Tasks[0].Evaluators
		want := CausePlanner
		if notes != nil {
			want = CauseData
		}
		for _, i := range []int{0, 1} {
			if ev[i].Cause != want || (notes != nil && !strings.Contains(ev[i].Reason, "Merlion Park")) {
				t.Errorf("notes %v, evaluator %d: %s %s", notes, i, ev[i].Cause, ev[i].Reason)
			}
		}
		if ev[2].Cause != CausePlanner { // a wrong value, not an empty one
			t.Errorf("notes %v: wrong name blamed on %s", notes, ev[2].Cause)
		}
	}
}

// TestRunParallelDeterministic scores the shared tasks' own output_format
// templates (placeholder answers) with 1 and 4 workers against the
// offline engine: the same report either way, every task scored.
func TestRunParallelDeterministic(t *testing.T) {
	tasks, err := LoadTasks(sharedTasks(t))
	if err != nil {
		t.Fatal(err)
	}
	template := func(_ context.Context, t Task) (Answer, error) { return Answer{JSON: t.OutputFormat}, nil }
	var reps [2]*Report
	for i, par := range []int{1, 4} {
		rep, err := Run(context.Background(), tasks, Options{Solver: template, Scorer: NewScorer(engine(t)), Parallel: par})
		if err != nil {
			t.Fatal(err)
		}
		reps[i] = rep
	}
	a, b := reps[0], reps[1]
	if a.Summary.Tasks != 45 || a.Summary.TasksScored != 45 || a.Summary.Evaluators != 379 {
		t.Fatalf("summary %+v", a.Summary)
	}
	if a.Summary.TasksPassed != 0 {
		t.Errorf("%d placeholder answers passed", a.Summary.TasksPassed)
	}
	for i := range a.Tasks {
		x, y := a.Tasks[i], b.Tasks[i]
		if x.ID != y.ID || x.Status != y.Status || len(x.Evaluators) != len(y.Evaluators) {
			t.Fatalf("task %d: %s %s vs %s %s", i, x.ID, x.Status, y.ID, y.Status)
		}
		for j := range x.Evaluators {
			if x.Evaluators[j] != y.Evaluators[j] {
				t.Errorf("%s #%d: %+v vs %+v", x.ID, j, x.Evaluators[j], y.Evaluators[j])
			}
		}
		for _, e := range x.Evaluators {
			if !e.Passed && e.Reason == "" {
				t.Errorf("%s #%d fails without a reason", x.ID, e.Index)
			}
		}
	}
}

func TestRunCanceledKeepsScoredTasks(t *testing.T) {
	var tasks []Task
	for _, id := range []string{"a", "b", "c"} {
		tasks = append(tasks, Task{ID: id, Evaluators: []Evaluator{{Func: "json"}}})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	solver := func(ctx context.Context, t Task) (Answer, error) {
		if t.ID != "a" {
			<-ctx.Done() // a slow solver, interrupted
			return Answer{}, ctx.Err()
		}
		return Answer{JSON: json.RawMessage(`{}`)}, nil
	}
	rep, err := Run(ctx, tasks, Options{Solver: solver, Scorer: NewScorer(nil), Parallel: 2,
		OnResult: func(tr TaskResult, _ *Report) {
			if tr.ID == "a" {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	got := map[string]Status{}
	for _, tr := range rep.Tasks {
		got[tr.ID] = tr.Status
	}
	if got["a"] != StatusPassed || got["b"] != StatusNotRun || got["c"] != StatusNotRun || rep.Complete {
		t.Errorf("statuses %v complete %v", got, rep.Complete)
	}
}

func TestSolverTimeoutIsNotABackendFailure(t *testing.T) {
	tasks := []Task{{ID: "a", Evaluators: []Evaluator{{Func: "json"}}}, {ID: "b", Evaluators: []Evaluator{{Func: "json"}}}}
	solver := func(ctx context.Context, t Task) (Answer, error) {
		if t.ID == "a" { // the planner's own deadline hit inside a maps call
			return Answer{}, fmt.Errorf("roadtrip: %w", errors.Join(context.DeadlineExceeded, tool.Transient("maps_geocode", context.DeadlineExceeded)))
		}
		return Answer{JSON: json.RawMessage(`{}`)}, nil
	}
	rep, err := Run(context.Background(), tasks, Options{Solver: solver, Scorer: NewScorer(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tasks[0].Status != StatusFailed || rep.Tasks[1].Status != StatusPassed {
		t.Errorf("%+v", rep.Tasks)
	}
	// A transient failure without a deadline is the backend going away.
	solver2 := func(ctx context.Context, t Task) (Answer, error) {
		return Answer{}, tool.Transient("maps_geocode", errors.New("connection refused"))
	}
	if _, err := Run(context.Background(), tasks, Options{Solver: solver2, Scorer: NewScorer(nil)}); !errors.Is(err, ErrBackend) {
		t.Errorf("transient solver failure: %v, want ErrBackend", err)
	}
}
