package roadtrip

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// fakeModel stands at the model boundary for one role: after a fixed
// latency it answers what a competent model would, computed from the
// prompt it was sent, and reports tokens as characters / 4.
type fakeModel struct {
	role    string
	latency time.Duration
	mu      sync.Mutex
	calls   []span
}

type span struct{ start, end time.Time }

func (m *fakeModel) Name() string { return "fake-" + m.role }

var (
	candRe   = regexp.MustCompile(`(?m)^(c\d+): (.*), (-?[\d.]+), (-?[\d.]+)( \(must visit\))?$`)
	countRe2 = regexp.MustCompile(`Routes: (\d+); cities per route: (\d+)`)
	slotRe   = regexp.MustCompile(`(?m)^([a-z0-9.]+): (\S+) \(`)
	writeRe  = regexp.MustCompile(`Write (\d+) route names and (\d+) viewpoint descriptions`)
	routeRe  = regexp.MustCompile(`(?m)^route \d+: ([^,\n]+)`)
	viewRe   = regexp.MustCompile(`(?m)^  viewpoint: .* in ([^(]+) \(`)
)

func (m *fakeModel) Chat(ctx context.Context, req llm.Request) (llm.Response, error) {
	start := time.Now()
	select {
	case <-time.After(m.latency):
	case <-ctx.Done():
		return llm.Response{}, ctx.Err()
	}
	user := req.Messages[len(req.Messages)-1].Content
	var reply any
	switch m.role {
	case "understand":
		q, f, _ := strings.Cut(strings.TrimPrefix(user, "Question: "), "\nOutput format: ")
		reply = readSpec(locnav.Task{Question: q, OutputFormat: json.RawMessage(strings.TrimSpace(f))}, understand.Options{})
	case "orchestrator":
		reply = nextAction{Thought: "plan the routes, then places, elevations, answer", Action: actPlanRoutes,
			Then: []string{actSearchPlaces, actGetElevations, actAnswer}}
	case "towns":
		var pool []city
		for _, c := range candRe.FindAllStringSubmatch(user, -1) {
			f, _ := strconv.ParseFloat(c[3], 64)
			o, _ := strconv.ParseFloat(c[4], 64)
			pool = append(pool, city{ID: c[1], Name: c[2], Frac: f, DetourKm: o, Include: c[5] != ""})
		}
		n := countRe2.FindStringSubmatch(user)
		routes, _ := strconv.Atoi(n[1])
		k, _ := strconv.Atoi(n[2])
		reply = chooseRoutes(pool, nil, k, routes)
	case "places":
		var c placeChoice
		for _, s := range slotRe.FindAllStringSubmatch(user, -1) {
			c.Picks = append(c.Picks, placePick{Slot: s[1], PlaceID: s[2]})
		}
		reply = c
	case "synthesis":
		n := writeRe.FindStringSubmatch(user)
		r, _ := strconv.Atoi(n[1])
		d, _ := strconv.Atoi(n[2])
		var y synthesis
		firsts := routeRe.FindAllStringSubmatch(user, -1)
		for i := range r {
			y.RouteNames = append(y.RouteNames, fmt.Sprintf("Coastal route %d by %s", i+1, firsts[i][1]))
		}
		views := viewRe.FindAllStringSubmatch(user, -1)
		for i := range d {
			y.Descriptions = append(y.Descriptions, "A viewpoint over the marshes of "+strings.TrimSpace(views[i][1])+".")
		}
		reply = y
	}
	b, _ := json.Marshal(reply)
	chars := 0
	for _, msg := range req.Messages {
		chars += len(msg.Content)
	}
	m.mu.Lock()
	m.calls = append(m.calls, span{start, time.Now()})
	m.mu.Unlock()
	return llm.Response{Message: llm.Message{Role: llm.Assistant, Content: string(b)},
		Usage: llm.Usage{PromptTokens: chars / 4, CompletionTokens: len(b) / 4}}, nil
}

// fakeRoles gives every role its fake model.
type fakeRoles map[string]*fakeModel

func newFakeRoles(latency time.Duration) fakeRoles {
	r := fakeRoles{}
	for _, role := range []string{"understand", "orchestrator", "towns", "places", "synthesis"} {
		r[role] = &fakeModel{role: role, latency: latency}
	}
	return r
}

func (r fakeRoles) For(role string) llm.Model {
	if m, ok := r[role]; ok {
		return m
	}
	return nil
}

