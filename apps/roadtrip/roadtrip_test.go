package roadtrip

import (
	"context"
	"net"

	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/llm"
)

// roles is an llm.Models for tests.
type roles map[string]llm.Model

func (r roles) For(role string) llm.Model { return r[role] }

type tripAnswer struct {
	Start  string `json:"starting_city"`
	End    string `json:"destination_city"`
	Routes []struct {
		Name       string   `json:"route_name"`
		Cities     []string `json:"cities_visited"`
		RestStops  []place  `json:"rest_stops"`
		Viewpoints []struct {
			City      string  `json:"city"`
			Name      string  `json:"name"`
			Address   string  `json:"address"`
			Elevation float64 `json:"elevation_meters"`
		} `json:"scenic_viewpoints"`
	} `json:"routes"`
}

// fromTools reports whether name appears in a maps tool result of the run.
func fromTools(evs []event.Event, name string) bool {
	for _, e := range evs {
		if e.Kind == event.ToolCall && e.Tool != nil && e.Tool.Err == "" {
			var v any
			if json.Unmarshal(e.Tool.Result, &v) == nil && strings.Contains(fmt.Sprint(v), name) {
				return true
			}
		}
	}
	return false
}

func TestImpossibleConstraints(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	for _, c := range []struct {
		name, q, note string
		check         func(t *testing.T, a tripAnswer)
	}{
		{"six cities in 8 km", "Plan exactly 1 driving route from 'Newport' to 'Wilmington' in Delaware through exactly 6 intermediate cities.",
			"fewer than the 6 asked", func(t *testing.T, a tripAnswer) {
				if len(a.Routes) != 1 || len(a.Routes[0].Cities) >= 6 {
					t.Errorf("routes %+v: want one route with fewer than 6 cities", a.Routes)
				}
			}},
		{"must visit another continent", "Plan exactly 2 driving routes from 'Wilmington' to 'Dover' in Delaware through exactly 2 cities each. We must visit 'Tokyo'.",
			"Tokyo", func(t *testing.T, a tripAnswer) {
				if len(a.Routes) != 2 {
					t.Errorf("%d routes, want 2", len(a.Routes))
				}
				for _, r := range a.Routes {
					if len(r.Cities) != 2 {
						t.Errorf("route %q has %d cities, want 2", r.Name, len(r.Cities))
					}
					for _, c := range r.Cities {
						if strings.Contains(c, "Tokyo") {
							t.Errorf("route %q visits %s", r.Name, c)
						}
					}
				}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, events := event.Collect(context.Background())
			format := json.RawMessage(`{"starting_city":"","destination_city":"","routes":[{"route_id":"1","route_name":"","cities_visited":[]}]}`)
			res, err := p.Solve(ctx, locnav.Task{Question: c.q, OutputFormat: format})
			if err != nil {
				t.Fatal(err)
			}
			var a tripAnswer
			if err := json.Unmarshal(res.Answer, &a); err != nil {
				t.Fatalf("answer %s: %v", res.Answer, err)
			}
			c.check(t, a)
			if !strings.Contains(strings.Join(res.Notes, "\n"), c.note) {
				t.Errorf("notes %q do not mention %q", res.Notes, c.note)
			}
			evs := events()
			for _, r := range a.Routes {
				for _, city := range r.Cities {
					if !fromTools(evs, city) {
						t.Errorf("city %q is in no tool result of the run", city)
					}
				}
			}
			if a.Start == "" || !fromTools(evs, a.Start) {
				t.Errorf("start %q not from a tool result", a.Start)
			}
		})
	}
}

