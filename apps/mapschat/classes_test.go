package mapschat

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// Classes of request the policy reads, each in phrasings of its own (not
// the blind corpus's): the tools a message needs and words their
// arguments hold.

// planned are the calls a turn planned, as JSON text each.
func planned(s said) []string {
	var out []string
	for _, st := range s.States {
		if st.Status != ToolPlanning {
			continue
		}
		for _, c := range st.ToolsToExecute {
			b, _ := json.Marshal(c.Arguments)
			out = append(out, c.Name+string(b))
		}
	}
	return out
}

type classCase struct {
	msg  string
	tool string   // the last call's tool; "" for none
	has  []string // texts its arguments hold (lower case)
	not  []string // texts they must not hold
}

func runClass(t *testing.T, center string, setup []string, cases []classCase) {
	t.Helper()
	for _, c := range cases {
		a := chat(t, Options{})
		id := session(t, a, center)
		for _, m := range setup {
			mustAnswer(t, send(t, a, id, m))
		}
		s := send(t, a, id, c.msg)
		mustAnswer(t, s)
		calls := planned(s)
		if c.tool == "" {
			if len(calls) > 0 {
				t.Errorf("%q: want no tool, got %v", c.msg, calls)
			}
			continue
		}
		if len(calls) == 0 || !strings.HasPrefix(calls[len(calls)-1], c.tool+"{") {
			t.Errorf("%q: want %s, got %v", c.msg, c.tool, calls)
			continue
		}
		last := strings.ToLower(calls[len(calls)-1])
		for _, w := range c.has {
			if !strings.Contains(last, w) {
				t.Errorf("%q: %s lacks %q", c.msg, last, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(last, w) {
				t.Errorf("%q: %s holds %q", c.msg, last, w)
			}
		}
		for _, call := range calls {
			if strings.Contains(call, `"place_id":""`) || strings.Contains(call, `"query":""`) {
				t.Errorf("%q: a call with an empty argument: %s", c.msg, call)
			}
		}
	}
}

// A kind of place, a brand or an amenity, British words too, is searched
// for near the map's centre or the town named, never placed far away.
func TestKindsAndBrandsAreSearchedHere(t *testing.T) {
	const search = mapstool.SearchPlaces
	runClass(t, "Dover, DE", nil, []classCase{
		{"cashpoint?", search, []string{`"atm"`, `"latitude":39.1`}, nil},
		{"I need a chemist", search, []string{"pharmacy", `"latitude":39.1`}, nil},
		{"banks around here", search, []string{"bank", `"latitude":39.1`}, nil},
		{"anywhere to get petrol nearby?", search, []string{"gas station", `"latitude":39.1`}, nil},
		{"where can I leave the car, is there a car park near the centre?", search, []string{"parking", `"latitude":39.1`}, []string{"haiti"}},
		{"a playground for the little ones?", search, []string{"park", `"latitude":39.1`}, nil},
		{"my EV needs a charger in Lewes", search, []string{"charging station", `"latitude":38.7`}, []string{"france"}},
		{"any sights worth seeing in Milford?", search, []string{"tourist attraction", `"latitude":38.9`}, nil},
	})
}

// A town written without the last word of its name is the nearby one,
// not a faraway homonym.
func TestShortTownNameIsTheNearbyTown(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{"pizza in Rehoboth", mapstool.SearchPlaces, []string{`"latitude":38.7`}, []string{"massachusetts"}},
		{"how far to Rehoboth?", mapstool.Directions, []string{"rehoboth beach"}, []string{"massachusetts"}},
		{"cafes in Bethany", mapstool.SearchPlaces, []string{`"latitude":38.5`}, nil},
	})
}

// Earlier results are pointed at by ordinal, "the nearest one", a
// demonstrative with the kind's noun, or the start of a result's name; a
// detail asked alone is of the first.
func TestReferencesToEarlierResults(t *testing.T) {
	runClass(t, "Newark, DE", []string{"pizza nearby"}, []classCase{
		{"get me walking directions to the 2nd one", mapstool.Directions, []string{"walking"}, []string{"france"}},
		{"how long to drive to the closest one", mapstool.Directions, []string{"driving"}, []string{`"destination":"newark`}},
		{"The third, what is the telephone number?", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil},
		{"opening hours?", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil},
		{"bike there", mapstool.Directions, []string{"bicycling"}, nil},
		{"is Grotto's still open tonight?", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil},
		{"how many miles from this pizza place to Dover?", mapstool.Directions, []string{"dover"}, nil},
	})
}

