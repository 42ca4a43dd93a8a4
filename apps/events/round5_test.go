package events

import (
	"slices"
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
