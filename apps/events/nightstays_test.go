package events

import (
	"slices"
	"testing"
)

// TestEditorReadsStaysInNights: a stay counted in nights runs from the
// day it starts to the day after its last night, the day of leaving;
// the count is no nightlife.
func TestEditorReadsStaysInNights(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		{"Booked five nights in Lyon from 10 May, any food fairs?", "2026-03-02", "2026-05-10", "2026-05-15"},
		{"we check in on the 20th, 2 nights in Ghent. markets?", "2026-03-02", "2026-03-20", "2026-03-22"},
		{"Landing in Oslo on Thursday, staying 3 nights - concerts?", "2026-03-02", "2026-03-05", "2026-03-08"},
		{"a six-night trip to Porto beginning 2 June, street festivals", "2026-03-02", "2026-06-02", "2026-06-08"},
		{"a two night stay in Lyon from 10 May, markets", "2026-03-02", "2026-05-10", "2026-05-12"},
		{"Lyon 3 nites from the 14th!! food fairs", "2026-03-02", "2026-03-14", "2026-03-17"},
		// a closed frame stays as written
		{"Seville 3 to 9 April, six nights, processions?", "2026-03-02", "2026-04-03", "2026-04-09"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): read %s..%s (%q), want %s..%s", c.text, c.today, p.TimeFrame.From, p.TimeFrame.To, why, c.from, c.to)
		}
		if slices.Contains(p.Interests, "night") {
			t.Errorf("%q: interests %q, the nights counted are no nightlife", c.text, p.Interests)
		}
	}
	// nights named by their dates are when, not nightlife
	p, _, _, _ := a.readProfile(State{UserInput: "Ghent, the nights of 20-22 March, concerts", Today: "2026-03-02"})
	if slices.Contains(p.Interests, "night") {
		t.Errorf("nights of 20-22 March: interests %q", p.Interests)
	}
	// night markets are still night markets
	p, _, _, _ = a.readProfile(State{UserInput: "2 night markets in Taipei next week?", Today: "2026-03-02"})
	if !slices.Contains(p.Interests, "market") {
		t.Errorf("night markets: interests %q", p.Interests)
	}
}