// TestNothingInvented checks every name, address and elevation of a
// data-rich answer against the run's tool results. A place the maps name
// only by its kind is described by what it is near: each part of the
// description (its kind, road and town) is from a tool result.
func TestNothingInvented(t *testing.T) {
	tk := loadTask(t, "testdata/tasks/delaware_trip_0001.json")
	ctx, events := event.Collect(context.Background())
	res, err := newPlanner(t, mcpTools(t), Options{}).Solve(ctx, tk)
	if err != nil {
		t.Fatal(err)
	}
	var a tripAnswer
	if err := json.Unmarshal(res.Answer, &a); err != nil {
		t.Fatal(err)
	}
	evs := events()
	named := func(name string) bool {
		if fromTools(evs, name) {
			return true
		}
		// The kind as the maps label it ("Service Area" → "Service area").
		m := describedRe.FindStringSubmatch(name)
		return m != nil && (fromTools(evs, m[1]) || fromTools(evs, titleWords(m[1]))) && (m[2] == "" || fromTools(evs, m[2])) && fromTools(evs, m[3])
	}
	for _, r := range a.Routes {
		if len(r.RestStops) != 1 || len(r.Viewpoints) != 1 {
			t.Errorf("route %q: %d rest stops, %d viewpoints, want 1 and 1", r.Name, len(r.RestStops), len(r.Viewpoints))
		}
		for _, c := range r.Cities {
			if !fromTools(evs, c) {
				t.Errorf("route %q: town %q from no tool result", r.Name, c)
			}
		}
		for _, p := range r.RestStops {
			if !named(p.Name) || !fromTools(evs, p.Address) {
				t.Errorf("rest stop %+v not from tool results", p)
			}
		}
		for _, v := range r.Viewpoints {
			if !named(v.Name) || !fromTools(evs, fmt.Sprint(v.Elevation)) && !fromTools(evs, fmt.Sprintf("%.2f", v.Elevation)) {
				t.Errorf("viewpoint %+v not from tool results", v)
			}
			if v.City == r.RestStops[0].City {
				t.Errorf("route %q: viewpoint and rest stop both in %s", r.Name, v.City)
			}
		}
	}
}

// titleWords capitalises each word ("service area" → "Service Area").
func titleWords(s string) string {
	w := strings.Fields(s)
	for i, x := range w {
		w[i] = strings.ToUpper(x[:1]) + x[1:]
	}
	return strings.Join(w, " ")
}

// describedRe reads a description of an unnamed place: kind, road, town.
var describedRe = regexp.MustCompile(`^(\w[\w ]*?)(?: on (.+?))? near (.+)$`)

func TestSolveBadInput(t *testing.T) {
	ctx := context.Background()
	if _, err := newPlanner(t, nil, Options{}).Solve(ctx, locnav.Task{Question: "x"}); !errors.Is(err, errNoTools) {
		t.Errorf("no tools: %v", err)
	}
	p := newPlanner(t, mcpTools(t), Options{})
	for _, c := range []struct {
		t    locnav.Task
		want string
	}{
		{locnav.Task{}, "question is empty"},
		{locnav.Task{Question: "from 'Dover' to 'Lewes'", OutputFormat: json.RawMessage(`{"routes":`)}, "output_format is not valid JSON"},
		{locnav.Task{Question: strings.Repeat("a", 10001)}, "more than 10000"},
	} {
		if _, err := p.Solve(ctx, c.t); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Solve(%.40q): %v, want %q", c.t.Question, err, c.want)
		}
	}
}

// script is a Scripted model replying with these JSON contents.
func script(replies ...string) *llm.Scripted { return llm.Script(replies...) }

