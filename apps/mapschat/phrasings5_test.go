package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 5 (kindcontext.go, smalltalk.go and the rules
// beside them), in words of their own, not the corpus's.

// A kind read by the words around it: "park" the verb, a kind after
// "after" that tells when, a kind beside a place named, "within walking
// distance", a meal wanted, a correction after "wait no", new kinds.
func TestKindsReadInContext(t *testing.T) {
	const search = mapstool.SearchPlaces
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "heading to the Legislative Mall rally, where can I park near there", tool: search, has: []string{`"parking"`}},
		{msg: "where should we park in Milford tonight?", tool: search, has: []string{`"parking"`}, not: []string{"park "}},
		{msg: "going to the Firefly concert, anywhere to park by the stage?", tool: search, has: []string{`"parking"`}},
		{msg: "any pub within walking distance of Milford?", tool: search, has: []string{"pub"}},
		{msg: "coffee walkable from Camden?", tool: search, has: []string{"coffee"}},
		{msg: "want somewhere for dinner in Lewes, nothing fancy", tool: search, has: []string{"restaurant"}},
		{msg: "we'd grab breakfast in Smyrna on the way", tool: search, has: []string{"restaurant"}},
		{msg: "the bakery — wait no, a florist first", tool: search, has: []string{"florist"}, not: []string{"bakery"}},
		{msg: "where's a package store in Milford", tool: search, has: []string{"liquor store"}},
		{msg: "out of stamps lol, nearest post office?", tool: search, has: []string{"post office"}},
	})
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "do they close before lunch on saturdays", tool: mapstool.PlaceDetails},
		{msg: "are they still open after the museum tomorrow?", tool: mapstool.PlaceDetails},
	})
}

// Where a search is: the place cued ("in Milford") over a place of the
// story before it, and an unknown name of the story is not the centre of
// the nearest kind asked.
func TestSearchIsWhereItIsCued(t *testing.T) {
	const search = mapstool.SearchPlaces
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "Grandpa loved the Old State House when we took him last spring, and he talks about it still. This weekend we'll be near Lewes. Any bakeries in Lewes?", tool: search, has: []string{"38.77"}},
		{msg: "my sister lives in Smyrna but we're staying put. is there a florist near Milford", tool: search, has: []string{"38.9"}},
		{msg: "just checked into a room at the Zedwood Lodge lol. where is the nearest pharmacy", tool: search, not: []string{"zedwood"}},
		{msg: "finished my shift at Kelvar Labs, whats the closest gas station", tool: search, not: []string{"kelvar"}},
	})
}

// A route asked by its two ends alone, and heights set side by side.
func TestBareLegsAndHeightsSideBySide(t *testing.T) {
	runClass(t, "Georgetown, DE", []string{"how far from Georgetown to Lewes?"}, []classCase{
		{msg: "Lewes to Milton after that", tool: mapstool.Directions, has: []string{"lewes", "milton"}},
		{msg: "and Milton back over to Georgetown", tool: mapstool.Directions, has: []string{"milton", "georgetown"}},
	})
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "altitude of Lewes versus Smyrna", tool: mapstool.Elevation, has: []string{"latitude", "38.7", "39.2"}},
		{msg: "compare the elevation of milford and camden", tool: mapstool.Elevation, has: []string{"38.9", "39.1"}},
	})
}

// What no map holds: the sun's and the tide's times, and a sign-off that
// takes the request back; a word after "we'll" is a verb, not a town.
func TestSkyTimesAndSignOffsNeedNoTool(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "when does the sun go down tonight"},
		{msg: "what time's high tide at the beach today?"},
		{msg: "ok never mind, we'll cope"},
		{msg: "haha forget it, i'll wing it. ty"},
		{msg: "sunrise photos tomorrow, any viewpoint near Lewes?", tool: mapstool.SearchPlaces},
	})
}

// A detail of a place: a person's own phone asks nothing of one ("on my
// phone"), so a chain named near a town is searched there; "details #N",
// "info 2" are the place details of a result.
func TestDetailsShorthandAndOwnPhone(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "my daughter set up this app on my phone. I need the Walgreens near Milford", tool: mapstool.SearchPlaces, has: []string{"walgreens", "38.9"}},
		{msg: "texting from our phone, looking for the Wawa near Smyrna please", tool: mapstool.SearchPlaces, has: []string{"wawa", "39.2"}},
	})
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "details #2", tool: mapstool.PlaceDetails},
		{msg: "info #1 pls", tool: mapstool.PlaceDetails},
	})
}

// A route from home: "from my house on Elm Lane" starts at the map's
// town, the street no town of its own; "there" and "it" in one question
// are the one place, not two ends.
func TestHomeStartAndOnePlaceSaidTwice(t *testing.T) {
	runClass(t, "Milford, DE", []string{"museums in Dover"}, []classCase{
		{msg: "how long to drive there from my apartment off Maple Avenue", tool: mapstool.Directions, has: []string{"38.91"}, not: []string{"maple"}},
		{msg: "directions from our rental on Kings Road please", tool: mapstool.Directions, has: []string{"38.91"}, not: []string{"kings", "england"}},
		{msg: "could we bike there, or is it too far?", tool: mapstool.Directions, has: []string{"38.91", "bicycling"}},
		{msg: "is it far, can my mom walk it there", tool: mapstool.Directions, has: []string{"38.91", "walking"}},
	})
}
