package events

import "testing"

// TestEditorReadsRound7Frames: a season in a place of the southern
// hemisphere is that hemisphere's, the coming one; no time named is
// today and the 89 days after; punctuation dictated as words does not
// hide a time ("over the holidays comma ..."); a feast's whole frame.
func TestEditorReadsRound7Frames(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		// seasons where the place is
		{"Off to Hobart in winter, any fire festivals?", "2026-03-02", "2026-06-01", "2026-08-31"},
		{"spring in Cape Town - flower shows?", "2026-10-20", "2026-10-20", "2026-11-30"},
		{"we spend the summer in Perth, beach concerts", "2026-07-01", "2026-12-01", "2027-02-28"},
		{"Madrid this winter, markets", "2026-03-02", "2026-12-01", "2027-02-28"},
		// no time named
		{"Been meaning to visit Ghent for ages. Flea markets?", "2026-03-11", "2026-03-11", "2026-06-08"},
		{"lyon street parades, whatever is on", "2026-07-22", "2026-07-22", "2026-10-19"},
		// dictated punctuation
		{"so we land in Denver over the holidays comma any parades question mark", "2026-11-20", "2026-12-24", "2027-01-01"},
		// feasts as whole frames
		{"Olinda for carnival next year please, the street bands", "2026-06-01", "2027-02-06", "2027-02-09"},
		{"visiting my cousin in Cologne over Whitsun, any fairs?", "2026-03-02", "2026-05-23", "2026-05-25"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): read %s..%s (%q), want %s..%s", c.text, c.today, p.TimeFrame.From, p.TimeFrame.To, why, c.from, c.to)
		}
	}
}
