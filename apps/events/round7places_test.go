package events

import (
	"strings"
	"testing"
)

// TestEditorReadsRound7Places: of places written with no cue, the one
// written with its country wins over a word some town is named after;
// a distance "out" at its clause's end is the radius.
func TestEditorReadsRound7Places(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, place, country string
		radius                      float64
	}{
		{"Drone pilot here, keen on regattas next month. Porto, Portugal.", "2026-03-02", "Porto", "PT", 0},
		{"Street shooter again! Parades in May? Lyon, France", "2026-03-02", "Lyon", "FR", 0},
		{"I'm based in Leeds and can drive 40 km out, no more. Country shows this summer?", "2026-03-02", "Leeds", "GB", 40},
		{"Living in Bristol, willing to travel 10 miles out - any street parties next weekend?", "2026-03-02", "Bristol", "GB", 16.09},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.Place == nil || p.Place.Name != c.place || p.Place.CountryCode != c.country || p.RadiusKm != c.radius {
			t.Errorf("%q: read %s (%q), want %s (%s) +%v km", c.text, readingText(p), why, c.place, c.country, c.radius)
		}
	}
}

// TestEditorRejectsSettingsQuestions: a question about settings or gear
// that names a place and a time but no kind of event asks for no event;
// one that names events is read.
func TestEditorRejectsSettingsQuestions(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, text := range []string{
		"Which aperture works for the aurora? I'm in Tromsø next week.",
		"Going to Lisbon on Friday. How do I stop my camera focus hunting indoors?",
	} {
		if _, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-03-02"}); !strings.Contains(why, "event") {
			t.Errorf("%q: reason %q, want a rejection naming events", text, why)
		}
	}
	p, why, _, _ := a.readProfile(State{UserInput: "Which lens for the parades in Nice next week?", Today: "2026-03-02"})
	if why != "" || p.Place == nil || p.Place.Name != "Nice" {
		t.Errorf("parades in Nice: read %s (%q), want Nice", readingText(p), why)
	}
}
