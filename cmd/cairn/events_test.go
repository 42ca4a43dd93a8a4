package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/events"
	"github.com/cairn-agents/cairn/internal/testkit"
)

// TestEventsCLI: index add, list, a run on the shared conferences (JSON
// on stdout, progress on stderr), settings from the config's events:
// section, remove, and the errors of bad input.
func TestEventsCLI(t *testing.T) {
	data := testkit.Shared(t, "data/events/tech-conferences")
	t.Setenv("TAVILY_API_KEY", "") // offline, whatever the machine has
	t.Setenv("SEARXNG_URL", "")
	dir := t.TempDir()
	idx := filepath.Join(dir, "index")
	out, _, err := runCairn(t, "events", "--events-dir", idx, "index", "add", filepath.Join(data, "2026"))
	if err != nil || !strings.Contains(out, "duplicates stored once") {
		t.Fatalf("add: %v\n%s", err, out)
	}
	out, _, err = runCairn(t, "events", "--events-dir", idx, "index", "list")
	if err != nil || !strings.Contains(out, filepath.Join(data, "2026", "javascript.json")) {
		t.Fatalf("list: %v\n%s", err, out)
	}
	cfg := filepath.Join(dir, "cairn.yaml")
	os.WriteFile(cfg, []byte("events:\n  max_events_output: 4\n  min-score-threshold: 70\n"), 0o644)
	out, errOut, err := runCairn(t, "--config", cfg, "events", "--events-dir", idx, "tech conferences in Berlin in 2026", "--today", "2026-01-15")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, errOut)
	}
	var r events.Response
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("stdout is not the answer: %v\n%s", err, out)
	}
	if len(r.Events) != 4 || r.Today != "2026-01-15" || r.GateDecision == "" {
		t.Errorf("%s with %d events", r.GateDecision, len(r.Events))
	}
	for _, e := range r.Events {
		if e.Score < 70 || e.City != "Berlin" {
			t.Errorf("%+v", e)
		}
	}
	if !strings.Contains(errOut, "researcher") || !strings.Contains(errOut, "publisher") {
		t.Errorf("no progress on stderr:\n%s", errOut)
	}
	profile := filepath.Join(dir, "profile.json")
	os.WriteFile(profile, []byte(`{"location": "Berlin", "interests": ["technology"], "time_frame": {"from": "2026-06-01", "to": "2026-06-30"}}`), 0o644)
	out, _, err = runCairn(t, "events", "--events-dir", idx, "--profile", profile, "--today", "2026-01-15", "-q")
	if err != nil || !strings.Contains(out, "was 2026-06-01..2026-06-30") {
		t.Errorf("profile: %v\n%.300s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"events", "--events-dir", idx}, "events needs a REQUEST argument or --profile FILE"},
		{[]string{"events", "--events-dir", idx, "x in Berlin", "--today", "soon"}, "reference day is not a date"},
		{[]string{"events", "--events-dir", idx, "x", "--profile", cfg}, "not a profile"},
		{[]string{"events", "--events-dir", idx, "x", "--search", "bing"}, `--search "bing"`},
		{[]string{"events", "--events-dir", idx, "x", "--search", "tavily", "--tavily-key", ""}, "needs --tavily-key"},
		{[]string{"events", "--events-dir", idx, "x", "--dedup-similarity-threshold", "2"}, "dedup_similarity_threshold is 2"},
		{[]string{"events", "--events-dir", idx, "index", "remove", "/nowhere.json"}, "cairn events index list"},
	} {
		if _, _, err := runCairn(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
	out, _, err = runCairn(t, "events", "--events-dir", idx, "index", "remove", filepath.Join(data, "2026"))
	if err != nil || !strings.Contains(out, "the index holds 0 records") {
		t.Errorf("remove: %v %s", err, out)
	}
}

// TestServeEvents: cairn serve's events route answers the search and
// names what is wrong with a bad body.
func TestServeEvents(t *testing.T) {
	c := &cli{stdout: io.Discard, stderr: io.Discard}
	mux, closeAll, served := newServeMux(context.Background(), c, map[string]routeRegistrar{"events": eventsRoute(&eventsFlags{dir: t.TempDir()})})
	defer closeAll()
	if len(served) != 1 || served[0] != "events" {
		t.Fatalf("served %v", served)
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/v1/events/search", "application/json", strings.NewReader(`{"request": "public holidays in Germany in October 2026", "today": "2026-01-15"}`))
	if err != nil {
		t.Fatal(err)
	}
	var r events.Response
	json.NewDecoder(resp.Body).Decode(&r)
	resp.Body.Close()
	if resp.StatusCode != 200 || !slices.ContainsFunc(r.Events, func(e events.Event) bool { return e.Title == "Tag der Deutschen Einheit" && e.Start == "2026-10-03" }) {
		t.Errorf("%d: %+v", resp.StatusCode, r)
	}
	resp, err = http.Post(srv.URL+"/api/v1/events/search", "application/json", strings.NewReader(`{"question": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || !strings.Contains(string(b), `unknown field \"question\"`) {
		t.Errorf("%d %s", resp.StatusCode, b)
	}
}
