package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 13, in words of their own, not the corpus's.

// A travel mode said alone right after a list is the route in that mode
// from here to the first (nearest) result.
func TestBareModeAfterAList(t *testing.T) {
	runClass(t, "Dover, DE", []string{"pharmacies in Camden"}, []classCase{
		{msg: "and by bike?", tool: mapstool.Directions, has: []string{"bicycling", `"origin":"39.158`}},
		{msg: "driving then?", tool: mapstool.Directions, has: []string{"driving", `"origin":"39.158`}},
	})
}

// A learner's comparative ("the more near one", "the most close place")
// points at the first of the list, the nearest, as "the nearest one" does.
func TestLearnersNearestOfTheList(t *testing.T) {
	runClass(t, "Dover, DE", []string{"pharmacies in Camden"}, []classCase{
		{msg: "the more close one, what is the phone?", tool: mapstool.PlaceDetails, has: []string{`"place_id":"osm:`}},
		{msg: "the most near place, it is open?", tool: mapstool.PlaceDetails, has: []string{`"place_id":"osm:`}},
	})
}

// French: going there from a place ("y aller … depuis X"), near a place
// ("près de X", "la plus proche de X") and a height ("l'altitude de X,
// environ") read as their English.
func TestFrenchGoingNearAndHeight(t *testing.T) {
	runClass(t, "Andorra la Vella", []string{"une pharmacie près de La Massana ?"}, []classCase{
		{msg: "Et pour y aller en voiture depuis Canillo ?", tool: mapstool.Directions, has: []string{`"origin":"canillo`, "driving", `"destination":"42.54`}},
	})
	runClass(t, "Andorra la Vella", nil, []classCase{
		{msg: "je cherche un café le plus proche de Canillo", tool: mapstool.SearchPlaces, has: []string{`"latitude":42.56`}},
		{msg: "Quel est la hauteur de Canillo, environ ?", tool: mapstool.Elevation},
		{msg: "l'altitude d'Encamp à peu près ?", tool: mapstool.Elevation},
	})
}

// A kind bounded by a distance with nothing after it ("viewpoints within
// 5 miles for sunset photos") is a search, not a route to the kind.
func TestKindWithinADistanceIsASearch(t *testing.T) {
	runClass(t, "Dover, DE", []string{"churches in Camden"}, []classCase{
		{msg: "any scenic overlooks within 10 km?", tool: mapstool.SearchPlaces, has: []string{`"query":"viewpoint"`}},
		{msg: "viewpoints within 5 miles for sunset photos", tool: mapstool.SearchPlaces, has: []string{`"query":"viewpoint"`}},
	})
}

// "How many feet up / metres above" asks a height, and a capitalised word
// naming one listed result alone is that result, before any geocode.
func TestHeightOfAListedPlaceByOneWord(t *testing.T) {
	runClass(t, "Dover, DE", []string{"parks in Dover"}, []classCase{
		{msg: "Brecknock is up on a ridge? how many feet up?", tool: mapstool.Elevation, has: []string{"39.123"}},
		{msg: "how many metres above the sea is Brecknock", tool: mapstool.Elevation, has: []string{"39.123"}},
	})
}

// A number written right after a capitalised name is part of it: "Pier
// 39", "Tower 7", not a town called Tower.
func TestNumberKeptWithTheName(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "where is Tower 7", tool: mapstool.SearchPlaces, has: []string{`"query":"tower 7"`}, not: []string{"ireland"}},
		{msg: "directions to Gate 12 please", tool: mapstool.Directions, has: []string{`"destination":"gate 12`}, not: []string{"ohio"}},
	})
}
