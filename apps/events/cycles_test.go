package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/llm"
)

var festivals = []string{"Lantern Street Festival", "Karneval der Kulturen Parade", "Spree River Regatta", "Tempelhof Kite Festival",
	"Fireworks over the Spree", "Pride Parade Kreuzberg", "Jazz Night Concert Mitte", "Open Air Opera Gendarmenmarkt",
	"Easter Market Alexanderplatz", "Spring Marathon", "Britz Flower Show", "Dance Parade Friedrichshain",
	"Street Food Market Neukoelln", "Light Art Festival Museum Island", "Circus Show Treptow", "Costume Procession Spandau"}

func festivalRecords(t testing.TB, n int, start string) []eventdata.Record {
	var out []eventdata.Record
	for i, title := range festivals[:n] {
		d := fmt.Sprintf("%s%02d", start[:8], 1+i)
		out = append(out, rec(t, title, d, d, eventdata.KindEvent))
	}
	return out
}

const berlinMarch = "photo-worthy festivals in Berlin in March 2026"

// TestGateApproves: enough good events in the first cycle.
func TestGateApproves(t *testing.T) {
	a := memApp(t, festivalRecords(t, 16, "2026-03-01"), Options{})
	r, err := a.Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if r.GateDecision != Approve || r.Iterations.Workflow != 1 || len(r.Events) != 15 {
		t.Fatalf("%s after %d cycles with %d events; notes %q", r.GateDecision, r.Iterations.Workflow, len(r.Events), r.Notes)
	}
	for i, e := range r.Events {
		if i > 0 && e.Score > r.Events[i-1].Score {
			t.Errorf("not by score: %d after %d", e.Score, r.Events[i-1].Score)
		}
		if e.Score < 60 || len(e.Evidence) == 0 || e.Evidence[0].Source != "test events.json:1" || e.Temporality != Future || len(e.ScoreReasons) == 0 {
			t.Errorf("event %+v", e)
		}
	}
	if m := r.Metrics; m.Editor.Runs != 1 || m.Researcher.Runs != 1 || m.Publisher.Counts["published"] != 15 || m.FactChecker.Counts["searches"] != 16 {
		t.Errorf("metrics %+v", m)
	}
}

// TestGateRetriesThenPublishesBest: too few events; three workflow
// cycles, each refining the profile; then the best result so far with
// the gate's decision and why.
func TestGateRetriesThenPublishesBest(t *testing.T) {
	a := memApp(t, festivalRecords(t, 3, "2026-03-01"), Options{})
	r, err := a.Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if r.GateDecision != Retry || r.Iterations.Workflow != 3 || len(r.Events) != 3 || !strings.Contains(r.RetryFeedback, "3 of 15 wanted events") {
		t.Fatalf("%s after %d cycles with %d events, feedback %q", r.GateDecision, r.Iterations.Workflow, len(r.Events), r.RetryFeedback)
	}
	notes := strings.Join(r.Notes, "\n")
	for _, want := range []string{"retry 1: the Editor refined the profile: nearby cities within 100 km of Berlin", "retry 2: the Editor refined the profile: wider time frame", "stopped after 3 workflow cycles with the gate still at RETRY", "published the best result so far: cycle 1, 3 event(s)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if r.Metrics.Editor.Runs != 3 || r.Metrics.Publisher.Runs != 3 {
		t.Errorf("editor %d, publisher %d runs", r.Metrics.Editor.Runs, r.Metrics.Publisher.Runs)
	}
	// The best result's profile is the one published with it.
	if r.Profile.TimeFrame != (TimeFrame{From: "2026-03-01", To: "2026-03-31"}) || r.Profile.RadiusKm != 0 {
		t.Errorf("profile %+v", r.Profile)
	}
}

// TestGateRejects: a place nobody knows, a frame already over, and a
// place and time no source covers: REJECT with why, no events.
func TestGateRejects(t *testing.T) {
	a := memApp(t, festivalRecords(t, 5, "2025-03-01"), Options{})
	for _, c := range []struct{ text, why string }{
		{"festivals in Xyzzyville next month", `the place "Xyzzyville" is not one the gazetteer knows`},
		{"festivals in Berlin in March 2025", "is over before today (2026-01-15)"},
		{berlinMarch, "no source holds a future event for Berlin"},
	} {
		r, err := a.Search(context.Background(), Request{Text: c.text, Today: "2026-01-15"})
		if err != nil {
			t.Fatal(err)
		}
		if r.GateDecision != Reject || len(r.Events) != 0 || r.Events == nil || !strings.Contains(strings.Join(r.Notes, "\n"), c.why) {
			t.Errorf("%q: %s, %d events, notes %q", c.text, r.GateDecision, len(r.Events), r.Notes)
		}
	}
}

