package roadtrip

import (
	"slices"
	"testing"
)

// TestParseRoadTripPhrasings: free-form road-trip questions, no output
// format. Names are the words written, cut before qualifiers; regions
// are hints, not part of a name.
func TestParseRoadTripPhrasings(t *testing.T) {
	type want struct {
		start, end, region          string
		routes, cities, rest, views int
		include, avoid              []string
	}
	for _, c := range []struct {
		q string
		w want
	}{
		{"Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route",
			want{"Wilmington", "Dover", "Delaware", 2, 3, 1, 1, nil, nil}},
		{"Road trip between Wilmington and Dover: two routes, three cities each",
			want{"Wilmington", "Dover", "", 2, 3, 0, 0, nil, nil}},
		{"Wilmington to Dover, 2 routes via Smyrna",
			want{"Wilmington", "Dover", "", 2, 1, 0, 0, []string{"Smyrna"}, nil}},
		{`Plan a trip from "Wilmington" to "Dover" with a rest stop`,
			want{"Wilmington", "Dover", "", 1, 2, 1, 0, nil, nil}},
		{"Drive from Wilmington, DE to Dover, DE through four towns avoiding Middletown",
			want{"Wilmington", "Dover", "Delaware", 1, 4, 0, 0, nil, []string{"Middletown"}}},
		{"I want three routes from Newark to Rehoboth Beach in Delaware that must pass through Milford",
			want{"Newark", "Rehoboth Beach", "Delaware", 3, 1, 0, 0, []string{"Milford"}, nil}},
		{"Plan a road trip from Newark to Lewes via Dover and Milford with scenic viewpoints",
			want{"Newark", "Lewes", "", 1, 2, 0, 1, []string{"Dover", "Milford"}, nil}},
		{"plan a road trip from wilmington to dover with two stops in cities along the way",
			want{"wilmington", "dover", "", 1, 2, 0, 0, nil, nil}},
		{"Starting in Wilmington and ending in Dover, give me 2 routes with 3 cities each, 2 rest areas per route",
			want{"Wilmington", "Dover", "", 2, 3, 2, 0, nil, nil}},
		{"Can you map 2 different driving routes from Sant Julià de Lòria to Canillo in Andorra, each through 2 towns?",
			want{"Sant Julià de Lòria", "Canillo", "Andorra", 2, 2, 0, 0, nil, nil}},
		{"Two routes Wilmington → Dover, skipping Smyrna, one scenic overlook each",
			want{"Wilmington", "Dover", "", 2, 2, 0, 1, nil, []string{"Smyrna"}}},
		{"Plan one route from Wilmington to Dover, Delaware through 3 cities and stop in Smyrna",
			want{"Wilmington", "Dover", "Delaware", 1, 3, 0, 0, []string{"Smyrna"}, nil}},
		{"Find 2 routes from St. Louis to Kansas City in Missouri with 4 towns on each",
			want{"St. Louis", "Kansas City", "Missouri", 2, 4, 0, 0, nil, nil}},
		{"From Wilmington to Dover please: five cities, a rest stop and a viewpoint on every route, not through Smyrna or Cheswold",
			want{"Wilmington", "Dover", "", 1, 5, 1, 1, nil, []string{"Smyrna", "Cheswold"}}},
		{"We're driving between Paris and Nice in France. Give us three itineraries through a few towns, including Lyon",
			want{"Paris", "Nice", "France", 3, 1, 0, 0, []string{"Lyon"}, nil}},
		{"Plan a road trip from Wilmington in Delaware to Baltimore, MD with 2 cities",
			want{"Wilmington, Delaware", "Baltimore", "Maryland", 1, 2, 0, 0, nil, nil}},
		{"Route from the beautiful Newark to Dover with exactly 3 intermediate cities and 1 rest stop",
			want{"Newark", "Dover", "", 1, 3, 1, 0, nil, nil}},
	} {
		s := parseSpec(c.q, nil, nil)
		got := want{s.Start, s.End, s.Region, s.Routes, s.Cities, s.RestStops, s.Viewpoints, s.Include, s.Avoid}
		if s.Family != FamilyRoadTrip || got.start != c.w.start || got.end != c.w.end || got.region != c.w.region ||
			got.routes != c.w.routes || got.cities != c.w.cities || got.rest != c.w.rest || got.views != c.w.views ||
			!slices.Equal(got.include, c.w.include) || !slices.Equal(got.avoid, c.w.avoid) {
			t.Errorf("%q\n got %s %+v\nwant %+v", c.q, s.Family, got, c.w)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%q: %v", c.q, err)
		}
	}
}
