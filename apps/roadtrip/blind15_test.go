package roadtrip

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the fifteenth blind round, each in phrasings of its own.

func TestLegEndReachedByVerb(t *testing.T) {
	// A town a clause that set off from another goes on to by a verb of
	// getting there or of what one does there ("out of X and play Y",
	// "leave X and hit Y") is that leg's end.
	for _, c := range []struct {
		q      string
		format json.RawMessage
		legs   [][2]string
	}{
		{"We leave Newark at 8 and hit Dover by noon, then Saturday we go Dover to Lewes. A cafe halfway on each drive please.",
			twoRouteStops, [][2]string{{"Newark", "Dover"}, {"Dover", "Lewes"}}},
		{"Tour notes: out of Milford and we perform in Seaford on the 3rd; on the 4th Seaford to Laurel. One gas station at the midpoint of each drive.",
			twoRouteStops, [][2]string{{"Milford", "Seaford"}, {"Seaford", "Laurel"}}},
		{"Saturday we set off from Smyrna and play Dover at 7; Sunday Dover to Milford. A cafe halfway on each of those drives.",
			nil, [][2]string{{"Smyrna", "Dover"}, {"Dover", "Milford"}}},
		{"Friday: out of Lewes and we gig in Georgetown, Saturday Georgetown to Seaford. Halfway on each drive a bakery.",
			nil, [][2]string{{"Lewes", "Georgetown"}, {"Georgetown", "Seaford"}}},
		// No start in its clause: a show, no leg.
		{"Monday we play Seaford. Sunday we drive from Lewes to Milford, a bakery halfway.",
			nil, [][2]string{{"Lewes", "Milford"}}},
	} {
		s := policySpec(t, c.q, c.format)
		ok := s.Family == locnav.EvenStops && len(s.Legs) == len(c.legs)
		for i := 0; ok && i < len(c.legs); i++ {
			ok = sameCorpusName(s.Legs[i].From, c.legs[i][0]) && sameCorpusName(s.Legs[i].To, c.legs[i][1]) && len(s.Legs[i].Types) > 0
		}
		if !ok {
			t.Errorf("%q: %s legs %+v, want %v with a kind each", c.q, s.Family, s.Legs, c.legs)
		}
	}
}

