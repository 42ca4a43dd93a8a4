package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// Kinds beyond the common ones are searched by their kind, never by what
// they are wanted for.
func TestMoreKindsAndTheirPurpose(t *testing.T) {
	const search = mapstool.SearchPlaces
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "is there an animal hospital close by? my cat is sick", tool: search, has: []string{"veterinarian"}},
		{msg: "need a vet clinic in town", tool: search, has: []string{"veterinarian"}},
		{msg: "I need a flower shop for the wedding bouquets", tool: search, has: []string{"florist"}, not: []string{"wedding"}},
		{msg: "we want a pet shop for some dog food", tool: search, has: []string{"pet store"}, not: []string{"food"}},
		{msg: "where's the closest mortuary", tool: search, has: []string{"funeral home"}},
	})
}

// A kind the policy has no word for is still searched near the map, by
// the words written.
func TestUnknownKindsAreSearchedByTheirWords(t *testing.T) {
	const search = mapstool.SearchPlaces
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "are there any tattoo parlors nearby?", tool: search, has: []string{"tattoo parlors", "latitude"}},
		{msg: "any laundromats around here", tool: search, has: []string{"laundromats"}},
	})
}

// "near here" is the map's centre, even after a place the person is at.
func TestNearHereIsTheMap(t *testing.T) {
	const search = mapstool.SearchPlaces
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "I'm parked at Smith Plaza, anywhere to eat near here?", tool: search, has: []string{"restaurant", "latitude"}, not: []string{"smith"}},
	})
}

// A pasted position asked about is read back to an address; a pasted
// street address asked about is placed.
func TestPastedPointsAndAddressesAsked(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "my friend sent 38.91, -75.43 which road is that?", tool: mapstool.ReverseGeocode},
		{msg: "The invite says: party at 120 Walker Road, Dover. Where is that?", tool: mapstool.Geocode, has: []string{"walker road"}},
	})
}

// A new mode in a sentence of its own asks the last route again in it.
func TestModeChangedAsksTheRouteAgain(t *testing.T) {
	setup := []string{"how long to drive from Dover to Lewes?"}
	runClass(t, "Dover, DE", setup, []classCase{
		{msg: "ok what if we cycle instead, how long then?", tool: mapstool.Directions, has: []string{"bicycling"}},
		{msg: "any train option instead?", tool: mapstool.Directions, has: []string{"transit"}},
	})
}

// Names no gazetteer knows are in the town spoken of; words that are
// also the names of small or faraway places are words.
func TestNamesAreReadInTheSessionsTown(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "how long to walk from Harbor Square to Gunnery 303?", tool: mapstool.Directions, has: []string{"harbor square, lewes", "gunnery 303, lewes", "walking"}},
		{msg: "Got a headache, anywhere to grab some pills near the beach?", tool: mapstool.SearchPlaces, not: []string{"57.7", "16.7"}},
	})
}

// Words that are no kind of place are not searched for.
func TestNoKindIsNotSearched(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "is there much traffic around here", tool: ""},
	})
}
