package events

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorReadsPlaces: a place written after a cue wins over a word at
// the start that some small town is named after; a name known only by a
// near spelling is unknown; a stated distance is the radius; holidays
// and ranges of days are the frames the corpus's conventions say.
func TestEditorReadsPlaces(t *testing.T) {
	a := memApp(t, nil, Options{})
	read := func(text string) (Profile, string) {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-01-15"})
		return p, why
	}
	places := []struct{ text, name, country string }{
		{"Street markets near Hamburg next weekend", "Hamburg", "DE"},
		{"Christmas concerts in Vienna", "Vienna", "AT"},
		{"Samba festivals this summer, in Lisbon", "Lisbon", "PT"},
		{"Street food within 3 km of Porto", "Porto", "PT"},
		{"Berlin festivals in May", "Berlin", "DE"},
	}
	for _, c := range places {
		p, why := read(c.text)
		if why != "" || p.Place == nil || p.Place.Name != c.name || p.Place.CountryCode != c.country {
			t.Errorf("%q: got %s, reject %q; want %s (%s)", c.text, readingText(p), why, c.name, c.country)
		}
	}
	// A word that qualifies an interest is no place by itself.
	if p, why := read("Street festivals this weekend"); why != "" || p.Place != nil {
		t.Errorf("a common word as the place: %s, reject %q", readingText(p), why)
	}
	for _, text := range []string{"parades in Gondor next month", "festivals in Rivendell this summer", "concerts in Westeros"} {
		if _, why := read(text); !strings.Contains(why, "is not one the gazetteer knows") {
			t.Errorf("%q: a near spelling read as a place (reject %q)", text, why)
		}
	}
	radii := []struct {
		text string
		km   float64
	}{
		{"concerts within 25 km of Lyon in March", 25},
		{"markets within five miles of Bristol", 8.05},
		{"festivals in a 40 km radius around Porto", 40},
		{"parades up to thirty kilometres from Leipzig", 30},
	}
	for _, c := range radii {
		if p, why := read(c.text); why != "" || p.Place == nil || p.RadiusKm != c.km {
			t.Errorf("%q: got %s, reject %q; want radius %v", c.text, readingText(p), why, c.km)
		}
	}
	frames := []struct{ text, from, to string }{
		{"fireworks in Sydney at New Year's Eve", "2026-12-31", "2026-12-31"},
		{"concerts in Vienna during Christmas 2026", "2026-12-21", "2026-12-27"},
		{"processions in Seville for Easter", "2026-04-03", "2026-04-06"},
		{"jazz in Prague in two weeks, for ten days", "2026-01-29", "2026-02-07"},
		{"markets in Lyon the last week of April", "2026-04-24", "2026-04-30"},
		{"festivals in Ghent 17 to 26 July 2026", "2026-07-17", "2026-07-26"},
		{"music in Bergen between the 3rd and 9th of June", "2026-06-03", "2026-06-09"},
		{"parades in Basel 23.02.2026 - 25.02.2026", "2026-02-23", "2026-02-25"},
		{"art fairs in Basel, 16/06/2026 to 21/06/2026", "2026-06-16", "2026-06-21"},
		{"concerts in Oslo in Q2", "2026-04-01", "2026-06-30"},
	}
	for _, c := range frames {
		if p, why := read(c.text); why != "" || p.TimeFrame != (TimeFrame{From: c.from, To: c.to}) {
			t.Errorf("%q: got %s, reject %q; want %s..%s", c.text, readingText(p), why, c.from, c.to)
		}
	}
	if _, why := read("markets in Cologne around Christmas 2025"); !strings.Contains(why, "is over before today") {
		t.Errorf("a holiday gone: reject %q", why)
	}
	for text, want := range map[string]string{"carnival in Venice": "festival", "brass bands in Munich": "music"} {
		if p, _ := read(text); !slices.Contains(p.Interests, want) {
			t.Errorf("%q: interests %q, want %q among them", text, p.Interests, want)
		}
	}
}