func TestScriptedOrchestratorInvalidAction(t *testing.T) {
	tk := loadTask(t, "testdata/tasks/delaware_trip_0002.json")
	orch := script(
		`{"thought":"fly there","action":"teleport"}`,
		`{"thought":"search first","action":"search_places"}`,
		`{"thought":"plan","action":"plan_routes","then":["search_places","get_elevations","answer"]}`,
	)
	p := newPlanner(t, mcpTools(t), Options{Models: roles{"orchestrator": orch}})
	ctx, events := event.Collect(context.Background())
	res, err := p.Solve(ctx, tk)
	if err != nil {
		t.Fatal(err)
	}
	if orch.Calls() != 3 {
		t.Errorf("orchestrator asked %d times, want 3 (two invalid actions, then a plan followed to the end)", orch.Calls())
	}
	var obs []string
	for _, e := range events() {
		if e.Kind == event.StateSet && e.Node == "answer" {
			var s state
			json.Unmarshal(e.State, &s)
			for _, h := range s.History {
				obs = append(obs, h.Action+": "+h.Observation)
			}
		}
	}
	if len(obs) < 5 || !strings.Contains(obs[0], `invalid action "teleport"; valid actions now: plan_routes`) ||
		!strings.Contains(obs[1], `invalid action "search_places"; valid actions now: plan_routes`) {
		t.Errorf("history:\n%s", strings.Join(obs, "\n"))
	}
	var a tripAnswer
	if err := json.Unmarshal(res.Answer, &a); err != nil || len(a.Routes) != 2 || len(a.Routes[0].Viewpoints) != 1 {
		t.Errorf("answer %s (%v)", res.Answer, err)
	}
	if res.Stats.ModelCalls != 3 || res.Stats.ModelDecisions != 3 {
		t.Errorf("stats %+v", res.Stats)
	}
}

// A model that never names a valid action runs the loop to its limit;
// the answer is synthesised from what the state holds.
func TestScriptedOrchestratorLimit(t *testing.T) {
	orch := &llm.Scripted{Loop: true, Replies: []llm.Response{{Message: llm.Message{Content: `{"thought":"hmm","action":"wander"}`}}}}
	p := newPlanner(t, mcpTools(t), Options{Models: roles{"orchestrator": orch}, MaxIterations: 4})
	format := json.RawMessage(`{"stops":[{"name":"NAME","place id":"Place ID"}]}`)
	res, err := p.Solve(context.Background(), locnav.Task{Question: "I live in Newark, Delaware. My friend lives in Dover, Delaware. Find a single 'restaurant' between us.", OutputFormat: format})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Answer) != `{"stops":[]}` {
		t.Errorf("answer %s", res.Answer)
	}
	if res.Stats.Iterations != 4 || orch.Calls() != 4 {
		t.Errorf("iterations %d, model calls %d; want 4 and 4", res.Stats.Iterations, orch.Calls())
	}
}

func TestScriptedWorkers(t *testing.T) {
	tk := loadTask(t, "testdata/tasks/delaware_trip_0002.json")
	towns := script(`{"routes":[{"name":"Bad","cities":["c1"]}]}`) // one route, one city: rejected
	synth := script(`{"route_names":["Northern way by Smyrna","Southern way by Smyrna"],"descriptions":["A marsh view in Smyrna.","A marsh view in Smyrna again."]}`)
	places := script(`{"picks":[{"slot":"r1.view.1","place_id":"osm:nope"}]}`)
	p := newPlanner(t, mcpTools(t), Options{Models: roles{"towns": towns, "synthesis": synth, "places": places}})
	res, err := p.Solve(context.Background(), tk)
	if err != nil {
		t.Fatal(err)
	}
	var a tripAnswer
	if err := json.Unmarshal(res.Answer, &a); err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(res.Notes, "\n")
	if len(a.Routes) != 2 || len(a.Routes[0].Cities) != 3 || !strings.Contains(notes, "towns model's routes rejected") {
		t.Errorf("towns fallback: %s; notes %q", res.Answer, res.Notes)
	}
	if a.Routes[0].Name != "Northern way by Smyrna" || a.Routes[1].Name != "Southern way by Smyrna" {
		t.Errorf("synthesis names not used: %s", res.Answer)
	}
	if towns.Calls() != 1 || synth.Calls() != 1 || places.Calls() < 1 {
		t.Errorf("calls towns %d synth %d places %d", towns.Calls(), synth.Calls(), places.Calls())
	}
	if len(a.Routes[0].Viewpoints) != 1 || strings.Contains(string(res.Answer), "osm:nope") {
		t.Errorf("places fallback: %s", res.Answer)
	}
}