func TestStopsAtEqualGaps(t *testing.T) {
	// Stops at equal gaps along a drive, or equally far apart, are even
	// stops; "at equal distance from both of us" stays a meeting.
	for _, c := range []struct {
		q     string
		stops int
		kind  string
	}{
		{"Driving Newark to Lewes on Friday, I'd like three coffee stops with even gaps along the way.", 3, "cafe"},
		{"From Milford to Wilmington tomorrow: two gas stations, equally far apart please.", 2, "gas_station"},
		{"Going from Seaford to Dover, find 2 gas stations at the same distance from each other on the drive.", 2, "gas_station"},
		{"My route goes from Lewes to Newark; suggest 2 pharmacies at equal distance along the route.", 2, "pharmacy"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || s.Legs[0].Stops != c.stops || len(s.Legs[0].Fractions) > 0 || !slices.Contains(s.Legs[0].Types, c.kind) {
			t.Errorf("%q: %s legs %+v (%s), want %d even %s stops", c.q, s.Family, s.Legs, s.Why, c.stops, c.kind)
		}
	}
	q := "I'm coming from Dover, my sister from Lewes. Find a cafe at equal distance from both of us."
	if s := policySpec(t, q, nil); s.Family != locnav.MeetingPoint {
		t.Errorf("%q: %s, want a meeting point", q, s.Family)
	}
}

func TestOpeningGreetingIsNoPlace(t *testing.T) {
	// A greeting opening the message is no town, and does not pull the
	// trip's towns to the country of a town spelled like it.
	for _, q := range []string{
		"Hallo, we take the camper from Seaford to Newark, one route via 3 towns.",
		"Hola! We drive from Seaford to Newark on Sunday: 2 routes, 1 town each, with a rest stop.",
		"Salut, my partner and I go from Seaford to Newark, one route through 2 towns please.",
		"Hei! Road trip Seaford to Newark, 2 routes with 2 villages each.",
	} {
		s := policySpec(t, q, nil)
		if s.Family != locnav.RoadTrip || s.Start != "Seaford, Delaware" || s.End != "Newark, Delaware" {
			t.Errorf("%q: %s %q -> %q, want Seaford, Delaware -> Newark, Delaware", q, s.Family, s.Start, s.End)
		}
	}
}

func TestPeopleWhereTheySleep(t *testing.T) {
	// Where people sleep or bunk is their place, for a meeting between
	// groups.
	for _, c := range []struct {
		q       string
		origins []originSpec
	}{
		{"The choir sleeps in Encamp and the orchestra in Ordino; we all walk. A cafe the same walk from both, please.",
			[]originSpec{{"Encamp, Andorra", "walking"}, {"Ordino, Andorra", "walking"}}},
		{"The choir sleeps in Lewes, the orchestra in Milton. Find a restaurant with the same drive for both.",
			[]originSpec{{"Lewes, Delaware", "driving"}, {"Milton, Delaware", "driving"}}},
		{"Two families on holiday: one sleeps in Lewes, the other bunks in Rehoboth Beach. We want a restaurant about the same drive for both.",
			[]originSpec{{"Lewes, Delaware", "driving"}, {"Rehoboth Beach, Delaware", "driving"}}},
		{"My team bunks in Newark and the visitors sleep in Middletown. Find a bar that is an equal drive for both groups.",
			[]originSpec{{"Newark, Delaware", "driving"}, {"Middletown, Delaware", "driving"}}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.MeetingPoint || !slices.Equal(s.Origins, c.origins) {
			t.Errorf("%q: %s origins %+v (%s), want %+v", c.q, s.Family, s.Origins, s.Why, c.origins)
		}
	}
}

func TestRoughCounts(t *testing.T) {
	// A count said roughly ("four-ish", "four or so") is the count.
	for _, c := range []struct {
		q                 string
		cities, viewpoint int
	}{
		{"Plan 2 routes from Dover to Lewes through four or so towns each.", 4, 0},
		{"One route from Seaford to Wilmington via four-ish villages and 3ish viewpoints.", 4, 3},
		{"Lewes to Newark, 2 routes, five - ish towns, one rest stop.", 5, 0},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Cities != c.cities || s.Viewpoints != c.viewpoint {
			t.Errorf("%q: %s cities %d viewpoints %d, want %d and %d", c.q, s.Family, s.Cities, s.Viewpoints, c.cities, c.viewpoint)
		}
	}
}

func TestIntervalsOfLengthsInTwoParts(t *testing.T) {
	// A drive's length said in two parts ("an hour and a half", "1 hour
	// 40 minutes", "one and a half hours") is their sum, stops every so
	// often divide it; the half of such a length asks no stop halfway.
	for _, c := range []struct {
		q     string
		stops int
	}{
		{"From Newark to Lewes takes us 2 hours and a half; my dad needs to stretch every 50 minutes. Gas stations please.", 2},
		{"The drive Dover to Wilmington is one and a half hours and the dog needs a break every 30 minutes: find parks for those breaks.", 2},
		{"Seaford to Newark, about 1 hour 40 minutes. We stop every 25 min: cafes please.", 3},
		{"Newark to Dover is 1 hour and 20 minutes; a stop every 20 minutes please, gas stations.", 3},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || s.Legs[0].Stops != c.stops || len(s.Legs[0].Fractions) > 0 {
			t.Errorf("%q: %s legs %+v, want %d even stops", c.q, s.Family, s.Legs, c.stops)
		}
	}
	for _, c := range []struct {
		q string
		f float64
	}{
		{"It's an hour and a half from Dover to Lewes; a cafe a third of the way please.", 1.0 / 3},
		{"The ride from Newark to Seaford is two hours and a half, so one bakery a quarter of the way in.", 0.25},
		{"Wilmington to Milford is 60 miles and a half; gas station two thirds of the way.", 2.0 / 3},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || !slices.Equal(s.Legs[0].Fractions, []float64{c.f}) {
			t.Errorf("%q: %s legs %+v, want one stop at %.3f", c.q, s.Family, s.Legs, c.f)
		}
	}
}