// A follow-up changes one thing of the last route: its mode or one end.
func TestRouteFollowUpsChangeOneThing(t *testing.T) {
	setup := []string{"route from Dover to Milford on foot"}
	runClass(t, "Dover, DE", setup, []classCase{
		{"and how about cycling instead?", mapstool.Directions, []string{"bicycling", "dover", "milford"}, nil},
		{"so what about going by car", mapstool.Directions, []string{"driving", "dover", "milford"}, nil},
		{"okay and to Lewes then", mapstool.Directions, []string{"lewes", "walking", `"origin":"dover`}, nil},
		{"and from Smyrna?", mapstool.Directions, []string{"smyrna", "milford"}, nil},
	})
}

// Travel modes as people name them.
func TestModesAsPeopleNameThem(t *testing.T) {
	runClass(t, "Wilmington, DE", nil, []classCase{
		{"route to Newark using public transportation", mapstool.Directions, []string{"transit"}, nil},
		{"can I take the train to Dover", mapstool.Directions, []string{"transit"}, nil},
		{"directions to Newark by foot", mapstool.Directions, []string{"walking"}, nil},
		{"drivin directions to Newark", mapstool.Directions, []string{"driving"}, nil},
	})
}

// Where the person is: the elevation at the centre.
func TestHowHighAreWe(t *testing.T) {
	runClass(t, "Georgetown, DE", nil, []classCase{
		{"how high am I right now", mapstool.Elevation, []string{`"latitude":38.6`}, nil},
		{"what's the altitude where we are", mapstool.Elevation, []string{`"latitude":38.6`}, nil},
		{"how high up is this spot", mapstool.Elevation, []string{`"latitude":38.6`}, nil},
	})
}

// Which of several places is closer: one route to each.
func TestWhichIsCloser(t *testing.T) {
	for _, msg := range []string{
		"is Dover or Smyrna nearer to me?",
		"which one is closer, Middletown or Smyrna",
		"Newark vs New Castle, which is the shorter drive from here?",
	} {
		a := chat(t, Options{})
		id := session(t, a, "Wilmington, DE")
		s := send(t, a, id, msg)
		ans := mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 2 || !strings.HasPrefix(calls[0], mapstool.Directions) || !strings.HasPrefix(calls[1], mapstool.Directions) {
			t.Errorf("%q: want two directions calls, got %v", msg, calls)
			continue
		}
		if !strings.Contains(ans.Answer, "closest of them") {
			t.Errorf("%q: answer does not compare: %s", msg, ans.Answer)
		}
	}
}

// "Between X and Y": X is the origin.
func TestBetweenFirstIsOrigin(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{"what's the distance between Lewes and Milford?", mapstool.Directions, []string{`"origin":"lewes`, `"destination":"milford`}, nil},
		{"Tell me the travel time between Smyrna and Dover by bike", mapstool.Directions, []string{`"origin":"smyrna`, "bicycling"}, nil},
		{"how long is the drive between Newark and Seaford", mapstool.Directions, []string{`"origin":"newark`, `"destination":"seaford`}, nil},
	})
}

// The weather is not in the maps: no tool, and the answer says so.
func TestWeatherIsNotServed(t *testing.T) {
	for _, msg := range []string{"will it be sunny tomorrow in Lewes?", "what's the forecast for the weekend", "Is it raining in Dover right now?"} {
		a := chat(t, Options{})
		id := session(t, a, "Rehoboth Beach, DE")
		s := send(t, a, id, msg)
		ans := mustAnswer(t, s)
		if calls := planned(s); len(calls) > 0 {
			t.Errorf("%q: want no tool, got %v", msg, calls)
		}
		if !strings.Contains(ans.Answer, "weather") {
			t.Errorf("%q: answer does not say the weather is not served: %s", msg, ans.Answer)
		}
	}
}
