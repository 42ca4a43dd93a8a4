package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 12's second pass, in words of their own, not the
// corpus's.

// A route asked again the other way round swaps its ends and keeps its
// mode unless another is named.
func TestReversedRoute(t *testing.T) {
	setup := []string{"how long to bike from Dover to Smyrna"}
	runClass(t, "Dover, DE", setup, []classCase{
		{msg: "ok and the way back?", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, "bicycling"}},
		{msg: "what about the return trip", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, "bicycling"}},
		{msg: "the opposite direction by car?", tool: mapstool.Directions, has: []string{`"origin":"smyrna`, "driving"}},
	})
	runClass(t, "Lewes, DE", []string{"walking directions from Lewes to Cape Henlopen State Park"}, []classCase{
		{msg: "and in reverse?", tool: mapstool.Directions, has: []string{`"origin":"cape henlopen`, "walking"}},
	})
}

// An everyday thing to buy is looked for at the kind of shop that sells
// it; a shop named first stays the one asked for.
func TestItemBoughtIsItsShop(t *testing.T) {
	runClass(t, "Milford, DE", nil, []classCase{
		{msg: "we need to grab some bottled water before the hike, anything in Milford?", tool: mapstool.SearchPlaces, has: []string{`"query":"supermarket"`}},
		{msg: "where could I pick up painkillers around here", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`}},
		{msg: "is there somewhere nearby to buy batteries", tool: mapstool.SearchPlaces, has: []string{`"query":"store"`}},
		{msg: "where can we get ice cream in Milford", tool: mapstool.SearchPlaces, has: []string{"ice cream"}},
		{msg: "a pharmacy near here? I need to buy milk too", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`}},
	})
}

// A place routed to or asked about earlier, named again by a short form
// of its name, is that place.
func TestPlaceNamedEarlierByShortForm(t *testing.T) {
	runClass(t, "Dover, DE", []string{"from Dover to the Air Mobility Command Museum, how long?"}, []classCase{
		{msg: "any cafes close to the air mobility museum", tool: mapstool.SearchPlaces, has: []string{"39.118"}},
		{msg: "is Air Mobility higher than Milford?", tool: mapstool.Elevation, has: []string{"39.118", "38.91"}},
	})
}

// A position given with words between it and the question ("what's at
// that spot?") is reverse geocoded; a height asked of "it there" after
// it is the height of that position.
func TestSpotAskedAfterCoordinates(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "friend dropped a pin at 39.1600, -75.5200 for the meetup. what is on that pin?", tool: mapstool.ReverseGeocode, has: []string{"39.16"}},
		{msg: "39.16, -75.52 (from the trail app, no name shown) — what's at this location", tool: mapstool.ReverseGeocode, has: []string{"-75.52"}},
	})
	runClass(t, "Dover, DE", []string{"the scout leader texted 39.1600, -75.5200, what lies at that spot?"}, []classCase{
		{msg: "and how high is it there?", tool: mapstool.Elevation, has: []string{"39.16"}},
	})
}
