package roadtrip

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/understand"
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
		{"Plan 2 road trips from Wilmington to Dover, Delaware, each through 3 towns, with a rest stop and a scenic viewpoint per route",
			want{"Wilmington", "Dover", "Delaware", 2, 3, 1, 1, nil, nil}},
		{"Plan a road trip from Wilmington to Dover with 3 route options through 2 towns",
			want{"Wilmington", "Dover", "", 3, 2, 0, 0, nil, nil}},
	} {
		s := policySpec(t, c.q, nil)
		got := want{s.Start, s.End, s.Region, s.Routes, s.Cities, s.RestStops, s.Viewpoints, s.Include, s.Avoid}
		if s.Family != locnav.RoadTrip || !sameCorpusName(got.start, c.w.start) || !sameCorpusName(got.end, c.w.end) ||
			c.w.region != "" && got.region != c.w.region || got.routes != c.w.routes || got.cities != c.w.cities ||
			got.rest != c.w.rest || got.views != c.w.views || !sameNames(got.include, c.w.include) || !sameNames(got.avoid, c.w.avoid) {
			t.Errorf("%q\n got %s %+v\nwant %+v", c.q, s.Family, got, c.w)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%q: %v", c.q, err)
		}
	}
}

// TestParseEvenStopsPhrasings: midpoint and evenly spaced stops, no
// output format.
func TestParseEvenStopsPhrasings(t *testing.T) {
	for _, c := range []struct {
		q        string
		from, to string
		stops    int
		types    []string
	}{
		{"Find a gas station at the midpoint between Wilmington and Dover", "Wilmington", "Dover", 1, []string{"gas_station"}},
		{"What's a good cafe halfway from Newark to Dover?", "Newark", "Dover", 1, []string{"cafe"}},
		{"I'm driving from Wilmington, DE to Dover, DE. Find a restaurant near the midpoint of the route.", "Wilmington, Delaware", "Dover, Delaware", 1, []string{"restaurant"}},
		{"Two stops evenly spaced between Wilmington and Milford, cafes or restaurants", "Wilmington", "Milford", 2, []string{"restaurant", "cafe"}},
		{"Stops at the trisection points of the drive from Wilmington to Milford, gas stations please", "Wilmington", "Milford", 2, []string{"gas_station"}},
		{"Quarter points from Wilmington to Dover: find restaurants", "Wilmington", "Dover", 3, []string{"restaurant"}},
		{"midpoint Wilmington to Dover coffee", "Wilmington", "Dover", 1, []string{"cafe"}},
		{"Find a midway stop between 'Wilmington' and 'Dover' for lunch", "Wilmington", "Dover", 1, []string{"restaurant"}},
		{"Halfway between Wilmington and Dover in Delaware, where can I get gas?", "Wilmington, Delaware", "Dover, Delaware", 1, []string{"gas_station"}},
		{"Three equally spaced restaurants on the way from Newark to Lewes", "Newark", "Lewes", 3, []string{"restaurant"}},
		{"half-way point of a drive starting in Wilmington and ending in Rehoboth Beach: a park", "Wilmington", "Rehoboth Beach", 1, []string{"park"}},
		{"Mid-point stop from \"New Castle\" to \"Smyrna\", a cafe", "New Castle", "Smyrna", 1, []string{"cafe"}},
		{"Where is the midpoint of the drive from Andorra la Vella to Canillo? I want a restaurant there.", "Andorra la Vella", "Canillo", 1, []string{"restaurant"}},
		{"I need a hotel halfway between St. Louis, MO and Kansas City, MO", "St. Louis, Missouri", "Kansas City, Missouri", 1, []string{"lodging"}},
		{"fuel stop at the midpoint between dover and lewes", "dover", "lewes", 1, []string{"gas_station"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 {
			t.Errorf("%q: family %s, %d legs, want even_stops with one leg: %+v", c.q, s.Family, len(s.Legs), s)
			continue
		}
		l := s.Legs[0]
		if !sameCorpusName(l.From, c.from) || !sameCorpusName(l.To, c.to) || l.Stops != c.stops || !sameSet(l.Types, c.types) {
			t.Errorf("%q\n got %+v\nwant {From:%s To:%s Stops:%d Types:%v}", c.q, l, c.from, c.to, c.stops, c.types)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%q: %v", c.q, err)
		}
	}
}

// TestParseMeetingPhrasings: people in two to four places and a kind of
// place to meet at, no output format.
func TestParseMeetingPhrasings(t *testing.T) {
	for _, c := range []struct {
		q       string
		origins []string // place, with "/walking" for a walker
		types   []string
	}{
		{"I live in Newark and my friend lives in Dover. Where should we meet for coffee?", []string{"Newark", "Dover"}, []string{"cafe"}},
		{"Find a restaurant to meet between Wilmington and Dover", []string{"Wilmington", "Dover"}, []string{"restaurant"}},
		{"Friends from Newark, Dover and Milford want to meet at a cafe with equal driving time", []string{"Newark", "Dover", "Milford"}, []string{"cafe"}},
		{"Meeting point for Wilmington and Smyrna: a park", []string{"Wilmington", "Smyrna"}, []string{"park"}},
		{"I'm in Wilmington, my friend is in Dover; suggest a restaurant where we can meet", []string{"Wilmington", "Dover"}, []string{"restaurant"}},
		{"I live in Newark, Delaware. My friend lives in Dover, Delaware. Where should we meet for coffee?", []string{"Newark, Delaware", "Dover, Delaware"}, []string{"cafe"}},
		{"We want to meet for dinner: I'm based in Newark, DE and she lives in Milford, DE", []string{"Newark, Delaware", "Milford, Delaware"}, []string{"restaurant"}},
		{"Where can people from Wilmington and Middletown meet for lunch?", []string{"Wilmington", "Middletown"}, []string{"restaurant"}},
		{"Three of us are in Newark, Dover and Lewes; find a cafe to meet at the same driving time", []string{"Newark", "Dover", "Lewes"}, []string{"cafe"}},
		{"Suggest a park to meet halfway between Andorra la Vella and Encamp", []string{"Andorra la Vella", "Encamp"}, []string{"park"}},
		{"My sister is staying in Lewes and I am staying in Dover. Find a museum to meet.", []string{"Lewes", "Dover"}, []string{"museum"}},
		{"meet at a restaurant between Newark and Wilmington and Smyrna", []string{"Newark", "Wilmington", "Smyrna"}, []string{"restaurant"}},
		{"A fair meeting spot for friends in Wilmington and Dover, a library", []string{"Wilmington", "Dover"}, []string{"library"}},
		{"Let's meet at a gas station between \"New Castle\" and \"Dover\"", []string{"New Castle", "Dover"}, []string{"gas_station"}},
		{"I work in Wilmington and my friend works in Newark. Find a cafe to meet.", []string{"Wilmington", "Newark"}, []string{"cafe"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, c.origins) || !sameSet(s.PlaceTypes, c.types) {
			t.Errorf("%q\n got %s %q %v\nwant %q %v", c.q, s.Family, got, s.PlaceTypes, c.origins, c.types)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%q: %v", c.q, err)
		}
	}
}

// TestParseDirectionalPhrasings: places north/south/east/west of
// landmarks, no output format.
func TestParseDirectionalPhrasings(t *testing.T) {
	for _, c := range []struct {
		q     string
		area  string
		count int
		types []string
		dirs  []directionSpec
	}{
		{"Find a museum in Wilmington south of Wilmington Public Library and west of The Westin Wilmington", "Wilmington", 1, []string{"museum"},
			[]directionSpec{{"south", "Wilmington Public Library"}, {"west", "The Westin Wilmington"}}},
		{"A cafe in Newark east of the University of Delaware", "Newark", 1, []string{"cafe"}, []directionSpec{{"east", "University of Delaware"}}},
		{"Which park in Wilmington lies north of Rodney Square?", "Wilmington", 1, []string{"park"}, []directionSpec{{"north", "Rodney Square"}}},
		{"Find three hotels in Andorra north of Andorra la Vella", "Andorra", 3, []string{"lodging"}, []directionSpec{{"north", "Andorra la Vella"}}},
		{"Show me 2 restaurants in Dover that are west of the Delaware State Capitol", "Dover", 2, []string{"restaurant"}, []directionSpec{{"west", "Delaware State Capitol"}}},
		{"Identify 2 'restaurant' location in Dover that are north of the latitude of 'Dover Air Force Base'.", "Dover", 2, []string{"restaurant"}, []directionSpec{{"north", "Dover Air Force Base"}}},
		{"a library in Wilmington west of 'Rodney Square' and south of \"Brandywine Park\"", "Wilmington", 1, []string{"library"},
			[]directionSpec{{"west", "Rodney Square"}, {"south", "Brandywine Park"}}},
		{"Any museum in Andorra east of Ordino?", "Andorra", 1, []string{"museum"}, []directionSpec{{"east", "Ordino"}}},
		{"Two cafes in Lewes south of Cape Henlopen State Park", "Lewes", 2, []string{"cafe"}, []directionSpec{{"south", "Cape Henlopen State Park"}}},
		{"Find a stadium in Wilmington that is east of Brandywine Zoo", "Wilmington", 1, []string{"stadium"}, []directionSpec{{"east", "Brandywine Zoo"}}},
		{"I want one restaurant in Newark north of Newark Station", "Newark", 1, []string{"restaurant"}, []directionSpec{{"north", "Newark Station"}}},
		{"Find 4 parks in Dover west of Legislative Mall and north of Dover Downs", "Dover", 4, []string{"park"},
			[]directionSpec{{"west", "Legislative Mall"}, {"north", "Dover Downs"}}},
		{"Look for a hospital in Wilmington south of Trolley Square", "Wilmington", 1, []string{"hospital"}, []directionSpec{{"south", "Trolley Square"}}},
		{"Get me a swimming pool in Newark east of Main Street", "Newark", 1, []string{"swimming_pool"}, []directionSpec{{"east", "Main Street"}}},
		{"A gas station in Smyrna north of Smyrna Rest Area", "Smyrna", 1, []string{"gas_station"}, []directionSpec{{"north", "Smyrna Rest Area"}}},
	} {
		s := policySpec(t, c.q, nil)
		dirsOK := len(s.Directions) == len(c.dirs)
		for i := 0; dirsOK && i < len(c.dirs); i++ {
			dirsOK = s.Directions[i].Direction == c.dirs[i].Direction && sameCorpusName(s.Directions[i].Ref, c.dirs[i].Ref)
		}
		if s.Family != locnav.PlaceFinding || !sameCorpusName(s.Area, c.area) || s.Count != c.count || !sameSet(s.PlaceTypes, c.types) || !dirsOK {
			t.Errorf("%q\n got %s area %q count %d types %v dirs %v\nwant area %q count %d types %v dirs %v",
				c.q, s.Family, s.Area, s.Count, s.PlaceTypes, s.Directions, c.area, c.count, c.types, c.dirs)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%q: %v", c.q, err)
		}
	}
}

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// BenchmarkParseSpec: the understanding policy on a free-form question.
func BenchmarkParseSpec(b *testing.B) {
	q := "Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route, via Smyrna, avoiding Cheswold"
	o := readOptions(b)
	for b.Loop() {
		readSpec(locnav.Task{Question: q}, o)
	}
}

// BenchmarkParseSpecLong: the understanding policy on 10 KB of untrusted
// question: "x to " over and over once made every "to" re-read the whole
// question before it (quadratic), as did capitalised runs and places.
func BenchmarkParseSpecLong(b *testing.B) {
	for _, c := range []struct{ name, unit string }{
		{"to", "x to "}, {"names", "From Wilmington To Dover, DE via Smyrna "}, {"words", "word "},
	} {
		q := strings.Repeat(c.unit, 10_000/len(c.unit))
		o := readOptions(b)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(q)))
			for b.Loop() {
				readSpec(locnav.Task{Question: q}, o)
			}
		})
	}
}

// TestReadingsInTrace: the joint readings the understanding weighed go
// into the trace with its decision, the chosen one first.
func TestReadingsInTrace(t *testing.T) {
	ctx, events := event.Collect(context.Background())
	if _, err := newPlanner(t, mcpTools(t), Options{}).Solve(ctx, locnav.Task{Question: "Plan 2 routes from Newark to Dover with 2 towns each"}); err != nil {
		t.Fatal(err)
	}
	for _, e := range events() {
		if e.Kind != event.Decision || e.Decision.Name != "Understanding" {
			continue
		}
		var v struct {
			Readings []understand.Alternative `json:"readings"`
		}
		if err := json.Unmarshal(e.Decision.Value, &v); err != nil {
			t.Fatal(err)
		}
		if len(v.Readings) < 2 || !strings.HasPrefix(strings.Join(v.Readings[0].Places, "; "), "Newark, Delaware") || v.Readings[0].Score < v.Readings[1].Score {
			t.Errorf("readings %+v: want the chosen one (Newark, Delaware ...) first and others after it", v.Readings)
		}
		return
	}
	t.Error("no Understanding decision in the trace")
}
