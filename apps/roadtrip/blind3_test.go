package roadtrip

import (
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the third blind round, each in phrasings of its own.

func TestTripEndsInStories(t *testing.T) {
	for _, c := range []struct {
		q, start, end string
		include       []string
	}{
		// A home left from, and a place where something happens.
		{"Camping weekend in Lewes for the four of us! We set off from our flat in Smyrna, Delaware on Saturday. Plan 2 routes through 2 towns each; each must go through Dover, my aunt lives there.", "Smyrna", "Lewes", []string{"Dover"}},
		{"Job interview in Seaford next week, leaving from Newark, DE. Plan 1 route through 3 towns.", "Newark", "Seaford", nil},
		{"Recital in Milford on Friday, we start from Middletown. 2 routes, 1 town each.", "Middletown", "Milford", nil},
		// A far city said in passing is not the destination.
		{"My aunt moved to Madrid ages ago but grew up in Ordino. Plan 2 routes from Encamp to Ordino through 1 town each.", "Encamp", "Ordino", nil},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end || !sameNames(s.Include, c.include) {
			t.Errorf("%q: %s %q→%q include %q", c.q, s.Family, s.Start, s.End, s.Include)
		}
	}
	s := policySpec(t, "Awards dinner in Milford tonight, leaving from Dover, DE: 2 stops, one at each third of the way, each a cafe.", nil)
	if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != "Dover" || head(s.Legs[0].To) != "Milford" || len(s.Legs[0].at()) != 2 {
		t.Errorf("awards dinner: %s %+v", s.Family, s.Legs)
	}
}

func TestShorthand(t *testing.T) {
	for _, c := range []struct {
		q              string
		start, end     string
		routes, cities int
	}{
		{"pls 2 rtes Wilm. -> Dover, ea. w/ 3 towns, no rest stop", "Wilmington", "Dover", 2, 3},
		{"Need 4 rtes from Dover to Bethany Bch, DE, ea. thru 2 twns.", "Dover", "Bethany Beach", 4, 2},
		{"2 routes Smyrna DE to Milford DE w/ 1 town each", "Smyrna", "Milford", 2, 1},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end || s.Routes != c.routes || s.Cities != c.cities {
			t.Errorf("%q: %s %q→%q routes %d cities %d", c.q, s.Family, s.Start, s.End, s.Routes, s.Cities)
		}
	}
}

func TestForeignFromTo(t *testing.T) {
	for _, c := range []struct{ q, start, end string }{
		{"Anem de Sant Julià de Lòria a Canillo amb cotxe; plan 2 routes through 2 towns.", "Sant Julià de Lòria", "Canillo"},
		{"Des de Soldeu fins a Ordino, please 1 route through 1 town.", "Soldeu", "Ordino"},
		{"Queremos ir desde Encamp hasta La Massana: 2 routes, 2 towns each.", "Encamp", "La Massana"},
		{"On part depuis Canillo jusqu'à Andorra la Vella; 1 route via 2 towns.", "Canillo", "Andorra la Vella"},
		{"Nous allons d'Ordino à Encamp en voiture, 2 routes through 1 town.", "Ordino", "Encamp"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) {
			t.Errorf("%q: %s %q→%q", c.q, s.Family, s.Start, s.End)
		}
	}
}

func TestMeetingByMatchedTimes(t *testing.T) {
	for _, c := range []struct {
		q       string
		origins []string
		modes   []string
	}{
		{"My roommate walks over from Wilmington Public Library and I'm heading out from Rockford Park on foot. Pick a bakery so our walking times are about equal.",
			[]string{"Wilmington Public Library", "Rockford Park"}, []string{"walking", "walking"}},
		{"My husband drives from Smyrna and my son walks from Dover Public Library; find a cafe where his drive time and my son's walk time match.",
			[]string{"Smyrna", "Dover Public Library"}, []string{"driving", "walking"}},
		{"Four of us: I'm in Lewes, Marta's in Milton, Omar's in Georgetown and Lena is in Seaford. Find a diner where everyone's drive takes about the same time.",
			[]string{"Lewes", "Milton", "Georgetown", "Seaford"}, []string{"driving", "driving", "driving", "driving"}},
	} {
		s := policySpec(t, c.q, nil)
		var got, modes []string
		for _, o := range s.Origins {
			got, modes = append(got, o.Place), append(modes, o.Mode)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, c.origins) || strings.Join(modes, " ") != strings.Join(c.modes, " ") || len(s.Unknown) > 0 {
			t.Errorf("%q: %s %q %q unknown %q", c.q, s.Family, got, modes, s.Unknown)
		}
	}
}

func TestStopsEveryInterval(t *testing.T) {
	for _, c := range []struct {
		q     string
		stops int
	}{
		{"Hauling a trailer from Newark to Lewes, DE; the trip runs about 90 minutes and I rest every 30 minutes. Find cafes at those points.", 2},
		{"It's a 2-hour drive from Wilmington to Georgetown and the kids need a break every half hour: parks please.", 3},
		{"Dover to Seaford is roughly an hour; stop every twenty minutes at a gas station.", 2},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || len(s.Legs[0].at()) != c.stops {
			t.Errorf("%q: %s %+v, want %d stops", c.q, s.Family, s.Legs, c.stops)
		}
	}
	// Routes to plan, with a rest every so often, stay a road trip.
	if s := policySpec(t, "Plan 2 routes from Newark to Lewes through 2 towns; it's a 2 hour drive and we rest every hour.", nil); s.Family != locnav.RoadTrip {
		t.Errorf("routes with rests every hour: %s", s.Family)
	}
}

func TestTypesAskedNotStory(t *testing.T) {
	q := "My uncle ran a bakery in Milford for years and still talks about the museum trips we took. This Sunday I drive him from Dover to Georgetown. Find one park halfway, because he loves his coffee breaks outdoors."
	s := policySpec(t, q, nil)
	if s.Family != locnav.EvenStops || len(s.Legs) != 1 || strings.Join(s.Legs[0].Types, " ") != "park" {
		t.Errorf("%s %+v, want one leg of parks", s.Family, s.Legs)
	}
}

func TestPlacesOffTheMaps(t *testing.T) {
	for _, c := range []struct{ q, name string }{
		{"Plan 1 route from Milford, Delaware to Pinecrest Harbor, Delaware through 2 towns.", "Pinecrest Harbor"},
		{"Find a cafe halfway from Lewes, DE to Foxmeadow, DE.", "Foxmeadow"},
		{"Next month we drive from Canillo to Barcelona, Spain: find a gas station halfway.", "Barcelona"},
		{"I live in Encamp and my cousin lives in Madrid, Spain. Where should we meet?", "Madrid"},
		{"My sister lives in Quillberry and I live in Smyrna, Delaware: pick a diner in the middle.", "Quillberry"},
		{"Find a park a third of the way from Frostvale to Newark.", "Frostvale"},
	} {
		err := policySpec(t, c.q, nil).Validate()
		if !errors.Is(err, errUnclear) || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%q: %v, want unclear naming %s", c.q, err, c.name)
		}
	}
	// A landmark the gazetteer does not know may be on the maps.
	if err := policySpec(t, "Find a cafe halfway from Dover Public Library, Delaware to Lewes, Delaware.", nil).Validate(); err != nil {
		t.Errorf("landmark: %v", err)
	}
}