// criticalPath is the longest chain of model calls each starting after
// the previous one ended: the calls a run waits for one after another.
func (r fakeRoles) criticalPath() int {
	var all []span
	for _, m := range r {
		all = append(all, m.calls...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].end.Before(all[j].end) })
	n, last := 0, time.Time{}
	for _, s := range all {
		if !s.start.Before(last) {
			n++
			last = s.end
		}
	}
	return n
}

// TestModelBudget runs a 3-route, 4-city road trip with every role on a
// fake model: every decision is the model's, at most 4 model calls are on
// the critical path and the run spends at most 8,000 tokens.
func TestModelBudget(t *testing.T) {
	tk := loadTask(t, "testdata/tasks/delaware_trip_0003.json")
	fr := newFakeRoles(30 * time.Millisecond)
	res, err := newPlanner(t, mcpTools(t), Options{Models: fr}).Solve(context.Background(), tk)
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	tokens := st.PromptTokens + st.CompletionTokens
	if st.PolicyDecisions != 0 || st.ModelDecisions != st.ModelCalls {
		t.Errorf("decisions: %d model, %d policy, %d calls (notes %q)", st.ModelDecisions, st.PolicyDecisions, st.ModelCalls, res.Notes)
	}
	if cp := fr.criticalPath(); cp > 4 || tokens > 8000 {
		t.Errorf("critical path %d model calls (want ≤ 4), %d tokens (want ≤ 8000)", cp, tokens)
	}
	if !strings.Contains(string(res.Answer), "Coastal route 1") {
		t.Errorf("synthesis text unused: %s", res.Answer)
	}
	t.Logf("model calls %d, critical path %d, tokens %d (%d prompt), tool calls %d, wall %v",
		st.ModelCalls, fr.criticalPath(), tokens, st.PromptTokens, st.ToolCalls, st.Wall)
}

// Questions the benchmarks and budget tests plan.
const (
	// readmeTrip is the README's example.
	readmeTrip = "Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route"
	// complexTrip asks the most of one trip: 3 routes x 4 towns x 2 rest
	// stops x 2 viewpoints, 140 km across the state.
	complexTrip = "Plan 3 road trip routes from Wilmington to Rehoboth Beach in Delaware, each through 4 intermediate towns, with 2 rest stops and 2 scenic viewpoints per route"
)

func benchTasks(b *testing.B) []locnav.Task {
	tk := loadTask(b, "testdata/tasks/delaware_trip_0003.json")
	tasks := []locnav.Task{tk, {ID: "complex_trip", Question: complexTrip}, {ID: "readme_trip", Question: readmeTrip}}
	if d := benchDir(b); d != "" {
		tasks = append(tasks, loadTask(b, filepath.Join(d, "google_maps_task_0001.json")))
	}
	return tasks
}

// BenchmarkSolvePolicy is an offline policy run of road trips (targets:
// under 50 ms and at most 20 maps calls for the complex trip); the maps
// calls cross the MCP loopback transport, whose server runs in this
// process. cpu-ms/op is the process's CPU time per run (planner, maps
// engine and both ends of MCP): on a shared machine it moves less than
// the wall time.
func BenchmarkSolvePolicy(b *testing.B) {
	p := newPlanner(b, mcpTools(b), Options{})
	for _, tk := range benchTasks(b) {
		b.Run(tk.ID, func(b *testing.B) {
			calls := 0
			cpu0 := cpuTime()
			for b.Loop() {
				res, err := p.Solve(context.Background(), tk)
				if err != nil {
					b.Fatal(err)
				}
				calls = res.Stats.ToolCalls
			}
			b.ReportMetric(float64(calls), "maps-calls/op")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSolveModel runs the same trip with every role on a model of
// fixed latency (50 ms): model calls, those on the critical path, and
// tokens per run (targets: ≤ 4 on the critical path, ≤ 8,000 tokens).
func BenchmarkSolveModel(b *testing.B) {
	tk := benchTasks(b)[0]
	var calls, cp, tokens int
	for b.Loop() {
		fr := newFakeRoles(50 * time.Millisecond)
		res, err := newPlanner(b, mcpTools(b), Options{Models: fr}).Solve(context.Background(), tk)
		if err != nil {
			b.Fatal(err)
		}
		calls, cp, tokens = res.Stats.ModelCalls, fr.criticalPath(), res.Stats.PromptTokens+res.Stats.CompletionTokens
	}
	b.ReportMetric(float64(calls), "model-calls/op")
	b.ReportMetric(float64(cp), "critical-calls/op")
	b.ReportMetric(float64(tokens), "tokens/op")
}
