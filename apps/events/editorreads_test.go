package events

import (
	"strings"
	"testing"
)

// readingWant is what a round's test wants of the Editor's reading of a
// request said on today: a rejection containing reject, or the place
// (its name folded, and its country when given; checked when place is
// set) and the frame (checked when from is set).
type readingWant struct{ text, today, place, country, from, to, reject string }

// editorReads reads w.text as of w.today and reports where the reading
// differs from w; it returns the profile and true when the request was
// read rather than rejected, for a round's further checks.
func editorReads(t *testing.T, a *App, w readingWant) (Profile, bool) {
	t.Helper()
	p, why, _, _ := a.readProfile(State{UserInput: w.text, Today: w.today})
	if w.reject != "" {
		if !strings.Contains(why, w.reject) {
			t.Errorf("%q: rejection %q, want one containing %q", w.text, why, w.reject)
		}
		return p, false
	}
	if why != "" {
		t.Errorf("%q: rejected %q", w.text, why)
		return p, false
	}
	if w.place != "" && (p.Place == nil || foldName(p.Place.Name) != foldName(w.place) || w.country != "" && p.Place.CountryCode != w.country) {
		t.Errorf("%q: place %s, want %s (%s)", w.text, readingText(p), w.place, w.country)
	}
	if w.from != "" && (p.TimeFrame.From != w.from || p.TimeFrame.To != w.to) {
		t.Errorf("%q: %s..%s, want %s..%s", w.text, p.TimeFrame.From, p.TimeFrame.To, w.from, w.to)
	}
	return p, true
}