// TestToolCallBudget: a 3-route, 4-town trip with one rest stop and one
// viewpoint per route needs at most 15 maps calls; the complex trip (two
// of each per route) at most 20.
func TestToolCallBudget(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	tasks := []locnav.Task{loadTask(t, "testdata/tasks/delaware_trip_0003.json"), {ID: "complex_trip", Question: complexTrip}}
	if d := benchDir(t); d != "" {
		tasks = append(tasks, loadTask(t, filepath.Join(d, "google_maps_task_0001.json")))
	}
	for _, tk := range tasks {
		res, err := p.Solve(context.Background(), tk)
		if err != nil {
			t.Fatal(err)
		}
		var a tripAnswer
		json.Unmarshal(res.Answer, &a)
		if len(a.Routes) != 3 || len(a.Routes[0].Cities) != 4 {
			t.Errorf("%s: %d routes", tk.ID, len(a.Routes))
		}
		budget := 15
		if tk.ID == "complex_trip" {
			budget = 20
		}
		if res.Stats.ToolCalls > budget {
			t.Errorf("%s: %d tool calls %v, want at most %d", tk.ID, res.Stats.ToolCalls, res.Stats.ToolsByName, budget)
		}
		t.Logf("%s: %d tool calls %v", tk.ID, res.Stats.ToolCalls, res.Stats.ToolsByName)
	}
}

