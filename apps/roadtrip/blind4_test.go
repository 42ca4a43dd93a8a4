package roadtrip

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the fourth blind round, each in phrasings of its own.

func TestTextingWords(t *testing.T) {
	for _, c := range []struct {
		q       string
		routes  int
		include []string
	}{
		// "n" for and, "diff ways" for different routes.
		{"gimme 3 diff ways smyrna to lewes, thru dover n milford", 3, []string{"Dover", "Milford"}},
		{"1 route newark to dover, wanna stop in bear n smyrna lol", 1, []string{"Bear", "Smyrna"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Routes != c.routes || !sameNames(s.Include, c.include) {
			t.Errorf("%q: %s routes %d include %q", c.q, s.Family, s.Routes, s.Include)
		}
	}
	// "n of" stays a compass point.
	if got := expandShorthand("2 parks n of the library"); got != "2 parks n of the library" {
		t.Errorf("n of: %q", got)
	}
}

func TestStartPairedWithItsEnd(t *testing.T) {
	for _, c := range []struct{ q, start, end string }{
		// Where the askers come from is no start.
		{"We're two teachers from Lyon on holiday and would like to drive from Encamp to La Massana: 2 routes through 1 village each.", "Encamp", "La Massana"},
		{"As a retired couple from Boston, we want to go from Lewes until Dover, 1 route, 2 towns.", "Lewes", "Dover"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) {
			t.Errorf("%q: %s %q→%q", c.q, s.Family, s.Start, s.End)
		}
	}
}

func TestRoleWrittenAfterTheTown(t *testing.T) {
	for _, c := range []struct {
		q              string
		avoid, include []string
	}{
		{"Plan 2 routes from Newark to Lewes through 3 towns. Dover must be avoided.", []string{"Dover"}, nil},
		{"One route Wilmington to Seaford via 2 towns; Milford is to be skipped completely.", []string{"Milford"}, nil},
		{"A route from Smyrna to Rehoboth Beach with 2 towns: Milton has to be visited, Georgetown is off limits.", []string{"Georgetown"}, []string{"Milton"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameNames(s.Avoid, c.avoid) || !sameNames(s.Include, c.include) {
			t.Errorf("%q: %s avoid %q include %q", c.q, s.Family, s.Avoid, s.Include)
		}
	}
}

func TestDriveNamedByWhatIsThere(t *testing.T) {
	for _, c := range []struct{ q, from, to, kind string }{
		// Where one is, then a verb of going to the end.
		{"After my shift at the warehouse in Seaford I drive over to Dover. One gas station at the halfway point please.", "Seaford", "Dover", "gas_station"},
		{"We're at the beach in Rehoboth Beach and heading back to Newark tonight; a cafe at the midpoint?", "Rehoboth Beach", "Newark", "cafe"},
		// From a place named by who lives there to one named by what is
		// there, the middle of that drive.
		{"Every Monday my dad drives from his house in Milford to his physio in Newark, so find a bakery as close as possible to the middle of that drive.", "Milford", "Newark", "bakery"},
		{"My sister commutes from her flat in Smyrna to her school in Lewes and wants a cafe right in the middle of the trip.", "Smyrna", "Lewes", "cafe"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to ||
			len(s.Legs[0].at()) != 1 || strings.Join(s.Legs[0].Types, " ") != c.kind {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Legs)
		}
	}
	// Close to a landmark in a town is no end.
	if s := policySpec(t, "Find 2 pharmacies in Dover close to the museum in Dover, north of the Dover Public Library.", nil); s.Family != locnav.PlaceFinding {
		t.Errorf("close to the museum: %s", s.Family)
	}
}

func TestMiddleOfTheDrive(t *testing.T) {
	for _, q := range []string{
		"Any chance of a bakery slap bang in the middle of the trip from Lewes to Smyrna?",
		"Need one supermarket in the middle of my drive from Georgetown up to Newark.",
	} {
		s := policySpec(t, q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || len(s.Legs[0].at()) != 1 {
			t.Errorf("%q: %s %+v", q, s.Family, s.Legs)
		}
	}
}

func TestStopsPerDirection(t *testing.T) {
	q := "Driving from Lewes to Newark and then back to Lewes. Heading up I'd like three stops at the quarter points, gas stations; on the way back one cafe at the midpoint."
	s := policySpec(t, q, nil)
	if s.Family != locnav.EvenStops || len(s.Legs) != 2 || len(s.Legs[0].at()) != 3 || len(s.Legs[1].at()) != 1 ||
		strings.Join(s.Legs[0].Types, " ") != "gas_station" || strings.Join(s.Legs[1].Types, " ") != "cafe" {
		t.Errorf("%s %+v", s.Family, s.Legs)
	}
	q = "From Milford over to Dover, then back to Milford. Going there I want one bakery halfway. Coming back, two parks splitting the drive into thirds."
	s = policySpec(t, q, nil)
	if s.Family != locnav.EvenStops || len(s.Legs) != 2 || len(s.Legs[0].at()) != 1 || len(s.Legs[1].at()) != 2 ||
		strings.Join(s.Legs[0].Types, " ") != "bakery" || strings.Join(s.Legs[1].Types, " ") != "park" {
		t.Errorf("%s %+v", s.Family, s.Legs)
	}
}

func TestPeopleAsAGroupChatNamesThem(t *testing.T) {
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"bro in smyrna, me in lewes, mum in milford. a cafe thats the same drive for all of us?", []string{"Smyrna", "Lewes", "Milford"}},
		{"Grandma in Seaford, my roommate in Newark, hubby in Dover: find a diner about the same drive for everyone.", []string{"Seaford", "Newark", "Dover"}},
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
}

func TestMeetingAskedInPortugueseAndSpanish(t *testing.T) {
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"A minha irmã mora em Ordino e eu moro em Canillo. Onde podemos nos encontrar? Um bar, por favor.", []string{"Ordino", "Canillo"}},
		{"Yo vivo en La Massana y mi primo vive en Encamp; queremos encontrarnos en un bar.", []string{"La Massana", "Encamp"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, c.origins) || strings.Join(s.PlaceTypes, " ") != "bar" {
			t.Errorf("%q: %s %q %q", c.q, s.Family, got, s.PlaceTypes)
		}
	}
}

func TestInstitutionsAsKinds(t *testing.T) {
	for _, c := range []struct{ q, kind string }{
		{"I live in Lewes and my brother lives in Milton. The drop-off must be at a police station with the same drive time for both of us.", "police"},
		{"Find 2 fire stations in Dover north of the Dover Public Library.", "fire_station"},
	} {
		s := policySpec(t, c.q, nil)
		if strings.Join(s.PlaceTypes, " ") != c.kind {
			t.Errorf("%q: %s %q", c.q, s.Family, s.PlaceTypes)
		}
	}
}

func TestWhereTheAskerStaysIsNotAsked(t *testing.T) {
	for _, c := range []struct{ q, kind string }{
		{"I need a cafe in Dover east of the Biggs Museum of American Art, we're staying at a motel on the highway", "cafe"},
		{"Find one bakery in Lewes south of the Lewes Public Library, close to our hotel", "bakery"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.PlaceFinding || strings.Join(s.PlaceTypes, " ") != c.kind {
			t.Errorf("%q: %s %q", c.q, s.Family, s.PlaceTypes)
		}
	}
}
