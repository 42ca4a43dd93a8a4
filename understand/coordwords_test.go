package understand_test

import (
	"fmt"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestCoordinateWordPairs: a latitude and a longitude written as numbers
// and hemisphere words, without degrees, are a point; a bearing written
// once, or after a road's number, stays a word.
func TestCoordinateWordPairs(t *testing.T) {
	cases := []struct{ q, want string }{
		{"we're sitting at 35 north 140 east", "35 north 140 east=35,140"},
		{"any floats within 200 km of 12 south, 75 west?", "12 south, 75 west=-12,-75"},
		{"a buoy at 20.5 North and 65.25 East", "20.5 North and 65.25 East=20.5,65.25"},
		{"the boat is at 150 west 30 south", "150 west 30 south=-30,-150"},
		// not points
		{"take I-5 north and 10 east", ""},
		{"drive 40 miles south then 10 west", ""},
		{"40 north 50 north", ""},
		{"95 north 10 east", ""},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{})
		got := ""
		for _, x := range r.Coordinates {
			if x.HasLat && x.HasLng {
				got = fmt.Sprintf("%s=%g,%g", c.q[x.Start:x.End], x.Lat, x.Lng)
			}
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}
