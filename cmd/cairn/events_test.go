package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
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

// TestServeEvents: cairn serve's events route answers the search, a
// review and its answer, and names what is wrong with a bad body.
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
	// A review waits in the events directory and the answer route
	// publishes it.
	resp, err = http.Post(srv.URL+"/api/v1/events/search", "application/json", strings.NewReader(`{"request": "public holidays in Germany in October 2026", "today": "2026-01-15", "review": true}`))
	if err != nil {
		t.Fatal(err)
	}
	var w events.Response
	json.NewDecoder(resp.Body).Decode(&w)
	resp.Body.Close()
	if resp.StatusCode != 200 || w.Status != "waiting" || w.RunID == "" {
		t.Fatalf("review: %d %s %q", resp.StatusCode, w.Status, w.RunID)
	}
	resp, err = http.Post(srv.URL+"/api/v1/events/runs/"+w.RunID+"/answer", "application/json", strings.NewReader(`{"answer": "approve"}`))
	if err != nil {
		t.Fatal(err)
	}
	r = events.Response{}
	json.NewDecoder(resp.Body).Decode(&r)
	resp.Body.Close()
	if resp.StatusCode != 200 || r.Status != "done" || r.GateDecision != events.Approve || len(r.Events) != len(w.Events) {
		t.Errorf("answer: %d %s %s with %d events", resp.StatusCode, r.Status, r.GateDecision, len(r.Events))
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

// cairnProcess runs the test binary as `cairn ARGS` in a process of its
// own (TestHelperMain; no argument may hold a space) and returns its
// stdout, stderr and exit code.
func cairnProcess(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	for _, a := range args {
		if strings.ContainsAny(a, " \t\n") {
			t.Fatalf("argument %q has a space", a)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperMain$")
	cmd.Env = append(os.Environ(), "CAIRN_MAIN_HELPER="+strings.Join(args, " "))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), errb.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), 0
}

// TestEventsReviewCLI: `events --review` ends its process with the
// shortlist waiting and a run ID; `events resume ID approve` in another
// process publishes it; a second answer, an unknown run and an answer
// other than approve|reject are errors that change nothing; reject
// publishes nothing.
func TestEventsReviewCLI(t *testing.T) {
	t.Setenv("TAVILY_API_KEY", "")
	t.Setenv("SEARXNG_URL", "")
	dir := t.TempDir()
	idx := filepath.Join(dir, "index")
	profile := filepath.Join(dir, "profile.json")
	os.WriteFile(profile, []byte(`{"location": "Germany", "interests": ["public holidays"], "time_frame": {"from": "2026-10-01", "to": "2026-12-31"}}`), 0o644)
	search := []string{"events", "--events-dir", idx, "--profile", profile, "--today", "2026-01-15", "--review", "-q"}

	out, errOut, code := cairnProcess(t, search...)
	var w events.Response
	if err := json.Unmarshal([]byte(out), &w); err != nil || code != 0 {
		t.Fatalf("exit %d: %v\n%s\n%s", code, err, out, errOut)
	}
	if w.Status != "waiting" || w.RunID == "" || len(w.Events) == 0 || !slices.Equal(w.Options, []string{"approve", "reject"}) ||
		w.Question != fmt.Sprintf("Publish these %d events?", len(w.Events)) {
		t.Fatalf("%s %q %q %q with %d events", w.Status, w.RunID, w.Question, w.Options, len(w.Events))
	}
	hint := "cairn events --events-dir " + idx + " resume " + w.RunID + " approve|reject"
	if !strings.Contains(errOut, hint) {
		t.Errorf("stderr lacks %q:\n%s", hint, errOut)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"events", "--events-dir", idx, "resume", w.RunID, "yes"}, `the answer is not approve or reject: "yes"`},
		{[]string{"events", "--events-dir", idx, "resume", "20260101T000000-0123456789abcdef", "approve"}, `no such run: "20260101T000000-0123456789abcdef"`},
		{[]string{"events", "--events-dir", idx, "resume", w.RunID}, "accepts 2 arg(s)"},
	} {
		if _, _, err := runCairn(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}

	out, errOut, code = cairnProcess(t, "events", "--events-dir", idx, "resume", w.RunID, "approve", "-q")
	var r events.Response
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 {
		t.Fatalf("resume: exit %d: %v\n%s\n%s", code, err, out, errOut)
	}
	if r.Status != "done" || r.GateDecision != events.Approve || len(r.Events) != len(w.Events) || r.Events[0].Title != w.Events[0].Title {
		t.Fatalf("approved: %s %s with %d events", r.Status, r.GateDecision, len(r.Events))
	}
	if _, _, err := runCairn(t, "events", "--events-dir", idx, "resume", w.RunID, "approve"); err == nil || !strings.Contains(err.Error(), "not waiting for a review") || !strings.Contains(err.Error(), w.RunID) {
		t.Errorf("second answer: %v", err)
	}

	out, _, err := runCairn(t, search...)
	if err != nil || json.Unmarshal([]byte(out), &w) != nil || w.Status != "waiting" {
		t.Fatalf("second review: %v %.200s", err, out)
	}
	out, _, err = runCairn(t, "events", "--events-dir", idx, "resume", w.RunID, "reject", "-q")
	if err != nil || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("reject: %v %.200s", err, out)
	}
	if r.GateDecision != events.Reject || len(r.Events) != 0 || !strings.Contains(strings.Join(r.Notes, "\n"), "the reviewer rejected") {
		t.Errorf("rejected: %s with %d events, notes %q", r.GateDecision, len(r.Events), r.Notes)
	}
}

// eventsEngineCases are TestEnginesAgree's rows for cairn events: a
// search over the shared tech conferences (holidays only without them),
// and a search with --review answered by 'events resume' (on Temporal
// the run waits on the cluster).
func eventsEngineCases(t *testing.T) []engineCase {
	dir := t.TempDir()
	if data, ok := testkit.SharedPath("data/events/tech-conferences"); ok {
		if out, _, err := runCairn(t, "events", "--events-dir", dir, "index", "add", data); err != nil {
			t.Fatalf("events index add: %v\n%s", err, out)
		}
	}
	search := func(review bool, request string) []string {
		args := []string{"events", "--events-dir", dir, "--today", "2026-01-15", request}
		if review {
			args = append(args, "--review")
		}
		return args
	}
	resume := func(answer string) func(*testing.T, string) []string {
		return func(t *testing.T, stdout string) []string {
			var r events.Response
			if err := json.Unmarshal([]byte(stdout), &r); err != nil || r.Status != events.StatusWaiting {
				t.Fatalf("not waiting for a review: %v\n%s", err, stdout)
			}
			return []string{"events", "--events-dir", dir, "resume", r.RunID, answer}
		}
	}
	worker := []string{"--events-dir", dir}
	times := dropLines(`"time_ms"`, `"run_id"`)
	return []engineCase{
		{name: "events", args: search(false, "tech conferences in Berlin in 2026"), worker: worker, normalize: times},
		{name: "events --review, resume approve", args: search(true, "photo-worthy festivals in Berlin in May 2026"),
			then: resume(events.ReviewApprove), worker: worker, normalize: times},
		{name: "events --review, resume reject", args: search(true, "developer conferences in Germany in March 2026"),
			then: resume(events.ReviewReject), worker: worker, normalize: times},
	}
}
