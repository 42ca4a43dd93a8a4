package events

import (
	"testing"
)

// TestEditorReadsRound13: two short weekdays joined by "and" or "&"
// ("fri & sat") are both days; a question about focal lengths or a
// polariser asks for no event; a shop asked for with the day it opens
// ("a bike repair shop open Mondays in Utrecht") asks for no event,
// though its trade is an event word ("art supply"); a feast named with
// no cue ("a Diwali party") is no town, and "in our village" is the
// asker's own unnamed town; a town named again with a near cue ("out to
// Bruges ... in and around Bruges") is searched around.
func TestEditorReadsRound13(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, place, reject string
		radius                     float64
		from, to                   string
	}{
		{"gigs in Hull this fri & sat, anything loud", "2026-07-08", "Kingston upon Hull", "", 0, "2026-07-10", "2026-07-11"},
		{"markets in york sun and mon pls", "2026-07-08", "York", "", 0, "2026-07-12", "2026-07-13"},
		{"shooting skateparks at night: 35mm or 50mm? do I want a polarizer", "2026-03-30", "", "gear", 0, "", ""},
		{"for the carnival floats is a 14 mm wide-angle too much?", "2026-03-30", "", "gear", 0, "", ""},
		{"Is there a bike repair shop open on Mondays in Utrecht?", "2026-06-14", "", "shop", 0, "", ""},
		{"which art supply store is open late on Friday in Porto", "2026-06-14", "", "shop", 0, "", ""},
		{"A Diwali party in our village this autumn, what's planned?", "2026-06-14", "", "place", 0, "", ""},
		{"Looking for Holi celebrations in my city next month", "2026-02-01", "", "place", 0, "", ""},
		{"Driving out to Bruges in May. Markets in and around Bruges then?", "2026-02-01", "Brugge", "", 50, "", ""},
		{"We fly to Porto on the 3rd; parades around Porto that week?", "2026-02-01", "Porto", "", 50, "", ""},
	} {
		p, read := editorReads(t, a, readingWant{text: c.text, today: c.today, place: c.place, from: c.from, to: c.to, reject: c.reject})
		if read && p.RadiusKm != c.radius {
			t.Errorf("%q: radius %v, want %v", c.text, p.RadiusKm, c.radius)
		}
	}
}
