package roadtrip

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the ninth blind round, each in phrasings of its own.

func TestPeopleCountedAreNoRoutes(t *testing.T) {
	// A count of people before a verb of travel counts no routes.
	for _, c := range []struct {
		q              string
		routes, cities int
	}{
		{"yay me + 2 buddies gonna drive from home (Dover) to Lewes. can u give me 1 route that goes thru 2 towns", 1, 2},
		{"Three kids will ride with me from Encamp to Ordino; show one route with 1 village on the way.", 1, 1},
		{"4 friends drive down from Newark to Seaford next week - 2 routes please, each via 3 towns.", 2, 3},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Routes != c.routes || s.Cities != c.cities {
			t.Errorf("%q: %s routes %d cities %d, want %d %d", c.q, s.Family, s.Routes, s.Cities, c.routes, c.cities)
		}
	}
}

func TestRefusedModeIsNoMode(t *testing.T) {
	// "does not drive … walks": the mode refused says nothing.
	for _, c := range []struct{ q, walker string }{
		{"Help please. My grandfather stay in Ordino, he can not drive anymore so he walk. I drive from Encamp. We meet at a bakery, his walking and my driving time same.", "Ordino"},
		{"My aunt is in Milton and she doesn't drive, she goes on foot. I'm coming by car from Georgetown. Where can we meet for coffee so both trips take equally long?", "Milton"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.MeetingPoint || len(s.Origins) != 2 {
			t.Fatalf("%q: %s origins %+v", c.q, s.Family, s.Origins)
		}
		for _, o := range s.Origins {
			want := "driving"
			if head(o.Place) == c.walker {
				want = "walking"
			}
			if o.Mode != want {
				t.Errorf("%q: %s %s, want %s", c.q, o.Place, o.Mode, want)
			}
		}
	}
}

func TestOnlyWhatMapsCannotGive(t *testing.T) {
	// Tolls, opening hours, room rates asked alone: unanswerable, naming them.
	for _, c := range []struct{ q, names string }{
		{"Driving a camper from Lewes to Newark on Friday. Which road costs least in tolls, and what's the toll total for a 3-axle vehicle?", "toll"},
		{"We arrive in Canillo Sunday. What are the opening hours of the museum there?", "opening hours"},
		{"Staying two nights in Rehoboth Beach. How much is a room rate at a motel there per night?", "room rate"},
	} {
		s := policySpec(t, c.q, nil)
		err := s.Validate()
		if s.Family != "" || err == nil || !strings.Contains(err.Error(), c.names) {
			t.Errorf("%q: %s %v", c.q, s.Family, err)
		}
	}
	// A wish about them beside what is asked is no question of them.
	for _, q := range []string{
		"3 routes milford --> rehoboth bch, 1 town each, NO tolls pls",
		"Which 2 routes from Dover to Lewes avoid tolls? Each with 2 towns.",
	} {
		if s := policySpec(t, q, nil); s.Family != locnav.RoadTrip {
			t.Errorf("%q: %s (%s)", q, s.Family, s.Why)
		}
	}
}

func TestNumberWrittenBeatsKindWithArticle(t *testing.T) {
	// "for a museum shoot … 2 museums": the number written counts.
	format := `{"stops": [{"name": "NAME", "place id": "Place ID"}]}`
	for _, c := range []struct {
		q     string
		count int
	}{
		{"We need backdrops for a museum shoot in Dover, Delaware. Reply only with this JSON: " + format + ". Rules: 2 museums, all of them south of the Dover Public Library.", 2},
		{"Planning an afternoon park picnic in Newark. Find 4 parks west of the Newark Free Library.", 4},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.PlaceFinding || s.Count != c.count {
			t.Errorf("%q: %s count %d, want %d", c.q, s.Family, s.Count, c.count)
		}
	}
}

func TestPremisesAndNumberedVehicles(t *testing.T) {
	// "from our Smyrna yard", "from the depot in Newark" are origins;
	// "Truck 7", "Van 3" are no towns.
	for _, c := range []struct{ q, a, b string }{
		{"Dispatch here. Truck 7 has a flat and we swap the load: one driver leaves from our Smyrna yard and the other one from the yard in Georgetown. They should meet where both drive about the same time. One cafe please.", "Smyrna", "Georgetown"},
		{"Van 3 is broken. One driver is coming from our Milford depot and the other one from the depot in Newark. Meet halfway in time at a gas station.", "Milford", "Newark"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.MeetingPoint || len(s.Origins) != 2 || head(s.Origins[0].Place) != c.a || head(s.Origins[1].Place) != c.b {
			t.Errorf("%q: %s origins %+v", c.q, s.Family, s.Origins)
		}
	}
}

func TestDriveInEqualParts(t *testing.T) {
	// A drive cut into N equal parts with a stop where each ends: N-1
	// even stops; stops "spaced out evenly" are even stops too.
	for _, c := range []struct {
		q        string
		from, to string
		stops    int
	}{
		{"Tomorrow we go by car from Encamp to Sant Julia de Loria. Please divide the trip in three equal pieces and where each piece ends and the next begins, find one bakery.", "Encamp", "Sant Julià de Lòria", 2},
		{"Driving Newark to Lewes with my dad. Cut the ride into 5 same-size sections and put a gas station at each boundary between sections.", "Newark", "Lewes", 4},
		{"mom finally said i can take the car from dover to milford by myself. i want max three stops, so three, spaced out evenly on the drive. bakeries or cafes are fine.", "Dover", "Milford", 3},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to || s.Legs[0].Stops != c.stops {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestLowerCaseTownsInTripSlots(t *testing.T) {
	// "from smyrna to lewes" typed in lower case: the covered region's
	// towns so named, not İzmir's old name or England's Lewes.
	for _, c := range []struct{ q, from, to string }{
		{"so i get to drive from smyrna to milford tmrw by myself!! one cafe halfway, send name and place id", "Smyrna", "Milford"},
		{"need 2 routes from dover to lewes w/ 1 town each, send the list", "Dover", "Lewes"},
	} {
		s := policySpec(t, c.q, nil)
		from, to := s.Start, s.End
		if len(s.Legs) == 1 {
			from, to = s.Legs[0].From, s.Legs[0].To
		}
		if !strings.HasSuffix(from, "Delaware") || !strings.HasSuffix(to, "Delaware") || head(from) != c.from || head(to) != c.to {
			t.Errorf("%q: %s %q -> %q", c.q, s.Family, from, to)
		}
	}
}

func TestGatheringPlaceStartsTrip(t *testing.T) {
	// Where a group gathers before a trip's end is its start, a town
	// written by its saint's name in another language too; a word read
	// as a town abroad only by a guess ("Ride" as Riede) is no start.
	format := []byte(`{"starting_city": "X", "destination_city": "Y", "routes": [{"route_id": "1", "cities_visited": ["A"]}]}`)
	for _, c := range []struct{ q, from, to string }{
		{"Ride leader of a small club, most of us come over from Spain. Sunday: we gather in Saint-Julien-de-Lòria and finish at Canillo. 2 routes, 2 villages each.", "Sant Julià de Lòria", "Canillo"},
		{"Our cycling club musters at Smyrna at 8 and we finish at Milford. Two routes through 1 town each.", "Smyrna", "Milford"},
		{"Ride leader here. Our club lives in Ordino and wants to go over to Canillo, 2 routes with 1 village each.", "Ordino", "Canillo"},
	} {
		s := policySpec(t, c.q, format)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.from || head(s.End) != c.to {
			t.Errorf("%q: %s %q -> %q", c.q, s.Family, s.Start, s.End)
		}
	}
}
