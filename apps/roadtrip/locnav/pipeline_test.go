package locnav

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

const roadAnswer = `{"starting_city":"Dover","routes":[
 {"route_id":"1","cities_visited":["A","B","C"],"rest_stops":[{"city":"A"},{"city":"B"}]},
 {"route_id":"2","cities_visited":["D","E"],"rest_stops":[]}]}`

func TestPipelineEval(t *testing.T) {
	cases := []struct {
		fn, answer string
		want       string // JSON of the flattened values
		err        string // substring of the error, if any
	}{
		{"json", roadAnswer[:20] + "x", "", "JSON decoding error"},
		{"json -> get(starting_city)", roadAnswer, `["Dover"]`, ""},
		{"json -> get(routes) -> len", roadAnswer, `[2]`, ""},
		{"json -> get(routes) -> foreach -> get(cities_visited) -> len", roadAnswer, `[3,2]`, ""},
		{"json -> get(routes) -> foreach -> get(rest_stops) -> foreach -> get(city)", roadAnswer, `["A","B"]`, ""},
		{"json -> get(missing)", roadAnswer, `[null]`, ""},
		{"json -> get(missing) -> len", roadAnswer, "", "AssertionError: The input is not a list"},
		{"json -> get(starting_city) -> get(x)", roadAnswer, "", "AssertionError: The input is not a dict"},
		{"json -> get(starting_city) -> foreach", roadAnswer, "", "not a list"},
		{"json -> get(starting_city) -> list", roadAnswer, `[["Dover"]]`, ""},
		{"  json->get( routes )->len  ", roadAnswer, `[2]`, ""},
		// upstream's clean-up: whitespace, backticks, a leading "json"
		{"json -> get(a)", "```json\n{\"a\": 1}\n```", `[1]`, ""},
		{"json -> get(a)", "  `{\"a\": [1, 2]}`  ", `[[1,2]]`, ""},
		{"json -> get(a)", "```\n{\"a\": 1}\n``` trailing", "", "JSON decoding error"},
		{"json -> json", `{"a": 1}`, "", "not a string"},
		{"json -> json", `"{\"a\":1}"`, `[{"a":1}]`, ""},
	}
	for _, c := range cases {
		p, err := ParsePipeline(c.fn)
		if err != nil {
			t.Fatalf("%q: %v", c.fn, err)
		}
		got, err := p.Eval(c.answer)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q on %.30q: error %v, want %q", c.fn, c.answer, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.fn, err)
			continue
		}
		b, _ := json.Marshal(got)
		if string(b) != c.want {
			t.Errorf("%q: got %s, want %s", c.fn, b, c.want)
		}
	}
}

func TestParsePipelineErrors(t *testing.T) {
	for fn, want := range map[string]string{
		"json -> lenn":            `unknown function "lenn"`,
		"json -> get":             "get needs an argument",
		"":                        "no function",
		" -> ":                    "no function",
		"json -> filter(x > 1)":   `unknown function "filter"`,
		"json -> get(a) -> sum()": `unknown function "sum"`,
	} {
		_, err := ParsePipeline(fn)
		if !errors.Is(err, ErrBadFunc) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want ErrBadFunc with %q", fn, err, want)
		}
	}
	// get's argument is the text in the first parentheses, split on ","
	p, err := ParsePipeline("json -> get(a, b)")
	if err != nil || p.steps[1].args[0] != "a" || len(p.steps[1].args) != 2 {
		t.Fatalf("get(a, b): %+v %v", p, err)
	}
}

// score runs one evaluator through a Scorer without maps.
func scoreOne(t *testing.T, e Evaluator, answer string) EvalResult {
	t.Helper()
	rs, _, err := NewScorer(nil).Score(context.Background(), Task{ID: "t", Evaluators: []Evaluator{e}}, answer)
	if err != nil {
		t.Fatal(err)
	}
	return rs[0]
}

