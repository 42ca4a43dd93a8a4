package events

import (
	"slices"
	"testing"
)

// TestEditorReadsOriginsAndInterests: the asker's origin ("from Boston",
// "I live in Leeds") gives way to the place the events are in, local
// names (Lisboa, München) are the places; regattas and rodeos are
// sports, raves and DJ sets music, a light festival a festival too.
func TestEditorReadsOriginsAndInterests(t *testing.T) {
	a := memApp(t, nil, Options{})
	read := func(text string) Profile {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-01-15"})
		if why != "" {
			t.Errorf("%q: rejected: %s", text, why)
		}
		return p
	}
	places := []struct{ text, name, country string }{
		{"We're from Boston; any festivals in Lisbon?", "Lisbon", "PT"},
		{"I live in Leeds. Concerts in Glasgow next month", "Glasgow", "GB"},
		{"Coming over from Madrid: parades in Lisboa", "Lisbon", "PT"},
		{"Photographer from Toronto, markets in München in June", "Munich", "DE"},
		{"I live in Leeds, any festivals this spring?", "Leeds", "GB"},
	}
	for _, c := range places {
		if p := read(c.text); p.Place == nil || p.Place.Name != c.name || p.Place.CountryCode != c.country {
			t.Errorf("%q: got %s; want %s (%s)", c.text, readingText(p), c.name, c.country)
		}
	}
	interests := []struct {
		text string
		want []string
	}{
		{"rodeo weekends in Calgary", []string{"sports"}},
		{"rowing regattas at Henley", []string{"sports"}},
		{"the Cheyenne rodeo in July", []string{"sports"}},
		{"techno raves in Tbilisi", []string{"music"}},
		{"club nights and dj sets in Ibiza", []string{"music", "night"}},
		{"underground rave in Leipzig", []string{"music"}},
		{"a light festival in Eindhoven", []string{"night", "festival"}},
		{"Light Festivals in Ghent", []string{"night", "festival"}},
		{"jazz concerts and light festivals in Lyon", []string{"music", "night", "festival"}},
	}
	for _, c := range interests {
		if p := read(c.text); !slices.Equal(p.Interests, c.want) {
			t.Errorf("%q: interests %q, want %q", c.text, p.Interests, c.want)
		}
	}
}