// TestScriptedModelKeepsProducingPastEvents: a researcher model that
// only proposes vague or past events (new ones every time) is stopped by
// both bounds: three Researcher passes per cycle, three cycles.
func TestScriptedModelKeepsProducingPastEvents(t *testing.T) {
	var replies []string
	for i := range 12 {
		replies = append(replies, fmt.Sprintf(`{"leads":[{"title":"Winter Lantern Walk %d","start":"2020-12-%02d","city":"Berlin","country":"Germany"},{"title":"a festival sometime in summer"}],"reasoning":"past events"}`, i, i+1))
	}
	m := llm.Script(replies...)
	m.Loop = true
	a := memApp(t, nil, Options{Models: roleModels{"researcher": m}})
	r, err := a.Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Iterations.Workflow != 3 || r.Iterations.Researcher != 3 || m.Calls() != 9 || r.Metrics.Researcher.ModelDecisions != 9 {
		t.Fatalf("workflow %d, researcher %d, model calls %d, metrics %+v", r.Iterations.Workflow, r.Iterations.Researcher, m.Calls(), r.Metrics.Researcher)
	}
	if r.GateDecision != Reject || len(r.Events) != 0 {
		t.Errorf("%s with %d events", r.GateDecision, len(r.Events))
	}
	if r.Metrics.Researcher.Counts["dropped"] != 9 || !strings.Contains(strings.Join(r.Notes, "\n"), `"a festival sometime in summer" is generic`) {
		t.Errorf("dropped %d; notes %q", r.Metrics.Researcher.Counts["dropped"], r.Notes)
	}
	// The second pass told the model what failed.
	if req := m.Requests()[1]; !strings.Contains(req.Messages[len(req.Messages)-1].Content, "Winter Lantern Walk 0: past: it ended 2020-12-01") {
		t.Errorf("second request: %+v", req.Messages[len(req.Messages)-1].Content)
	}
}

type roleModels map[string]llm.Model

func (r roleModels) For(role string) llm.Model { return r[role] }

// TestBrokenModelFallsBack: every role's model answers garbage; the
// policies decide and the run is the no-model run.
func TestBrokenModelFallsBack(t *testing.T) {
	recs := festivalRecords(t, 16, "2026-03-01")
	bad := llm.Script("not json")
	bad.Loop = true
	all := roleModels{}
	for _, role := range []string{nodeEditor, nodeResearcher, nodeVerifier, nodePublisher} {
		all[role] = bad
	}
	want, err := memApp(t, recs, Options{}).Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := memApp(t, recs, Options{Models: all}).Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got.Events, want.Events, func(a, b Event) bool { return a.Title == b.Title && a.Score == b.Score }) || got.GateDecision != want.GateDecision {
		t.Errorf("with a broken model: %s %d events; without: %s %d", got.GateDecision, len(got.Events), want.GateDecision, len(want.Events))
	}
	if got.Metrics.Editor.ModelDecisions != 0 || got.Metrics.Editor.PolicyDecisions != 1 || bad.Calls() == 0 {
		t.Errorf("editor metrics %+v, %d model calls", got.Metrics.Editor, bad.Calls())
	}
}

// TestModelGateContradicted: a publisher model approving nothing is
// overruled.
func TestModelGateContradicted(t *testing.T) {
	m := llm.Script(`{"decision":"APPROVE","feedback":"looks great","reasoning":"r"}`)
	m.Loop = true
	a := memApp(t, festivalRecords(t, 5, "2025-03-01"), Options{Models: roleModels{"publisher": m}})
	r, err := a.Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	if r.GateDecision != Reject || len(r.Events) != 0 {
		t.Errorf("%s with %d events", r.GateDecision, len(r.Events))
	}
}