// TestPromptsRender renders every prompt with the data its decision
// gives it and checks the facts each must state.
func TestPromptsRender(t *testing.T) {
	pool := []city{{ID: "c1", Name: "Smyrna", Frac: 0.4, DetourKm: 3.2, Include: true}}
	sl := []slot{{Name: "r1.rest.1", Cands: []place{{Name: "Rest Area", PlaceID: "osm:1", City: "Smyrna"}}}}
	for _, c := range []struct {
		role string
		in   any
		want []string // in the user prompt
	}{
		{"understand", understandPrompt{Question: "from Dover to Lewes", Format: `{"routes":[]}`}, []string{"from Dover to Lewes", `{"routes":[]}`}},
		{"orchestrator", orchestratorPrompt{Question: "q?", Keys: "stops", History: "- plan_routes: located\n", Valid: "answer"},
			[]string{"q?", "Answer keys: stops", "Done: nothing yet", "- plan_routes: located", "Valid actions now: answer"}},
		{"towns", townsPrompt{Start: "Newark", End: "Milford", Routes: 3, Cities: 4, Pool: pool, Total: 80},
			[]string{"From Newark to Milford (80 km by road)", "Routes: 3; cities per route: 4", "c1: Smyrna, 0.40, 3 (must visit)"}},
		{"places", placesPrompt{What: "rest stops", Slots: sl}, []string{"Choose rest stops.", "r1.rest.1: osm:1 (Rest Area, Smyrna);"}},
		{"synthesis", synthesisPrompt{Question: "q?", Routes: "route 1: Smyrna\n", Policy: synthesis{RouteNames: []string{"x"}, Descriptions: []string{"y", "z"}}},
			[]string{"route 1: Smyrna", "Write 1 route names and 2 viewpoint descriptions"}},
	} {
		sys, err := prompts.Render(c.role, nil)
		if err != nil || strings.TrimSpace(sys) == "" {
			t.Errorf("%s system prompt: %q, %v", c.role, sys, err)
		}
		user, err := prompts.Render(c.role+"_user", c.in)
		if err != nil {
			t.Errorf("%s user prompt: %v", c.role, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(user, w) {
				t.Errorf("%s user prompt lacks %q:\n%s", c.role, w, user)
			}
		}
		if strings.Contains(user, "<no value>") {
			t.Errorf("%s user prompt has an empty field:\n%s", c.role, user)
		}
	}
	if _, err := prompts.Render("towns_user", struct{ Start string }{"A"}); err == nil {
		t.Error("rendering with the wrong data: no error")
	}
}

// A maps server that goes away makes Solve fail with ErrMapsUnavailable
// rather than answer as if the map had no data.
func TestMapsServerGone(t *testing.T) {
	srv, err := mcp.NewServer(geotest.Tools(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, kill := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.ServeListener(sctx, ln) }()
	tools, closeClient, err := mapstool.Connect(context.Background(), "http://"+ln.Addr().String()+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeClient()
	kill() // the server goes; the client stays
	<-done
	tk := loadTask(t, "testdata/tasks/delaware_trip_0002.json")
	_, err = newPlanner(t, tools, Options{}).Solve(context.Background(), tk)
	if !errors.Is(err, ErrMapsUnavailable) {
		t.Fatalf("err = %v, want ErrMapsUnavailable", err)
	}
	t.Log(err)
}

// TestFormatKeysWrittenOtherways: a format that writes a route stop's
// key another way ("place id", "placeId" for place_id) gets the value,
// not an empty field.
func TestFormatKeysWrittenOtherways(t *testing.T) {
	tk := locnav.Task{
		Question:     "Plan 1 road trip route from Wilmington to Dover in Delaware, through 2 intermediate cities, with 1 rest stop",
		OutputFormat: json.RawMessage(`{"routes":[{"rest_stops":[{"name":"","place id":"","placeId":"","Place-ID":""}]}]}`),
	}
	ctx, events := event.Collect(context.Background())
	res, err := newPlanner(t, mcpTools(t), Options{}).Solve(ctx, tk)
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Routes []struct {
			RestStops []map[string]string `json:"rest_stops"`
		} `json:"routes"`
	}
	if err := json.Unmarshal(res.Answer, &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Routes) != 1 || len(a.Routes[0].RestStops) != 1 {
		t.Fatalf("answer %s: want 1 route with 1 rest stop", res.Answer)
	}
	s := a.Routes[0].RestStops[0]
	if id := s["place id"]; id == "" || s["placeId"] != id || s["Place-ID"] != id || !fromTools(events(), id) {
		t.Errorf("rest stop %v: want one place ID from a tool result under each way of writing it", s)
	}
}

// TestStopAtAFraction: a stop asked for at a fraction other than the
// middle lies within a tenth of the drive of it (the legs are balanced
// against their shares, not made equal).
func TestStopAtAFraction(t *testing.T) {
	eng := engine(t)
	p := newPlanner(t, mcpTools(t), Options{})
	for _, c := range []struct {
		q, from, to string
		frac        float64
	}{
		{"Find a cafe about one third of the way from Wilmington to Dover, DE.", "Wilmington, Delaware", "Dover, Delaware", 1.0 / 3},
		{"find me a supermarket a quarter of the way along from escaldes to la massana in andorra", "les Escaldes, Andorra", "la Massana, Andorra", 0.25},
	} {
		res, err := p.Solve(context.Background(), locnav.Task{Question: c.q})
		if err != nil {
			t.Fatal(err)
		}
		stops := answerStops(res.Answer, 0, 1)
		if len(stops) != 1 {
			t.Errorf("%q: answer %s, want one stop", c.q, res.Answer)
			continue
		}
		if ok, why := fractionOK(context.Background(), eng, c.from, c.to, stops[0], c.frac); !ok {
			t.Errorf("%q: %s is %s", c.q, stops[0].Name, why)
		}
	}
}

func TestLegShares(t *testing.T) {
	for _, c := range []struct {
		at   []float64
		n    int
		want []float64
	}{
		{[]float64{0.5}, 1, []float64{1, 1}},
		{[]float64{1.0 / 3, 2.0 / 3}, 2, []float64{1, 1, 1}},
		{[]float64{0.25}, 1, []float64{0.25, 0.75}},
		{[]float64{0.2, 0.6}, 2, []float64{0.2, 0.4, 0.4}},
		{[]float64{0.6, 0.2}, 2, []float64{1, 1, 1}}, // out of order: even
		{nil, 2, []float64{1, 1, 1}},
	} {
		got := legShares(c.at, c.n)
		for k := range got {
			if math.Abs(got[k]-c.want[k]) > 1e-9 {
				t.Errorf("legShares(%v, %d) = %v, want %v", c.at, c.n, got, c.want)
				break
			}
		}
	}
}
