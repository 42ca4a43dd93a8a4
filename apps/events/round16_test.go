package events

import (
	"slices"
	"testing"
)

// TestEditorReadsRound16 reads round 16's classes in wordings of their
// own: a day said to be free with a word before "free" ("completely
// free") is the one asked about; a frame since a time past ("I've lived
// in Lyon since 2019") tells the asker's story; board and street sports
// ("bmx jams", "surf contests", "skateboarding") are sports; a feast's
// name read as a town ("munich christmas markets") pulls no other town
// to its country; a word in lower case between a workplace cue and the
// town ("I work at the front desk of a hotel in X") leaves X the
// workplace; a long weekend with days written after it is those days,
// and one "just gone" is the last one; a stay written after a feast that
// overlaps it is the frame.
func TestEditorReadsRound16(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, place, country, from, to, interest, reject string }{
		{"Shooting a conference Monday and Friday, the Wednesday in between is completely free. Anything in Bristol?", "2026-06-08", "Bristol", "GB", "2026-06-10", "2026-06-10", "", ""},
		{"I've lived in Lyon since 2019. On 14 July, anything for the fireworks?", "2026-06-01", "Lyon", "FR", "2026-07-14", "2026-07-14", "", ""},
		{"Been shooting street since last spring, now in Glasgow from 3 to 5 October, any gigs?", "2026-06-01", "Glasgow", "GB", "2026-10-03", "2026-10-05", "", ""},
		{"any bmx jams in Leeds this weekend?", "2026-06-01", "Leeds", "GB", "2026-06-06", "2026-06-07", "sports", ""},
		{"surf contests near Newquay in August", "2026-06-01", "Newquay", "GB", "2026-08-01", "2026-08-31", "sports", ""},
		{"Skateboarding events in Barcelona next month", "2026-06-01", "Barcelona", "ES", "2026-07-01", "2026-07-31", "sports", ""},
		{"naples christmas markets", "2026-06-01", "Naples", "IT", "2026-06-01", "2026-08-29", "market", ""},
		{"athens christmas lights dec 2026", "2026-06-01", "Athens", "GR", "2026-12-01", "2026-12-31", "night", ""},
		{"I work at the front desk of a hotel in Kreuzberg, what's on in Berlin this weekend?", "2026-06-01", "Berlin", "DE", "2026-06-06", "2026-06-07", "", ""},
		{"Any parades in York over the bank holiday weekend, Sat 23 to Mon 25 May?", "2026-05-01", "York", "GB", "2026-05-23", "2026-05-25", "", ""},
		{"what went on in Manchester over the long weekend just gone?", "2026-09-10", "", "", "", "", "", "is over before today"},
		{"During Golden Week, from 1 to 4 May, in Osaka: festivals?", "2026-04-01", "Osaka", "JP", "2026-05-01", "2026-05-04", "", ""},
		{"In Golden Week we will visit Sendai, 3 to 5 May. Festivals?", "2026-04-01", "Sendai", "JP", "2026-05-03", "2026-05-05", "", ""},
		{"For Christmas, from 20 to 23 December, I'm in Vienna. Markets?", "2026-06-01", "Vienna", "AT", "2026-12-20", "2026-12-23", "", ""},
	} {
		p, read := editorReads(t, a, readingWant{c.text, c.today, c.place, c.country, c.from, c.to, c.reject})
		if read && c.interest != "" && !slices.Contains(p.Interests, c.interest) {
			t.Errorf("%q: interests %v, want %s", c.text, p.Interests, c.interest)
		}
	}
}
