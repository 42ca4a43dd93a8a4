package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
)

// issueTable is the transition table as issue 15 writes it, kept apart
// from the code's.
var issueTable = map[[2]Status]bool{
	{Analyzing, Responding}: true, {Analyzing, ToolPlanning}: true, {Analyzing, Completing}: true,
	{Responding, Completing}: true, {Responding, ToolPlanning}: true,
	{ToolPlanning, ToolExecuting}: true, {ToolExecuting, ToolReflecting}: true,
	{ToolReflecting, Completing}: true, {Completing, Done}: true,
}

func TestEveryIllegalTransitionIsRejected(t *testing.T) {
	legal := 0
	for _, from := range stateOrder {
		for _, to := range append(slices.Clone(stateOrder), "", "thinking") {
			want := issueTable[[2]Status{from, to}]
			if got := Legal(from, to); got != want {
				t.Errorf("Legal(%s, %q) = %v, want %v", from, to, got, want)
			}
			if want {
				legal++
			}
		}
	}
	if legal != len(issueTable) {
		t.Errorf("%d legal pairs found, the table has %d", legal, len(issueTable))
	}
}

func TestGraphIsTheTable(t *testing.T) {
	a := chat(t, Options{})
	info := a.Graph()
	got := map[[2]Status]bool{}
	for _, e := range info.Edges {
		if e.To == flow.End {
			if e.From != string(Done) {
				t.Errorf("only done may end a turn; %s → END", e.From)
			}
			continue
		}
		got[[2]Status{Status(e.From), Status(e.To)}] = true
	}
	if len(got) != len(issueTable) {
		t.Errorf("graph has %d edges between states, the table %d: %v", len(got), len(issueTable), got)
	}
	for p := range issueTable {
		if !got[p] {
			t.Errorf("graph lacks %s → %s", p[0], p[1])
		}
	}
	if info.Start != string(Analyzing) {
		t.Errorf("start %q", info.Start)
	}
	// The build-time check catches a graph that strays from the table.
	extra := info
	extra.Edges = append(slices.Clone(info.Edges), flow.EdgeInfo{From: string(ToolExecuting), To: string(Completing)})
	if err := checkTable(extra); err == nil || !strings.Contains(err.Error(), "tool_executing → completing is not a legal transition") {
		t.Errorf("extra edge: %v", err)
	}
	missing := info
	missing.Edges = slices.DeleteFunc(slices.Clone(info.Edges), func(e flow.EdgeInfo) bool {
		return e.From == string(ToolExecuting) && e.To == string(ToolReflecting)
	})
	if err := checkTable(missing); err == nil || !strings.Contains(err.Error(), "tool_executing → tool_reflecting has no graph edge") {
		t.Errorf("missing edge: %v", err)
	}
}

// Each node on its own, with no model: the policy decides.

func TestAnalyzingNode(t *testing.T) {
	a := chat(t, Options{})
	ctx := context.Background()
	for _, c := range []struct {
		msg    string
		center *Center
		next   Status
		kind   Kind
	}{
		{"gas station near Dover", nil, ToolPlanning, KindNearby},
		{"pizza near here", &Center{Name: "Wilmington, DE"}, ToolPlanning, KindNearby},
		{"pizza near here", nil, Responding, KindNearby}, // no here: ask where
		{"hello!", nil, Responding, KindGreeting},
		{"what can you do?", nil, Responding, KindCapabilities},
		{"thanks!", nil, Completing, KindThanks},
		{"what is the meaning of life", nil, Responding, KindUnknown},
		{"how high is Lewes?", nil, ToolPlanning, KindElevation},
		{"directions from Newark to Lewes by bike", nil, ToolPlanning, KindDirections},
	} {
		got, err := a.analyzing(ctx, turn{Message: c.msg, Center: c.center})
		if err != nil {
			t.Fatal(err)
		}
		if got.State.Status != Analyzing || got.State.NextStep != c.next || got.Request.Kind != c.kind {
			t.Errorf("%q: state %s → %s, kind %s; want → %s, %s", c.msg, got.State.Status, got.State.NextStep, got.Request.Kind, c.next, c.kind)
		}
		if got.State.Reasoning == "" || got.Iterations != 1 || len(got.States) != 1 {
			t.Errorf("%q: reasoning %q, iterations %d, states %d", c.msg, got.State.Reasoning, got.Iterations, len(got.States))
		}
	}
}

