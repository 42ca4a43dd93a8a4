package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 6, in words of their own, not the corpus's.

// "How high up is X": the name is X, not "up is X".
func TestHowHighUpNamesThePlace(t *testing.T) {
	for _, c := range []struct{ msg, name string }{
		{"how high up is Battery 7b", `"battery 7b"`},
		{"Quick one: how high up is bunker 12 on the cape?", `"bunker 12`},
	} {
		a := chat(t, Options{})
		s := send(t, a, session(t, a, "Lewes, DE"), c.msg)
		mustAnswer(t, s)
		calls := strings.ToLower(strings.Join(planned(s), " "))
		if !strings.Contains(calls, mapstool.Elevation) || !strings.Contains(calls, c.name) || strings.Contains(calls, "up is") {
			t.Errorf("%q: want the elevation of %s, got %s", c.msg, c.name, calls)
		}
	}
}

// A question about getting in ("the building", "the entrance", "the
// venue") with no place named is about the place spoken of.
func TestAccessOfTheBuildingSpokenOf(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover", "how far is the first one?"}, []classCase{
		{msg: "is the entrance step-free? my husband's knees are bad", tool: mapstool.PlaceDetails},
		{msg: "does the front door have a ramp? Mum is on crutches this month", tool: mapstool.PlaceDetails},
		{msg: "can I get a wheelchair into the venue? asking for my aunt", tool: mapstool.PlaceDetails},
	})
}

// "close to X" says where to search, not a closing time; a name several
// places share, named as where a kind is searched, is where.
func TestCloseToIsWhere(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "any pharmacy close to the Legislative Mall?", tool: mapstool.SearchPlaces, has: []string{"pharmacy"}},
		{msg: "I'd like a bakery close to The Green for the cake", tool: mapstool.SearchPlaces, has: []string{"bakery"}, not: []string{"the green"}},
	})
}

// A bike shop is a kind of place, searched near the map ("anywhere
// near" with nothing after it).
func TestBikeShopIsAKind(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "chain just snapped ugh. bike repair anywhere near", tool: mapstool.SearchPlaces, has: []string{"bicycle shop", `"latitude":39.6`}},
		{msg: "is there a cycle shop around?", tool: mapstool.SearchPlaces, has: []string{"bicycle shop", `"latitude":39.6`}},
	})
}

// "The nearest X" asked the way to, just after X were listed, is the
// first of them, not a new search; "how do I go to" asks the way.
func TestNearestOfTheListJustGiven(t *testing.T) {
	runClass(t, "Dover, DE", []string{"any bakeries in Dover?"}, []classCase{
		{msg: "how can we go to the nearest bakery on foot?", tool: mapstool.Directions, has: []string{"walking", "39.155992"}},
		{msg: "ok and the closest bakery, how long by car", tool: mapstool.Directions, has: []string{"driving", "39.155992"}},
	})
}

// "Closer one?" after a route to a listed place other than the first:
// the same route to the first.
func TestNearerOneOfTheList(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover", "how long to walk to the third one?"}, []classCase{
		{msg: "ugh too far, a nearer one?", tool: mapstool.Directions, has: []string{"walking", "39.157111"}},
		{msg: "anything closer", tool: mapstool.Directions, has: []string{"walking", "39.157111"}},
	})
}

// A street with no number, named as where to search, is in its town:
// one search near the town, not a search for the street first.
func TestBareStreetSearchesItsTown(t *testing.T) {
	for _, c := range []struct{ center, msg, kind string }{
		{"Rehoboth Beach, DE", "any coffee near Main Street?", "coffee"},
		{"Dover, DE", "is there a pharmacy off Kings Highway in Lewes", "pharmacy"},
		{"Milford, DE", "show me bars within walking distance of Walnut St", "bar"},
	} {
		a := chat(t, Options{})
		s := send(t, a, session(t, a, c.center), c.msg)
		mustAnswer(t, s)
		calls := planned(s)
		low := strings.ToLower(strings.Join(calls, " "))
		if len(calls) != 1 || !strings.HasPrefix(calls[0], mapstool.SearchPlaces+"{") || !strings.Contains(low, c.kind) || strings.Contains(low, "street") || strings.Contains(low, "highway") {
			t.Errorf("%q: want one search for %s near the town, got %v", c.msg, c.kind, calls)
		}
	}
}
