package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// A conversation of follow-ups: each resolves against what came before.
func TestMultiTurnFollowUps(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")

	s := send(t, a, id, "what's good pizza around here?")
	pizza := mustAnswer(t, s)
	if s.statuses() != "analyzing tool_planning tool_executing tool_reflecting completing done" {
		t.Errorf("states %s", s.statuses())
	}
	if len(pizza.Places) < 2 || !strings.Contains(strings.ToLower(pizza.Places[0].Name), "pizza") {
		t.Fatalf("pizza places %+v", pizza.Places)
	}

	// From the conversation's own results: no tool runs.
	s = send(t, a, id, "what's the address of the second one?")
	ans := mustAnswer(t, s)
	if len(s.tools()) != 0 || !strings.Contains(ans.Answer, pizza.Places[1].Name) || !strings.Contains(ans.Answer, pizza.Places[1].Address) {
		t.Errorf("second one's address: %q (tools %v)", ans.Answer, s.tools())
	}

	s = send(t, a, id, "is the first one open now?")
	ans = mustAnswer(t, s)
	if !slices.Equal(s.tools(), []string{mapstool.PlaceDetails}) || !strings.Contains(ans.Answer, pizza.Places[0].Name) {
		t.Errorf("first one open: %q (tools %v)", ans.Answer, s.tools())
	}

	s = send(t, a, id, "how far is Dover from here?")
	car := mustAnswer(t, s)
	if car.Route == nil || car.Route.DistanceM < 50000 || car.Route.DistanceM > 120000 || car.Route.Polyline == "" {
		t.Fatalf("Dover route %+v (%q)", car.Route, car.Answer)
	}
	plan := s.States[1].ToolsToExecute[0]
	if plan.Arguments["mode"] != "driving" || !strings.Contains(plan.Arguments["destination"].(string), "Dover") {
		t.Errorf("plan %+v", plan)
	}

	s = send(t, a, id, "and by bike?")
	bike := mustAnswer(t, s)
	plan = s.States[1].ToolsToExecute[0]
	if plan.Arguments["mode"] != "bicycling" || bike.Route == nil || bike.Route.DurationS <= car.Route.DurationS {
		t.Errorf("by bike: plan %+v, route %+v vs car %+v", plan, bike.Route, car.Route)
	}

	// Saved places.
	mustAnswer(t, send(t, a, id, "where is Lewes"))
	if ans := mustAnswer(t, send(t, a, id, "save it as work")); !strings.Contains(ans.Answer, `"work"`) {
		t.Errorf("save: %q", ans.Answer)
	}
	mustAnswer(t, send(t, a, id, "where is Newark, Delaware"))
	mustAnswer(t, send(t, a, id, "save this as home"))
	s = send(t, a, id, "how long from home to work?")
	ans = mustAnswer(t, s)
	plan = s.States[1].ToolsToExecute[0]
	if ans.Route == nil || !strings.Contains(ans.Answer, "Newark") || !strings.Contains(ans.Answer, "Lewes") {
		t.Errorf("home to work: %q plan %+v", ans.Answer, plan)
	}

	got, err := a.Session(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Turns) != 10 || len(got.Memory.Saved) != 2 || got.State == nil || got.State.Status != Done {
		t.Errorf("session: %d turns, saved %+v, state %+v", len(got.Turns), got.Memory.Saved, got.State)
	}
}

