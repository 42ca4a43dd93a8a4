package events

import "testing"

// TestEditorReadsRound17 reads round 17's classes in wordings of their
// own.
func TestEditorReadsRound17(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, place, country, from, to, reject string }{
		// the next fortnight: fourteen days from today
		{"Anything on in Leeds in the coming fortnight?", "2026-06-01", "Leeds", "GB", "2026-06-01", "2026-06-14", ""},
		{"gigs in Cardiff during the next fortnight please", "2026-06-01", "Cardiff", "GB", "2026-06-01", "2026-06-14", ""},
		{"Markets in York for the next two fortnights?", "2026-06-01", "York", "GB", "2026-06-01", "2026-06-28", ""},
		// bare day numbers after a month named relatively
		{"Next month I'll be in Lyon from 5 until 9, any concerts?", "2026-06-10", "Lyon", "FR", "2026-07-05", "2026-07-09", ""},
		{"next month, I am in Turin between 20 and 24. Festivals?", "2026-06-10", "Turin", "IT", "2026-07-20", "2026-07-24", ""},
		{"This month we stay in Nice from 22 to 26, what markets?", "2026-06-10", "Nice", "FR", "2026-06-22", "2026-06-26", ""},
		{"In August I stay in Porto from 3 to 8, any markets?", "2026-06-10", "Porto", "PT", "2026-08-03", "2026-08-08", ""},
		{"next month the shop is open from 9 to 17 hours, so I am free in Bilbao only at night", "2026-06-10", "Bilbao", "ES", "2026-07-01", "2026-07-31", ""},
		// spelled-out ordinals in a range
		{"I'm in Oslo from the twenty first of June to the twenty fourth of June", "2026-05-01", "Oslo", "NO", "2026-06-21", "2026-06-24", ""},
		{"Rome from the third of May to the seventh of May, processions?", "2026-04-01", "Rome", "IT", "2026-05-03", "2026-05-07", ""},
		{"visiting Prague from the thirtieth of April to the fourth of May", "2026-04-01", "Prague", "CZ", "2026-04-30", "2026-05-04", ""},
		// the rows of a pasted itinerary that name the town asked about
		{"What's on during the Bologna days?\n\n03/05/2026\tFlorence\n04/05/2026\tBologna\thotel\n05/05/2026\tBologna\n06/05/2026\tVenice", "2026-04-01", "Bologna", "IT", "2026-05-04", "2026-05-05", ""},
		{"Only need the Ghent leg. My plan:\n12 June 2026 - Bruges\n13 June 2026 - Ghent\n14 June 2026 - Ghent\n15 June 2026 - Ghent\n16 June 2026 - Antwerp", "2026-04-01", "Gent", "BE", "2026-06-13", "2026-06-15", ""},
		{"events for my time in Seville please\n| 2026-10-01 | Madrid |\n| 2026-10-02 | Seville |\n| 2026-10-03 | Seville |\n| 2026-10-04 | Cordoba |", "2026-08-01", "Sevilla", "ES", "2026-10-02", "2026-10-03", ""},
		// a feast named after a stay of days that holds it
		{"staying in Glasgow from the twenty ninth of November to the third of December, anything for St Andrew's Day?", "2026-11-01", "Glasgow", "GB", "2026-11-29", "2026-12-03", ""},
		{"In Dublin 14-19 March, what's on around St Patrick's Day?", "2026-02-01", "Dublin", "IE", "2026-03-14", "2026-03-19", ""},
		{"We're in Paris from 12 to 16 July and hope to catch something for Bastille Day", "2026-06-01", "Paris", "FR", "2026-07-12", "2026-07-16", ""},
		// arrival and departure days
		{"We arrive in Lisbon on 3 March and leave on the 8th. Anything on?", "2026-02-01", "Lisbon", "PT", "2026-03-03", "2026-03-08", ""},
		{"I get to Vienna on the 12th of May and fly back on the 15th", "2026-04-01", "Vienna", "AT", "2026-05-12", "2026-05-15", ""},
		{"We land in Seville on the 4th of June and fly home on the 10th, any concerts?", "2026-04-01", "Sevilla", "ES", "2026-06-04", "2026-06-10", ""},
		// a feast of this year already past
		{"How was Easter this year in Seville? I missed the processions.", "2026-05-01", "", "", "", "", "is over before today"},
		{"Did Dublin have a good parade for St Patrick's Day this year?", "2026-04-01", "", "", "", "", "is over before today"},
		{"what happened in Salem for Halloween this year?", "2026-11-20", "", "", "", "", "is over before today"},
		// a country over a small namesake town
		{"off to Cyprus for a week in May, any festivals?", "2026-04-01", "Cyprus", "CY", "2026-05-01", "2026-05-31", ""},
		{"Heading to Peru from 3 to 9 August, carnival?", "2026-04-01", "Peru", "PE", "2026-08-03", "2026-08-09", ""},
		{"going to Malta next month, any fireworks?", "2026-04-01", "Malta", "MT", "2026-05-01", "2026-05-31", ""},
		{"Going to Cuba 10 to 20 March, music?", "2026-02-01", "Cuba", "CU", "2026-03-10", "2026-03-20", ""},
	} {
		editorReads(t, a, readingWant(c))
	}
}
