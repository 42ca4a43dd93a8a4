package events

import (
	"slices"
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
	// A structured profile's frame asks for events whatever the text.
	given := &Profile{TimeFrame: TimeFrame{From: "2026-05-01", To: "2026-05-31"}}
	if _, why, _, _ := a.readProfile(State{UserInput: "hmm", Today: "2026-04-01", Given: given}); why != "" {
		t.Errorf("a given frame: rejected: %s", why)
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

// TestEditorReadsFramesAndStays: a narrower frame written after a
// broader one it lies in is the frame; a season named before the events
// is the coming one; a long weekend is the place's next public-holiday
// weekend; the place the asker stays in is the place, not the one they
// fly into.
func TestEditorReadsFramesAndStays(t *testing.T) {
	a := memApp(t, nil, Options{})
	frames := []struct{ text, today, from, to string }{
		{"A September trip to Porto: festivals from 10 to 14 September?", "2026-04-01", "2026-09-10", "2026-09-14"},
		{"Lyon next month, but only the first weekend of it: light shows?", "2026-04-01", "2026-05-02", "2026-05-03"},
		{"winter markets in Vienna", "2026-04-01", "2026-12-01", "2027-02-28"},
		{"Concerts in Chicago over the next long weekend", "2026-05-20", "2026-05-23", "2026-05-25"},
		{"Any fairs in Leeds over the bank holiday weekend?", "2026-08-20", "2026-08-29", "2026-08-31"},
	}
	for _, c := range frames {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): got %s (%s), want %s..%s", c.text, c.today, readingText(p), why, c.from, c.to)
		}
	}
	places := []struct{ text, name string }{
		{"Landing in Lisbon, then staying in Porto for June: festivals?", "Porto"},
		{"Arriving at Frankfurt but based in Köln for carnival", "Köln"},
	}
	for _, c := range places {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-04-01"})
		if why != "" || p.Place == nil || p.Place.Name != c.name {
			t.Errorf("%q: got %s (%s), want %s", c.text, readingText(p), why, c.name)
		}
	}
}

// TestEditorReadsNamedEvents: an event named after its place ("the
// Brixton Carnival") is that place when the text names no other, and its
// kind is an interest; a word of its own ("spots") is no slip of an
// interest's ("sports").
func TestEditorReadsNamedEvents(t *testing.T) {
	a := memApp(t, nil, Options{})
	cases := []struct {
		text, place string
		want        []string
	}{
		{"Covering the Leeds Carnival on 31/8/2026: where are good spots to stand?", "Leeds", []string{"festival"}},
		{"the Edinburgh Festival in August, best spots for night shots", "Edinburgh", []string{"festival", "night"}},
	}
	for _, c := range cases {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-04-01"})
		got := slices.Sorted(slices.Values(p.Interests))
		if why != "" || p.Place == nil || p.Place.Name != c.place || !slices.Equal(got, slices.Sorted(slices.Values(c.want))) {
			t.Errorf("%q: got %s (%s), want %s and %q", c.text, readingText(p), why, c.place, c.want)
		}
	}
}
