package roadtrip

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
)

// finalState is the state the answer node saw.
func finalState(t *testing.T, evs []event.Event) state {
	t.Helper()
	var s state
	for _, e := range evs {
		if e.Kind == event.StateSet && e.Node == actAnswer {
			if err := json.Unmarshal(e.State, &s); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s
}

// A failed plan_routes is not retried on the same inputs: the policy's
// "answer" goes straight to the answer node, before the loop's limit,
// and the failure is noted once.
func TestFailedActionNotRetried(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	ctx, events := event.Collect(context.Background())
	res, err := p.Solve(ctx, locnav.Task{Question: "Plan 2 routes from 'Qzxwvtopia' to 'Dover' in Delaware through 3 cities each."})
	if err != nil {
		t.Fatal(err)
	}
	evs := events()
	s := finalState(t, evs)
	var acts []string
	for _, h := range s.History {
		acts = append(acts, h.Action)
	}
	if len(acts) != 1 || acts[0] != actPlanRoutes {
		t.Errorf("actions %v, want [plan_routes] only", acts)
	}
	for _, e := range evs {
		if e.Kind == event.Note && strings.Contains(e.Message, "limit") {
			t.Errorf("the loop hit its limit: %s", e.Message)
		}
	}
	n := 0
	for _, note := range res.Notes {
		if strings.Contains(note, "Qzxwvtopia") {
			n++
		}
	}
	if n != 1 || !strings.Contains(res.Unclear, `cannot locate "Qzxwvtopia"`) {
		t.Errorf("notes %q, unclear %q: want one failure naming Qzxwvtopia, and the question unclear", res.Notes, res.Unclear)
	}
	if string(res.Answer) != `{"destination_city":"","routes":[],"starting_city":""}` {
		t.Errorf("answer %s", res.Answer)
	}
}

// A model that asks for the failed action again is told it is not
// retried, and its "answer" is honoured.
func TestFailedActionModelRetryRefused(t *testing.T) {
	orch := script(
		`{"thought":"plan","action":"plan_routes"}`,
		`{"thought":"again","action":"plan_routes"}`,
		`{"thought":"give up","action":"answer"}`,
	)
	p := newPlanner(t, mcpTools(t), Options{Models: roles{"orchestrator": orch}})
	ctx, events := event.Collect(context.Background())
	if _, err := p.Solve(ctx, locnav.Task{Question: "Plan 2 routes from 'Qzxwvtopia' to 'Dover' in Delaware through 3 cities each."}); err != nil {
		t.Fatal(err)
	}
	s := finalState(t, events())
	var obs []string
	for _, h := range s.History {
		obs = append(obs, h.Action+": "+h.Observation)
	}
	if len(obs) != 2 || !strings.HasPrefix(obs[0], "plan_routes: failed") ||
		!strings.Contains(obs[1], `"plan_routes" already failed with the same inputs`) {
		t.Errorf("history:\n%s", strings.Join(obs, "\n"))
	}
	if orch.Calls() != 3 {
		t.Errorf("orchestrator asked %d times, want 3", orch.Calls())
	}
}

// The free-form question that once looped: two routes of three Delaware
// cities, each with a rest stop and a viewpoint, within 15 tool calls.
func TestFreeFormTrip(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	ctx, events := event.Collect(context.Background())
	res, err := p.Solve(ctx, locnav.Task{Question: "Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route"})
	if err != nil {
		t.Fatal(err)
	}
	var a tripAnswer
	if err := json.Unmarshal(res.Answer, &a); err != nil {
		t.Fatalf("answer %s: %v", res.Answer, err)
	}
	if a.Start != "Wilmington" || a.End != "Dover" || len(a.Routes) != 2 {
		t.Fatalf("answer %s; notes %q", res.Answer, res.Notes)
	}
	evs := events()
	s := finalState(t, evs)
	for _, r := range a.Routes {
		if len(r.Cities) != 3 {
			t.Errorf("route %q has %d cities, want 3", r.Name, len(r.Cities))
		}
		for _, c := range r.Cities {
			if !fromTools(evs, c) {
				t.Errorf("city %q is in no tool result", c)
			}
		}
	}
	for _, c := range s.Pool {
		if !strings.Contains(c.Address, "Delaware") {
			t.Errorf("candidate city %s (%s) is not in Delaware", c.Name, c.Address)
		}
	}
	if res.Stats.ToolCalls > 15 {
		t.Errorf("%d tool calls %v, want at most 15", res.Stats.ToolCalls, res.Stats.ToolsByName)
	}
	t.Logf("%s\nnotes %q\n%d tool calls", res.Answer, res.Notes, res.Stats.ToolCalls)
}

// Two unqualified names with namesakes on two continents are read as the
// pair in the region the maps cover, and the answer says so.
func TestNearNamesakes(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	res, err := p.Solve(context.Background(), locnav.Task{Question: "Plan a road trip from Dover to Lewes through 1 town"})
	if err != nil {
		t.Fatal(err)
	}
	var a tripAnswer
	if err := json.Unmarshal(res.Answer, &a); err != nil || a.End != "Lewes" || len(a.Routes) != 1 {
		t.Fatalf("answer %s (%v); notes %q", res.Answer, err, res.Notes)
	}
	notes := strings.Join(res.Notes, "\n")
	if !strings.Contains(notes, "read as Lewes, Delaware, United States") || !strings.Contains(notes, "Lewes, England, United Kingdom") {
		t.Errorf("notes %q", res.Notes)
	}
	for _, r := range a.Routes {
		if len(r.Cities) != 1 {
			t.Errorf("route %q: %d cities, want 1", r.Name, len(r.Cities))
		}
	}
}

// The parser's own reading is never "rejected"; a model's names must be
// written in the question part by part, a state perhaps as its code.
func TestGroundedNames(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	res, err := p.Solve(context.Background(), locnav.Task{Question: "Find a cafe halfway between Wilmington and Dover in Delaware"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(res.Notes, "\n"), "rejected") || string(res.Answer) == `{"stops":[]}` {
		t.Errorf("answer %s, notes %q", res.Answer, res.Notes)
	}
	q := "Drive from Wilmington, DE to Dover, DE and find a cafe at the midpoint"
	pol := policySpec(t, q, nil)
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{"Wilmington, Delaware", "Dover, DE", true},
		{"Wilmington", "Dover", true},
		{"Wilmington, Maryland", "Dover", false},
		{"Newark", "Dover", false},
	} {
		m := pol
		m.Legs = []legSpec{{From: c.from, To: c.to, Stops: 1}}
		if why := grounded(m, pol, q); (why == "") != c.ok {
			t.Errorf("%s → %s: grounded says %q, want ok=%v", c.from, c.to, why, c.ok)
		}
	}
}

// TestNearSpellingFarAwayIsUnknown: a name no gazetteer holds, which the
// maps answer only by a near spelling far from the other places
// ("Blorptown" as Bloomtown, Missouri, with Wilmington), makes the
// question unclear, and the message names it.
func TestNearSpellingFarAwayIsUnknown(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	for _, q := range []string{
		"Find a cafe halfway between Blorptown and Wilmington.",
		"Plan 2 routes from Blorptown to Dover in Delaware",
		"I live in Blorptown and my friend lives in Dover. Where should we meet?",
	} {
		res, err := p.Solve(context.Background(), locnav.Task{Question: q})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Unclear, "Blorptown") {
			t.Errorf("%q: unclear %q, notes %q: want a message naming Blorptown", q, res.Unclear, res.Notes)
		}
		if strings.Contains(string(res.Answer), "place id") && !strings.Contains(string(res.Answer), `"stops":[]`) {
			t.Errorf("%q: answer %s, want the empty one", q, res.Answer)
		}
	}
}
