package events

import "testing"

// TestEditorReadsLabourDayByCountry: Labour Day is the day the place's
// country (and state) keeps; where it is not certain it is not read.
func TestEditorReadsLabourDayByCountry(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		// Victoria: the second Monday of March; Queensland: the first of May
		{"Melbourne over Labour Day, any street festivals?", "2026-01-10", "2026-03-09", "2026-03-09"},
		{"markets in Brisbane for labour day?", "2026-01-10", "2026-05-04", "2026-05-04"},
		// New Zealand: the fourth Monday of October
		{"Wellington, Labour Day weekend, concerts", "2026-06-01", "2026-10-24", "2026-10-26"},
		// 1 May where the country keeps it
		{"Rome on Labour Day: parades or concerts?", "2026-02-01", "2026-05-01", "2026-05-01"},
		{"Any rallies in Madrid for Labor Day?", "2026-02-01", "2026-05-01", "2026-05-01"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): read %s..%s (%q), want %s..%s", c.text, c.today, p.TimeFrame.From, p.TimeFrame.To, why, c.from, c.to)
		}
	}
	// Australia's states keep it on different days: not read.
	p, _, _, _ := a.readProfile(State{UserInput: "Australia over Labour Day, festivals?", Today: "2026-01-10"})
	if p.TimeFrame.From == p.TimeFrame.To {
		t.Errorf("Australia's Labour Day read as one day %s", p.TimeFrame.From)
	}
}
