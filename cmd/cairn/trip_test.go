package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTripTaskFile(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trip.jsonl")
	out, stderr, err := runCairn(t, "trip", "--task", "../../apps/roadtrip/testdata/tasks/delaware_trip_0002.json", "--trace", trace)
	if err != nil {
		t.Fatalf("trip: %v\n%s", err, stderr)
	}
	var ans struct {
		Start  string `json:"starting_city"`
		Routes []struct {
			Cities []string `json:"cities_visited"`
		} `json:"routes"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatalf("stdout is not bare JSON: %v\n%s", err, out)
	}
	if ans.Start != "Wilmington" || len(ans.Routes) != 2 || len(ans.Routes[0].Cities) != 3 {
		t.Errorf("answer = %s", out)
	}
	for _, want := range []string{"Thought:", "Action: plan_routes", "maps_search_places", "maps_distance_matrix"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if b, err := os.ReadFile(trace); err != nil || !strings.Contains(string(b), `"tool_call"`) {
		t.Errorf("trace file: %v, %d bytes", err, len(b))
	}
}

func TestTripBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"trip"}, "QUESTION"},
		{[]string{"trip", "from 'Dover' to 'Lewes'", "--format", "{not json"}, "--format: not valid JSON"},
		{[]string{"trip", "--task", "/nonexistent/task.json"}, "--task"},
	} {
		_, _, err := runCairn(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want it to mention %q", c.args, err, c.want)
		}
	}
}

func TestTripUnsupportedAndFormat(t *testing.T) {
	out, stderr, err := runCairn(t, "trip", "Check tomorrow's weather forecast, then find a park in Dover for us to meet",
		"--format", `{"stops":[{"name":"NAME","place id":"Place ID","place type":"TYPE"}]}`, "-q")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(out) != `{"stops":[]}` || !strings.Contains(stderr, "unsupported:") {
		t.Errorf("out %q stderr %q", out, stderr)
	}
}

// A free-form question is understood; one that names no destination, or
// a place the map does not know, gets the empty answer on stdout, a
// message on stderr naming what is missing, and no error.
func TestTripFreeFormAndUnclear(t *testing.T) {
	out, stderr, err := runCairn(t, "trip", "Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route", "-q")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var ans struct {
		Start  string `json:"starting_city"`
		End    string `json:"destination_city"`
		Routes []struct {
			Cities []string `json:"cities_visited"`
		} `json:"routes"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil || ans.Start != "Wilmington" || ans.End != "Dover" || len(ans.Routes) != 2 || len(ans.Routes[0].Cities) != 3 {
		t.Errorf("answer %s (%v)", out, err)
	}
	if n := strings.Count(stderr, "note: plan_routes failed"); n > 0 {
		t.Errorf("stderr: %s", stderr)
	}
	for _, c := range []struct{ q, empty, msg string }{
		{"Plan a road trip from Wilmington with 3 cities", `{"destination_city":"","routes":[],"starting_city":""}`, `no destination (write e.g. "from Wilmington to Dover")`},
		{"Plan a road trip please", `{"destination_city":"","routes":[],"starting_city":""}`, "no starting place and no destination"},
		{"Plan 2 routes from Qzxwvtopia to Dover", `{"destination_city":"","routes":[],"starting_city":""}`, `no town named "Qzxwvtopia" is known`},
		{"Where should we meet for coffee?", `{"stops":[]}`, "needs the places of 2-6 people, found 0"},
	} {
		out, stderr, err := runCairn(t, "trip", c.q, "-q")
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		if strings.TrimSpace(out) != c.empty {
			t.Errorf("%q: stdout %q, want %s", c.q, out, c.empty)
		}
		if !strings.Contains(stderr, c.msg) || strings.Count(stderr, c.msg) != 1 {
			t.Errorf("%q: stderr %q, want %q once", c.q, stderr, c.msg)
		}
	}
}
