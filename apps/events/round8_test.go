package events

import (
	"slices"
	"testing"
)

// TestEditorReadsRound8Days: a range of days written after a single day
// it holds is the frame (the day is an occasion in the stay); the days
// written after the place the asker stays in win over an occasion's day
// elsewhere before it; days in brackets spell out the frame before
// them; two days as alternatives are both in; "2morrow" is tomorrow.
func TestEditorReadsRound8Days(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		{"Christening to shoot in Bruges on 9 October; I'm around from the 6th. Any fairs 6-11 October?", "2026-03-02", "2026-10-06", "2026-10-11"},
		{"We renew our vows on 3rd August in Cork and we'll stay the week: markets between 1 and 7 August?", "2026-03-02", "2026-08-01", "2026-08-07"},
		{"A gig in Bergamo on 3 July, then staying in Milan after that (4th-6th). Markets?", "2026-03-02", "2026-07-04", "2026-07-06"},
		{"Conference in Leiden on 12 May and afterwards based in Utrecht from 13 to 15 May. Street fairs?", "2026-03-02", "2026-05-13", "2026-05-15"},
		{"Parades in Lyon the third week of June (Mon 15th to Sun 21st)?", "2026-03-02", "2026-06-15", "2026-06-21"},
		{"Fairs in Ghent, the first week of July (Wed 1st to Tue 7th)", "2026-03-02", "2026-07-01", "2026-07-07"},
		{"anything in leeds this friday or saturday?", "2026-03-02", "2026-03-06", "2026-03-07"},
		{"markets in york 2morrow or sun", "2026-03-02", "2026-03-03", "2026-03-08"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame != (TimeFrame{From: c.from, To: c.to}) {
			t.Errorf("%q: read %s (%q), want %s..%s", c.text, readingText(p), why, c.from, c.to)
		}
	}
}

// TestEditorReadsRound8Radius: a distance labelled as the radius or
// the most ("Radius: 25 km.", "Max 60km."), one "in any direction", and
// a number in words restated in digits in brackets are the radius.
func TestEditorReadsRound8Radius(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text   string
		radius float64
	}{
		{"Brief: street fairs. Base: Leeds. Range: 15 km. Dates: next month.", 15},
		{"Parades around Bristol next weekend? maximum 20mi, please", 32.19},
		{"Markets near Ghent in May. Max. 30km", 30},
		{"Fairs in Utrecht next month; happy to cycle twelve (12) kilometres each way.", 12},
		{"We'll be in York in June and will travel up to thirty (30) miles in every direction for a country show.", 48.28},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-02"})
		if why != "" || p.Place == nil || p.RadiusKm != c.radius {
			t.Errorf("%q: read %s (%q), want +%v km", c.text, readingText(p), why, c.radius)
		}
	}
}

// TestEditorReadsRound8Interests: cosplay and comic or anime cons are
// conventions (conference); a kind of event joined to "-type" or
// "-style" names that kind, and floats a parade.
func TestEditorReadsRound8Interests(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text string
		want []string
	}{
		{"any comic cons in Leeds next month? cosplayers pls", []string{"conference"}},
		{"Cosplay meet-ups or anime cons around Lyon in June?", []string{"conference"}},
		{"Market-style stalls in Bruges next weekend", []string{"market"}},
		{"festival-type happenings in Porto, with floats if possible, in July", []string{"festival", "parade"}},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-02"})
		for _, w := range c.want {
			if why != "" || !slices.Contains(p.Interests, w) {
				t.Errorf("%q: read %s (%q), want %q among the interests", c.text, readingText(p), why, w)
			}
		}
	}
}
