package roadtrip_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip"
	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/tool"
)

var (
	setupOnce sync.Once
	engX      *geo.Engine
	toolsX    *tool.Registry
	setupErr  error
)

// offline is the embedded maps engine and its tools over MCP, once per
// test binary.
func offline(t testing.TB) (*geo.Engine, *tool.Registry) {
	t.Helper()
	setupOnce.Do(func() {
		engX = geotest.Engine(t)
		toolsX, _, setupErr = mapstool.Serve(context.Background(), engX, nil)
	})
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	return engX, toolsX
}

// sharedTasks is ../shared/benchmarks/mcp-universe/location_navigation
// beside the repository root; the test skips without it.
func sharedTasks(t testing.TB) string {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if up := filepath.Dir(dir); up != dir {
			dir = up
			continue
		}
		t.Skip("no go.mod above the test directory")
	}
	d := filepath.Join(filepath.Dir(dir), "shared", "benchmarks", "mcp-universe", "location_navigation")
	if _, err := os.Stat(d); err != nil {
		t.Skip("../shared/benchmarks is absent")
	}
	return d
}

func solver(p *roadtrip.Planner) locnav.Solver {
	return func(ctx context.Context, t locnav.Task) (locnav.Answer, error) {
		res, err := p.Solve(ctx, t)
		if err != nil {
			return locnav.Answer{}, err
		}
		return locnav.Answer{JSON: res.Answer, Unsupported: res.Unsupported, Notes: res.Notes,
			Stats: map[string]any{"tool_calls": res.Stats.ToolCalls}}, nil
	}
}

func runTasks(t *testing.T, paths ...string) *locnav.Report {
	t.Helper()
	eng, tools := offline(t)
	tasks, err := locnav.LoadTasks(paths...)
	if err != nil {
		t.Fatal(err)
	}
	g := geo.NewGazetteer(eng)
	p, err := roadtrip.New(tools, roadtrip.Options{Gazetteer: g, Prefer: g.Covered()})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := locnav.Run(context.Background(), tasks, locnav.Options{
		Solver: solver(p), Scorer: locnav.NewScorer(eng), Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestUpstreamTasksPolicy runs the policies on the 45 upstream tasks: every
// maps-only answer is bare JSON in its task's format, road trips have the
// asked numbers of routes and cities, a short list of places comes with a
// note saying what is missing, and the multi-server tasks are reported
// unsupported.
func TestUpstreamTasksPolicy(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 45 tasks")
	}
	rep := runTasks(t, sharedTasks(t))
	if len(rep.Tasks) != 45 {
		t.Fatalf("%d tasks, want 45", len(rep.Tasks))
	}
	for _, tr := range rep.Tasks {
		multi := strings.HasPrefix(tr.ID, "multi-server")
		if tr.SolveError != "" {
			t.Errorf("%s: solve error %s", tr.ID, tr.SolveError)
			continue
		}
		if multi {
			if tr.Unsupported == "" {
				t.Errorf("%s: not reported unsupported", tr.ID)
			}
			continue
		}
		if len(tr.FormatProblems) > 0 || !json.Valid([]byte(tr.Answer)) {
			t.Errorf("%s: answer %s does not fit the format: %v", tr.ID, tr.Answer, tr.FormatProblems)
		}
		for _, e := range tr.Evaluators {
			if e.Passed || e.Op != "=" || !strings.HasSuffix(e.Func, "-> len") {
				continue
			}
			// Routes and cities come from the world gazetteer: always met.
			if strings.HasSuffix(e.Func, "get(routes) -> len") || strings.Contains(e.Func, "cities_visited") {
				t.Errorf("%s: %s failed: %s", tr.ID, e.Func, e.Reason)
				continue
			}
			// Places need OSM data: missing ones must be explained.
			if len(tr.Notes) == 0 {
				t.Errorf("%s: %s failed (%s) and the result has no note", tr.ID, e.Func, e.Reason)
			}
		}
	}
	t.Logf("upstream tasks offline: %d/%d passed, evaluators %d/%d, answers in format %d/%d",
		rep.Summary.TasksPassed, rep.Summary.Tasks, rep.Summary.EvaluatorsPassed, rep.Summary.Evaluators,
		rep.Summary.AnswersInFormat, rep.Summary.Answered)
}

// TestOwnTasksPass scores the Delaware and Andorra tasks in testdata, which
// the offline data covers, with the benchmark's evaluators.
func TestOwnTasksPass(t *testing.T) {
	rep := runTasks(t, "testdata/tasks")
	// delaware_stops_0003 asks more than the data holds (no stop near the
	// driving midpoint of the return leg); the rest pass. delaware_trip_0003
	// needs a rest-stop town no corridor sample names (Brookside).
	mustPass := []string{"delaware_trip_0001", "delaware_trip_0002", "delaware_trip_0003", "andorra_trip_0001", "delaware_stops_0001",
		"delaware_stops_0002", "delaware_direction_0001", "andorra_direction_0001", "andorra_meeting_0001",
		"delaware_meeting_0001", "delaware_meeting_0002"}
	for _, tr := range rep.Tasks {
		if len(tr.FormatProblems) > 0 {
			t.Errorf("%s: format: %v", tr.ID, tr.FormatProblems)
		}
		if slices.Contains(mustPass, tr.ID) && tr.Status != locnav.StatusPassed {
			for _, e := range tr.Evaluators {
				if !e.Passed {
					t.Errorf("%s: %s %s: %s", tr.ID, e.Func, e.Op, e.Reason)
				}
			}
		}
	}
	if r := rep.Summary.EvaluatorPassRate; r < 0.95 {
		t.Errorf("evaluator pass rate %.2f, want at least 0.95", r)
	}
	t.Logf("own tasks: %d/%d passed, evaluators %d/%d", rep.Summary.TasksPassed, rep.Summary.Tasks,
		rep.Summary.EvaluatorsPassed, rep.Summary.Evaluators)
}
