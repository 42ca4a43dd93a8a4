package mapschat_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/geo"
)

// TestAPIAsksWhere: over the HTTP API, "coffee near here" in a session
// with no centre streams states that end with the question; the session
// shows the question while it waits; the next message answers it, the
// run goes on from the state it paused in and finishes with coffee
// places near the answered place.
func TestAPIAsksWhere(t *testing.T) {
	srv, _ := newAPI(t, mapschat.Options{})
	id := createSession(t, srv, "")
	_, evs := sendMessage(t, srv, id, `{"message": "coffee near here"}`)
	var states []mapschat.CoordinatorState
	var ans mapschat.Answer
	for _, e := range evs {
		switch e.Name {
		case "state":
			var st mapschat.CoordinatorState
			mustJSON(t, e.Data, &st)
			states = append(states, st)
		case "done":
			mustJSON(t, e.Data, &ans)
		}
	}
	if len(states) == 0 || evs[len(evs)-1].Name != "done" {
		t.Fatalf("stream %+v", evs)
	}
	last := states[len(states)-1]
	const question = "Where should I look for coffee"
	if states[0].Status != mapschat.Analyzing || last.Status != mapschat.Responding || !strings.Contains(last.Content, question) ||
		!strings.Contains(ans.Answer, question) || len(ans.Places) != 0 {
		t.Fatalf("asking turn: states %+v, answer %q", states, ans.Answer)
	}

	var s mapschat.Session
	if code := getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &s); code != http.StatusOK {
		t.Fatalf("GET session: %d", code)
	}
	if s.Waiting == nil || s.Waiting.Question != ans.Answer || s.Waiting.RunID == "" || s.State == nil || s.State.Status != mapschat.Responding {
		t.Fatalf("the waiting session: waiting %+v, state %+v", s.Waiting, s.State)
	}
	res, err := http.Get(srv.URL + "/api/v1/chat/sessions/" + id)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Contains(raw, []byte(`"waiting":{"run_id":`)) || !bytes.Contains(raw, []byte(`"question":"`+question)) {
		t.Errorf("GET session does not show the question: %.400s", raw)
	}

	_, evs = sendMessage(t, srv, id, `{"message": "Wilmington, Delaware"}`)
	states, ans = nil, mapschat.Answer{}
	for _, e := range evs {
		switch e.Name {
		case "state":
			var st mapschat.CoordinatorState
			mustJSON(t, e.Data, &st)
			states = append(states, st)
		case "done":
			mustJSON(t, e.Data, &ans)
		}
	}
	if len(states) < 2 || states[0].Status != mapschat.Responding || states[len(states)-1].Status != mapschat.Done {
		t.Fatalf("the answer should go on from responding to done: %+v", states)
	}
	if len(ans.Places) == 0 || !strings.Contains(ans.Answer, "coffee") {
		t.Fatalf("answered turn: %q with %d places", ans.Answer, len(ans.Places))
	}
	wilmington := geo.LatLng{Lat: 39.7391, Lng: -75.5398}
	for _, p := range ans.Places {
		if d := geo.Distance(wilmington, geo.LatLng(p.Location)); d > 15_000 {
			t.Errorf("%s (%s) is %.0f km from Wilmington", p.Name, p.Address, d/1000)
		}
	}
	s = mapschat.Session{}
	getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &s)
	if s.Waiting != nil || len(s.Turns) != 2 || s.State == nil || s.State.Status != mapschat.Done {
		t.Errorf("after the answer: waiting %+v, %d turns, state %+v", s.Waiting, len(s.Turns), s.State)
	}
}

func mustJSON(t testing.TB, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
}
