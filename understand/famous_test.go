package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestFamousNamesOverNamesakes: a bare name is the big town that owns it
// (Manchester, England, not the Jamaican parish), a city's exonym is that
// city (Cologne is Köln, Seville Sevilla, and a smaller city's over
// villages of that own name: Bruges is Brugge, Ghent Gent, Lucerne
// Luzern), a town big enough to be meant keeps its own name over a city
// once called so (Smyrna, Georgia, not İzmir), and a region still owns
// its name over a small town's (Delaware).
func TestFamousNamesOverNamesakes(t *testing.T) {
	g := gazetteer(t)
	cases := []struct{ text, name, country string }{
		{"gigs in Manchester next week", "Manchester", "GB"},
		{"Manchester in the spring", "Manchester", "GB"},
		{"carnival in Cologne", "Köln", "DE"},
		{"a weekend in Seville", "Sevilla", "ES"},
		{"Delaware", "Delaware", "US"},
		{"market squares of Bruges at dawn", "Brugge", "BE"},
		{"is there a light festival in Ghent this winter", "Gent", "BE"},
		{"Lucerne, three days in May", "Luzern", "CH"},
		{"brunch spots in Smyrna", "Smyrna", "US"},
	}
	for _, c := range cases {
		r := understand.Read(c.text, understand.Options{Gazetteer: g})
		var got *understand.Place
		for _, m := range r.Mentions {
			if m.Place != nil {
				got = m.Place
				break
			}
		}
		if got == nil || got.Name != c.name || got.CountryCode != c.country {
			t.Errorf("%q: read as %v, want %s (%s)", c.text, got, c.name, c.country)
		}
	}
}

// TestTermSlipsAreNoWords: a word of its own is not read as a slip of a
// term's ("spots" is no "sports"); a real slip is ("festivls").
func TestTermSlipsAreNoWords(t *testing.T) {
	terms := []understand.Term{{Phrase: "sports", Label: "sports"}, {Phrase: "festival", Label: "festival"}}
	for text, want := range map[string]int{"the best spots to stand": 0, "sprots and festivls": 2} {
		if got := len(understand.Read(text, understand.Options{Terms: terms}).Terms); got != want {
			t.Errorf("%q: %d terms, want %d", text, got, want)
		}
	}
}
