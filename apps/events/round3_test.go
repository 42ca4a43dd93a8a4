package events

import (
	"strings"
	"testing"
)

// TestEditorRejectsNonEventRequests: gibberish and questions about
// something other than events are rejected, the reason naming an event;
// short requests that name a place, a time, a kind of event or events
// themselves are read.
func TestEditorRejectsNonEventRequests(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, text := range []string{
		"flurb wibble 17 mango lens!!!",
		"mango",
		"What's the best tripod for a Canon R5?",
		"how can I fix a stuck shutter",
	} {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-04-01"})
		if !strings.Contains(why, "event") {
			t.Errorf("%q: read as %s, reason %q; want a rejection naming an event", text, readingText(p), why)
		}
	}
	for _, text := range []string{
		"parades?",
		"anything on in Porto",
		"any events this weekend?",
		"what's on next month",
		"what's happening?",
		"Paris?",
	} {
		if _, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-04-01"}); why != "" {
			t.Errorf("%q: rejected: %s", text, why)
		}
	}
}

// TestEditorReadsDistanceOutOfPlace: "up to N miles out of X" is a
// radius around X.
func TestEditorReadsDistanceOutOfPlace(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text string
		km   float64
	}{
		{"I'll drive up to 25 miles out of Denver for rodeos in July", 40.23},
		{"festivals no more than 30 km outside Lyon in June", 30},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-04-01"})
		if why != "" || p.RadiusKm != c.km {
			t.Errorf("%q: got %s (%s), want radius %v km", c.text, readingText(p), why, c.km)
		}
	}
}
