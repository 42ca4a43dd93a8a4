package events

import (
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
