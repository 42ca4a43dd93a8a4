package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/enginetest"
)

// onEngine is an assistant whose turns run through an engine, on the
// graph of another assistant (a worker's), and that engine.
func onEngine(t *testing.T, o Options) (*Assistant, *enginetest.Loopback) {
	t.Helper()
	e := &enginetest.Loopback{Runners: chat(t, o).Runners()}
	o.Engine = e
	return chat(t, o), e
}

// A conversation streams the same states, answers and stored session
// whether its turns run here or on an engine (every node in another
// context, its state through JSON).
func TestTurnsOnEngine(t *testing.T) {
	now := time.Date(2026, 11, 25, 14, 30, 0, 0, time.FixedZone("EST", -5*3600))
	o := Options{Now: func() time.Time { return now }}
	local := chat(t, o)
	remote, e := onEngine(t, o)
	msgs := []Message{
		{Text: "hi there"},
		{Text: "pizza near here"},
		{Text: "what's the address of the second one?"},
		{Text: "is the first one open now?"},
		{Text: "how far is Dover from here?"},
		{Text: "and by bike?"},
		{Text: "how high is Dover"},
		{Text: "where am I?"},
		{Text: "what's the elevation here?", Center: &Center{Point: &LatLng{Lat: 38.7746, Lng: -75.1393}, Zoom: 12}},
		{Text: "save this as home", Selected: &Place{Name: "Lewes", Location: LatLng{Lat: 38.7746, Lng: -75.1393}}},
		{Text: "directions home from Dover by bike"},
		{Text: "the fifth one"},
		{Text: "bye"},
	}
	lid, rid := session(t, local, "Wilmington, DE"), session(t, remote, "Wilmington, DE")
	for _, m := range msgs {
		want, got := sendMsg(t, local, lid, m), sendMsg(t, remote, rid, m)
		if w, g := asJSON(t, want), asJSON(t, got); w != g {
			t.Errorf("%q on the engine:\n%s\nhere:\n%s", m.Text, g, w)
		}
	}
	if n := e.Runs.Load(); n != int64(len(msgs)) {
		t.Errorf("the engine ran %d turns, want %d", n, len(msgs))
	}
	ls, err := local.Session(context.Background(), lid)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := remote.Session(context.Background(), rid)
	if err != nil {
		t.Fatal(err)
	}
	ls.ID, rs.ID, ls.Created, rs.Created = "", "", time.Time{}, time.Time{}
	if w, g := asJSON(t, ls), asJSON(t, rs); w != g {
		t.Errorf("stored session on the engine:\n%s\nhere:\n%s", g, w)
	}
}

// A turn that must ask where fails on an engine that cannot keep a run
// waiting, naming why, and stores nothing.
func TestAskOnEngineWithoutAsk(t *testing.T) {
	a, _ := onEngine(t, Options{})
	id := session(t, a, "")
	s := send(t, a, id, "coffee near here")
	if !errors.Is(s.Err, ErrCannotAsk) || s.Answer != nil {
		t.Fatalf("asking turn: %+v", s)
	}
	sess, err := a.Session(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(sess.Turns) != 0 || sess.Waiting != nil {
		t.Errorf("stored %d turns, waiting %+v", len(sess.Turns), sess.Waiting)
	}
	// The place named in the message needs no question.
	mustAnswer(t, send(t, a, id, "coffee near Dover"))
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	if s, ok := v.(said); ok {
		v = struct {
			States []CoordinatorState
			Answer *Answer
			Err    string
		}{s.States, s.Answer, errText(s.Err)}
	}
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
