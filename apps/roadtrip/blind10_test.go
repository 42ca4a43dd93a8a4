package roadtrip

import (
	"slices"
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
