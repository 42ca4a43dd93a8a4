package mapschat_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/internal/testkit"
)

// offlineEngine loads the embedded maps data once for the HTTP tests.
func offlineEngine(t testing.TB) *geo.Engine {
	t.Helper()
	return geotest.Engine(t)
}

// newAPI is the chat API over the offline engine with no model, as cairn
// serve runs it, and its assistant.
func newAPI(t testing.TB, o mapschat.Options) (*httptest.Server, *mapschat.Assistant) {
	t.Helper()
	a := newChat(t, o)
	mux := http.NewServeMux()
	a.Register(mux, offlineEngine(t))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, a
}

// newChat is an assistant over the offline engine's maps tools with its
// gazetteer, as cairn serve makes it.
func newChat(t testing.TB, o mapschat.Options) *mapschat.Assistant {
	t.Helper()
	reg := geotest.Tools(t)
	gaz := geotest.Gazetteer(t)
	o.Gazetteer, o.Prefer = gaz, gaz.Covered()
	a, err := mapschat.New(reg, o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// sseEvent is one server-sent event.
type sseEvent struct {
	Name string
	Data json.RawMessage
}

// readSSE parses a text/event-stream strictly: every event is "event:"
// then one "data:" line then a blank line.
func readSSE(t testing.TB, r io.Reader) []sseEvent {
	t.Helper()
	var out []sseEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur sseEvent
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.Name == "" || cur.Data == nil {
				t.Fatalf("event without name or data: %+v", cur)
			}
			if !json.Valid(cur.Data) {
				t.Fatalf("event %s: data is not JSON: %s", cur.Name, cur.Data)
			}
			out = append(out, cur)
			cur = sseEvent{}
		case strings.HasPrefix(line, "event: "):
			cur.Name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if cur.Data != nil {
				t.Fatalf("event %s has two data lines", cur.Name)
			}
			cur.Data = json.RawMessage(strings.TrimPrefix(line, "data: "))
		default:
			t.Fatalf("unexpected line %q in the stream", line)
		}
	}
	if cur.Name != "" {
		t.Fatalf("stream ends inside event %s", cur.Name)
	}
	return out
}

func post(t testing.TB, url string, body string) *http.Response {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func createSession(t testing.TB, srv *httptest.Server, body string) string {
	t.Helper()
	res := post(t, srv.URL+"/api/v1/chat/sessions", body)
	defer res.Body.Close()
	var v struct{ ID string }
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil || res.StatusCode != http.StatusCreated || v.ID == "" {
		t.Fatalf("create session %s: %d %v %+v", body, res.StatusCode, err, v)
	}
	return v.ID
}

// sendMessage posts a message and reads the whole stream.
func sendMessage(t testing.TB, srv *httptest.Server, id, body string) (*http.Response, []sseEvent) {
	t.Helper()
	res := post(t, srv.URL+"/api/v1/chat/sessions/"+id+"/messages", body)
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("message %s: %d %s", body, res.StatusCode, b)
	}
	return res, readSSE(t, res.Body)
}

// stateFields are the keys every CoordinatorState carries, empty or not.
var stateFields = []string{"status", "action", "content", "toolsToExecute", "reflection", "nextStep", "reasoning"}