func TestRespondingNode(t *testing.T) {
	a := chat(t, Options{})
	ctx := context.Background()
	got, _ := a.responding(ctx, turn{Request: Request{Kind: KindGreeting}})
	if got.State.NextStep != Completing || !strings.Contains(got.State.Content, "directions") {
		t.Errorf("greeting: %+v", got.State)
	}
	// A map request that reached responding goes on to the tools.
	near := &Loc{Name: "Dover", Point: &LatLng{39.158, -75.524}, Known: true}
	got, _ = a.responding(ctx, turn{Request: Request{Kind: KindNearby, Query: "pizza", Near: near}})
	if got.State.NextStep != ToolPlanning || got.State.Action != ActionTool {
		t.Errorf("map request: %+v", got.State)
	}
	// Missing slot: ask where.
	got, _ = a.responding(ctx, turn{Request: Request{Kind: KindNearby, Query: "coffee", Missing: "where"}})
	if !strings.Contains(got.State.Content, "Where should I look for coffee") {
		t.Errorf("missing where: %q", got.State.Content)
	}
}

func TestToolPlanningNode(t *testing.T) {
	a := chat(t, Options{})
	ctx := context.Background()
	near := &Loc{Name: "Dover, Delaware, United States", Point: &LatLng{39.158, -75.524}, Known: true}
	got, _ := a.toolPlanning(ctx, turn{Request: Request{Kind: KindNearby, Query: "pizza", Near: near}})
	if got.State.NextStep != ToolExecuting || len(got.State.ToolsToExecute) != 1 {
		t.Fatalf("%+v", got.State)
	}
	c := got.State.ToolsToExecute[0]
	loc, _ := c.Arguments["location"].(map[string]any)
	if c.Name != mapstool.SearchPlaces || c.Arguments["query"] != "pizza" || loc["latitude"] != 39.158 {
		t.Errorf("search call %+v", c)
	}
	// A place the gazetteer does not know is found first; the elevation
	// call takes its position from that result.
	got, _ = a.toolPlanning(ctx, turn{Request: Request{Kind: KindElevation, Near: &Loc{Name: "Grotto Pizza"}}})
	if names := toolNames(got.State.ToolsToExecute); !slices.Equal(names, []string{mapstool.SearchPlaces, mapstool.Elevation}) {
		t.Fatalf("elevation plan %v", names)
	}
	if locs := got.State.ToolsToExecute[1].Arguments["locations"].([]any); locs[0] != "$0" {
		t.Errorf("elevation locations %v", locs)
	}
	// Capped: nothing is planned, the way still leads to execution.
	got, _ = a.toolPlanning(ctx, turn{Iterations: 5, Request: Request{Kind: KindNearby, Query: "pizza", Near: near}})
	if len(got.State.ToolsToExecute) != 0 || got.State.NextStep != ToolExecuting || !got.Capped {
		t.Errorf("capped plan %+v", got.State)
	}
}