// "coffee near here" with no known here asks where: the run waits
// (flow.Ask) with its checkpoint in the session, across a restart, and
// the next message naming a place answers it and the run goes on.
func TestAsksWhereThenAnswers(t *testing.T) {
	dir := t.TempDir()
	a := fileChat(t, dir)
	id := session(t, a, "")
	s := send(t, a, id, "coffee near here")
	ans := mustAnswer(t, s)
	if len(s.tools()) != 0 || !strings.Contains(ans.Answer, "Where should I look for coffee") || s.statuses() != "analyzing responding" {
		t.Errorf("%q tools %v states %s", ans.Answer, s.tools(), s.statuses())
	}
	sess, _ := a.Session(context.Background(), id)
	if sess.Waiting == nil || sess.Waiting.Question != ans.Answer || sess.Memory.Pending == nil || sess.Memory.Pending.Query != "coffee" {
		t.Fatalf("waiting %+v pending %+v", sess.Waiting, sess.Memory.Pending)
	}
	a = fileChat(t, dir) // a restart while the question waits
	s = send(t, a, id, "Wilmington, Delaware")
	ans = mustAnswer(t, s)
	if !slices.Equal(s.tools(), []string{mapstool.SearchPlaces}) || len(ans.Places) == 0 || !strings.Contains(ans.Answer, "coffee") {
		t.Errorf("answered: %q tools %v", ans.Answer, s.tools())
	}
	if s.States[0].Status != Responding || s.States[len(s.States)-1].Status != Done {
		t.Errorf("the waiting run should go on from responding: %s", s.statuses())
	}
	if sess, _ := a.Session(context.Background(), id); sess.Waiting != nil || sess.Memory.Pending != nil || len(sess.Turns) != 2 {
		t.Errorf("after the answer: waiting %+v pending %+v, %d turns", sess.Waiting, sess.Memory.Pending, len(sess.Turns))
	}

	// A request of its own drops the question.
	mustAnswer(t, send(t, a, id, "gas station near here")) // here is still unknown: asks again
	s = send(t, a, id, "where is Lewes")
	ans = mustAnswer(t, s)
	if s.States[0].Status != Analyzing || !strings.Contains(ans.Answer, "Lewes") {
		t.Errorf("new request: %s %q", s.statuses(), ans.Answer)
	}
	if sess, _ := a.Session(context.Background(), id); sess.Waiting != nil {
		t.Errorf("question kept after a new request")
	}
}

// The map's centre sent with a message is "here".
func TestCenterFromClient(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	s := sendMsg(t, a, id, Message{Text: "viewpoints near here", Center: &Center{Point: &LatLng{42.5063, 1.5218}, Zoom: 12}})
	ans := mustAnswer(t, s)
	if len(ans.Places) == 0 || !strings.Contains(ans.Places[0].Address, "Andorra") {
		t.Errorf("%q", ans.Answer)
	}
	if sess, _ := a.Session(context.Background(), id); sess.Center == nil || sess.Center.Point == nil || sess.Center.Zoom != 12 {
		t.Errorf("centre not kept: %+v", sess.Center)
	}
}

// The clicked marker is what "it" means.
func TestSelectedPlaceIsIt(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	cafes := mustAnswer(t, send(t, a, id, "coffee near Wilmington, Delaware"))
	if len(cafes.Places) < 2 {
		t.Fatalf("%+v", cafes)
	}
	pick := cafes.Places[1]
	s := sendMsg(t, a, id, Message{Text: "how far is it from Dover?", Selected: &pick})
	ans := mustAnswer(t, s)
	dest := s.States[1].ToolsToExecute[0].Arguments["destination"].(string)
	if dest != latLngArg(pick.Location) || ans.Route == nil || !strings.Contains(ans.Answer, pick.Name) {
		t.Errorf("destination %q, answer %q", dest, ans.Answer)
	}
}

func TestUnknownPlaceIsSaidHonestly(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	for _, q := range []string{"where is Qzxwvville?", "how high is Pic de Qzxwv?"} {
		ans := mustAnswer(t, send(t, a, id, q))
		if !strings.Contains(ans.Answer, "The maps don't know") || len(ans.Places) != 0 || strings.ContainsAny(ans.Answer, "0123456789") {
			t.Errorf("%q: %q %+v", q, ans.Answer, ans.Places)
		}
	}
}