// checkTurn checks a turn's stream: states from analyzing to done, each
// with every field, then one done event with the answer, nothing after.
func checkTurn(t testing.TB, evs []sseEvent) (states []mapschat.CoordinatorState, ans mapschat.Answer) {
	t.Helper()
	if len(evs) < 3 {
		t.Fatalf("%d events, want states and done: %+v", len(evs), evs)
	}
	for i, e := range evs {
		switch e.Name {
		case "state":
			var raw map[string]json.RawMessage
			var st mapschat.CoordinatorState
			if err := json.Unmarshal(e.Data, &raw); err != nil {
				t.Fatal(err)
			}
			for _, f := range stateFields {
				if _, ok := raw[f]; !ok {
					t.Errorf("state %d lacks %q: %s", i, f, e.Data)
				}
			}
			json.Unmarshal(e.Data, &st)
			states = append(states, st)
		case "done":
			if i != len(evs)-1 {
				t.Fatalf("done is event %d of %d", i+1, len(evs))
			}
			var raw map[string]json.RawMessage
			json.Unmarshal(e.Data, &raw)
			for _, f := range []string{"answer", "places"} {
				if _, ok := raw[f]; !ok {
					t.Errorf("done lacks %q: %s", f, e.Data)
				}
			}
			if err := json.Unmarshal(e.Data, &ans); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("event %q: %s", e.Name, e.Data)
		}
	}
	if evs[len(evs)-1].Name != "done" {
		t.Fatalf("last event %q, want done", evs[len(evs)-1].Name)
	}
	if states[0].Status != mapschat.Analyzing || states[len(states)-1].Status != mapschat.Done {
		t.Errorf("states run %s … %s, want analyzing … done", states[0].Status, states[len(states)-1].Status)
	}
	if strings.TrimSpace(ans.Answer) == "" {
		t.Errorf("empty answer")
	}
	return states, ans
}

func getJSON(t testing.TB, url string, v any) int {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if v != nil {
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			t.Fatalf("GET %s: %d, body not JSON: %v", url, res.StatusCode, err)
		}
	}
	return res.StatusCode
}

func do(t testing.TB, method, url string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// TestAPISession: a turn streams as server-sent events; the session then
// holds the turn, its states and the current state; it is listed, and
// gone once deleted.
func TestAPISession(t *testing.T) {
	srv, _ := newAPI(t, mapschat.Options{})
	id := createSession(t, srv, `{"center": {"lat": 39.74, "lng": -75.55}}`)
	res, evs := sendMessage(t, srv, id, `{"message": "coffee near Wilmington, Delaware"}`)
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("Cache-Control %q", cc)
	}
	states, ans := checkTurn(t, evs)

	var s mapschat.Session
	if code := getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &s); code != http.StatusOK {
		t.Fatalf("GET session: %d", code)
	}
	if len(s.Turns) != 1 || s.Turns[0].Message != "coffee near Wilmington, Delaware" {
		t.Fatalf("turns %+v", s.Turns)
	}
	if len(s.Turns[0].States) != len(states) || s.Turns[0].Answer.Answer != ans.Answer {
		t.Errorf("stored turn: %d states, answer %q; streamed %d, %q", len(s.Turns[0].States), s.Turns[0].Answer.Answer, len(states), ans.Answer)
	}
	if s.State == nil || s.State.Status != mapschat.Done {
		t.Errorf("current state %+v, want done", s.State)
	}
	if s.Center == nil || s.Center.Point == nil || s.Center.Point.Lat != 39.74 {
		t.Errorf("center %+v, want the one the session was created with", s.Center)
	}
	// The raw JSON has the fields a client reads.
	res2, _ := http.Get(srv.URL + "/api/v1/chat/sessions/" + id)
	raw, _ := io.ReadAll(res2.Body)
	res2.Body.Close()
	for _, f := range []string{`"turns"`, `"states"`, `"state"`, `"answer"`} {
		if !bytes.Contains(raw, []byte(f)) {
			t.Errorf("GET session lacks %s: %.300s", f, raw)
		}
	}

	other := createSession(t, srv, "")
	var list struct{ Sessions []mapschat.SessionInfo }
	if code := getJSON(t, srv.URL+"/api/v1/chat/sessions", &list); code != http.StatusOK || len(list.Sessions) != 2 {
		t.Fatalf("list: %d %+v", code, list)
	}
	if list.Sessions[0].ID != other && list.Sessions[1].ID != other {
		t.Errorf("list %+v lacks %s", list.Sessions, other)
	}
	if res := do(t, http.MethodDelete, srv.URL+"/api/v1/chat/sessions/"+id); res.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE: %d", res.StatusCode)
	}
	var e mapschat.ErrorResponse
	if code := getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &e); code != http.StatusNotFound || !strings.Contains(e.Error, "no such session") {
		t.Errorf("GET deleted session: %d %+v", code, e)
	}
	if res := do(t, http.MethodDelete, srv.URL+"/api/v1/chat/sessions/"+id); res.StatusCode != http.StatusNotFound {
		t.Errorf("DELETE twice: %d", res.StatusCode)
	}
}

