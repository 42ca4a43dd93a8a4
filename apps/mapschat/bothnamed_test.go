package mapschat

import (
	"strings"
	"testing"
)

// Two listed results asked together, by words of their names or by
// their order, are a route to each (two calls from here), not a route
// between them.
func TestBothListedNamed(t *testing.T) {
	for _, c := range []struct {
		msg      string
		mode     string
		to1, to2 string // the destinations, in order
	}{
		{"how long would it take to reach the westin and the du pont? both please", "driving", "39.731052", "39.746607"},
		{"walking times for each of the first two", "walking", "39.746607", "39.747318"},
		{"give me directions to both the 1st and the 3rd", "driving", "39.746607", "39.731052"},
	} {
		a := chat(t, Options{})
		id := session(t, a, "Wilmington, DE")
		mustAnswer(t, send(t, a, id, "hotels downtown wilmington"))
		s := send(t, a, id, c.msg)
		mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 2 {
			t.Errorf("%q: %d calls, want a route to each of two: %v", c.msg, len(calls), calls)
			continue
		}
		for i, to := range []string{c.to1, c.to2} {
			if !strings.Contains(calls[i], `"destination":"`+to) || !strings.Contains(calls[i], c.mode) || !strings.Contains(calls[i], `"origin":"39.745950`) {
				t.Errorf("%q: call %d %s, want %s to %s from the map's centre", c.msg, i+1, calls[i], c.mode, to)
			}
		}
	}
}
