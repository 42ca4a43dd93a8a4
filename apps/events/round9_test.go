package events

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorReadsRound9Interests: light after dark is night ("whatever
// glows after dark", "streets lit up"); a fête is a festival, and a word
// the reader took for a town that begins a longer phrase of the
// vocabulary is that phrase ("Fête de la Musique" is music).
func TestEditorReadsRound9Interests(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Location: Ghent\nWhen: next weekend\nTo shoot: markets, whatever glows after dark", []string{"market", "night"}},
		{"Bruges in December: flea markets, and old streets lit up", []string{"market", "night"}},
		{"Is there a village fête or a car boot sale near Norwich next Saturday?", []string{"festival", "market"}},
		{"Fête de la Musique or street markets in Bordeaux this year?", []string{"music", "market"}},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-02"})
		for _, w := range c.want {
			if why != "" || !slices.Contains(p.Interests, w) {
				t.Errorf("%q: read %s (%q), want %q among the interests", c.text, readingText(p), why, w)
			}
		}
	}
}

// TestEditorReadsRound9Days: a past time in the asker's story gives way
// to the time still to come; a stay's length written before its first
// day closes it ("ten days from Friday"); a last day after a single
// first day ("until 9 October", "until the 8") ends the frame; Orthodox
// Easter and the days between Christmas and New Year are read.
func TestEditorReadsRound9Days(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		{"Used to shoot weddings back in 2023. Now I'm in Nice for ten days from Friday. Festivals?", "2026-08-05", "2026-08-07", "2026-08-16"},
		{"Gave up sports photography last year; I'll be in Lille for a week starting Tuesday, parades please", "2026-08-05", "2026-08-11", "2026-08-17"},
		{"I fly into Seville on 3 October and I stay on till 9 October. Markets?", "2026-07-01", "2026-10-03", "2026-10-09"},
		{"Our cousin's christening in Genoa is on the 4 of October and we remain until the 8. Parades?", "2026-07-01", "2026-10-04", "2026-10-08"},
		{"Epitaphios processions in Patras, Orthodox Easter for us: Good Friday until Easter Monday", "2027-01-10", "2027-04-30", "2027-05-03"},
		{"Markets in Graz between Xmas and New Years please", "2026-10-01", "2026-12-26", "2026-12-31"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame != (TimeFrame{From: c.from, To: c.to}) {
			t.Errorf("%q: read %s (%q), want %s..%s", c.text, readingText(p), why, c.from, c.to)
		}
	}
}

// TestEditorRejectsRound9: a question about having gear repaired is no
// ask for events, whatever event it must be done before; a continent
// alone is too wide and the reason names it. A photographer's genre
// after "switched to" is no town.
func TestEditorRejectsRound9(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, reason string }{
		{"My lens needs servicing, where in Leeds can I get it fixed before the festival on Sunday?", "repaired"},
		{"Who can repair a tripod head in Bristol before a concert next Friday?", "repaired"},
		{"Anywhere in Africa next year for festivals?", "Africa"},
		{"Parades somewhere in Europe in May?", "Europe"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-09"})
		if !strings.Contains(why, c.reason) {
			t.Errorf("%q: read %s (%q), want a rejection naming %q", c.text, readingText(p), why, c.reason)
		}
	}
	p, why, _, _ := a.readProfile(State{UserInput: "Did weddings for years, moved over to street in 2025. In Lyon for ten days from Friday, festivals?", Today: "2026-08-05"})
	if why != "" || p.Place == nil || p.Place.Name != "Lyon" {
		t.Errorf("read %s (%q), want Lyon", readingText(p), why)
	}
}
