package understand_test

import (
	"encoding/json"
	"math"
	"testing"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

// FuzzRead reads untrusted text: it must not panic, and everything it
// returns must point inside the text.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities",
		"My friends live in Newark, Dover and Middletown, Delaware.",
		`Answer with JSON in exactly this format: {"stops": [{"name": "NAME"}]}`,
		"floats near 10°N 65°E between March and June 2026, since 2019, at -12.5, 45.3",
		"a cafe a third of the way, every quarter, 1/3, twenty-one stops, 4.5 stars",
		"'Wilmington' to 'Dover', DE", "St. Louis, MO", "```json\n{\"a\":[1]}\n```", "{[", "'", "1,000,000", "-",
		"between and", "from to", "Q4 2026-13-45", "12°60'N", "lat lon", "\xff\xfe", "in in in in",
		// the session-5 classes: numeric spans, parts of years, decades, labelled and worded coordinates, times back
		"from 1.12. until 23.12.2026", "2026/3/25 - 4/10", "3-9/8", "24.-26.12.", "14/02/2026 to 01/03/2026",
		"lat/lon: -11.5/110", "(lat, lon) = (10, 65)", "40 south 160 west", "the 2010s", "the '90s", "mid-2018",
		"early 2019", "a decade ago", "the year before last", "from the 3rd to the 9th", "over Easter", "Q3",
		"the first two weeks of June", "in 3 weeks, for one week", "the week after next", "within 10 miles of",
	} {
		f.Add(s)
	}
	g := places()
	f.Fuzz(func(t *testing.T, text string) {
		for _, o := range []understand.Options{{Now: refDay}, {Gazetteer: g, Now: refDay}} {
			r := understand.Read(text, o)
			in := func(what string, s understand.Span) {
				if s.Start < 0 || s.End > len(text) || s.Start > s.End {
					t.Fatalf("%s span %+v outside %d bytes of %q", what, s, len(text), text)
				}
			}
			for _, m := range r.Mentions {
				in("mention", m.Span)
				if text[m.Start:m.End] != m.Text {
					t.Fatalf("mention text %q is not its span %q", m.Text, text[m.Start:m.End])
				}
			}
			for _, q := range r.Quantities {
				in("quantity", q.Span)
				if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
					t.Fatalf("quantity %+v", q)
				}
			}
			for _, c := range r.Coordinates {
				in("coordinate", c.Span)
				if c.Lat < -90 || c.Lat > 90 || c.Lng < -180 || c.Lng > 180 {
					t.Fatalf("coordinate %+v out of range", c)
				}
			}
			for _, x := range r.Times {
				in("time", x.Span)
				if !x.From.IsZero() && !x.To.IsZero() && !x.To.After(x.From) {
					t.Fatalf("time frame %+v ends before it starts in %q", x, text)
				}
			}
			for _, d := range r.Directions {
				in("direction", d.Span)
			}
			if r.Format != nil {
				in("format", r.Format.Span)
				if !json.Valid(r.Format.JSON) {
					t.Fatalf("format %s is not JSON", r.Format.JSON)
				}
			}
			if utf8.ValidString(text) {
				if _, err := json.Marshal(r); err != nil {
					t.Fatalf("reading does not marshal: %v", err)
				}
			}
		}
	})
}

// FuzzConform conforms untrusted answers to untrusted formats: an error
// or valid JSON with the format's top-level keys, never a panic.
func FuzzConform(f *testing.F) {
	f.Add(`{"stops":[{"name":"","place id":""}]}`, `{"stops":[{"name":"A","place_id":"x"}]}`)
	f.Add(`[{"a":{"b":[1]}}]`, `[{"a":{"b":[2,3]}},{"A":null}]`)
	f.Add(`{"a":1}`, `"x"`)
	f.Add(`{`, `}`)
	f.Fuzz(func(t *testing.T, format, value string) {
		out, err := understand.Conform(json.RawMessage(format), json.RawMessage(value))
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("Conform(%q, %q) = %q, not JSON", format, value, out)
		}
		r := understand.Read("format: "+format, understand.Options{})
		if r.Format != nil && len(r.Format.Keys()) > 0 {
			got := understand.Read("format: "+string(out), understand.Options{})
			if got.Format == nil || len(got.Format.Keys()) != len(r.Format.Keys()) {
				t.Fatalf("Conform(%q, %q) = %s: keys differ from the format's", format, value, out)
			}
		}
	})
}
