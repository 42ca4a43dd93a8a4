package roadtrip

import (
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the fourteenth blind round, each in phrasings of its own.

func TestSideSaidWithFrom(t *testing.T) {
	// "to the north from X", "southern from X", "which lie east from X":
	// that side of X, as many languages say it.
	for _, c := range []struct {
		q    string
		dirs []directionSpec
	}{
		{"Please 3 bakeries situated to the south from Parc Central and to the west from Plaça del Poble.",
			[]directionSpec{{Direction: "south", Ref: "Parc Central"}, {Direction: "west", Ref: "Plaça del Poble"}}},
		{"We search one hotel which lies northern from the Biggs Museum of American Art, thank you.",
			[]directionSpec{{Direction: "north", Ref: "Biggs Museum of American Art"}}},
		{"Find two cafes that are east from the Zwaanendael Museum and also north from the Lewes Public Library.",
			[]directionSpec{{Direction: "east", Ref: "Zwaanendael Museum"}, {Direction: "north", Ref: "Lewes Public Library"}}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.PlaceFinding || !slices.Equal(s.Directions, c.dirs) {
			t.Errorf("%q: %s directions %v (%s), want %v", c.q, s.Family, s.Directions, s.Why, c.dirs)
		}
	}
	// A way driven from a town stays a start.
	q := "We drive to the south from Wilmington to Dover: 2 routes through 1 town each."
	if s := policySpec(t, q, nil); s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, "Wilmington") || !sameCorpusName(s.End, "Dover") {
		t.Errorf("%q: %s %q -> %q, want a road trip Wilmington -> Dover", q, s.Family, s.Start, s.End)
	}
}

func TestMeetingWithNoPeoplesPlacesByLandmarks(t *testing.T) {
	// A meeting said with nobody's place given, and the places asked lie
	// by landmarks: the places are found by direction.
	for _, q := range []string{
		"I'm meeting a client for coffee tomorrow. Find one cafe north of Parc Central and east of Plaça del Poble.",
		"Need to meet my editor after work, 2 restaurants south of the Zwaanendael Museum please.",
		"We meet the investors at noon; a bakery west of the Biggs Museum of American Art would be perfect.",
	} {
		if s := policySpec(t, q, nil); s.Family != locnav.PlaceFinding || len(s.Directions) == 0 || s.Validate() != nil {
			t.Errorf("%q: %s directions %v (%v), want places by direction", q, s.Family, s.Directions, s.Validate())
		}
	}
}

func TestPersonBeforeTheirPlace(t *testing.T) {
	// A short first name beginning an item of a list, before "from X" or
	// "in X", is a person, not a town guessed from its spelling.
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"Carpool brunch: Tam's coming from Newark, Lou from Middletown, and I'm driving from Dover. One cafe with equal driving time please.",
			[]string{"Newark", "Middletown", "Dover"}},
		{"Brunch: Kayla from Wilmington, Bri from Smyrna and me from Lewes, a cafe with about the same drive for each of us",
			[]string{"Wilmington", "Smyrna", "Lewes"}},
		{"Meg's coming from Newark, Kat from Smyrna and I drive from Dover. A restaurant with the same driving time for the three of us?",
			[]string{"Newark", "Smyrna", "Dover"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, c.origins) || s.Validate() != nil {
			t.Errorf("%q: %s origins %v (%v), want %v", c.q, s.Family, got, s.Validate(), c.origins)
		}
	}
}

func TestWorkplaceInATown(t *testing.T) {
	// "I work in a hotel in X", "she works at the clinic in X": the
	// worker's place, a town even where a parish is named like it; the
	// asker's home country is then no origin.
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"Hi, I am from Lima, I work in a bakery in Escaldes-Engordany. My cousin works in Ordino. Please one cafe with the same driving time for us.",
			[]string{"Escaldes-Engordany", "Ordino"}},
		{"I'm from Manila. I work at a shop in Andorra la Vella and my friend works in Encamp; a restaurant where our drives are the same, please.",
			[]string{"Andorra la Vella", "Encamp"}},
		{"I'm from Accra, working at a hotel in Escaldes-Engordany, and my sister lives in Canillo. Where can we meet for lunch?",
			[]string{"Escaldes-Engordany", "Canillo"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, c.origins) || s.Validate() != nil {
			t.Errorf("%q: %s origins %v (%v), want %v", c.q, s.Family, got, s.Validate(), c.origins)
		}
	}
}

