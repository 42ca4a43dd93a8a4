package events

import (
	"strings"
	"testing"
)

// TestEditorReadsRound11Places: where the asker works gives way to the
// town asked about; "or around" after a town and a distance after "near,
// maybe" are a radius; a request that leaves the place open ("anywhere")
// is rejected, a lower-case word some small town is named after no place.
func TestEditorReadsRound11Places(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, place, country string
		radius               float64
	}{
		{"We run a guesthouse in Sintra. Our guests ask what's on in Porto next weekend, concerts mostly.", "Porto", "PT", 0},
		{"I'm a librarian at a college in Leeds; any exhibitions in York in May?", "York", "GB", 0},
		{"I'm a teacher taking my class to Bath. We live in Bristol. Festivals in June?", "Bath", "GB", 0},
		{"markets in Cork and around this Saturday?", "Cork", "IE", 50},
		{"Lyon or nearby, festivals in June", "Lyon", "FR", 50},
		{"sagre in Bologna and the villages around, say 30 km, in August", "Bologna", "IT", 30},
		{"Concerts in Porto and the towns nearby: about 25 miles. July.", "Porto", "PT", 40.23},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-04-02"})
		if why != "" || p.Place == nil || p.Place.Name != c.place || p.Place.CountryCode != c.country || p.RadiusKm != c.radius {
			t.Errorf("%q: read %s radius %v (%q), want %s (%s) radius %v", c.text, readingText(p), p.RadiusKm, why, c.place, c.country, c.radius)
		}
	}
	for _, text := range []string{
		"kite festivals in july? we'd go anywhere really",
		"Looking for lantern parades this winter, wherever they are, will fly.",
	} {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-04-02"})
		if !strings.Contains(why, "place") {
			t.Errorf("%q: read %s (%q), want a rejection naming the place", text, readingText(p), why)
		}
	}
}

// TestEditorReadsRound11Days: weekdays written after a dated day are
// those around it; the day the asker is free among days they are busy;
// landing and flying home as the stay's ends; a long weekend the asker
// makes is no holiday's.
func TestEditorReadsRound11Days(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		{"Cup final in Glasgow, Saturday 16 May. We'll make it a long weekend, Thursday to Sunday. Music?", "2026-03-01", "2026-05-14", "2026-05-17"},
		{"Conference in Lyon on Tuesday 9 June, but the Wednesday is free. Any markets?", "2026-05-01", "2026-06-10", "2026-06-10"},
		{"Working a gig in Oslo on Friday 4 September, Saturday off though. Street food?", "2026-08-01", "2026-09-05", "2026-09-05"},
		{"Heading to Hanoi. We arrive on the 3rd and leave on the 11th, food markets please", "2026-07-20", "2026-08-03", "2026-08-11"},
		{"In Seoul: getting in on the 20th, flying back on the 27th. Festivals?", "2026-09-02", "2026-09-20", "2026-09-27"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame != (TimeFrame{From: c.from, To: c.to}) {
			t.Errorf("%q: read %s (%q), want %s..%s", c.text, readingText(p), why, c.from, c.to)
		}
	}
}
