package events

import "testing"

// TestEditorReadsRound15b reads the classes a colleague found after
// round 15, in wordings of their own: the part of a month named after it
// by "the month" ("next month, mid-month", "in July, late in the
// month") is that third; a count of weeks ahead is the week starting
// that day, and "for a long weekend" in it its Friday to Monday, not a
// holiday's; "the day before" a date just named is that day; "this
// afternoon" is today; Día de Muertos is 31 October to 2 November, and
// a stay written after a feast and holding it is the frame.
func TestEditorReadsRound15b(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, place, country, from, to string }{
		{"Zaragoza next month, a few days mid-month, any concerts?", "2026-05-06", "Zaragoza", "ES", "2026-06-11", "2026-06-20"},
		{"Porto in July, late in the month, markets?", "2026-05-06", "Porto", "PT", "2026-07-21", "2026-07-31"},
		{"Bordeaux in September around the middle of the month", "2026-05-06", "Bordeaux", "FR", "2026-09-11", "2026-09-20"},
		{"in Madrid in three weeks, any fairs?", "2026-05-06", "Madrid", "ES", "2026-05-27", "2026-06-02"},
		{"taking the kids to Madrid 3 weeks from now for a long weekend", "2026-05-06", "Madrid", "ES", "2026-05-29", "2026-06-01"},
		{"Lyon in two weeks for a long weekend, fireworks?", "2026-05-06", "Lyon", "FR", "2026-05-22", "2026-05-25"},
		{"The conference in Graz is on 9 June and I'm free the day after. Concerts?", "2026-05-06", "Graz", "AT", "2026-06-10", "2026-06-10"},
		{"Our flight from Bilbao is on the 20th; the evening before we're free", "2026-05-06", "Bilbao", "ES", "2026-05-19", "2026-05-19"},
		{"in Leeds, anything on this afternoon?", "2026-05-06", "Leeds", "GB", "2026-05-06", "2026-05-06"},
		{"Oaxaca for Dia de los Muertos, the altars and the comparsas", "2026-05-06", "Oaxaca", "MX", "2026-10-31", "2026-11-02"},
		{"For the Day of the Dead we're in Puebla, there from 29 October to 3 November", "2026-05-06", "Puebla", "MX", "2026-10-29", "2026-11-03"},
	} {
		editorReads(t, a, readingWant{text: c.text, today: c.today, place: c.place, country: c.country, from: c.from, to: c.to})
	}
}