func TestMapsServerDown(t *testing.T) {
	_, base := offline(t)
	a, err := New(downMaps(t), base)
	if err != nil {
		t.Fatal(err)
	}
	id := session(t, a, "Wilmington, DE")
	s := send(t, a, id, "pizza near here")
	ans := mustAnswer(t, s)
	if !strings.Contains(ans.Answer, "could not be reached") || len(ans.Places) != 0 {
		t.Errorf("%q", ans.Answer)
	}
	if sess, _ := a.Session(context.Background(), id); len(sess.Turns) != 1 {
		t.Errorf("turn not stored")
	}
}

func TestBadInput(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	mustAnswer(t, send(t, a, id, "pizza near here"))
	before, _ := a.Session(context.Background(), id)
	for _, c := range []struct {
		id, msg string
		want    error
		text    string
	}{
		{id, "", ErrEmptyMessage, "empty"},
		{id, " \n\t ", ErrEmptyMessage, "empty"},
		{id, strings.Repeat("pizza ", 100<<10/6), ErrTooLong, "102396 bytes, at most 4000"},
		{id, "pizza \xff\xfe", nil, "not valid UTF-8"},
		{"no-such-session", "hi", ErrUnknownSession, `"no-such-session"`},
		{"../../etc/passwd", "hi", ErrUnknownSession, "no such session"},
	} {
		s := send(t, a, c.id, c.msg)
		if s.Err == nil || (c.want != nil && !errors.Is(s.Err, c.want)) || !strings.Contains(s.Err.Error(), c.text) || len(s.States) != 0 {
			t.Errorf("%q to %q: %v, %d states", clip(c.msg, 20), c.id, s.Err, len(s.States))
		}
	}
	s := sendMsg(t, a, id, Message{Text: "hi", Center: &Center{Point: &LatLng{91, 0}}})
	if s.Err == nil || !strings.Contains(s.Err.Error(), "latitude 91 is outside -90..90") {
		t.Errorf("bad centre: %v", s.Err)
	}
	after, _ := a.Session(context.Background(), id)
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if string(b1) != string(b2) {
		t.Error("bad input changed the stored session")
	}
	if _, err := a.CreateSession(context.Background(), &Center{Point: &LatLng{0, 200}}); err == nil {
		t.Error("bad centre accepted")
	}
}

// gatedTools holds every call until released.
type gatedTools struct {
	tool.Tool
	entered chan struct{}
	release chan struct{}
}

func (g gatedTools) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	g.entered <- struct{}{}
	<-g.release
	return g.Tool.Call(ctx, args)
}

// Two messages at once to one session: the second is refused with
// ErrBusy; the first finishes and is stored once.
func TestTwoMessagesAtOnce(t *testing.T) {
	reg, base := offline(t)
	g := gatedTools{entered: make(chan struct{}, 1), release: make(chan struct{})}
	gated := reg.With(func(tl tool.Tool) tool.Tool { g := g; g.Tool = tl; return g })
	a, err := New(gated, base)
	if err != nil {
		t.Fatal(err)
	}
	id := session(t, a, "Wilmington, DE")
	other := session(t, a, "Dover, DE")
	var wg sync.WaitGroup
	var first said
	wg.Go(func() { first = send(t, a, id, "pizza near here") })
	<-g.entered // the first turn is inside its tool call
	second := send(t, a, id, "coffee near here")
	if !errors.Is(second.Err, ErrBusy) {
		t.Errorf("second message: %v", second.Err)
	}
	if err := a.DeleteSession(context.Background(), id); !errors.Is(err, ErrBusy) {
		t.Errorf("delete while answering: %v", err)
	}
	// Another session is not held up by this one.
	done := make(chan said)
	go func() { done <- send(t, a, other, "hello") }()
	select {
	case s := <-done:
		mustAnswer(t, s)
	case <-time.After(10 * time.Second):
		t.Error("another session waited for this one")
	}
	close(g.release)
	wg.Wait()
	mustAnswer(t, first)
	sess, _ := a.Session(context.Background(), id)
	if len(sess.Turns) != 1 || sess.Turns[0].Message != "pizza near here" {
		t.Errorf("turns %+v", sess.Turns)
	}
	// Free again.
	mustAnswer(t, send(t, a, id, "thanks"))
}

