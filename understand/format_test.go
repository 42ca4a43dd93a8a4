package understand_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

func TestInlineFormat(t *testing.T) {
	cases := []struct{ q, want string }{
		{`Answer with JSON in exactly this format: {"stops": [{"name": "NAME", "place id": "Place ID"}]} thanks`, `{"stops":[{"name":"NAME","place id":"Place ID"}]}`},
		{"Respond with:\n```json\n{\"routes\": [{\"cities\": []}]}\n```\nGo.", `{"routes":[{"cities":[]}]}`},
		{"Use this format ```{\"a\": 1}```", `{"a":1}`},
		{`Return a list like this: [{"name": ""}]`, `[{"name":""}]`},
		// A cue in any case, at most 120 bytes before the format.
		{`REPLY IN THIS SHAPE: {"a": 1}`, `{"a":1}`},
		{`OUTPUT` + strings.Repeat(" ", 130) + `{"a": 1}`, ``},
		// Braces that are no format: no cue before them, or not JSON.
		{`the set {a, b} of towns`, ``},
		{`I like {"a": 1} objects`, ``},
		{`format: {not json}`, ``},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{})
		got := ""
		if r.Format != nil {
			got = string(r.Format.JSON)
		}
		if got != c.want {
			t.Errorf("%q: format %s, want %s", c.q, got, c.want)
		}
	}
	// The format's words are nobody's: "Dover" inside it is no place.
	r := understand.Read(`Plan a trip. Format: {"starting_city": "Dover", "routes": []}`, understand.Options{Gazetteer: gazetteer(t)})
	if len(r.Mentions) != 0 {
		t.Errorf("mentions inside the format: %+v", r.Mentions)
	}
}

func TestConform(t *testing.T) {
	format := json.RawMessage(`{"starting_city": "", "routes": [{"route_id": "1", "cities_visited": [], "scenic_viewpoints": [{"name": "", "elevation_meters": 0}]}], "count": 0}`)
	cases := []struct{ value, want string }{
		{`{"routes": [{"route_id": "1", "Cities Visited": ["Smyrna"], "scenic_viewpoints": [{"name": "Overlook", "elevation": 12, "place_id": "x"}], "extra": 1}], "starting_city": "Wilmington", "notes": []}`,
			`{"starting_city":"Wilmington","routes":[{"route_id":"1","cities_visited":["Smyrna"],"scenic_viewpoints":[{"name":"Overlook","elevation_meters":null}]}],"count":null}`},
		{``, `{"starting_city":"","routes":[],"count":null}`},
		{`[1, 2]`, `{"starting_city":"","routes":[],"count":null}`},
	}
	for _, c := range cases {
		got, err := understand.Conform(format, json.RawMessage(c.value))
		if err != nil || string(got) != c.want {
			t.Errorf("Conform(%s)\n got %s, %v\nwant %s", c.value, got, err, c.want)
		}
	}
	if _, err := understand.Conform(json.RawMessage(`"x"`), nil); !errors.Is(err, understand.ErrNotFormat) {
		t.Errorf("a string format: %v, want ErrNotFormat", err)
	}
	if _, err := understand.Conform(json.RawMessage(`{`), nil); !errors.Is(err, understand.ErrNotFormat) {
		t.Errorf("broken format: %v, want ErrNotFormat", err)
	}
	if _, err := understand.Conform(json.RawMessage(`{}`), json.RawMessage(`{`)); err == nil {
		t.Error("broken value: no error")
	}
}
