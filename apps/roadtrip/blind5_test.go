package roadtrip

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/understand"
)

// The classes of the fifth blind round, each in phrasings of its own.

var twoRouteStops = []byte(`{"route_1_stops":[{"name":"NAME","place id":"Place ID"}],"route_2_stops":[{"name":"NAME","place id":"Place ID"}]}`)

func TestMemoLabelsNameTheEnds(t *testing.T) {
	for _, c := range []struct{ q, start, end string }{
		{"Dispatch note 31 for truck K-9. Origin: my Dover yard. Final stop: Lewes. 2 route options, 3 towns each.", "Dover", "Lewes"},
		{"Job 7 - Start point: the Smyrna plant. Drop-off: Seaford. One route via 2 towns, no rest stops.", "Smyrna", "Seaford"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end {
			t.Errorf("%q: %s %q→%q", c.q, s.Family, s.Start, s.End)
		}
	}
}

func TestPastedFormLines(t *testing.T) {
	for _, c := range []struct {
		q                           string
		start, end                  string
		routes, cities, rest, views int
		include, avoid              []string
	}{
		{"ROUTE FORM\nStart: Newark, DE\nEnd: Lewes, DE\nNumber of routes: 3\nTowns per route: two (2)\nRest stops per route: 1\nScenic viewpoints per route: 2 (with heights)\nMust visit: Milford\nAvoid: Dover\nNotes: kids in the car",
			"Newark", "Lewes", 3, 2, 1, 2, []string{"Milford"}, []string{"Dover"}},
		{"Trip sheet\nFrom: Encamp\nTo: Sant Julià de Lòria\n# of routes: 1\nVillages per route: three\nViewpoints per route: 1\nAvoid: Andorra la Vella\nComments: slow car",
			"Encamp", "Sant Julià de Lòria", 1, 3, 0, 1, nil, []string{"Andorra la Vella"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end || s.Routes != c.routes || s.Cities != c.cities ||
			s.RestStops != c.rest || s.Viewpoints != c.views || !sameNames(s.Include, c.include) || !sameNames(s.Avoid, c.avoid) {
			t.Errorf("%q: %s %q→%q routes %d cities %d rest %d views %d include %q avoid %q", c.q, s.Family, s.Start, s.End,
				s.Routes, s.Cities, s.RestStops, s.Viewpoints, s.Include, s.Avoid)
		}
	}
	// One line of prose with a colon is no form.
	if got := formSentences("Note: we leave at 9\nfrom Dover"); got != "Note: we leave at 9\nfrom Dover" {
		t.Errorf("one label: %q", got)
	}
}

func TestRefusedWayThroughIsAvoided(t *testing.T) {
	for _, c := range []struct{ q, avoid string }{
		{"Two routes from Encamp to Ordino with 2 villages, I don't want to pass in La Massana.", "La Massana"},
		{"We'd like 1 route from Milford to Newark with 3 towns; we do not wish to go through Dover.", "Dover"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameNames(s.Avoid, []string{c.avoid}) || len(s.Include) != 0 {
			t.Errorf("%q: %s avoid %q include %q", c.q, s.Family, s.Avoid, s.Include)
		}
	}
}

func TestDictatedMarksAndCorrections(t *testing.T) {
	for _, c := range []struct {
		q                   string
		cities, views, rest int
	}{
		{"one route from newark to dover comma through smyrna period I want one viewpoint period actually no make that two viewpoints period", 1, 2, 0},
		{"plan two routes from lewes to milford comma three towns each comma with one rest stop full stop no wait make it two rest stops full stop", 3, 0, 2},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Cities != c.cities || s.Viewpoints != c.views || s.RestStops != c.rest {
			t.Errorf("%q: %s cities %d views %d rest %d", c.q, s.Family, s.Cities, s.Viewpoints, s.RestStops)
		}
	}
	// "Period" as a word stays.
	if got := understand.WriteSpokenMarks("Over a period of two days, drive from Dover to Lewes. The rest period is short."); strings.Contains(got, " .") || !strings.Contains(got, "period of") {
		t.Errorf("period as a word: %q", got)
	}
}

func TestStopsSaidPerLegAfterTheLegs(t *testing.T) {
	for _, c := range []struct {
		q      string
		format []byte
		stops  []int
		kinds  []string
	}{
		{"My courier goes from Dover to Lewes before noon and then from Lewes on to Seaford in the evening. For the first drive we need two stops at the thirds of the route, each a bakery or a cafe. For the evening drive, one stop nearest the midpoint, which must be a pharmacy.",
			twoRouteStops, []int{2, 1}, []string{"bakery cafe", "pharmacy"}},
		{"Plumber's day: from Smyrna to Dover first, then from Dover to Milford. On the first leg, a cafe at the halfway point. On the second leg, 3 gas stations evenly spaced.",
			nil, []int{1, 3}, []string{"cafe", "gas_station"}},
		// The way back's words after the place returned to, and the
		// format's words of the way back after them.
		{"We're taking the dog from Ordino to Canillo for a picnic. On the way there one stop right at the midpoint, a park. After the picnic we drive back from Canillo to Ordino, and on the way home two stops at the thirds, each a bakery or a pharmacy. Answer with route_1_stops for the way there and route_2_stops for the way back.",
			twoRouteStops, []int{1, 2}, []string{"park", "bakery pharmacy"}},
	} {
		s := policySpec(t, c.q, c.format)
		ok := s.Family == locnav.EvenStops && len(s.Legs) == len(c.stops)
		for i := 0; ok && i < len(c.stops); i++ {
			ok = len(s.Legs[i].at()) == c.stops[i] && strings.Join(s.Legs[i].Types, " ") == c.kinds[i]
		}
		if !ok {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestHalfOfTheRoadIsTheMidpoint(t *testing.T) {
	for _, c := range []struct{ q, from, to, kind string }{
		{"I drive from Lewes to Dover, I need one cafe exactly in the half of the road.", "Lewes", "Dover", "cafe"},
		{"We go from Canillo to Ordino on Sunday; please a bakery at half of the way.", "Canillo", "Ordino", "bakery"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to ||
			len(s.Legs[0].at()) != 1 || strings.Join(s.Legs[0].Types, " ") != c.kind {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestPeopleInStoriesAndTexts(t *testing.T) {
	for _, c := range []struct {
		q       string
		origins []string
	}{
		// a list of "name in town" where one name is a person
		{"hey so me in dover, kim in lewes, raj in smyrna. wanna meet at a cafe thats fair for all of us", []string{"Dover", "Lewes", "Smyrna"}},
		{"ok me in milford, ana in seaford, bo in lewes. need a park to meet, all driving", []string{"Milford", "Seaford", "Lewes"}},
		// homes told in a story: a house in a town, moved to, been in since
		{"Grandpa still lives in the farmhouse in Milford, my sister moved to Dover, and I've been in Lewes since college. A cafe to meet?", []string{"Milford", "Dover", "Lewes"}},
		{"My aunt lives in the blue cottage in Seaford and my son relocated to Newark last spring. Where can we meet for lunch, same drive for both?", []string{"Seaford", "Newark"}},
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

func TestParticipantsLabelledByLetters(t *testing.T) {
	for _, c := range []struct {
		q     string
		modes map[string]string
	}{
		{"MEET\nPerson A: Encamp (walking)\nPerson B: Ordino (driving)\nPlace: cafe\nRule: same time for A and B", map[string]string{"Encamp": "walking", "Ordino": "driving"}},
		{"Meeting\nAttendee 1: Dover (driving)\nAttendee 2: Milford (on foot)\nVenue: park", map[string]string{"Dover": "driving", "Milford": "walking"}},
	} {
		s := policySpec(t, c.q, nil)
		ok := s.Family == locnav.MeetingPoint && len(s.Origins) == len(c.modes)
		for _, o := range s.Origins {
			ok = ok && c.modes[head(o.Place)] == o.Mode
		}
		if !ok {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Origins)
		}
	}
}

func TestMoreToADirectionThan(t *testing.T) {
	for _, c := range []struct {
		q    string
		dirs []directionSpec
	}{
		{"find me 2 cafe in Andorra who are more to the south than Parc Central and more to the east than Encamp.", []directionSpec{{Direction: "south", Ref: "Parc Central"}, {Direction: "east", Ref: "Encamp"}}},
		{"I search 3 bakery in Delaware that are further to the west than Dover and more north than Milford.", []directionSpec{{Direction: "west", Ref: "Dover"}, {Direction: "north", Ref: "Milford"}}},
	} {
		s := policySpec(t, c.q, nil)
		ok := s.Family == locnav.PlaceFinding && len(s.Directions) == len(c.dirs)
		for i := 0; ok && i < len(c.dirs); i++ {
			ok = s.Directions[i].Direction == c.dirs[i].Direction && sameCorpusName(s.Directions[i].Ref, c.dirs[i].Ref)
		}
		if !ok {
			t.Errorf("%q: %s %+v", c.q, s.Family, s.Directions)
		}
	}
}

func TestLiveTrafficIsUnanswerable(t *testing.T) {
	for _, q := range []string{
		"Is there a jam on Route 13 currently between Dover and Smyrna? Which way is quicker?",
		"How bad is the live traffic from Newark to Lewes, and which of 2 routes avoids it?",
	} {
		if s := policySpec(t, q, nil); s.Family != "" || !strings.Contains(s.Why, "now") {
			t.Errorf("%q: %s %q", q, s.Family, s.Why)
		}
	}
	// Traffic as a wish is a trip.
	if s := policySpec(t, "2 routes from Newark to Lewes with 2 towns, avoiding traffic if possible.", nil); s.Family != locnav.RoadTrip {
		t.Errorf("traffic as a wish: %s %q", s.Family, s.Why)
	}
}