// TestAPIBadInput: every error is a JSON body with a message that says
// what is wrong, and the right status; nothing stored changes.
func TestAPIBadInput(t *testing.T) {
	srv, _ := newAPI(t, mapschat.Options{})
	id := createSession(t, srv, `{"center": "Wilmington, Delaware"}`)
	msgs := srv.URL + "/api/v1/chat/sessions/" + id + "/messages"
	big := strings.Repeat("coffee ", 100<<10/7)
	long := strings.Repeat("coffee ", 10<<10/7)
	for _, c := range []struct {
		name, url, body string
		code            int
		want            string
	}{
		{"unknown session", srv.URL + "/api/v1/chat/sessions/nosuch/messages", `{"message": "hi"}`, 404, "no such session"},
		{"empty message", msgs, `{"message": ""}`, 400, `field "message" is empty`},
		{"blank message", msgs, `{"message": "  \n\t "}`, 400, `field "message" is empty`},
		{"no message field", msgs, `{}`, 400, `field "message" is empty`},
		{"empty body", msgs, ``, 400, "the body is empty"},
		{"not JSON", msgs, `coffee please`, 400, "not a JSON object"},
		{"unknown field", msgs, `{"message": "hi", "mesage": "hi"}`, 400, "mesage"},
		{"message not a string", msgs, `{"message": 42}`, 400, "message"},
		{"100 KB message", msgs, `{"message": "` + big + `"}`, 413, "larger than 64 KiB"},
		{"10 KB message", msgs, `{"message": "` + long + `"}`, 413, "too long"},
		{"center off the globe", msgs, `{"message": "hi", "center": {"lat": 100, "lng": 0}}`, 400, "latitude 100 is outside -90..90"},
		{"center half a position", msgs, `{"message": "hi", "center": {"lat": 39}}`, 400, `needs both "lat" and "lng"`},
		{"session center off the globe", srv.URL + "/api/v1/chat/sessions", `{"center": {"lat": 0, "lng": 200}}`, 400, "longitude 200"},
		{"session body not JSON", srv.URL + "/api/v1/chat/sessions", `{"center":`, 400, "not a JSON object"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := post(t, c.url, c.body)
			defer res.Body.Close()
			var e mapschat.ErrorResponse
			if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
				t.Fatalf("%d, body not JSON: %v", res.StatusCode, err)
			}
			if res.StatusCode != c.code || !strings.Contains(e.Error, c.want) {
				t.Errorf("%d %q; want %d saying %q", res.StatusCode, e.Error, c.code, c.want)
			}
			if strings.Contains(e.Error, "mapschat:") || strings.Contains(e.Error, "json:") {
				t.Errorf("error %q speaks Go, not the user's terms", e.Error)
			}
		})
	}
	var s mapschat.Session
	getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &s)
	if len(s.Turns) != 0 || s.Center == nil || s.Center.Name != "Wilmington, Delaware" {
		t.Errorf("after bad input the session changed: %+v", s)
	}
	var list struct{ Sessions []mapschat.SessionInfo }
	getJSON(t, srv.URL+"/api/v1/chat/sessions", &list)
	if len(list.Sessions) != 1 {
		t.Errorf("bad session requests stored sessions: %+v", list.Sessions)
	}
}

// gatedStore holds Send's read of a session until released, so a test
// can keep a turn running.
type gatedStore struct {
	mapschat.MemSessions
	mu      sync.Mutex
	gate    chan struct{} // nil: no waiting
	waiting chan struct{}
}

func (g *gatedStore) hold() {
	g.mu.Lock()
	g.gate, g.waiting = make(chan struct{}), make(chan struct{}, 16)
	g.mu.Unlock()
}

func (g *gatedStore) release() {
	g.mu.Lock()
	close(g.gate)
	g.gate = nil
	g.mu.Unlock()
}