func TestBadInput(t *testing.T) {
	a := memApp(t, festivalRecords(t, 3, "2026-03-01"), Options{})
	ctx := context.Background()
	if _, err := a.Search(ctx, Request{Text: "  "}); !errors.Is(err, ErrEmptyRequest) {
		t.Errorf("empty: %v", err)
	}
	long := strings.Repeat("festivals in Berlin ", 100<<10/20)
	if _, err := a.Search(ctx, Request{Text: long}); !errors.Is(err, ErrLongRequest) || !strings.Contains(err.Error(), "characters, the limit is 4000") {
		t.Errorf("100 KB: %v", err)
	}
	if _, err := a.Search(ctx, Request{Text: berlinMarch, Today: "tomorrow"}); !errors.Is(err, ErrBadToday) {
		t.Errorf("bad today: %v", err)
	}
	if _, err := a.Search(ctx, Request{Profile: &Profile{TimeFrame: TimeFrame{From: "March"}}}); !errors.Is(err, ErrBadProfile) || !strings.Contains(err.Error(), "time_frame.from") {
		t.Errorf("bad profile: %v", err)
	}
	// A backend down or rate-limited: partial results, labelled.
	recs := festivalRecords(t, 3, "2026-03-01")
	for _, fail := range []error{fmt.Errorf("tavily: %w (HTTP 503)", eventdata.ErrUnavailable), &eventdata.RateLimitError{Source: "tavily", RetryAfter: 60e9}} {
		a := memApp(t, recs, Options{Searcher: &memSource{name: "tavily", err: fail}})
		r, err := a.Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15"})
		if err != nil {
			t.Fatal(err)
		}
		notes := strings.Join(r.Notes, "\n")
		if len(r.Events) != 3 || !strings.Contains(notes, "partial: 3 evidence search(es) failed") || !strings.Contains(notes, fail.Error()) {
			t.Errorf("%v: %d events, notes %s", fail, len(r.Events), notes)
		}
	}
	down := eventdata.Sources{&memSource{name: "test", recs: recs}, &memSource{name: "web", err: eventdata.ErrUnavailable}}
	r, err := memApp(t, nil, Options{Sources: down}).Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil || len(r.Events) != 3 || !strings.Contains(strings.Join(r.Notes, "\n"), "partial: event source web failed") {
		t.Errorf("a source down: %v, %d events, %q", err, len(r.Events), r.Notes)
	}
}

func TestAPI(t *testing.T) {
	a := memApp(t, festivalRecords(t, 3, "2026-03-01"), Options{})
	mux := http.NewServeMux()
	a.Register(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	post := func(body string) (int, string) {
		resp, err := http.Post(srv.URL+"/api/v1/events/search", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := post(`{"request": "` + berlinMarch + `", "today": "2026-01-15"}`)
	var r map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &r); err != nil || code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	for _, k := range []string{"request", "today", "profile", "events", "gate_decision", "retry_feedback", "iterations", "metrics", "notes"} {
		if _, ok := r[k]; !ok {
			t.Errorf("answer lacks %q", k)
		}
	}
	var ev []map[string]any
	json.Unmarshal(r["events"], &ev)
	if len(ev) != 3 {
		t.Fatalf("events %s", r["events"])
	}
	for _, k := range []string{"title", "start", "end", "venue", "city", "country", "url", "score", "score_reasons", "temporality", "evidence"} {
		if _, ok := ev[0][k]; !ok {
			t.Errorf("event lacks %q", k)
		}
	}
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{"", 400, "body is empty"},
		{"{", 400, "not a JSON object"},
		{`{"query": "x"}`, 400, `unknown field "query"`},
		{`{"request": ""}`, 400, `field "request" is empty`},
		{`{"request": "x", "today": "soon"}`, 400, `field "today"`},
		{`{"request": "x"} {}`, 400, "data after"},
		{`{"request": "` + strings.Repeat("a", 100<<10) + `"}`, 413, "larger than 32 KiB"},
		{`{"request": "` + strings.Repeat("a", 5000) + `"}`, 400, "the limit is 4000"},
	} {
		code, body := post(c.body)
		var e ErrorResponse
		if json.Unmarshal([]byte(body), &e) != nil || code != c.code || !strings.Contains(e.Error, c.want) || e.Success {
			t.Errorf("%.40q: %d %s", c.body, code, body)
		}
	}
}

// TestModelProfileChecked: an editor model that moves a place and time
// frame the request states is not followed on the first cycle; its
// vocabulary interests and keywords are added.
func TestModelProfileChecked(t *testing.T) {
	m := llm.Script(`{"interests":["music","zzqx"],"location":"Paris","from":"2030-01-01","to":"2030-01-31","search_keywords":["jazz"],"researcher_guidance":"look for jazz","reasoning":"r"}`)
	m.Loop = true
	a := memApp(t, festivalRecords(t, 16, "2026-03-01"), Options{Models: roleModels{nodeEditor: m}})
	r, err := a.Search(context.Background(), Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Profile
	if p.Place == nil || p.Place.Name != "Berlin" || p.TimeFrame != (TimeFrame{From: "2026-03-01", To: "2026-03-31"}) {
		t.Errorf("place %v, frame %+v", p.Place, p.TimeFrame)
	}
	if !slices.Contains(p.Interests, "festival") || !slices.Contains(p.Interests, "music") || slices.Contains(p.Interests, "zzqx") ||
		!slices.Contains(p.SearchKeywords, "jazz") || p.ResearcherGuidance != "look for jazz" || r.Metrics.Editor.ModelDecisions != 1 {
		t.Errorf("profile %+v, editor %+v", p, r.Metrics.Editor)
	}
	if r.GateDecision != Approve || len(r.Events) != 15 {
		t.Errorf("%s with %d events", r.GateDecision, len(r.Events))
	}
}
