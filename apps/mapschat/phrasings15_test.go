package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 15, in words of their own, not the corpus's.

// Where the person says they are ("I'm at Beebe Hospital", "on my lunch
// break at the Dover Public Library") is this message's "here": what
// "near me" and "close by" are near, where a route with no start of its
// own starts. A place the reader does not know, named by its kind ("the
// ferry terminal"), is searched for first.
func TestSelfPlacedIsHere(t *testing.T) {
	runClass(t, "Georgetown, DE", nil, []classCase{
		{msg: "I'm at the Newark Free Library right now, any pharmacy near me?", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, `"latitude":39.68`}},
		{msg: "on my lunch break at the zwaanendael museum. any coffee close by?", tool: mapstool.SearchPlaces, has: []string{`"query":"coffee"`, `"latitude":38.77`}},
		{msg: "we're parked at Kent General Hospital, where can we get coffee around here", tool: mapstool.SearchPlaces, has: []string{`"query":"coffee"`, `"latitude":39.15`}},
	})
	runClass(t, "Wilmington, DE", []string{"pizza near newark please"}, []classCase{
		{msg: "walk me to the second one, i'm at the Newark Free Library", tool: mapstool.Directions, has: []string{`"origin":"newark free library`}},
		{msg: "how long to the first one? we're waiting at the ferry terminal", tool: mapstool.Directions, has: []string{`"origin":"$0"`}},
		{msg: "directions to the first one please, I am at the bus terminal", tool: mapstool.Directions, has: []string{`"origin":"$0"`}},
	})
}

// "From the <kind>", "to the <kind>" and "the nearest <kind> to the
// <kind>" after a place of that kind was named are that place.
func TestKindWordForThePlaceNamed(t *testing.T) {
	setup := []string{"how far is Kent General Hospital from Camden"}
	runClass(t, "Smyrna, DE", setup, []classCase{
		{msg: "where's the closest bank to the hospital that you know of", tool: mapstool.SearchPlaces, has: []string{`"query":"bank"`, `"latitude":39.15`}, not: []string{"hospital"}},
		{msg: "the nearest gas station to the hospital is where?", tool: mapstool.SearchPlaces, has: []string{`"query":"gas station"`, `"latitude":39.15`}},
		{msg: "how long a walk is Dover Public Library from the hospital now", tool: mapstool.Directions, has: []string{`"origin":"kent general`}},
	})
}

// A taking back ("nvm", "never mind") before a travel mode alone after a
// route is the route that way, not a goodbye.
func TestNeverMindThenAMode(t *testing.T) {
	runClass(t, "Dover, DE", []string{"how long to walk from Dover to Camden"}, []classCase{
		{msg: "never mind, too far. by car then", tool: mapstool.Directions, has: []string{"driving", `"origin":"dover`}},
		{msg: "nvm my knee hurts. bike?", tool: mapstool.Directions, has: []string{"bicycling"}},
		{msg: "forget it its freezing. driving", tool: mapstool.Directions, has: []string{"driving"}},
	})
}

// "From my home" with the town the person lives in said in the same
// message ("I live in Smyrna") starts there, not at the map's centre.
func TestHomeTownSaidWithTheRoute(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "how far is Milford from my house? I live in Smyrna", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, `"destination":"milford`}},
		{msg: "We live in Camden. How long from our home to Harrington?", tool: mapstool.Directions, has: []string{`"origin":"camden`, `"destination":"harrington`}},
		{msg: "what's the drive from my place to Felton, i'm living in Magnolia", tool: mapstool.Directions, has: []string{`"origin":"magnolia`, `"destination":"felton`}},
	})
}

// A route from a workplace in a town ("from the office here in Dover",
// "from our shop over in Milford") starts in that town.
func TestFromAWorkplaceInATown(t *testing.T) {
	runClass(t, "Dover, DE", []string{"is there a library in Smyrna"}, []classCase{
		{msg: "how far is it from the office here in Dover", tool: mapstool.Directions, has: []string{`"origin":"dover`}, not: []string{`"destination":"dover`}},
		{msg: "how long is the drive from our shop over in Camden", tool: mapstool.Directions, has: []string{`"origin":"camden`}, not: []string{`"destination":"camden`}},
		{msg: "how long a drive is that from the warehouse in Felton", tool: mapstool.Directions, has: []string{`"origin":"felton`}, not: []string{`"destination":"felton`}},
	})
}

