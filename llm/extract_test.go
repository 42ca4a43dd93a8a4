package llm

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestExtractJSON(t *testing.T) {
	cases := []struct {
		in     string
		object bool
		want   string // "" means an error
	}{
		{`{"a":1}`, true, `{"a":1}`},
		{"  \n{\"a\":1}\n", true, `{"a":1}`},
		{"```json\n{\"a\":1}\n```", true, `{"a":1}`},
		{"```\n{\"a\":1}\n```", true, `{"a":1}`},
		{"Here you go:\n```json\n{\"a\":1}\n```\nAnything else?", true, `{"a":1}`},
		{`Sure! {"a":{"b":[1,2,{"c":"}"}]}} is my answer {"x":2}`, true, `{"a":{"b":[1,2,{"c":"}"}]}}`},
		{`<think>maybe {"a":0}?</think>{"a":1}`, true, `{"a":1}`},
		{`<think>unfinished thought {"a":0}`, true, ""},
		{`I pick {bad} then {"a":"x\"}"}`, true, `{"a":"x\"}"}`},
		{`{ oops {"a":1}`, true, `{"a":1}`},
		{`[1,2]`, false, `[1,2]`},
		{`"east"`, false, `"east"`},
		{`the list: [1,2] ok`, false, `[1,2]`},
		{`the list: [1,2] ok`, true, ""},
		{``, true, ""},
		{`   `, true, ""},
		{`no json here`, true, ""},
		{`{"a":`, true, ""},
	}
	for _, c := range cases {
		got, err := extractJSON(c.in, c.object)
		if c.want == "" {
			if err == nil {
				t.Errorf("extractJSON(%q) = %s, want an error", c.in, got)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("extractJSON(%q) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	if _, err := extractJSON("", true); err != errEmptyReply {
		t.Errorf("empty: err = %v", err)
	}
}

func TestExtractJSONBoundedWork(t *testing.T) {
	// Many unclosed openings: extraction gives up after maxStarts tries
	// rather than scanning the rest of the reply for each.
	in := strings.Repeat("{", 10000) + `{"a":1}`
	if _, err := extractJSON(in, true); err == nil {
		t.Error("want an error after maxStarts openings")
	}
}

// FuzzParseReply feeds arbitrary model replies through extraction, schema
// validation and decoding: it must never panic, and whatever it accepts must
// be a valid move.
func FuzzParseReply(f *testing.F) {
	for _, s := range []string{
		`{"direction":"east","steps":2}`,
		"```json\n{\"direction\":\"west\",\"steps\":1,\"reasoning\":\"r\"}\n```",
		`<think>{</think> ok {"direction":"north","steps":3}`,
		`{"direction":"up","steps":2}`,
		`{"direction":"east","steps":2.5}`,
		`[{"direction":"east"}]`,
		`{"direction":"east","steps":2,"x":null}`,
		"",
		"{\"a\":\"\\u00",
	} {
		f.Add(s)
	}
	ts, err := schemaFor[move]()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		v, _, err := parseReply[move](ts, Message{Content: reply})
		if err != nil {
			return
		}
		if v.Validate() != nil {
			t.Fatalf("accepted invalid move %+v from %q", v, reply)
		}
		switch v.Direction {
		case "north", "south", "east", "west":
		default:
			t.Fatalf("accepted direction %q from %q", v.Direction, reply)
		}
		raw, err := extractJSON(reply, true)
		if err != nil || !json.Valid(raw) {
			t.Fatalf("accepted %q but extraction gives %s, %v", reply, raw, err)
		}
	})
}

func BenchmarkExtractJSON(b *testing.B) {
	reply := "<think>the corridor east is open</think>Sure! Here is my move:\n```json\n{\"direction\":\"east\",\"steps\":2,\"reasoning\":\"open corridor\"}\n```\nGood luck."
	for b.Loop() {
		if _, err := extractJSON(reply, true); err != nil {
			b.Fatal(err)
		}
	}
}
