package events

import (
	"math"
	"slices"
	"testing"
)

// TestEditorReadsRound12Words: markets and festivals named in the
// language of their place or by the festival's own name are interests,
// a national day named with no date is its day, Chuseok its three days
// and a lunar festival's eve the day before it.
func TestEditorReadsRound12Words(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, interest, from, to string
	}{
		{"Any rommelmarkt or flohmarkt stalls in Antwerp next Saturday?", "2026-05-04", "market", "", ""},
		{"brocantes around Lille in June, I love old cameras", "2026-05-04", "market", "", ""},
		{"going to Penang for the pasar pagi, first week of May", "2026-04-20", "market", "", ""},
		{"Diwali in Leicester this year, the lights and the crowds", "2026-04-20", "festival", "", ""},
		{"Yi Peng and the night markets in Chiang Mai, November", "2026-04-20", "festival", "", ""},
		{"Ottawa on Canada Day, the fireworks?", "2026-05-02", "", "2026-07-01", "2026-07-01"},
		{"Anything in Auckland for Waitangi Day?", "2026-12-02", "", "2027-02-06", "2027-02-06"},
		{"the Chuseok holidays in Busan, palaces and markets", "2026-08-01", "", "2026-09-24", "2026-09-26"},
		{"Chinese New Year's Eve fireworks in Penang", "2026-11-01", "", "2027-02-05", "2027-02-05"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" {
			t.Errorf("%q: rejected %q", c.text, why)
			continue
		}
		if c.interest != "" && !slices.Contains(p.Interests, c.interest) {
			t.Errorf("%q: interests %q, want %s among them", c.text, p.Interests, c.interest)
		}
		if c.from != "" && (p.TimeFrame.From != c.from || p.TimeFrame.To != c.to) {
			t.Errorf("%q: %s..%s, want %s..%s", c.text, p.TimeFrame.From, p.TimeFrame.To, c.from, c.to)
		}
	}
}

// TestEditorReadsRound12Second: the second pass's classes, each in
// wordings of its own. A work base said as a trade or a business ("we
// sell crepes at a market in Rennes", "running a noodle stall in Ipoh",
// "I have got a coffee cart in Leeds") is not the town asked about; a
// town given with a radius narrows a country or region named before it,
// read in it ("over to England ... within 15 miles of Richmond" is not
// Virginia's); a day the asker says is free with the place between ("a
// spare afternoon in Ghent on Sun 9th") wins over the days of the tour;
// the end of a month is its 21st to last day, like "late June".
func TestEditorReadsRound12Second(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, place, country string
		radius                      float64
		from, to                    string
	}{
		{"We sell crepes at a market in Rennes and would love to see the street festivals in Nantes next weekend.", "2026-05-03", "Nantes", "FR", 0, "2026-05-09", "2026-05-10"},
		{"Running a noodle stall in Ipoh, heading to Melaka on the 20th. Night markets?", "2026-05-03", "Malacca", "MY", 0, "2026-05-20", "2026-05-20"},
		{"I have got a coffee cart in Leeds, anything fun in York next Saturday? Markets or fairs.", "2026-05-03", "York", "GB", 0, "2026-05-09", "2026-05-09"},
		{"I bake bread at a bakery in Leeds but want to see the markets in York next Saturday.", "2026-05-03", "York", "GB", 0, "2026-05-09", "2026-05-09"},
		{"We are taking the camper over to France in August. Car shows or fairs within 40 km of Lyon, 10-14 August?", "2026-06-03", "Lyon", "FR", 40, "2026-08-10", "2026-08-14"},
		{"Heading over to England for a fortnight. Any fairs within 15 miles of Richmond, 3-5 July?", "2026-06-03", "Richmond", "GB", 24.14, "2026-07-03", "2026-07-05"},
		{"Off to Scotland next month, fairs and shows within 25 km of Perth on 4 July?", "2026-06-03", "Perth", "GB", 25, "2026-07-04", "2026-07-04"},
		{"Band tour: Ghent on 8 August, Bruges on the 10th. We get a spare afternoon in Ghent on Sun 9th, any markets?", "2026-06-15", "Gent", "BE", 0, "2026-08-09", "2026-08-09"},
		{"Gigs in Cork on 3 October and in Limerick on the 5th; we have some free time in Cork on Sun 4th. Any markets?", "2026-06-15", "Cork", "IE", 0, "2026-10-04", "2026-10-04"},
		{"Off to Lyon towards the end of September. Any markets?", "2026-08-03", "Lyon", "FR", 0, "2026-09-21", "2026-09-30"},
		{"In Lyon at month's end, any markets?", "2026-08-03", "Lyon", "FR", 0, "2026-08-21", "2026-08-31"},
		{"Visiting Bergen around the end of next month, concerts?", "2026-08-03", "Bergen", "NO", 0, "2026-09-21", "2026-09-30"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" {
			t.Errorf("%q: rejected %q", c.text, why)
			continue
		}
		if p.Place == nil || p.Place.Name != c.place || p.Place.CountryCode != c.country {
			t.Errorf("%q: read %s, want %s (%s)", c.text, readingText(p), c.place, c.country)
		}
		if c.radius > 0 && math.Abs(p.RadiusKm-c.radius) > 0.5 {
			t.Errorf("%q: radius %v km, want %v", c.text, p.RadiusKm, c.radius)
		}
		if p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q: %s..%s, want %s..%s", c.text, p.TimeFrame.From, p.TimeFrame.To, c.from, c.to)
		}
	}
}