// Breaking out of Send cancels the turn; nothing of it is stored.
func TestBreakCancelsTurn(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	n := 0
	for u, err := range a.Send(context.Background(), id, Message{Text: "pizza near here"}) {
		if err != nil || u.State == nil {
			t.Fatal(err)
		}
		n++
		break
	}
	sess, _ := a.Session(context.Background(), id)
	if n != 1 || len(sess.Turns) != 0 {
		t.Errorf("%d updates, %d turns stored", n, len(sess.Turns))
	}
	mustAnswer(t, send(t, a, id, "pizza near here"))
}

// illegalEverywhere proposes an illegal next state in every state.
func illegalEverywhere() *llm.Scripted {
	return &llm.Scripted{Loop: true, Replies: []llm.Response{{Message: llm.Message{Content: reply(CoordinatorState{
		Status: Analyzing, Action: ActionTool, NextStep: ToolExecuting, Reasoning: "always execute",
		ToolsToExecute: []ToolCall{}})}}}}
}

// A turn makes at most MaxIterations coordinator decisions, then answers
// from what it knows, never with an error.
func TestIterationCap(t *testing.T) {
	for _, max := range []int{0, 1, 2, 3} { // 0: the default, 5
		m := illegalEverywhere()
		a := chat(t, Options{Models: oneModel{m}, MaxIterations: max, MaxReasks: 10})
		id := session(t, a, "Wilmington, DE")
		s := send(t, a, id, "pizza near here")
		ans := mustAnswer(t, s)
		want := max
		if want == 0 {
			want = 5
		}
		if m.Calls() != want {
			t.Errorf("cap %d: %d model calls", want, m.Calls())
		}
		if !strings.Contains(ans.Answer, "I stopped before finishing") {
			t.Errorf("cap %d: answer %q", want, ans.Answer)
		}
		checkWalk(t, s)
	}
}

// checkWalk checks a turn's states follow the table and the reflection
// guarantee: tool execution is followed by reflection, reflection by
// completion, and the turn ends in done.
func checkWalk(t *testing.T, s said) {
	t.Helper()
	st := s.States
	if len(st) == 0 || st[0].Status != Analyzing || st[len(st)-1].Status != Done {
		t.Fatalf("walk %s", s.statuses())
	}
	for i := 1; i < len(st); i++ {
		if !Legal(st[i-1].Status, st[i].Status) {
			t.Errorf("illegal walk %s → %s in %s", st[i-1].Status, st[i].Status, s.statuses())
		}
		if st[i-1].NextStep != st[i].Status {
			t.Errorf("%s said next %s, went to %s", st[i-1].Status, st[i-1].NextStep, st[i].Status)
		}
		if st[i].Reasoning == "" {
			t.Errorf("%s has no reasoning", st[i].Status)
		}
	}
}

// Whatever the model says, every turn that executes tools reflects and
// then completes.
func TestReflectionGuarantee(t *testing.T) {
	models := map[string]llm.Models{
		"none":    nil,
		"illegal": oneModel{illegalEverywhere()},
		"garbage": oneModel{&llm.Scripted{Loop: true, Replies: []llm.Response{{Message: llm.Message{Content: `{"status":"done"}`}}}}},
		// Legal at analyzing, then proposes skipping reflection.
		"skipper": oneModel{&llm.Scripted{Loop: true, Replies: []llm.Response{
			{Message: llm.Message{Content: reply(CoordinatorState{Action: ActionTool, NextStep: ToolPlanning, Reasoning: "tools", ToolsToExecute: []ToolCall{}})}},
			{Message: llm.Message{Content: reply(CoordinatorState{Action: ActionTool, NextStep: ToolExecuting, Reasoning: "plan", ToolsToExecute: []ToolCall{}})}},
			{Message: llm.Message{Content: "no tool calls"}},
			{Message: llm.Message{Content: reply(CoordinatorState{Action: ActionComplete, NextStep: Done, Reasoning: "skip completing"})}},
		}}},
	}
	for name, m := range models {
		a := chat(t, Options{Models: m})
		id := session(t, a, "Wilmington, DE")
		for _, q := range []string{"pizza near here", "how far is Dover from here?", "hello", "where is Lewes"} {
			s := send(t, a, id, q)
			mustAnswer(t, s)
			checkWalk(t, s)
			for i, st := range s.States {
				if st.Status == ToolExecuting && s.States[i+1].Status != ToolReflecting {
					t.Errorf("%s %q: execution not followed by reflection: %s", name, q, s.statuses())
				}
				if st.Status == ToolReflecting && s.States[i+1].Status != Completing {
					t.Errorf("%s %q: reflection not followed by completion: %s", name, q, s.statuses())
				}
			}
		}
	}
}