// A place named that a list of this conversation holds (the same name,
// the same spot) is taken by its position: geocoding its name again may
// find another of that name.
func TestListedPlaceNamedKeepsItsPlace(t *testing.T) {
	runClass(t, "Georgetown, DE", []string{"lowes near millsboro"}, []classCase{
		{msg: "how high is the lowes", tool: mapstool.Elevation, has: []string{`"latitude":38.570817`}},
		{msg: "what's the elevation at Lowe's?", tool: mapstool.Elevation, has: []string{`"latitude":38.570817`}},
		{msg: "find a pizza place near the lowes", tool: mapstool.SearchPlaces, has: []string{`"latitude":38.570817`}},
	})
}

// A garden centre or plant nursery is a kind, and a kind asked for
// "anywhere around" a town is searched there.
func TestGardenCentreAnywhereAround(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "Good morning! Any plant nursery near Camden? Need tomato seedlings.", tool: mapstool.SearchPlaces, has: []string{`"query":"garden center"`, `"latitude":39.11`}},
		{msg: "we need mulch. Is there a garden centre anywhere around Smyrna?", tool: mapstool.SearchPlaces, has: []string{`"query":"garden center"`, `"latitude":39.29`}},
		{msg: "is there a quilt shop anywhere around Milford?", tool: mapstool.SearchPlaces, has: []string{`"query":"quilt shop"`, `"latitude":38.91`}},
	})
}

// A position given inside a story, with or without its comma, asked
// about as "here" ("what's around here", "which town is this") is
// looked up; "at that point" and "from there" after it are it.
func TestPositionInAStory(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "kayak drifted a bit, phone says 38.7901, -75.1612. what's around here?", tool: mapstool.ReverseGeocode, has: []string{`"latitude":38.7901`}},
		{msg: "lost on a bike ride, the app shows 38.7321 -75.1734 - which town is this", tool: mapstool.ReverseGeocode, has: []string{`"longitude":-75.1734`}},
		{msg: "my watch says 38.7456, -75.2012, which village is this?", tool: mapstool.ReverseGeocode, has: []string{`"latitude":38.7456`}},
	})
	runClass(t, "Lewes, DE", []string{"the app shows 38.7321, -75.1734 - what's around here?"}, []classCase{
		{msg: "how high are we at that spot?", tool: mapstool.Elevation, has: []string{`"latitude":38.7321`}},
		{msg: "and how high am i at this point", tool: mapstool.Elevation, has: []string{`"latitude":38.7321`}},
		{msg: "how long to walk back to Lewes from there", tool: mapstool.Directions, has: []string{`"origin":"38.732100,-75.173400"`}},
	})
}

// "Is there a <brand> on <street>" asks whether there is one, a search,
// even when the list shown holds one there: "the <brand> on <street>"
// picks it.
func TestABrandOnAStreetIsASearch(t *testing.T) {
	setup := []string{"gas stations in Bear"}
	runClass(t, "Bear, DE", setup, []classCase{
		{msg: "any wawa on pulaski highway?", tool: mapstool.SearchPlaces, has: []string{`"query":"wawa"`}},
		{msg: "is there a Wawa on Pulaski Hwy", tool: mapstool.SearchPlaces, has: []string{`"query":"wawa"`}},
		{msg: "the wawa on pulaski highway, is it open?", tool: mapstool.PlaceDetails},
	})
}

// "Which one is closest" alone after a list is the list's first place
// (ranked nearest first), its address from the memory, no tool.
func TestWhichOneIsClosest(t *testing.T) {
	for _, msg := range []string{"which one is the nearest?", "ok which is closest to us", "what's the nearest one"} {
		a := chat(t, Options{})
		id := session(t, a, "Wilmington, DE")
		first := mustAnswer(t, send(t, a, id, "pizza near newark please"))
		if len(first.Places) == 0 {
			t.Fatal("the search listed nothing")
		}
		s := send(t, a, id, msg)
		ans := mustAnswer(t, s)
		if calls := planned(s); len(calls) > 0 || !strings.Contains(ans.Answer, first.Places[0].Name) {
			t.Errorf("%q: want %s from the memory, got %v %q", msg, first.Places[0].Name, calls, ans.Answer)
		}
	}
}
