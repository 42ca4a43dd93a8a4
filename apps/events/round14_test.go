package events

import (
	"testing"
)

// TestEditorReadsRound14: a weekend referred back to ("Saturday and
// Sunday are free ... anything that weekend?") is the frame asked; a
// weekday after a week named before it ("all next week ... only
// Thursday is free") is that week's; a limit after "near" ("nothing
// further than 20 miles") is the radius; "doesn't matter where" leaves
// the place open; a small town's name qualifying a kind of event
// ("Highland games", "Christmas markets") does not pull a named town to
// its namesake's country; a place taken back ("Lyon, sorry, not Lyon,
// Grenoble") gives way to the one said in its stead.
func TestEditorReadsRound14(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, place, country, reject string
		radius                              float64
		from, to                            string
	}{
		{"Working in Bergen all week, done on Friday, so Saturday and Sunday are free. Markets on that weekend?", "2026-06-09", "Bergen", "NO", "", 0, "2026-06-13", "2026-06-14"},
		{"Gig in Leeds on Sunday 8 March, anything else worth shooting that same weekend?", "2026-02-10", "Leeds", "GB", "", 0, "2026-03-07", "2026-03-08"},
		{"Visiting Lisbon all next week for work; the only evening I have free is Thursday. Concerts?", "2026-06-03", "Lisbon", "PT", "", 0, "2026-06-11", "2026-06-11"},
		{"Our ferry lands in Kiel on Friday 12 June; anything on that weekend?", "2026-05-01", "Kiel", "DE", "", 0, "2026-06-13", "2026-06-14"},
		{"Meeting a client in Porto on Thursday 4 June and staying on for that weekend, festivals?", "2026-05-01", "Porto", "PT", "", 0, "2026-06-06", "2026-06-07"},
		{"In Vienna the whole of next week, free on Tuesday only. Any markets?", "2026-06-03", "Vienna", "AT", "", 0, "2026-06-09", "2026-06-09"},
		{"In Munich all next week on a course, only Friday is free. Beer halls with music?", "2026-06-01", "Munich", "DE", "", 0, "2026-06-12", "2026-06-12"},
		{"All next week I'm in Zagreb, the one evening I can get away is Friday, concerts?", "2026-06-01", "Zagreb", "HR", "", 0, "2026-06-12", "2026-06-12"},
		{"Staying near Arles in June, but nothing further than 20 miles please.", "2026-04-01", "Arles", "FR", "", 32.19, "", ""},
		{"Camping near Girona in May; we won't drive more than 40 km.", "2026-04-01", "Girona", "ES", "", 40, "", ""},
		{"Based near Lucca in July; not further than 25 km please", "2026-04-01", "Lucca", "IT", "", 25, "", ""},
		{"any fireworks this Saturday? don't mind where", "2026-05-12", "", "", "place", 0, "", ""},
		{"fireworks on Saturday, not fussy where", "2026-05-12", "", "", "place", 0, "", ""},
		{"night markets next weekend, I don't really care where", "2026-05-12", "", "", "place", 0, "", ""},
		{"We're in Inverness next week, any Highland games around?", "2026-07-01", "Inverness", "GB", "", 0, "", ""},
		{"In Aberdeen next week, any Highland games or Scottish dancing?", "2026-07-01", "Aberdeen", "GB", "", 0, "", ""},
		{"A week in Stirling in August: any Highland games?", "2026-07-01", "Stirling", "GB", "", 0, "", ""},
		{"Taking the kids to Vienna in December, where are the Christmas markets?", "2026-10-01", "Vienna", "AT", "", 0, "", ""},
		{"A week in Lyon in May, sorry, not Lyon, Grenoble. Festivals?", "2026-02-01", "Grenoble", "FR", "", 0, "", ""},
		{"Markets in Bologna, no wait, Modena, next Saturday", "2026-02-01", "Modena", "IT", "", 0, "", ""},
		{"Festivals in Ghent next month - no, not Ghent, Bruges", "2026-02-01", "Brugge", "BE", "", 0, "", ""},
		{"Heading to Nantes in June, sorry, not Nantes, Rennes. Concerts?", "2026-02-01", "Rennes", "FR", "", 0, "", ""},
	} {
		p, read := editorReads(t, a, readingWant{c.text, c.today, c.place, c.country, c.from, c.to, c.reject})
		if read && p.RadiusKm != c.radius {
			t.Errorf("%q: radius %v, want %v", c.text, p.RadiusKm, c.radius)
		}
	}
}
