package geo_test

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/understand"
)

func TestGazetteer(t *testing.T) {
	g := geo.NewGazetteer(geotest.Engine(t))
	has := func(key string, ok func(understand.Place) bool) bool {
		for _, p := range g.Lookup(key) {
			if ok(p) {
				return true
			}
		}
		return false
	}
	checks := []struct {
		key  string
		what string
		ok   func(understand.Place) bool
	}{
		{"dover", "Dover, Delaware by its own name", func(p understand.Place) bool {
			return p.Kind == understand.KindCity && p.Region == "Delaware" && p.Match == understand.MatchName && p.Seat && p.Population > 30000
		}},
		{"delaware", "the state", func(p understand.Place) bool { return p.Kind == understand.KindRegion && p.RegionCode == "DE" }},
		{"de", "Delaware by its code", func(p understand.Place) bool {
			return p.Kind == understand.KindRegion && p.Name == "Delaware" && p.Match == understand.MatchCode
		}},
		{"del", "Delaware by its abbreviation", func(p understand.Place) bool {
			return p.Kind == understand.KindRegion && p.Name == "Delaware" && p.Match == understand.MatchAbbrev
		}},
		{"ad", "Andorra by its code", func(p understand.Place) bool { return p.Kind == understand.KindCountry && p.CountryCode == "AD" }},
		{"usa", "the United States", func(p understand.Place) bool { return p.Kind == understand.KindCountry && p.CountryCode == "US" }},
		// As event lists write them.
		{understand.Normalize("U.S.A."), "the United States", func(p understand.Place) bool { return p.Kind == understand.KindCountry && p.CountryCode == "US" }},
		{understand.Normalize("U.K."), "the United Kingdom", func(p understand.Place) bool { return p.Kind == understand.KindCountry && p.CountryCode == "GB" }},
		{"czech republic", "Czechia", func(p understand.Place) bool { return p.Kind == understand.KindCountry && p.CountryCode == "CZ" }},
		{"sant julia de loria", "the town in Andorra", func(p understand.Place) bool {
			return p.Kind == understand.KindCity && p.CountryCode == "AD"
		}},
		{"wilmington public library", "the OSM place, placed in Delaware", func(p understand.Place) bool {
			return p.Kind == understand.KindLandmark && p.Region == "Delaware" && p.HasPoint
		}},
	}
	for _, c := range checks {
		if !has(c.key, c.ok) {
			t.Errorf("Lookup(%q) lacks %s: %+v", c.key, c.what, g.Lookup(c.key))
		}
	}
	if ps := g.Lookup("qzxwvtopia"); ps != nil {
		t.Errorf("an unknown name has readings: %+v", ps)
	}
	found := false
	for _, p := range g.Spell("wilmingon", 1) {
		found = found || p.Name == "Wilmington" && p.Region == "Delaware" && p.Match == understand.MatchSpelling
	}
	if !found {
		t.Error(`Spell("wilmingon", 1) lacks Wilmington, Delaware`)
	}
	found = false
	for _, p := range g.Spell("deleware", 1) {
		found = found || p.Kind == understand.KindRegion && p.Name == "Delaware"
	}
	if !found {
		t.Error(`Spell("deleware", 1) lacks the state`)
	}
}

func TestGazetteerCovered(t *testing.T) {
	var got []string
	for _, p := range geo.NewGazetteer(geotest.Engine(t)).Covered() {
		got = append(got, string(p.Kind)+":"+p.Name)
	}
	if w := "country:Andorra region:Delaware"; strings.Join(got, " ") != w {
		t.Errorf("Covered() = %q, want %q", strings.Join(got, " "), w)
	}
}

// TestGazetteerHeadOfName: a name's head ("Sant Julià") reads as the
// towns whose own longer name goes on with "de" ("Sant Julià de Lòria"),
// as an alternate reading; one word alone does not ("Sant").
func TestGazetteerHeadOfName(t *testing.T) {
	g := geo.NewGazetteer(geotest.Engine(t))
	found := false
	for _, p := range g.Lookup("sant julia") {
		if p.Name == "Sant Julià de Lòria" {
			found = true
			if p.Match != understand.MatchAlternate || p.Country != "Andorra" {
				t.Errorf("%+v: want an alternate reading in Andorra", p)
			}
		}
	}
	if !found {
		t.Errorf("sant julia: %v, want Sant Julià de Lòria among them", g.Lookup("sant julia"))
	}
	for _, p := range g.Lookup("sant") {
		if strings.HasPrefix(p.Name, "Sant ") && p.Match == understand.MatchAlternate && strings.Contains(p.Name, " de ") {
			t.Errorf("sant: %+v, a single word is no head of a longer name", p)
		}
	}
	r := understand.Read("my mom lives in sant julia and i'm in canillo, andorra", understand.Options{Gazetteer: g, Prefer: g.Covered()})
	if len(r.Mentions) == 0 || r.Mentions[0].Place == nil || r.Mentions[0].Place.Name != "Sant Julià de Lòria" {
		t.Errorf("mentions %+v: want sant julia read as Sant Julià de Lòria beside Canillo", r.Mentions)
	}
}
