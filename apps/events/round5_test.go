package events

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorReadsRound5Vocabulary: the names of sports (slang too) are
// sports, and souks, bazaars and car boot sales are markets.
func TestEditorReadsRound5Vocabulary(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, interest string }{
		{"Any rugby in Cardiff next Saturday? Want the lineouts", "sports"},
		{"footie matches around Leeds in March", "sports"},
		{"Cricket at Lord's in London this summer?", "sports"},
		{"bazaars in Istanbul next week", "market"},
		{"Where are the souqs in Doha busiest in December?", "market"},
		{"car boot sales near Bristol this weekend", "market"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-02-10"})
		if why != "" || !slices.Contains(p.Interests, c.interest) {
			t.Errorf("%q: interests %q (%q), want %q among them", c.text, p.Interests, why, c.interest)
		}
	}
}

// TestEditorReadsRound5Frames: the lunar festivals by their days, a
// feast in the year written apart from it, and a past time a question
// points back to with "then" (over, so rejected).
func TestEditorReadsRound5Frames(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, today, from, to string }{
		// the lunar festivals' days come from tables
		{"Moon festival lanterns in Singapore next year?", "2026-11-01", "2027-09-15", "2027-09-15"},
		{"Mid-Autumn Festival in Kuala Lumpur", "2026-01-10", "2026-09-25", "2026-09-25"},
		{"dragon boat festival races in Hong Kong 2027", "2026-01-10", "2027-06-09", "2027-06-09"},
		{"Chap Goh Mei in Penang this year", "2026-01-10", "2026-03-03", "2026-03-03"},
		// a feast in the one year written apart from it
		{"Holy Week processions in Malaga 2027", "2026-02-01", "2027-03-21", "2027-03-28"},
		{"Karneval in Düsseldorf: Rosenmontag next year, which floats?", "2026-01-20", "2027-02-08", "2027-02-08"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today})
		if why != "" || p.TimeFrame.From != c.from || p.TimeFrame.To != c.to {
			t.Errorf("%q (today %s): read %s..%s (%q), want %s..%s", c.text, c.today, p.TimeFrame.From, p.TimeFrame.To, why, c.from, c.to)
		}
	}
	for _, c := range []struct{ text, today string }{
		{"Sorting my Diwali shots from last November. Any other festivals in Leicester back then?", "2026-12-10"},
		{"Loved the Pride march in Madrid last month. Were there other marches in Madrid at the time?", "2026-07-10"},
	} {
		if _, why, _, _ := a.readProfile(State{UserInput: c.text, Today: c.today}); !strings.Contains(why, "is over before today") {
			t.Errorf("%q: %q, want the past time rejected as over", c.text, why)
		}
	}
}

// TestEditorReadsRound5Places: a correction replaces the place (and
// time) written before it, and someone's camera is gear, not a town: a
// question about it asks for no event.
func TestEditorReadsRound5Places(t *testing.T) {
	a := memApp(t, nil, Options{})
	for _, c := range []struct{ text, place, from string }{
		{"markets in Nice this weekend - sorry, I mean Cannes, not Nice", "Cannes", "2026-06-06"},
		{"Photographer needed in Leeds, no wait, York, on Saturday for the parade", "York", "2026-06-06"},
		{"Jazz in Lyon on Friday, scratch that, Saturday", "Lyon", "2026-06-06"},
	} {
		p, why, _, _ := a.readProfile(State{UserInput: c.text, Today: "2026-06-01"})
		if why != "" || p.Place == nil || p.Place.Name != c.place || p.TimeFrame.From != c.from {
			t.Errorf("%q: read %s (%q), want %s from %s", c.text, readingText(p), why, c.place, c.from)
		}
	}
	for _, text := range []string{
		"my Canon keeps hunting in low light, is that the lens or me?",
		"is my Sony broken, the files are soft at night",
		"Got my Fuji X-T5 back from repair and it still misfocuses at night. Firmware?",
	} {
		if _, why, _, _ := a.readProfile(State{UserInput: text, Today: "2026-02-03"}); !strings.Contains(why, "not for an event") {
			t.Errorf("%q: %q, want a gear question rejected", text, why)
		}
	}
}