func TestCenterJSON(t *testing.T) {
	for _, c := range []struct {
		in, want, err string
	}{
		{`"Wilmington, Delaware"`, `"Wilmington, Delaware"`, ""},
		{`{"lat": 39.74, "lng": -75.55}`, `{"lat":39.74,"lng":-75.55}`, ""},
		{`{"lat": 39.74, "lng": -75.55, "zoom": 11}`, `{"lat":39.74,"lng":-75.55,"zoom":11}`, ""},
		{`{"lat": 39.74}`, "", `a position needs both "lat" and "lng"`},
		{`{"lat": 139.74, "lng": 0}`, "", "latitude 139.74 is outside -90..90"},
		{`{"lat": 1, "lng": 2, "zoom": 40}`, "", "zoom 40 is outside 0..22"},
		{`[1,2]`, "", `want a place name or {"lat": …, "lng": …}`},
	} {
		var got Center
		err := json.Unmarshal([]byte(c.in), &got)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		b, _ := json.Marshal(got)
		if err != nil || string(b) != c.want {
			t.Errorf("%s: %s %v, want %s", c.in, b, err, c.want)
		}
	}
}

func FuzzCenter(f *testing.F) {
	for _, s := range []string{`"Dover"`, `{"lat":1,"lng":2}`, `{"name":"x","zoom":3}`, `{"lat":"x"}`, `null`, `{"point":{"lat":1,"lng":2}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var c Center
		if err := json.Unmarshal([]byte(s), &c); err != nil {
			return
		}
		if err := c.Validate(); err != nil && !strings.Contains(s, "point") {
			t.Fatalf("%s read into an invalid centre: %v", s, err)
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back Center
		if err := json.Unmarshal(b, &back); err != nil && c.Validate() == nil {
			t.Fatalf("%s → %s does not read back: %v", s, b, err)
		}
	})
}

// Many sessions at once share one assistant: no errors, no mixing.
func TestConcurrentSessions(t *testing.T) {
	fs := fileStore(t, t.TempDir())
	fs.NoSync = true
	a := chat(t, Options{Store: fs})
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range 12 {
		wg.Go(func() {
			center := []string{"Wilmington, DE", "Dover, DE", ""}[i%3]
			id, err := a.CreateSession(context.Background(), map[bool]*Center{true: {Name: center}, false: nil}[center != ""])
			if err != nil {
				errs <- err
				return
			}
			for _, q := range []string{"pizza near here", "Newark, Delaware", "and by bike?", "how high is Lewes?"} {
				for _, err := range a.Send(context.Background(), id, Message{Text: q}) {
					if err != nil {
						errs <- err
					}
				}
			}
			s, err := a.Session(context.Background(), id)
			if err != nil || len(s.Turns) != 4 || s.Turns[0].Message != "pizza near here" {
				errs <- errors.New("session " + id + " lost or mixed turns")
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if l, _ := a.ListSessions(context.Background()); len(l) != 12 {
		t.Errorf("%d sessions listed", len(l))
	}
}