func TestComparisonOps(t *testing.T) {
	ans := `{"n": 3, "f": 2.5, "s": "Dover", "l": [1, 2], "b": true, "routes": [{"c": [1,2,3]}, {"c": [1]}]}`
	cases := []struct {
		fn, op, value string
		pass          bool
		cause         Cause
	}{
		{"json -> get(n)", "=", "3", true, ""},
		{"json -> get(n)", "=", "3.0", true, ""},
		{"json -> get(n)", "=", `"3"`, false, CausePlanner},
		{"json -> get(b)", "=", "1", true, ""}, // Python: True == 1
		{"json -> get(l)", "=", "[1, 2]", true, ""},
		{"json -> get(f)", "<", "3", true, ""},
		{"json -> get(f)", ">=", "2.5", true, ""},
		{"json -> get(f)", ">", "2.5", false, CausePlanner},
		{"json -> get(s)", "<", "3", false, CausePlanner}, // TypeError upstream
		{"json -> get(s)", "in", `["Dover", "Newark"]`, true, ""},
		{"json -> get(s)", "in", `"Dover, DE"`, true, ""},
		{"json -> get(s)", "in", `3`, false, CausePlanner},
		{"json -> get(l)", "contain", `2`, true, ""},
		{"json -> get(l)", "contain", `5`, false, CausePlanner},
		// every item of a foreach must pass
		{"json -> get(routes) -> foreach -> get(c) -> len", "=", "3", false, CausePlanner},
		{"json -> get(routes) -> foreach -> get(c) -> len", ">=", "1", true, ""},
		// no op: passes when the pipeline runs
		{"json", "", "", true, ""},
		{"json -> get(s) -> len", "", "", false, CausePlanner},
		// bad evaluators are reported, not fatal
		{"json", "google_maps.no_such_check", "", false, CauseTask},
		{"json -> frobnicate", "=", "1", false, CauseTask},
		{"json", "weather.check_place_type_with_weather", "", false, CauseUnsupported},
	}
	for _, c := range cases {
		e := Evaluator{Func: c.fn, Op: c.op}
		if c.value != "" {
			e.Value = json.RawMessage(c.value)
		}
		r := scoreOne(t, e, ans)
		if r.Passed != c.pass || (!c.pass && r.Cause != c.cause) {
			t.Errorf("%s %s %s: passed=%v cause=%s (%s), want %v %s", c.fn, c.op, c.value, r.Passed, r.Cause, r.Reason, c.pass, c.cause)
		}
		if !r.Passed && r.Reason == "" {
			t.Errorf("%s %s %s: failure without a reason", c.fn, c.op, c.value)
		}
	}
}

// FuzzPipeline feeds arbitrary func strings and answers to the parser,
// the evaluator and the maps-free checks: no panic, and every failure has
// a cause and a reason.
func FuzzPipeline(f *testing.F) {
	f.Add("json -> get(routes) -> foreach -> get(cities_visited) -> len", roadAnswer, "=", "3")
	f.Add("json -> get(stops)", `{"stops":[{"name":"x","place id":"y"}]}`, "google_maps.stop_include_keys", `{"keys":["name"]}`)
	f.Add("json", roadAnswer, "google_maps.city_name_match", `{"key":"starting_city","values":["Dover"]}`)
	f.Add("json", roadAnswer, "google_maps.places_in_cities_visited", `"rest_stops"`)
	f.Add("json", roadAnswer, "google_maps.place_not_in_cities_visited_of_routes", `["A"]`)
	f.Add("json -> get(a(b)) -> list -> raw", "```json {\"a(b\": 1}```", "in", `[1]`)
	f.Add("->->get(", "", "<", "")
	maps := map[string]bool{}
	for op := range checks {
		maps[op] = strings.HasPrefix(op, "google_maps.") && !mapsFree[op]
	}
	f.Fuzz(func(t *testing.T, fn, answer, op, arg string) {
		if _, err := ParsePipeline(fn); err == nil {
			p, _ := ParsePipeline(fn)
			p.Eval(answer)
		}
		if maps[op] {
			return // needs a backend; covered by the maps tests
		}
		e := Evaluator{Func: fn, Op: op}
		if json.Valid([]byte(arg)) {
			e.Value, e.OpArgs = json.RawMessage(arg), json.RawMessage(arg)
		}
		rs, _, err := NewScorer(nil).Score(context.Background(), Task{ID: "f", Evaluators: []Evaluator{e}}, answer)
		if err != nil {
			t.Fatalf("maps-free scoring returned %v", err)
		}
		if r := rs[0]; !r.Passed && (r.Cause == "" || r.Reason == "") {
			t.Fatalf("failure without cause or reason: %+v", r)
		}
	})
}

// mapsFree are the google_maps checks that make no maps call.
var mapsFree = map[string]bool{
	"google_maps.city_name_match": true, "google_maps.stop_include_keys": true, "google_maps.are_stops_different": true,
	"google_maps.validate_location": true, "google_maps.places_in_cities_visited": true, "google_maps.city_different_from_rest_stops": true,
	"google_maps.place_in_cities_visited_of_routes": true, "google_maps.place_not_in_cities_visited_of_routes": true,
	"google_maps.include_one_place_in_rest_stops": true, "google_maps.at_least_unique_city_of_rest_stops_in_routes": true,
	"google_maps.validate_number_of_routes": true, "google_maps.validate_places": true,
}
