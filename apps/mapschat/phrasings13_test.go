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
