package events

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorReadsRound10Places: where the asker comes from or studies
// gives way to a place named after it with no cue or the home the asker
// goes back to; a word some town is named after gives way to a
// continent (too wide); a lower-case town with its province's code, a
// city's nickname in capitals.
func TestEditorReadsRound10Places(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, place, country string }{
		{"Seafarer from Manila, pauwi ako sa Davao next month. Kadayawan parade?", "Davao", "PH"},
		{"nurse from Dubai, uwi sa Bacolod this October, any festivals?", "Bacolod City", "PH"},
		{"I'm studying in Leeds but flying back home to Porto over Easter: processions?", "Porto", "PT"},
		{"Doing my masters, studying at uni in Glasgow; at Christmas I go back home to Bergen. Markets?", "Bergen", "NO"},
		{"in march. halifax ns, looking for winter festivals", "Halifax", "CA"},
		{"Home in RIO for New Year, fireworks on the beach?", "Rio de Janeiro", "BR"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-02"})
		if why != "" || p.Place == nil || p.Place.Name != c.place || p.Place.CountryCode != c.country {
			t.Errorf("%q: read %s (%q), want %s (%s)", c.text, readingText(p), why, c.place, c.country)
		}
	}
	for _, text := range []string{
		"nice!! want to shoot markets somewhere in europe in may, totally flexible",
		"reading week soon, festivals anywhere in east asia in march?",
	} {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-02-02"})
		if !strings.Contains(why, "continent") {
			t.Errorf("%q: read %s (%q), want a rejection of the continent", text, readingText(p), why)
		}
	}
}

// TestEditorReadsRound10Days: days restated inside the range they came
// in, the coming US holiday weekends, a slashed day in the place's order,
// weekdays on both ends of bracketed days after a holiday's name.
func TestEditorReadsRound10Days(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		{"free from August 10 to 20. rome, the palio on the 10th and then markets until the 20th", "2026-06-01", "2026-08-10", "2026-08-20"},
		{"Off Sept 5 to 9; in Lisbon: a concert on the 5th, then street food till the 9th", "2026-06-01", "2026-09-05", "2026-09-09"},
		{"Rodeos near Denver over presidents day weekend?", "2026-01-10", "2026-02-14", "2026-02-16"},
		{"Parades in Chicago over memorial weekend", "2026-04-10", "2026-05-23", "2026-05-25"},
		{"Light shows in Perth on 4/7, any?", "2026-05-01", "2026-07-04", "2026-07-04"},
		{"Parade in Boise on 7/4?", "2026-05-01", "2026-07-04", "2026-07-04"},
		{"Wellington for Waitangi weekend (Fri 5 to Sun 7 February)? Markets", "2026-12-01", "2027-02-05", "2027-02-07"},
		{"Denver 2026-08-14 → 2026-08-16, music please", "2026-06-01", "2026-08-14", "2026-08-16"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame != (TimeFrame{From: c.from, To: c.to}) {
			t.Errorf("%q: read %s (%q), want %s..%s", c.text, readingText(p), why, c.from, c.to)
		}
	}
}

// TestEditorReadsRound10Interests: local words for festivals and parades.
func TestEditorReadsRound10Interests(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, want string }{
		{"Any summer matsuri around Osaka in August?", "festival"},
		{"the desfiles of Oaxaca in July", "parade"},
		{"festas juninas in Recife this June, bonfires", "festival"},
		{"Fiestas patronales near Sevilla in May?", "festival"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-02"})
		if why != "" || !slices.Contains(p.Interests, c.want) {
			t.Errorf("%q: read %s (%q), want %q among the interests", c.text, readingText(p), why, c.want)
		}
	}
}

// TestEditorRejectsRound10: a question for a service (somewhere to stay,
// park or eat) names no event, whatever its place and month; a place
// given only as the asker's home or "me" is none the gazetteer knows.
func TestEditorRejectsRound10(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, reason string }{
		{"cheapest campground near Moab UT for April?", "service"},
		{"Where can we park our van in Tofino for two weeks in May?", "service"},
		{"concerts within 10 km of my house this weekend", "place"},
		{"parades near me on Saturday?", "place"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-03-09"})
		if !strings.Contains(why, c.reason) {
			t.Errorf("%q: read %s (%q), want a rejection naming %q", c.text, readingText(p), why, c.reason)
		}
	}
}
