package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 7, in words of their own, not the corpus's.

// A mode word naming an outing as a time ("after the walk", "before our
// drive") is no travel mode: a kind wanted "by there" is a search.
func TestOutingIsNoMode(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover", "how long to walk to the third one"}, []classCase{
		{msg: "somewhere to eat near there after the walk?", tool: mapstool.SearchPlaces, has: []string{"restaurant"}},
		{msg: "before our drive home, any gas station by there", tool: mapstool.SearchPlaces, has: []string{"gas station"}},
	})
}

// "What about the second one" right after a route to a listed place is
// the same route, same start and mode, to that other place.
func TestWhatAboutAnotherOfTheList(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover", "how long to walk to the third one"}, []classCase{
		{msg: "ok what about the second one?", tool: mapstool.Directions, has: []string{"walking", "39.156528", `"origin":"39.158170`}},
		{msg: "hmm, too far. and the first instead", tool: mapstool.Directions, has: []string{"walking", "39.157111", `"origin":"39.158170`}},
	})
}

// A route "from my son's place in X" starts at X, whatever the dwelling
// and the words around it.
func TestRouteFromADwellingStartsThere(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"churches near Lewes"}, []classCase{
		{msg: "and the second one, how long from my brother's place over in Milford?", tool: mapstool.Directions, has: []string{`"origin":"milford`, `"destination":"38.728697`}},
		{msg: "how far is the third one from our cottage at Milford", tool: mapstool.Directions, has: []string{`"origin":"milford`}},
	})
}

// A blessing is no place: "God" in it is not Göd, Hungary, and a
// blessing with thanks is a goodbye.
func TestBlessingIsNoPlace(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "bless you dear, thanks so much for your help"},
		{msg: "may God keep you. amen"},
		{msg: "God bless, where is Milford?", tool: mapstool.Geocode, has: []string{"milford"}, not: []string{"hungary"}},
		{msg: "thank God you answer. how far to Milford?", tool: mapstool.Directions, has: []string{"milford"}, not: []string{"hungary"}},
	})
}

// A distance that bounds a search ("within a couple of miles of X",
// "less than 5 km from X") is where to search, not a route.
func TestDistanceBoundsASearch(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "any pharmacy less than 5 km from Bear?", tool: mapstool.SearchPlaces, has: []string{"pharmacy", `"latitude":39.62`}},
		{msg: "which bakeries are within three miles of Hockessin", tool: mapstool.SearchPlaces, has: []string{"bakery", `"latitude":39.78`}},
	})
}

// A drink wanted ("grab a beer", "a pint", "have a drink") is a bar;
// a beer store stays a liquor store.
func TestDrinkWantedIsABar(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "once we wrap up we could use a pint somewhere close by", tool: mapstool.SearchPlaces, has: []string{`"query":"bar"`}},
		{msg: "we'd like to have a drink near Dover tonight", tool: mapstool.SearchPlaces, has: []string{`"query":"bar"`}},
		{msg: "where's a beer store near Dover", tool: mapstool.SearchPlaces, has: []string{"liquor store"}},
	})
}
