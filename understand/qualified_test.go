package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestQualifiedTowns: a capitalised common word written with its region
// or country after a comma or in brackets is the town ("Reading,
// England"); an unknown name with no cue before "in" is a thing in a
// place, so the place after "in" is no qualifier ("Hogmanay in
// Edinburgh, Scotland").
func TestQualifiedTowns(t *testing.T) {
	g := gazetteer(t)
	cases := []struct{ q, text, role, country string }{
		{"Reading, England: any food markets?", "Reading", "", "GB"},
		{"Mobile (Alabama) - parades in February", "Mobile", "", "US"},
		{"Nice, France. Jazz in July", "Nice", "", "FR"},
		{"Up Helly Aa in Lerwick, Scotland", "Lerwick", "in", "GB"},
		{"Semana Santa in Seville, Spain", "Seville", "in", "ES"},
		{"Inti Raymi in Cusco, Peru", "Cusco", "in", "PE"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Gazetteer: g})
		var found bool
		for _, m := range r.Mentions {
			if m.Text == c.text {
				found = true
				if string(m.Role) != c.role || m.Place == nil || m.Place.CountryCode != c.country {
					t.Errorf("%q: %q read as role %q, place %+v; want role %q in %s", c.q, c.text, m.Role, m.Place, c.role, c.country)
				}
			}
		}
		if !found {
			t.Errorf("%q: %q not read as a place (mentions %+v)", c.q, c.text, r.Mentions)
		}
	}
	// A common word with no region after it stays a word.
	r := understand.Read("Reading about festivals, England or France", understand.Options{Gazetteer: g})
	for _, m := range r.Mentions {
		if m.Text == "Reading" {
			t.Errorf("a sentence's first word read as a town: %+v", m)
		}
	}
}
