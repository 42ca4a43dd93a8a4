package events

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorReadsRound4Frames: a weekday written before its date, ISO
// intervals and key=value days, ISO weeks, the nth weekday of a month,
// ordinal days of next month and the lunar new year.
func TestEditorReadsRound4Frames(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		// a weekday before its date is that date, not the coming weekday
		{"Cover the half marathon in Glasgow, Sunday 24 May 2026, start to finish.", "2026-05-04", "2026-05-24", "2026-05-24"},
		{"The lantern parade in Lyon falls on Friday, 4 December 2026.", "2026-09-01", "2026-12-04", "2026-12-04"},
		// two days joined into an interval
		{"#lisbon #graffiti 2026-10-03/2026-10-11", "2026-08-01", "2026-10-03", "2026-10-11"},
		{"city=Tokyo;from=2026-11-02;to=2026-11-08;tags=festival", "2026-08-01", "2026-11-02", "2026-11-08"},
		{"where=Oslo&start=2026-06-03&end=2026-06-05", "2026-05-01", "2026-06-03", "2026-06-05"},
		// ISO weeks, Monday to Sunday
		{"Concerts in Prague during week 30 of 2026?", "2026-04-01", "2026-07-20", "2026-07-26"},
		{"Munich, ISO week 2 2027: markets?", "2026-04-01", "2027-01-11", "2027-01-17"},
		{"Parades in Rome in week 10?", "2026-04-01", "2027-03-08", "2027-03-14"},
		{"Markets in Ghent, 2026-W45", "2026-04-01", "2026-11-02", "2026-11-08"},
		// the nth weekday of a month
		{"The second Sunday of July: any markets in Utrecht?", "2026-04-20", "2026-07-12", "2026-07-12"},
		{"Parades in Dublin on the last Monday in October", "2026-04-20", "2026-10-26", "2026-10-26"},
		// ordinal days of a month frame
		{"street food markets in seoul from the 5th to the 12th of next month", "2026-04-20", "2026-05-05", "2026-05-12"},
		{"Concerts in Lisbon, the 1st through the 4th of next month", "2026-01-20", "2026-02-01", "2026-02-04"},
		// the lunar new year as its first day
		{"Lion dances in Vancouver for Lunar New Year, please", "2026-11-01", "2027-02-06", "2027-02-06"},
		{"Parades in Sydney on Chinese New Year's Day this year", "2026-01-02", "2026-02-17", "2026-02-17"},
		// days written with it are the frame
		{"Lanterns in Penang from 3 to 9 February for Chinese New Year", "2026-01-02", "2026-02-03", "2026-02-09"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): read %s..%s (%q), want %s..%s", c.text, c.today, p.TimeFrame.From, p.TimeFrame.To, why, c.from, c.to)
		}
	}
}

// TestEditorReadsRound4Places: a city written before "on <a time>", a
// vocabulary word the gazetteer names a town after, "staying near", a
// landmark named after its city, and a newsroom label before a colon.
func TestEditorReadsRound4Places(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, place, country string
		radius               float64
		interests            []string
	}{
		{"The fair opens in Munich on Saturday 19 September 2026.", "Munich", "DE", 0, []string{"market"}},
		{"What is on in Paris on Chinese New Year? A parade in Belleville", "Paris", "FR", 0, []string{"parade"}},
		{"Notes: Bierfest in Hamburg on Friday 7 August 2026", "Hamburg", "DE", 0, []string{"festival"}},
		{"whats on in manchester this sunday jazz or art", "Manchester", "GB", 0, []string{"music", "art"}},
		{"Hiking in Snowdonia, staying near Bangor, 2-6 June 2026: any fairs?", "Bangor", "GB", 50, []string{"market"}},
		{"Any parades passing the Sydney Opera House this month?", "Sydney", "AU", 0, []string{"parade"}},
		{"#madrid #murals #streetart", "Madrid", "ES", 0, []string{"art"}},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-05-01"})
		if why != "" || p.Place == nil || p.Place.Name != c.place || p.Place.CountryCode != c.country || p.RadiusKm != c.radius {
			t.Errorf("%q: read %s (%q), want %s (%s) within %g km", c.text, readingText(p), why, c.place, c.country, c.radius)
			continue
		}
		for _, in := range c.interests {
			if !slices.Contains(p.Interests, in) {
				t.Errorf("%q: interests %q, want %q among them", c.text, p.Interests, in)
			}
		}
	}
	// A landmark the gazetteer does not know and no city inside it is
	// still the place not understood; a gate is not in its namesake.
	if _, why, _, _ := a.readProfile(State{UserInput: "Parades through the Damascus Gate next week?", Today: "2026-05-01"}); !strings.Contains(why, "Damascus Gate") {
		t.Errorf("the Damascus Gate: %q, want the unknown place named", why)
	}
}

// TestEditorRejectsGearQuestions: a question about gear or technique
// with no place or time is no event request; one with them is.
func TestEditorRejectsGearQuestions(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, text := range []string{
		"Which camera is best for shooting concerts in low light?",
		"What aperture should I use for night portraits?",
		"Recommend a lens for street photography",
	} {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-04-01"})
		if !strings.Contains(why, "event") {
			t.Errorf("%q: read as %s, reason %q; want a rejection naming an event", text, readingText(p), why)
		}
	}
	for _, text := range []string{
		"Which concerts in Berlin next week are best for my new lens?",
		"Night markets in Taipei in May: what settings do I need?",
	} {
		if _, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-04-01"}); why != "" {
			t.Errorf("%q: rejected: %s", text, why)
		}
	}
}
