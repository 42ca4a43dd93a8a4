package events

import (
	"slices"
	"testing"
)

// TestEditorReadsRound6Frames: the early, mid or late part of a month,
// slashed days in the place's country's order, a "today" that only
// remarks on the day, a feast that names a kind of event, and a closed
// frame inside an open one.
func TestEditorReadsRound6Frames(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		// a month's thirds; a season's part stays a month
		{"Lisbon in early June, any street parties?", "2026-02-01", "2026-06-01", "2026-06-10"},
		{"Naples around the middle of August for the feasts", "2026-02-01", "2026-08-11", "2026-08-20"},
		{"venice late-feb, carnival masks", "2026-01-05", "2026-02-21", "2026-02-28"},
		{"Crete in late summer, village festivals?", "2026-02-01", "2026-08-01", "2026-08-31"},
		// slashed days follow the place's country
		{"In Chicago 4/5-6/5 for work, any parades?", "2026-02-01", "2026-04-05", "2026-06-05"},
		{"in perth 7/11–9/11, markets?", "2026-09-01", "2026-11-07", "2026-11-09"},
		// a today that only remarks on the day gives way
		{"My birthday today! Anything in Bruges next weekend?", "2026-03-02", "2026-03-14", "2026-03-15"},
		{"pouring today. concerts in Oslo tomorrow?", "2026-03-02", "2026-03-03", "2026-03-03"},
		// a feast naming a kind of event does not narrow the frame
		{"Edinburgh 20 Dec to 3 Jan, Hogmanay parties and fireworks", "2026-11-01", "2026-12-20", "2027-01-03"},
		// a closed frame inside an open one
		{"Seville after Easter, ideally the first week of May", "2026-02-01", "2026-05-01", "2026-05-07"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): read %s..%s (%q), want %s..%s", c.text, c.today, p.TimeFrame.From, p.TimeFrame.To, why, c.from, c.to)
		}
	}
}

// TestEditorReadsRound6Places: a word before "photography" is its genre,
// words read as towns with no cue do not pull the place named, where the
// asker goes afterwards is not the place, and music by its kinds.
func TestEditorReadsRound6Places(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, place, country string }{
		{"new to wedding photography, any parades in Cork in May?", "Cork", "IE"},
		{"Switching to street photography: markets in Bath this weekend?", "Bath", "GB"},
		{"in perth for a mates wedding, any street festivals?", "Perth", "AU"},
		{"I'm in Porto until Friday, then I go back to Lisbon. any markets?", "Porto", "PT"},
		{"We are in Ghent this week, after that we head home to Brussels", "Gent", "BE"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-02"})
		got, cc := "(none)", ""
		if p.Place != nil {
			got, cc = p.Place.Name, p.Place.CountryCode
		}
		if why != "" || foldName(got) != foldName(c.place) || cc != c.country {
			t.Errorf("%q: place %s (%s) (%q), want %s (%s)", c.text, got, cc, why, c.place, c.country)
		}
	}
	for _, text := range []string{"ceilidhs in Inverness next week", "bluegrass jams in Asheville this summer", "trad sessions in Ennis"} {
		p, _, _, _ := a.readProfile(State{UserInput: text, Today: "2026-03-02"})
		if !slices.Contains(p.Interests, "music") {
			t.Errorf("%q: interests %q, want music among them", text, p.Interests)
		}
	}
}
