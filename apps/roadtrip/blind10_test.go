package roadtrip

import (
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the tenth blind round, each in phrasings of its own.

func TestReasonAfterKindsAddsNoKind(t *testing.T) {
	// "…, so I can fill up and grab a coffee": the reason names no kind.
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"Driving Dover to Lewes tomorrow, one stop at the halfway mark: a convenience store or a gas station, so we can refuel and get some coffee.", []string{"convenience_store", "gas_station"}},
		{"From Encamp to Sant Julià de Lòria I want one stop in the middle of the drive at a bakery, so the kids can have breakfast.", []string{"bakery"}},
		{"Newark to Milford, a single stop midway: a mini-mart please.", []string{"convenience_store"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || !slices.Equal(s.PlaceTypes, c.want) {
			t.Errorf("%q: %s types %v, want %v", c.q, s.Family, s.PlaceTypes, c.want)
		}
	}
}

func TestCountedOwnPlacesAreNoKind(t *testing.T) {
	// "for our two churches": the story's own places, not what is asked.
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"I live in Milton and my colleague lives in Seaford. Please find a cafe where we can meet to plan a reading week for our three libraries, same drive for both.", []string{"cafe"}},
		{"My partner stays in Ordino and I am in Encamp. To talk over our two hotels we want to meet at a restaurant halfway.", []string{"restaurant"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.MeetingPoint || !slices.Equal(s.PlaceTypes, c.want) {
			t.Errorf("%q: %s types %v, want %v", c.q, s.Family, s.PlaceTypes, c.want)
		}
	}
}

func TestNumberedFormCounts(t *testing.T) {
	// "5. Rest stops: two per route": a numbered form's count is its label's.
	for _, c := range []struct {
		q                           string
		routes, cities, rest, views int
	}{
		{"Trip sheet\n1) From: Newark, DE\n2) To: Lewes, DE\n3) Routes: two\n4) Towns on the way: three\n5) Rest areas: two per route", 2, 3, 2, 0},
		{"1. Origin: Encamp\n2. Destination: Sant Julià de Lòria\n3. Number of routes: 1\n4. Villages per route: 2\n5. Rest breaks: three each\n6. Lookouts: two each", 1, 2, 3, 2},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Routes != c.routes || s.Cities != c.cities || s.RestStops != c.rest || s.Viewpoints != c.views {
			t.Errorf("%q: %s routes %d cities %d rest %d views %d, want %d %d %d %d", c.q, s.Family, s.Routes, s.Cities, s.RestStops, s.Viewpoints, c.routes, c.cities, c.rest, c.views)
		}
	}
}

func TestHandoffAndSharedMealAreMeetings(t *testing.T) {
	// A handoff between two people, or a meal had together by people in
	// several places, is a meeting with no word of meeting.
	for _, c := range []struct {
		q       string
		origins []string
		types   []string
	}{
		{"gotta hand over the spare keys between my 2 techs, one works out of our Smyrna office, the other one's at the Milford shop. a cafe for the swap", []string{"Smyrna", "Milford"}, []string{"cafe"}},
		{"Looking for a handoff spot for the supply crates: our van leaves Canillo and their truck comes out of Ordino. Any gas station.", []string{"Canillo", "Ordino"}, []string{"gas_station"}},
		{"I stay in a guesthouse in El Tarter, my two colleagues stay in Arinsal and in Pas de la Casa. We would like to have lunch together. Find one restaurant, the car time from the three places almost same.", []string{"El Tarter", "Arinsal", "Pas de la Casa"}, []string{"restaurant"}},
		{"My aunt is in Lewes and I am in Georgetown, the two towns are not far. We'd love to grab a coffee together, where should we go? A cafe please.", []string{"Lewes", "Georgetown"}, []string{"cafe"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, head(o.Place))
		}
		if s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) || !slices.Equal(s.PlaceTypes, c.types) {
			t.Errorf("%q: %s origins %v types %v, want %v %v", c.q, s.Family, got, s.PlaceTypes, c.origins, c.types)
		}
	}
}

func TestListedHomeAfterAside(t *testing.T) {
	// The last of a list of homes, after an aside or words of distance.
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"My mom lives in Seaford, my sister in Milton, and my brother, poor guy, way up in Smyrna. We all drive. Find a restaurant with about the same drive for each.", []string{"Seaford", "Milton", "Smyrna"}},
		{"The first guide lives in Ordino, the second one in Arinsal and the third, God love him, clear over in Soldeu. Find us a cafe to meet at.", []string{"Ordino", "Arinsal", "Soldeu"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, head(o.Place))
		}
		if s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) {
			t.Errorf("%q: %s origins %v, want %v", c.q, s.Family, got, c.origins)
		}
	}
}

func TestVerbAfterToIsNoPlace(t *testing.T) {
	// "we would like to sing in two towns": a verb, no destination; the
	// end said by a verb of ending ("the bus finishes in Canillo").
	for _, c := range []struct{ q, start, end string }{
		{"Our band drives from Encamp and the tour bus finishes in Ordino; we hope to ski in exactly two villages on the way. One route with a viewpoint, please.", "Encamp", "Ordino"},
		{"The club rides out from Milford and wraps up at Lewes, and we want to dance in three towns along the way. Plan 1 route.", "Milford", "Lewes"},
		{"The shuttle leaves from Arinsal and arrives in Soldeu at night, and the kids would like to ski in two villages on the way. One route.", "Arinsal", "Soldeu"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end {
			t.Errorf("%q: %s %q -> %q, want %q -> %q", c.q, s.Family, s.Start, s.End, c.start, c.end)
		}
	}
}

func TestAskersHomeIsNoStart(t *testing.T) {
	// Where the askers come from, said before the car they pick up, is no
	// start; a town they wish to see with a reason is a must-visit.
	for _, c := range []struct {
		q, start, end string
		include       []string
	}{
		{"Hi, we are two students from Madrid. We hire a car at Sant Julià de Lòria and drive to Canillo. One route via 2 towns please. We would love to see Ordino, a friend told us it is beautiful.", "Sant Julià de Lòria", "Canillo", []string{"Ordino"}},
		{"I'm a retired teacher from Toronto! I pick up the rental car in Wilmington and head to Rehoboth Beach. Give me 2 routes through 3 towns; I really want to visit Lewes because of the lighthouse.", "Wilmington", "Rehoboth Beach", []string{"Lewes"}},
	} {
		s := policySpec(t, c.q, nil)
		var inc []string
		for _, n := range s.Include {
			inc = append(inc, head(n))
		}
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) || !slices.Equal(inc, c.include) {
			t.Errorf("%q: %s %q -> %q include %v, want %q -> %q %v", c.q, s.Family, s.Start, s.End, inc, c.start, c.end, c.include)
		}
	}
}