func TestTravellersSetOffFromWhereTheyAreNow(t *testing.T) {
	// Travellers who say where they come from set off where "from there"
	// points back to, or from the town they stay in now.
	for _, c := range []struct{ q, start, end string }{
		{"We are a group (4 friends, 2 cars) coming from Toulouse. We reach Sant Julià de Lòria by bus and from there we drive to Ordino. 1 route with 1 village please.", "Sant Julià de Lòria", "Ordino"},
		{"I'm travelling from Chicago and this week I stay in Newark. Tomorrow I drive to Lewes, 2 routes with 2 towns each.", "Newark", "Lewes"},
		{"We are a couple from Munich. On Sunday we land at Wilmington and from there we drive to Rehoboth Beach, 1 route through 2 towns.", "Wilmington", "Rehoboth Beach"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) || s.Validate() != nil {
			t.Errorf("%q: %s %q -> %q (%v), want %q -> %q", c.q, s.Family, s.Start, s.End, s.Validate(), c.start, c.end)
		}
	}
}

func TestFractionsSaidAlone(t *testing.T) {
	// "at half" in a list of fractions is the midpoint; "the middle
	// point of the drive" is the midpoint.
	for _, c := range []struct {
		q     string
		stops int
	}{
		{"Driving from Dover to Wilmington; one cafe at a quarter of the way, at half, and at three quarters.", 3},
		{"From Newark to Lewes I need gas at a third of the drive and at half.", 2},
		{"A bakery at the middle point of the drive from Newark to Dover, please.", 1},
		{"Tomorrow I go from Encamp to Ordino, please one cafe at the center point of our trip.", 1},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || legStops(s.Legs[0]) != c.stops {
			t.Errorf("%q: %s legs %+v, want one leg of %d stops", c.q, s.Family, s.Legs, c.stops)
		}
	}
	if got := fractionMarks("we leave at half past nine and stop at a quarter of the way"); strings.Contains(got, "halfway") {
		t.Errorf("half past nine read as halfway: %q", got)
	}
}

func TestPassInATown(t *testing.T) {
	// A learner's "pass in X" passes through X.
	for _, c := range []struct{ q, town string }{
		{"2 routes from Dover to Lewes with 2 towns each. We need to pass in Milford, my aunt waits there.", "Milford"},
		{"From Andorra la Vella to Pas de la Casa, 1 route, 2 villages; we must pass in Canillo absolutely.", "Canillo"},
		{"Plan 2 routes Newark to Rehoboth Beach, 3 towns each, passing in Smyrna please.", "Smyrna"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !slices.ContainsFunc(s.Include, func(n string) bool { return sameCorpusName(n, c.town) }) {
			t.Errorf("%q: %s include %v, want %s", c.q, s.Family, s.Include, c.town)
		}
	}
}

func TestRoomsAndHouseRulesNotInMaps(t *testing.T) {
	// A room or table free on a day, a place's rules about what guests
	// bring: no maps tool records them.
	for _, q := range []string{
		"Which restaurant in Dover has a private room available for 12 people next Friday?",
		"Our book club gathers monthly. Does any bakery in Milford let us bring our own candles for the party?",
		"Is there a table free at a cafe in Lewes tonight, and do they allow customers to bring their own wine?",
	} {
		s := policySpec(t, q, nil)
		if err := s.Validate(); s.Family != "" || err == nil || !strings.Contains(s.Why, "no maps tool") {
			t.Errorf("%q: %s (%v), want it named as beyond the maps", q, s.Family, err)
		}
	}
	// A place to meet asked beside a table wished for is still a meeting.
	q := "Where should we meet for dinner? I live in Newark and my friend in Dover. We want a restaurant with a table free at 7."
	if s := policySpec(t, q, nil); s.Family != locnav.MeetingPoint {
		t.Errorf("%q: %s (%s), want a meeting point", q, s.Family, s.Why)
	}
}