func (g *gatedStore) Get(ctx context.Context, id string) (*mapschat.Session, error) {
	g.mu.Lock()
	gate, waiting := g.gate, g.waiting
	g.mu.Unlock()
	if gate != nil {
		waiting <- struct{}{}
		select {
		case <-gate:
		case <-ctx.Done():
		}
	}
	return g.MemSessions.Get(ctx, id)
}

// TestAPIBusy: a second message while the first is answered is 409, and
// the first still completes.
func TestAPIBusy(t *testing.T) {
	store := &gatedStore{}
	srv, _ := newAPI(t, mapschat.Options{Store: store})
	id := createSession(t, srv, `{"center": "Dover, Delaware"}`)
	store.hold()
	first := make(chan []sseEvent)
	go func() {
		res := post(t, srv.URL+"/api/v1/chat/sessions/"+id+"/messages", `{"message": "coffee near here"}`)
		defer res.Body.Close()
		first <- readSSE(t, res.Body)
	}()
	<-store.waiting // the first turn holds the session
	res := post(t, srv.URL+"/api/v1/chat/sessions/"+id+"/messages", `{"message": "and pizza?"}`)
	var e mapschat.ErrorResponse
	json.NewDecoder(res.Body).Decode(&e)
	res.Body.Close()
	if res.StatusCode != http.StatusConflict || !strings.Contains(e.Error, "still answering") {
		t.Errorf("second message: %d %q, want 409 saying the session is still answering", res.StatusCode, e.Error)
	}
	if res := do(t, http.MethodDelete, srv.URL+"/api/v1/chat/sessions/"+id); res.StatusCode != http.StatusConflict {
		t.Errorf("DELETE while answering: %d, want 409", res.StatusCode)
	}
	store.release()
	checkTurn(t, <-first)
	var s mapschat.Session
	getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &s)
	if len(s.Turns) != 1 || s.Turns[0].Message != "coffee near here" {
		t.Errorf("turns %+v, want the first message only", s.Turns)
	}
}

// TestAPIClientGone: a client that goes away mid-turn cancels it; nothing
// of it is stored and the session answers the next message.
func TestAPIClientGone(t *testing.T) {
	store := &gatedStore{}
	srv, _ := newAPI(t, mapschat.Options{Store: store})
	id := createSession(t, srv, `{"center": "Dover, Delaware"}`)
	store.hold()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/api/v1/chat/sessions/"+id+"/messages",
			strings.NewReader(`{"message": "coffee near here"}`))
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			_, err = io.ReadAll(res.Body)
			res.Body.Close()
		}
		done <- err
	}()
	<-store.waiting
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("client: %v", err)
	}
	store.mu.Lock()
	store.gate = nil // a later turn does not wait; the held one saw its context end
	store.mu.Unlock()
	// The server notices the client is gone and gives the session back.
	var evs []sseEvent
	testkit.WaitFor(t, "the session to be free", func() bool {
		res := post(t, srv.URL+"/api/v1/chat/sessions/"+id+"/messages", `{"message": "hello"}`)
		defer res.Body.Close()
		if res.StatusCode == http.StatusConflict {
			return false
		}
		if res.StatusCode != http.StatusOK {
			t.Fatalf("next message: %d", res.StatusCode)
		}
		evs = readSSE(t, res.Body)
		return true
	})
	checkTurn(t, evs)
	var s mapschat.Session
	getJSON(t, srv.URL+"/api/v1/chat/sessions/"+id, &s)
	if len(s.Turns) != 1 || s.Turns[0].Message != "hello" {
		t.Errorf("turns %+v: want only the turn that finished", s.Turns)
	}
}

