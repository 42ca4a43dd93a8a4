package roadtrip

import (
	"slices"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the eighth blind round, each in phrasings of its own.

func TestStopsEveryDistance(t *testing.T) {
	// Stops every so many miles or km of a drive of a length written:
	// the length over the interval, less one.
	for _, c := range []struct {
		q        string
		from, to string
		stops    int
	}{
		{"Driving Dover to Lewes tomorrow, it's about 60 km. I'd like a coffee more or less each 20 km.", "Dover", "Lewes", 2},
		{"bike trip from Encamp to Canillo, ~8 miles, a bakery roughly every 4 miles please", "Encamp", "Canillo", 1},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to || s.Legs[0].Stops != c.stops {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestVisitedHomeIsDestination(t *testing.T) {
	// A person's home and a visit to them: the drive ends there.
	for _, c := range []struct{ q, from, to string }{
		{"My uncle lives in Seaford. Next Saturday we go and see him, leaving from Smyrna; one gas station halfway please.", "Smyrna", "Seaford"},
		{"Grandpa lives in Canillo and tomorrow I'm visiting him from Sant Julia de Loria. A cafe at the midpoint?", "Sant Julià de Lòria", "Canillo"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestLowerCaseTownBeforeStateCode(t *testing.T) {
	// A town typed in lower case before its state's code is a name.
	for _, c := range []struct{ q, from, to string }{
		{"heading from smyrna DE to lewes tmrw, need a cafe halfway", "Smyrna", "Lewes"},
		{"rehoboth beach DE to dover, one gas station at the midpoint", "Rehoboth Beach", "Dover"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestChargingByPurpose(t *testing.T) {
	for _, q := range []string{
		"Driving my EV from Dover to Lewes next week; I'd like to recharge somewhere around the middle of the drive.",
		"From Encamp to Sant Julia de Loria, one charging point halfway please.",
		"Hybrid car, Newark to Smyrna: halfway I need to recharge the battery.",
	} {
		s := policySpec(t, q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || !slices.Equal(s.Legs[0].Types, []string{"electric_vehicle_charging_station"}) {
			t.Errorf("%q: %s legs %+v", q, s.Family, s.Legs)
		}
	}
}

func TestNoRouteThroughAndNoGo(t *testing.T) {
	for _, c := range []struct{ q, avoid string }{
		{"Two routes from Newark to Lewes with 2 towns each. Georgetown is off-limits for us.", "Georgetown"},
		{"Please plan 2 routes from Encamp to Sant Julia de Loria, 2 towns each; none of the routes should go via Andorra la Vella.", "Andorra la Vella"},
		{"3 routes from Wilmington to Dover, 1 town each, and no route may run through Middletown.", "Middletown"},
		{"I would like two itineraries from Smyrna to Seaford (two towns on each). Milton is a no-go zone this month.", "Milton"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || len(s.Avoid) != 1 || head(s.Avoid[0]) != c.avoid || slices.ContainsFunc(s.Include, func(n string) bool { return head(n) == c.avoid }) {
			t.Errorf("%q: %s avoid %q include %q", c.q, s.Family, s.Avoid, s.Include)
		}
	}
}

func TestArrowEndsInShorthand(t *testing.T) {
	// Towns either side of an arrow or ">", in lower case, abbreviated
	// or a letter off, are the ends; RS/VP are rest stops and viewpoints.
	s := policySpec(t, "sun recce: canillo > st julia. 3 rtes, 1 twn each, 2 RS + 1 VP per rte", nil)
	if s.Family != locnav.RoadTrip || head(s.Start) != "Canillo" || head(s.End) != "Sant Julià de Lòria" || s.Routes != 3 || s.RestStops != 2 || s.Viewpoints != 1 {
		t.Errorf("shorthand trip: %+v", s)
	}
	s = policySpec(t, "test run. la masana -> encamp, 2x coffee at 1/3 and 2/3. names only.", nil)
	if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != "la Massana" || head(s.Legs[0].To) != "Encamp" || s.Legs[0].Stops != 2 {
		t.Errorf("shorthand stops: %s %+v", s.Family, s.Legs)
	}
	// Words that name no town are left: "> 5 km" is no end.
	if got := arrowEnds("a cafe > 5 km from the road", nil, nil); got != "a cafe > 5 km from the road" {
		t.Errorf("arrowEnds changed %q", got)
	}
}

func TestQuestionAskedAgainWithAChange(t *testing.T) {
	for _, c := range []struct{ q, from, to string }{
		{"Last week you planned me 2 routes from Dover to Lewes with 2 towns each. Same again please, but this time ending in Rehoboth Beach.", "Dover", "Rehoboth Beach"},
		{"Earlier I asked for a cafe halfway from Encamp to Canillo. Could you do it again, except we now start from Ordino?", "Ordino", "Canillo"},
	} {
		s := policySpec(t, c.q, nil)
		from, to := s.Start, s.End
		if len(s.Legs) == 1 {
			from, to = s.Legs[0].From, s.Legs[0].To
		}
		if head(from) != c.from || head(to) != c.to {
			t.Errorf("%q: %s %q → %q", c.q, s.Family, from, to)
		}
	}
	// A drive back is a second leg, no change of the first.
	q := "From Newark to Smyrna with a cafe halfway, then the same way back to Newark with a gas station halfway."
	if s := policySpec(t, q, nil); len(s.Legs) != 2 || head(s.Legs[0].From) != "Newark" || head(s.Legs[0].To) != "Smyrna" {
		t.Errorf("%q: %s legs %+v", q, s.Family, s.Legs)
	}
}

func TestGlossedCountedNouns(t *testing.T) {
	// A word of another language glossed in English, or the other way,
	// in brackets or dashes: the counted noun is what is counted.
	s := policySpec(t, "We drive from Dover to Milton. Make 3 rutas (routes), each through 2 pueblos — villages — and with one lookout (mirante) per ruta.", nil)
	if s.Family != locnav.RoadTrip || s.Routes != 3 || s.Cities != 2 || s.Viewpoints != 1 {
		t.Errorf("glossed trip: %+v", s)
	}
	// A name glossed stays a name.
	s = policySpec(t, "2 routes from Encamp to Canillo (a town), one town on the way.", nil)
	if head(s.End) != "Canillo" || s.Routes != 2 || s.Cities != 1 {
		t.Errorf("glossed name: %+v", s)
	}
}

func TestTravellersOriginIsNoVisit(t *testing.T) {
	for _, q := range []string{
		"We're five friends from Baltimore on a beach week. Plan 2 routes from Wilmington to Lewes, 2 towns on each.",
		"Hello, we are 2 old friends from Lyon. Please give us one route from Ordino to Sant Julia de Loria through 2 villages.",
	} {
		s := policySpec(t, q, nil)
		if s.Family != locnav.RoadTrip || len(s.Include) != 0 {
			t.Errorf("%q: %s include %q", q, s.Family, s.Include)
		}
	}
}

func TestStationedUnitsAreOrigins(t *testing.T) {
	// Units, crews or vehicles posted in towns, and a place for them to
	// meet: the towns are the origins.
	for _, c := range []struct{ q, a, b string }{
		{"Truck 3 is parked at the depot in Smyrna. Truck 9 is based out of Milford. Find a gas station to rendezvous, equal drive for both.", "Smyrna", "Milford"},
		{"Crew one is stationed near Dover; crew two is on standby in Seaford. A cafe where they can meet, same driving time please.", "Dover", "Seaford"},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, []string{c.a, c.b}) {
			t.Errorf("%q: %s origins %q", c.q, s.Family, got)
		}
	}
}
