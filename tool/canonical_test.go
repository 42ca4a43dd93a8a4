package tool

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestCanonicalJSON(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"b": 1, "a": [true, null, {"z": "x", "y": 1.50}]}`, `{"a":[true,null,{"y":1.50,"z":"x"}],"b":1}`},
		{` { } `, `{}`},
		{``, `{}`},
		{`null`, `{}`},
		{`1e3`, `1e3`},
		{`"<&>"`, `"\u003c\u0026\u003e"`},
		{`{"k":12345678901234567890123}`, `{"k":12345678901234567890123}`},
	}
	for _, c := range cases {
		got, err := canonicalJSON([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("canonicalJSON(%q) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{`{`, `{"a":1} x`, `{"a":1}{}`, `nul`} {
		if _, err := canonicalJSON([]byte(bad)); err == nil {
			t.Errorf("canonicalJSON(%q) accepted", bad)
		}
	}
}

func FuzzCanonicalJSON(f *testing.F) {
	for _, s := range []string{`{"b":1,"a":2}`, `[1,{"x":[]}]`, `"s\u00e9"`, `1.0e-7`, `{}`, `{"a":{"b":{"c":null}}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := canonicalJSON(in)
		if err != nil {
			return
		}
		if !json.Valid(got) {
			t.Fatalf("canonicalJSON(%q) = %q, not valid JSON", in, got)
		}
		again, err := canonicalJSON(got)
		if err != nil || string(again) != string(got) {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", in, got, again, err)
		}
		var a, b any
		if json.Unmarshal(in, &a) == nil && json.Unmarshal(got, &b) == nil && !reflect.DeepEqual(a, b) && a != nil {
			t.Fatalf("meaning changed: %q -> %q", in, got)
		}
	})
}