// TestAPIConcurrentSessions: 100 sessions each send 10 messages, all at
// once; every turn answers and every session holds its 10 turns.
func TestAPIConcurrentSessions(t *testing.T) {
	srv, a := newAPI(t, mapschat.Options{})
	const sessions, messages = 100, 10
	msgs := []string{"coffee near Wilmington, Delaware", "hello", "how far is Dover from Wilmington?", "where is Newark, Delaware?", "what can you do?"}
	var wg sync.WaitGroup
	errs := make(chan error, sessions)
	ids := make([]string, sessions)
	for i := range sessions {
		ids[i] = createSession(t, srv, `{"center": "Wilmington, Delaware"}`)
	}
	for i := range sessions {
		wg.Go(func() {
			for j := range messages {
				body, _ := json.Marshal(map[string]string{"message": msgs[(i+j)%len(msgs)]})
				res, err := http.Post(srv.URL+"/api/v1/chat/sessions/"+ids[i]+"/messages", "application/json", bytes.NewReader(body))
				if err != nil {
					errs <- err
					return
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK || !bytes.Contains(b, []byte("event: done\n")) {
					errs <- fmt.Errorf("session %d message %d: %d %.200s", i, j, res.StatusCode, b)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, id := range ids {
		s, err := a.Session(context.Background(), id)
		if err != nil || len(s.Turns) != messages {
			t.Fatalf("session %s: %v, %d turns", id, err, len(s.Turns))
		}
	}
}

// TestFeaturesGeoJSON: the map's data is a GeoJSON FeatureCollection of
// roads and places inside the box asked for; bad parameters are named.
func TestFeaturesGeoJSON(t *testing.T) {
	srv, _ := newAPI(t, mapschat.Options{})
	res, err := http.Get(srv.URL + "/api/v1/maps/features?bbox=-75.57,39.73,-75.53,39.76&zoom=15")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || ct != "application/geo+json" {
		t.Fatalf("%d %s", res.StatusCode, ct)
	}
	var fc struct {
		Type     string
		Features []struct {
			Type     string
			Geometry struct {
				Type        string
				Coordinates json.RawMessage
			}
			Properties map[string]string
		}
		Truncated *bool
	}
	if err := json.NewDecoder(res.Body).Decode(&fc); err != nil {
		t.Fatal(err)
	}
	if fc.Type != "FeatureCollection" || fc.Truncated == nil {
		t.Fatalf("type %q truncated %v", fc.Type, fc.Truncated)
	}
	in := func(c [2]float64) bool { return c[0] > -75.7 && c[0] < -75.4 && c[1] > 39.6 && c[1] < 39.9 }
	kinds := map[string]int{}
	for _, f := range fc.Features {
		kinds[f.Geometry.Type]++
		switch f.Geometry.Type {
		case "LineString":
			var cs [][2]float64
			if err := json.Unmarshal(f.Geometry.Coordinates, &cs); err != nil || len(cs) < 2 || !in(cs[0]) {
				t.Fatalf("line %s: %v", f.Geometry.Coordinates, err)
			}
			if f.Properties["kind"] != "road" || f.Properties["class"] == "" {
				t.Fatalf("road properties %v", f.Properties)
			}
		case "Point":
			var c [2]float64
			if err := json.Unmarshal(f.Geometry.Coordinates, &c); err != nil || !in(c) {
				t.Fatalf("point %s (want [lng, lat] in Wilmington): %v", f.Geometry.Coordinates, err)
			}
			p := f.Properties
			if p["kind"] != "place" || p["name"] == "" || p["type"] == "" || p["place_id"] == "" {
				t.Fatalf("place properties %v", p)
			}
		default:
			t.Fatalf("geometry %q", f.Geometry.Type)
		}
	}
	if kinds["LineString"] < 50 || kinds["Point"] < 5 {
		t.Errorf("features %v: want the streets and places of central Wilmington", kinds)
	}
	for _, c := range []struct{ query, want string }{
		{"zoom=12", "bbox is required"},
		{"bbox=-75.57,39.73,-75.53&zoom=12", "want 4 numbers minLng,minLat,maxLng,maxLat, got 3"},
		{"bbox=-75.57,north,-75.53,39.76&zoom=12", `bbox minLat "north" is not a number`},
		{"bbox=-75.53,39.73,-75.57,39.76&zoom=12", "minLng -75.53 is east of maxLng -75.57"},
		{"bbox=-75.57,39.73,-75.53,95&zoom=12", "maxLat 95 is outside -90..90"},
		{"bbox=-75.57,39.73,-75.53,39.76", "zoom is required"},
		{"bbox=-75.57,39.73,-75.53,39.76&zoom=8.5", `zoom "8.5": want a whole number 0..22`},
		{"bbox=-75.57,39.73,-75.53,39.76&zoom=30", "zoom 30 is outside 0..22"},
	} {
		var e mapschat.ErrorResponse
		if code := getJSON(t, srv.URL+"/api/v1/maps/features?"+c.query, &e); code != 400 || !strings.Contains(e.Error, c.want) || strings.Contains(e.Error, "INVALID_REQUEST") {
			t.Errorf("%s: %d %q, want 400 saying %q", c.query, code, e.Error, c.want)
		}
	}
}

// TestPage: the page and its files are served from the binary, keep to
// this server (a Content-Security-Policy, no outside address), and name
// the API paths the issue lists.
func TestPage(t *testing.T) {
	srv, _ := newAPI(t, mapschat.Options{})
	get := func(path string) (string, http.Header) {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		return string(b), res.Header
	}
	for _, p := range []string{"/", "/chat", "/chat/"} {
		html, h := get(p)
		if !strings.Contains(html, `<script src="/chat/app.js"`) || !strings.HasPrefix(h.Get("Content-Type"), "text/html") ||
			!strings.Contains(h.Get("Content-Security-Policy"), "connect-src 'self'") {
			t.Errorf("GET %s: %s %.200s", p, h, html)
		}
	}
	js, h := get("/chat/app.js")
	if !strings.Contains(h.Get("Content-Type"), "javascript") {
		t.Errorf("app.js Content-Type %q", h.Get("Content-Type"))
	}
	for _, want := range []string{"/api/v1/chat/sessions", "/messages", "/api/v1/maps/features?bbox=", "text/event-stream", "decodePolyline"} {
		if !strings.Contains(js, want) {
			t.Errorf("app.js lacks %q", want)
		}
	}
	css, _ := get("/chat/app.css")
	for name, text := range map[string]string{"app.js": js, "app.css": css} {
		for _, bad := range []string{"http://", "https://", "//cdn", "@import"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s refers outside the server: %q", name, bad)
			}
		}
	}
	if res := do(t, http.MethodGet, srv.URL+"/chat/nothing.js"); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /chat/nothing.js: %d", res.StatusCode)
	}
}

// FuzzChatAPI sends untrusted bodies to the message endpoint: the answer
// is a JSON error with a client status, or a well-formed event stream;
// never a server error.
func FuzzChatAPI(f *testing.F) {
	for _, s := range []string{`{"message": "coffee near here"}`, `{"message": ""}`, `{}`, ``, `null`, `[]`, `"hi"`,
		`{"message": "hi", "center": "Dover"}`, `{"message": "hi", "center": {"lat": 1e400, "lng": 0}}`,
		`{"message": "hi", "center": {"lat": "x"}}`, `{"message": "\u0000"}`, `{"message": "hi"} {}`, "{\"message\": \"\xff\"}"} {
		f.Add([]byte(s))
	}
	srv, _ := newAPI(f, mapschat.Options{})
	id := createSession(f, srv, `{"center": "Wilmington, Delaware"}`)
	f.Fuzz(func(t *testing.T, body []byte) {
		res, err := http.Post(srv.URL+"/api/v1/chat/sessions/"+id+"/messages", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		switch res.StatusCode {
		case http.StatusOK:
			checkTurn(t, readSSE(t, res.Body))
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			var e mapschat.ErrorResponse
			if err := json.NewDecoder(res.Body).Decode(&e); err != nil || e.Error == "" {
				t.Fatalf("%d with body error %v %+v", res.StatusCode, err, e)
			}
		default:
			b, _ := io.ReadAll(res.Body)
			t.Fatalf("body %q: %d %s", body, res.StatusCode, b)
		}
	})
}

// BenchmarkFirstEvent: from sending a message to reading its first
// server-sent event, through a real HTTP connection.
func BenchmarkFirstEvent(b *testing.B) {
	srv, _ := newAPI(b, mapschat.Options{})
	body := []byte(`{"message": "coffee near here"}`)
	var lat []time.Duration
	var id string
	for b.Loop() {
		if len(lat)%10 == 0 { // conversations of 10 messages, as people have them
			b.StopTimer()
			id = createSession(b, srv, `{"center": "Wilmington, Delaware"}`)
			b.StartTimer()
		}
		start := time.Now()
		res, err := http.Post(srv.URL+"/api/v1/chat/sessions/"+id+"/messages", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		br := bufio.NewReader(res.Body)
		line, err := br.ReadString('\n')
		if err != nil || line != "event: state\n" {
			b.Fatalf("first line %q %v", line, err)
		}
		if _, err := br.ReadString('\n'); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
		io.Copy(io.Discard, br) // the turn finishes before the next message
		res.Body.Close()
	}
	reportPercentiles(b, lat)
}

// BenchmarkServerTurn: one policy turn, analyzing to done, on the
// offline engine, as the server runs it (Send, no HTTP).
func BenchmarkServerTurn(b *testing.B) {
	_, a := newAPI(b, mapschat.Options{})
	ctx := context.Background()
	msgs := []string{"coffee near here", "how far is Dover from here?", "where is Newark, Delaware?", "hello"}
	var lat []time.Duration
	var id string
	i := 0
	for b.Loop() {
		if i%10 == 0 {
			b.StopTimer()
			var err error
			if id, err = a.CreateSession(ctx, &mapschat.Center{Name: "Wilmington, Delaware"}); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		start := time.Now()
		for _, err := range a.Send(ctx, id, mapschat.Message{Text: msgs[i%len(msgs)]}) {
			if err != nil {
				b.Fatal(err)
			}
		}
		lat = append(lat, time.Since(start))
		i++
	}
	reportPercentiles(b, lat)
}

func reportPercentiles(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	s := append([]time.Duration(nil), d...)
	slices.Sort(s)
	b.ReportMetric(float64(s[len(s)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(s[len(s)*95/100].Microseconds())/1000, "p95-ms")
}

// FuzzFeaturesQuery sends untrusted bbox and zoom values: the answer is
// GeoJSON or a 400 naming the parameter, never a server error.
func FuzzFeaturesQuery(f *testing.F) {
	for _, s := range [][2]string{{"-75.57,39.73,-75.53,39.76", "15"}, {"-180,-90,180,90", "22"}, {"-180,-85,180,85", "0"},
		{"1,2,3", "4"}, {"nan,0,1,1", "3"}, {"-75.5,39.7,-75.6,39.8", "12"}, {"0,0,0,0", "-1"}, {"1e308,0,1,1", "2"}, {"", ""}} {
		f.Add(s[0], s[1])
	}
	srv, _ := newAPI(f, mapschat.Options{})
	f.Fuzz(func(t *testing.T, bbox, zoom string) {
		q := url.Values{"bbox": {bbox}, "zoom": {zoom}}
		res, err := http.Get(srv.URL + "/api/v1/maps/features?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		switch res.StatusCode {
		case http.StatusOK:
			var fc struct{ Type string }
			if err := json.Unmarshal(b, &fc); err != nil || fc.Type != "FeatureCollection" {
				t.Fatalf("bbox %q zoom %q: %v %.200s", bbox, zoom, err, b)
			}
		case http.StatusBadRequest:
			var e mapschat.ErrorResponse
			if err := json.Unmarshal(b, &e); err != nil || !(strings.Contains(e.Error, "bbox") || strings.Contains(e.Error, "zoom")) {
				t.Fatalf("bbox %q zoom %q: 400 %s does not name the parameter", bbox, zoom, b)
			}
		default:
			t.Fatalf("bbox %q zoom %q: %d %s", bbox, zoom, res.StatusCode, b)
		}
	})
}

// TestFeaturesWithoutEngine: a server without the offline engine says so.
func TestFeaturesWithoutEngine(t *testing.T) {
	mux := http.NewServeMux()
	newChat(t, mapschat.Options{}).Register(mux, nil)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	var e mapschat.ErrorResponse
	if code := getJSON(t, srv.URL+"/api/v1/maps/features?bbox=-75.57,39.73,-75.53,39.76&zoom=15", &e); code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "no map data") {
		t.Errorf("%d %q", code, e.Error)
	}
}