func TestPeoplesPlacesWrittenShort(t *testing.T) {
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"Me: Smyrna. My friend: Seaford. Want: a diner in the middle by drive time.", []string{"Smyrna", "Seaford"}},
		{"Mi hermana vive en Encamp and I live in Ordino; where can we meet for coffee?", []string{"Encamp", "Ordino"}},
		{"Mon ami habite à Canillo, I'm in Sant Julià de Lòria: a restaurant to meet?", []string{"Canillo", "Sant Julià de Lòria"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, c.origins) {
			t.Errorf("%q: %s %q", c.q, s.Family, got)
		}
	}
	s := policySpec(t, "Pick a bakery three-quarters of the way from Newark to Dover.", nil)
	if s.Family != locnav.EvenStops || len(s.Legs) != 1 || len(s.Legs[0].at()) != 1 || s.Legs[0].at()[0] != 0.75 {
		t.Errorf("three-quarters: %s %+v", s.Family, s.Legs)
	}
}

func TestNamesAsWrittenAndSharedTypes(t *testing.T) {
	s := policySpec(t, "One route from Escaldes-Engordany to Canillo through 1 town.", nil)
	if !sameCorpusName(s.Start, "Escaldes-Engordany") {
		t.Errorf("start %q, want Escaldes-Engordany as written", s.Start)
	}
	s = policySpec(t, "Newark to Smyrna and then back to Newark; one bakery at the midpoint of each leg.", nil)
	if len(s.Legs) != 2 || strings.Join(s.Legs[0].Types, " ") != "bakery" || strings.Join(s.Legs[1].Types, " ") != "bakery" {
		t.Errorf("legs %+v, want bakeries on both", s.Legs)
	}
}
