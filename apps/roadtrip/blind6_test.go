package roadtrip

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the sixth blind round, each in phrasings of its own.

func TestSpecLabelsAndZipCodes(t *testing.T) {
	for _, c := range []struct{ q, start, end string }{
		{"Requirements:\n1. Origin: Dover, DE 19901. Terminus: Lewes, DE.\n2. One route via 2 towns.", "Dover", "Lewes"},
		{"Trip order. Departure point: Smyrna, Delaware 19977-1234. Terminus: Seaford. Plan 3 routes through two towns each.", "Smyrna", "Seaford"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end {
			t.Errorf("%q: %s %q→%q", c.q, s.Family, s.Start, s.End)
		}
	}
}

func TestCountsInWordsWithDigits(t *testing.T) {
	for _, c := range []struct {
		q                           string
		routes, cities, rest, views int
	}{
		{"Plan three (3) routings from Milford to Wilmington. Each shall pass through exactly two (2) intermediate municipalities and include two (2) rest facilities.", 3, 2, 2, 0},
		{"From Ordino to Sant Julià de Lòria: provide two (2) alternative routes, each with three (3) villages and two (2) scenic overlooks.", 2, 3, 0, 2},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Routes != c.routes || s.Cities != c.cities || s.RestStops != c.rest || s.Viewpoints != c.views {
			t.Errorf("%q: %s routes %d cities %d rest %d views %d", c.q, s.Family, s.Routes, s.Cities, s.RestStops, s.Viewpoints)
		}
	}
	// A word and a digit that disagree are both left to the reader.
	if got := writeCounts("two (3) routes"); got != "two (3) routes" {
		t.Errorf("disagreeing count: %q", got)
	}
}

func TestTownAmongTheIntermediateOnes(t *testing.T) {
	for _, c := range []struct{ q, include string }{
		{"Two routes from Newark to Lewes with 3 towns each. Dover must be one of the towns on both routes.", "Dover"},
		{"Plan one route from Canillo to Andorra la Vella through two villages; Encamp should be among the intermediate villages.", "Encamp"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameNames(s.Include, []string{c.include}) {
			t.Errorf("%q: %s include %q", c.q, s.Family, s.Include)
		}
	}
	// "shall" as a specification writes it, for a town avoided too.
	q := "1. Origin: Milford. Destination: Newark.\n2. Two routes, three towns each.\n3. Dover shall be avoided."
	if s := policySpec(t, q, nil); !sameNames(s.Avoid, []string{"Dover"}) || len(s.Include) != 0 {
		t.Errorf("%q: avoid %q include %q", q, s.Avoid, s.Include)
	}
}

func TestTextedLowerCaseWithShouting(t *testing.T) {
	for _, c := range []struct {
		q, start, end string
		routes        int
	}{
		{"3 routes milford --> rehoboth bch, 1 town each, NO tolls pls", "Milford", "Rehoboth Beach", 3},
		{"need 1 route wilm => seaford w/ 2 towns + 1 viewpoint (SO tired of the highway)", "Wilmington", "Seaford", 1},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end || s.Routes != c.routes {
			t.Errorf("%q: %s %q→%q routes %d", c.q, s.Family, s.Start, s.End, s.Routes)
		}
	}
	// A text that writes names with capitals keeps its capitals.
	if got := unshouted("From Dover to Lewes, NOT via Milford"); got != "From Dover to Lewes, NOT via Milford" {
		t.Errorf("cased text: %q", got)
	}
}

func TestLearnersWordOrder(t *testing.T) {
	for _, c := range []struct {
		q, start, end, include string
		routes, cities         int
	}{
		{"Good morning. We are driving Dvoer to Lewes next week. Please make route three. Each route pass town two. Milton we want visit for the market.", "Dover", "Lewes", "Milton", 3, 2},
		{"I travel Seafrod to Newark, Delaware. Make route two, please. Smyrna I would like to see.", "Seaford", "Newark", "Smyrna", 2, 1},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end || !sameNames(s.Include, []string{c.include}) ||
			s.Routes != c.routes || s.Cities != c.cities {
			t.Errorf("%q: %s %q→%q include %q routes %d cities %d", c.q, s.Family, s.Start, s.End, s.Include, s.Routes, s.Cities)
		}
	}
	// "Route 1" is a road, not one route.
	if got := writeCounts("take route 1."); got != "take route 1." {
		t.Errorf("a road's number: %q", got)
	}
}

func TestFillUpIsAGasStation(t *testing.T) {
	for _, q := range []string{
		"heading lewes to dover later, where can we refuel about halfway?",
		"On the drive from Newark to Georgetown I need somewhere to fill the tank a third of the way in.",
	} {
		s := policySpec(t, q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || !slices.Equal(s.Legs[0].Types, []string{"gas_station"}) {
			t.Errorf("%q: %s legs %+v", q, s.Family, s.Legs)
		}
	}
}

func TestBulletedAnswerFormat(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"My sister lives in Middletown and I live in Milford. Where should we meet for lunch, same drive for both? Answer in this form:\n* stops: list of one restaurant\n* for each stop: name and place id",
			`{"stops":[{"name":"","place id":""}]}`},
		{"Find 2 parks in Dover north of the Delaware State Capitol. Return:\n- places: a list of items\n- every entry: name / place id / address\nThanks.",
			`{"places":[{"name":"","place id":"","address":""}]}`},
	} {
		s := policySpec(t, c.q, nil)
		if string(s.Format) != c.want || s.Family == "" {
			t.Errorf("%q: %s format %s keys %q", c.q, s.Family, s.Format, s.Keys)
		}
	}
	// A task's own format wins over bullets in its text.
	s := policySpec(t, "Meet between Dover and Lewes at a cafe. Reply with:\n- stops: a list", json.RawMessage(`{"stops":[{"name":"NAME"}]}`))
	if string(s.Format) != "" || !slices.Equal(s.Keys, []string{"stops"}) {
		t.Errorf("task format: %s %q", s.Format, s.Keys)
	}
}

func TestSecondSideOfTheSameLandmark(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []directionSpec
	}{
		{"Find 3 cafes in Dover, Delaware that are north of the Delaware State Capitol and also east of it.",
			[]directionSpec{{"north", "Delaware State Capitol"}, {"east", "Delaware State Capitol"}}},
		{"Two parks in Andorra la Vella south of Plaça del Poble, but east of that one too. Names please.",
			[]directionSpec{{"south", "Plaça del Poble"}, {"east", "Plaça del Poble"}}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.PlaceFinding || !slices.Equal(s.Directions, c.want) {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Directions)
		}
	}
}

func TestMoreAtTheSideThan(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []directionSpec
	}{
		{"I want two parks in Andorra la Vella more at the south than Plaça del Poble.", []directionSpec{{"south", "Plaça del Poble"}}},
		{"Give me 2 restaurants in Dover which are more at east than the Delaware State Capitol and more in the north than the Dover Public Library.",
			[]directionSpec{{"east", "Delaware State Capitol"}, {"north", "Dover Public Library"}}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.PlaceFinding || !slices.Equal(s.Directions, c.want) {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Directions)
		}
	}
}
