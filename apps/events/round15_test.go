package events

import (
	"slices"
	"testing"
)

// TestEditorReadsRound15 reads round 15's classes in wordings of their
// own: a feast whose name is a kind of event ("for Songkran", "during
// Carnaval") is that interest as well as the time; parades by their
// local names ("comparsas", "cabalgata", "optochten"); "until N" after
// an hour or before a clock's mark is an hour, not a day; a one-day
// feast or day asked for "and also" with another in its sentence is a
// frame holding both; "no sorry" takes back the day before it; a town
// named with no cue after where the asker is from ("I am from Vietnam.
// I will go Hoi An") is where they go; a town in a signature is the
// place when the request names none, and the names of a letter's
// greeting and closing are no places; of a trip's towns, the one
// singled out ("Osaka is where I have a free evening", "the Ghent part")
// is the place, its days the frame.
func TestEditorReadsRound15(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct {
		text, today, place, country, reject string
		from, to                            string
		interests                           []string
	}{
		{"Shooting the water fights in Bangkok for Songkran next year", "2026-01-10", "Bangkok", "TH", "", "2027-04-13", "2027-04-15", []string{"festival"}},
		{"Heading to Salvador during Carnaval, mostly for the street art", "2026-01-10", "Salvador", "BR", "", "2026-02-14", "2026-02-17", []string{"festival", "art"}},
		{"Chiang Rai over Songkran, any night markets?", "2026-03-01", "Chiang Rai", "TH", "", "2026-04-13", "2026-04-15", []string{"festival", "market"}},
		{"street art and the comparsas in Montevideo in February", "2026-01-10", "Montevideo", "UY", "", "", "", []string{"art", "parade"}},
		{"markets and the cabalgata in Madrid on 5 January", "2026-01-02", "Madrid", "ES", "", "2026-01-05", "2026-01-05", []string{"market", "parade"}},
		{"any concerts or optochten in Maastricht next month?", "2026-01-10", "Maastricht", "NL", "", "", "", []string{"music", "parade"}},
		{"On Saturday I'm free 11 till 4, markets in York?", "2026-04-13", "York", "GB", "", "2026-04-18", "2026-04-18", nil},
		{"in Bath on Friday, free till 4 pm, any fairs?", "2026-04-13", "Bath", "GB", "", "2026-04-17", "2026-04-17", nil},
		{"In Leeds on Thursday, free until 6:30, concerts?", "2026-04-13", "Leeds", "GB", "", "2026-04-16", "2026-04-16", nil},
		{"Christmas Eve in Cologne for the markets, as well as Christmas Day", "2026-11-20", "Köln", "DE", "", "2026-12-24", "2026-12-25", nil},
		{"In Ghent Saturday for the flea market and maybe Sunday", "2026-11-20", "Gent", "BE", "", "2026-11-21", "2026-11-22", nil},
		{"Hogmanay in Edinburgh for the street party, and also New Year's Day", "2026-11-20", "Edinburgh", "GB", "", "2026-12-31", "2027-01-01", nil},
		{"in Bruges on the 3rd, no sorry, the 10th of May. Markets?", "2026-04-20", "Brugge", "BE", "", "2026-05-10", "2026-05-10", nil},
		{"Lyon on Friday, no sorry, Saturday: concerts?", "2026-04-20", "Lyon", "FR", "", "2026-04-25", "2026-04-25", nil},
		{"in Porto on 12 June, no sorry, on 14 June: concerts?", "2026-04-20", "Porto", "PT", "", "2026-06-14", "2026-06-14", nil},
		{"I am from Vietnam. I will go Hoi An for the lantern festival next month", "2026-04-20", "Hoi An", "VN", "", "", "", nil},
		{"We are from Poland, this summer we go Porto, any concerts?", "2026-04-20", "Porto", "PT", "", "", "", nil},
		{"We are from Mexico. We go Madrid in May, any parades?", "2026-04-20", "Madrid", "ES", "", "", "", nil},
		{"Any gigs this Saturday?\n\n--\nTom Hale\nSound Engineer\nBristol", "2026-04-20", "Bristol", "GB", "", "2026-04-25", "2026-04-25", nil},
		{"Markets on Sunday?\nThanks,\nAnna Berg\nLund, Sweden", "2026-04-20", "Lund", "SE", "", "2026-04-26", "2026-04-26", nil},
		{"Anything on tonight?\n\n--\nPiet Janssen\nAccount Manager\nUtrecht", "2026-04-20", "Utrecht", "NL", "", "2026-04-20", "2026-04-20", nil},
		{"Any fireworks this weekend?\n\n--\nMaria Rossi\nOffice Manager\nTurin", "2026-04-20", "Turin", "IT", "", "2026-04-25", "2026-04-26", nil},
		{"I'll be in York next Saturday, any markets? Many thanks, Margaret", "2026-04-20", "York", "GB", "", "", "", nil},
		{"Hi Eugene, any fairs in Cambridge next month?", "2026-04-20", "Cambridge", "GB", "", "", "", nil},
		{"Any fairs in Cambridge next month? Thanks, Eugene", "2026-04-20", "Cambridge", "GB", "", "", "", nil},
		{"Any parades in Plymouth in May? Thanks so much, Lincoln", "2026-04-20", "Plymouth", "GB", "", "", "", nil},
		{"Two nights in Kyoto, then Osaka from the 14th to the 16th of May; Osaka is where I have a free evening", "2026-04-20", "Osaka", "JP", "", "2026-05-14", "2026-05-16", nil},
		{"Bruges first (2–4 June), then Ghent from the 5th to the 7th. It's the Ghent part I need ideas for", "2026-04-20", "Gent", "BE", "", "2026-06-05", "2026-06-07", nil},
		{"Madrid for three days, then Toledo on the 9th and 10th of May, and Toledo is where we have time to shoot", "2026-03-01", "Toledo", "ES", "", "2026-05-09", "2026-05-10", nil},
	} {
		p, read := editorReads(t, a, readingWant{c.text, c.today, c.place, c.country, c.from, c.to, c.reject})
		for _, in := range c.interests {
			if read && !slices.Contains(p.Interests, in) {
				t.Errorf("%q: interests %q, want %q among them", c.text, p.Interests, in)
			}
		}
	}
}
