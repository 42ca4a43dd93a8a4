package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 12's third pass, in words of their own, not the
// corpus's.

// Right after a route, "from there" starts where it ended, and a place
// named with "same again" / "likewise" is the next leg from there, in the
// route's mode.
func TestLegChainedOntoTheRoute(t *testing.T) {
	setup := []string{"bike route from Dover to Smyrna"}
	runClass(t, "Dover, DE", setup, []classCase{
		{msg: "ok now from there over to Clayton", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, `"destination":"clayton`, "bicycling"}},
		{msg: "next stop is Cheswold, same again", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, `"destination":"cheswold`, "bicycling"}},
		{msg: "the final one is Camden — likewise please", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, `"destination":"camden`, "bicycling"}},
	})
}

// What one drinks at a cafe asks for a cafe.
func TestCafeByWhatOneDrinks(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "I could use a latte, anything around Camden?", tool: mapstool.SearchPlaces, has: []string{`"query":"cafe"`}},
		{msg: "dying for some caffeine near Milford", tool: mapstool.SearchPlaces, has: []string{`"query":"cafe"`}},
	})
}

// A name that is also a far town's, followed by a kind word, is a place
// of that kind in the conversation's area: searched for there, then
// routed to.
func TestNameWithKindIsAPlaceHere(t *testing.T) {
	runClass(t, "Wilmington, DE", nil, []classCase{
		{msg: "how long to cycle to the Bellevue park?", tool: mapstool.Directions, has: []string{`"destination":"$0"`, "bicycling"}, not: []string{"washington"}},
		{msg: "walking directions to the Hagley museum please", tool: mapstool.Directions, has: []string{`"destination":"$0"`, "walking"}, not: []string{"united kingdom"}},
	})
}

// However it is typed: a short form of a place named before is found in
// a message typed without capitals, and a reversal followed by a remark
// with no question mark between is still a reversal.
func TestShortFormAndReversalTypedPlainly(t *testing.T) {
	runClass(t, "Dover, DE", []string{"from Dover to the Air Mobility Command Museum, how long?"}, []classCase{
		{msg: "is air mobility higher than milford", tool: mapstool.Elevation, has: []string{"39.118", "38.91"}},
		{msg: "any cafes close to air mobility", tool: mapstool.SearchPlaces, has: []string{"39.118"}},
	})
	runClass(t, "Dover, DE", []string{"how long to bike from Dover to Smyrna"}, []classCase{
		{msg: "and the other way we might stop for lunch", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, "bicycling"}},
		{msg: "the return trip i guess", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, "bicycling"}},
	})
}
