package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestCityBeforeConnectorRun: a known city followed by a connector and
// capitalised words the gazetteer does not know as one name ("Munich on
// Saturday", "Paris on Bastille Day") is the city; the words after it
// are no part of its name; joined by "of" they are ("University of
// Delaware" is no University, Canada).
func TestCityBeforeConnectorRun(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ text, want string }{
		{"The fair opens in Munich on Saturday 19 September.", "Munich"},
		{"What is on in Paris on Bastille Day?", "Paris"},
		{"Concerts in Vienna on New Year's Eve", "Vienna"},
	} {
		r := understand.Read(c.text, understand.Options{Gazetteer: g, Now: refDay})
		found := false
		for _, m := range r.Mentions {
			if m.Text == c.want && m.Place != nil {
				found = true
			}
		}
		if !found {
			var got []string
			for _, m := range r.Mentions {
				got = append(got, m.Text)
			}
			t.Errorf("%q: mentions %q, want %q read as a place", c.text, got, c.want)
		}
	}
}

func TestLandmarkWithOfKeepsItsName(t *testing.T) {
	g := gazetteer(t)
	for _, text := range []string{"A cafe in Newark east of the University of Delaware", "a bench north of the Bank of Springfield"} {
		r := understand.Read(text, understand.Options{Gazetteer: g, Now: refDay})
		for _, m := range r.Mentions {
			if m.Text == "University" || m.Text == "Bank" {
				t.Errorf("%q: %q read as a place of its own", text, m.Text)
			}
		}
	}
}
