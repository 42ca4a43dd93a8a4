package events

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorReadsRound15 reads round 15's classes in wordings of their
// own: a feast whose name is a kind of event ("for Songkran", "during
// Carnaval") is that interest as well as the time.
func TestEditorReadsRound15(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, place, country, reject string
		from, to                            string
		interests                           []string
	}{
		{"Shooting the water fights in Bangkok for Songkran next year", "2026-01-10", "Bangkok", "TH", "", "2027-04-13", "2027-04-15", []string{"festival"}},
		{"Heading to Salvador during Carnaval, mostly for the street art", "2026-01-10", "Salvador", "BR", "", "2026-02-14", "2026-02-17", []string{"festival", "art"}},
		{"Chiang Rai over Songkran, any night markets?", "2026-03-01", "Chiang Rai", "TH", "", "2026-04-13", "2026-04-15", []string{"festival", "market"}},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if c.reject != "" {
			if !strings.Contains(why, c.reject) {
				t.Errorf("%q: rejection %q, want one containing %q", c.text, why, c.reject)
			}
			continue
		}
		if why != "" {
			t.Errorf("%q: rejected %q", c.text, why)
			continue
		}
		if c.place != "" && (p.Place == nil || foldName(p.Place.Name) != foldName(c.place) || p.Place.CountryCode != c.country) {
			t.Errorf("%q: place %s, want %s (%s)", c.text, readingText(p), c.place, c.country)
		}
		if c.from != "" && (p.TimeFrame.From != c.from || p.TimeFrame.To != c.to) {
			t.Errorf("%q: %s..%s, want %s..%s", c.text, p.TimeFrame.From, p.TimeFrame.To, c.from, c.to)
		}
		for _, in := range c.interests {
			if !slices.Contains(p.Interests, in) {
				t.Errorf("%q: interests %q, want %q among them", c.text, p.Interests, in)
			}
		}
	}
}