func TestToolExecutingNode(t *testing.T) {
	a := chat(t, Options{})
	plan := CoordinatorState{Status: ToolPlanning, NextStep: ToolExecuting, ToolsToExecute: []ToolCall{
		{Name: mapstool.SearchPlaces, Arguments: map[string]any{"query": "Grotto Pizza"}},
		{Name: mapstool.Elevation, Arguments: map[string]any{"locations": []any{"$0"}}},
		{Name: mapstool.Geocode, Arguments: map[string]any{"address": "Qzxwvville, Delaware"}},
		{Name: mapstool.Directions, Arguments: map[string]any{"origin": "$2", "destination": "Dover, DE"}},
	}}
	got, err := a.toolExecuting(context.Background(), turn{State: plan, States: []CoordinatorState{plan}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != 4 {
		t.Fatalf("%d results", len(got.Results))
	}
	if r := got.Results[1]; r.Err != "" || !strings.Contains(string(r.Result), `"elevation"`) {
		t.Errorf("elevation at the search's place: %+v", r)
	} else if loc := r.Call.Arguments["locations"].([]any)[0].(map[string]any); loc["latitude"] == nil {
		t.Errorf("$0 not replaced: %v", r.Call.Arguments)
	}
	if r := got.Results[2]; r.Err == "" {
		t.Errorf("unknown place geocoded: %s", r.Result)
	}
	if r := got.Results[3]; !strings.HasPrefix(r.Err, notRun) {
		t.Errorf("a call needing a failed one ran: %+v", r)
	}
	if got.State.Status != ToolExecuting || got.State.NextStep != ToolReflecting {
		t.Errorf("state %+v", got.State)
	}
}

func TestToolReflectingNode(t *testing.T) {
	a := chat(t, Options{})
	res := []ToolResult{{Call: ToolCall{Name: mapstool.Geocode, Arguments: map[string]any{"address": "X"}}, Err: "maps_geocode: ZERO_RESULTS: no place matches \"X\""}}
	got, _ := a.toolReflecting(context.Background(), turn{Results: res})
	if got.State.NextStep != Completing || !strings.Contains(got.State.Reflection, "the maps know no such place") {
		t.Errorf("%+v", got.State)
	}
}

func TestCompletingAndDoneNodes(t *testing.T) {
	a := chat(t, Options{})
	ctx := context.Background()
	res := json.RawMessage(`{"places":[{"name":"Grotto Pizza","formatted_address":"Concord Pike, Bellefonte","location":{"lat":39.79,"lng":-75.55},"place_id":"osm:w1","types":["restaurant"]}]}`)
	tr := turn{
		Request: Request{Kind: KindNearby, Query: "pizza", Near: &Loc{Name: "Wilmington"}},
		Results: []ToolResult{{Call: ToolCall{Name: mapstool.SearchPlaces, Arguments: map[string]any{"query": "pizza"}}, Result: res}},
	}
	got, _ := a.completing(ctx, tr)
	if got.State.Status != Completing || got.State.NextStep != Done {
		t.Errorf("%+v", got.State)
	}
	ans := got.Answer
	if len(ans.Places) != 1 || ans.Places[0].PlaceID != "osm:w1" || !strings.Contains(ans.Answer, "Grotto Pizza — Concord Pike, Bellefonte") {
		t.Errorf("answer %+v", ans)
	}
	if len(got.Memory.Results) != 1 || got.Memory.Subject == nil || got.Memory.Subject.Name != "Grotto Pizza" {
		t.Errorf("memory %+v", got.Memory)
	}
	got, _ = a.done(ctx, got)
	if got.State.Status != Done || got.State.NextStep != "" {
		t.Errorf("done %+v", got.State)
	}
}

// A model that proposes an illegal next state is told the legal ones and
// asked again, at most MaxReasks times; then the policy decides, and the
// trace has a note of each illegal proposal.
func TestIllegalProposalIsReaskedThenPolicy(t *testing.T) {
	bad := reply(CoordinatorState{Status: Analyzing, Action: ActionTool, NextStep: ToolExecuting, Reasoning: "run the tools at once"})
	m := llm.Script(bad, bad, bad)
	a := chat(t, Options{Models: oneModel{m}})
	var notes []string
	ctx := event.WithSink(context.Background(), func(e event.Event) {
		if e.Kind == event.Note && strings.Contains(e.Message, "illegal") {
			notes = append(notes, e.Message)
		}
	})
	got, err := a.analyzing(ctx, turn{Message: "gas station near Dover"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Calls() != 3 || got.Iterations != 3 {
		t.Errorf("model asked %d times, %d iterations; want 3 (1 + 2 re-asks)", m.Calls(), got.Iterations)
	}
	if got.State.NextStep != ToolPlanning || got.State.Source() != "policy" {
		t.Errorf("the policy should decide: %+v (%s)", got.State, got.State.Source())
	}
	reqs := m.Requests()
	last := reqs[len(reqs)-1].Messages
	if msg := last[len(last)-1].Content; !strings.Contains(msg, `"nextStep":"tool_executing"`) || !strings.Contains(msg, "legal next states are: responding, tool_planning, completing") {
		t.Errorf("re-ask does not name the legal states: %q", msg)
	}
	if len(notes) != 3 || len(got.Notes) != 3 {
		t.Errorf("notes %q / %q", notes, got.Notes)
	}
}

// A legal proposal is taken as the model made it.
func TestModelDecidesLegally(t *testing.T) {
	m := llm.Script(reply(CoordinatorState{Status: Analyzing, Action: ActionRespond, NextStep: Responding, Reasoning: "a greeting", Content: ""}))
	a := chat(t, Options{Models: oneModel{m}})
	got, _ := a.analyzing(context.Background(), turn{Message: "hello"})
	if got.State.Source() != "model" || got.State.NextStep != Responding || got.Iterations != 1 {
		t.Errorf("%+v %s", got.State, got.State.Source())
	}
	req := m.Requests()[0]
	if req.Temperature == nil || *req.Temperature != 0.1 || !strings.Contains(req.Messages[0].Content, "tool_planning → tool_executing") {
		t.Errorf("request: temperature %v, system %q", req.Temperature, clip(req.Messages[0].Content, 300))
	}
}

func TestSlowModelTimesOut(t *testing.T) {
	m := llm.Script(reply(CoordinatorState{NextStep: Responding, Reasoning: "late"}))
	m.Latency = 2 * time.Second
	a := chat(t, Options{Models: oneModel{m}, ModelTimeout: 20 * time.Millisecond})
	var fallback string
	ctx := event.WithSink(context.Background(), func(e event.Event) {
		if e.Kind == event.Decision && e.Decision != nil {
			fallback = e.Decision.Fallback
		}
	})
	got, _ := a.analyzing(ctx, turn{Message: "gas station near Dover"})
	if got.State.Source() != "policy" || got.State.NextStep != ToolPlanning || !strings.Contains(fallback, "timeout") {
		t.Errorf("%+v, fallback %q", got.State, fallback)
	}
}

// With a model, tool arguments come from native tool calling, checked
// against the schema; a call the schema rejects leaves the policy's.
func TestToolArgumentsFromNativeToolCalls(t *testing.T) {
	plan := reply(CoordinatorState{Status: ToolPlanning, Action: ActionTool, NextStep: ToolExecuting, Reasoning: "search",
		ToolsToExecute: []ToolCall{{Name: mapstool.SearchPlaces, Arguments: map[string]any{}}}})
	good := llm.Response{Message: llm.Message{ToolCalls: []llm.ToolCall{{Name: mapstool.SearchPlaces,
		Arguments: json.RawMessage(`{"query":"pizza","location":{"latitude":39.16,"longitude":-75.52},"radius":5000}`)}}}}
	bad := llm.Response{Message: llm.Message{ToolCalls: []llm.ToolCall{{Name: mapstool.SearchPlaces,
		Arguments: json.RawMessage(`{"location":"Dover"}`)}}}}
	near := &Loc{Name: "Dover", Point: &LatLng{39.158, -75.524}, Known: true}
	for _, c := range []struct {
		name  string
		tools llm.Response
		want  float64 // the radius used
	}{{"valid", good, 5000}, {"rejected by the schema", bad, townRadius}} {
		m := &llm.Scripted{Replies: []llm.Response{{Message: llm.Message{Content: plan}}, c.tools}}
		a := chat(t, Options{Models: oneModel{m}})
		got, _ := a.toolPlanning(context.Background(), turn{Message: "pizza near Dover", Request: Request{Kind: KindNearby, Query: "pizza", Near: near}})
		calls := got.State.ToolsToExecute
		if len(calls) != 1 || calls[0].Arguments["radius"] != c.want {
			t.Errorf("%s: calls %+v", c.name, calls)
		}
		req := m.Requests()[1]
		if len(req.Tools) != 1 || req.Tools[0].Name != mapstool.SearchPlaces || *req.Temperature != 0.3 {
			t.Errorf("%s: tool request %+v", c.name, req.Tools)
		}
	}
}

func TestGarbageAndDownModelsFallBack(t *testing.T) {
	for name, m := range map[string]*llm.Scripted{
		"garbage": {Replies: []llm.Response{{Message: llm.Message{Content: "Sure! Here are some pizza places"}}}, Loop: true},
		"down":    {Errors: []error{errors.New("dial tcp: connection refused")}, Loop: true},
	} {
		a := chat(t, Options{Models: oneModel{m}})
		id := session(t, a, "Wilmington, DE")
		s := send(t, a, id, "pizza near here")
		ans := mustAnswer(t, s)
		plain := chat(t, Options{})
		want := mustAnswer(t, send(t, plain, session(t, plain, "Wilmington, DE"), "pizza near here"))
		if ans.Answer != want.Answer || len(ans.Places) == 0 {
			t.Errorf("%s model: answer %q, want the policy's %q", name, ans.Answer, want.Answer)
		}
		if m.Calls() == 0 {
			t.Errorf("%s model never asked", name)
		}
	}
}
