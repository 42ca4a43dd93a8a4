package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 16, in words of their own, not the corpus's.

// A kind of place written in lower case that a landmark an hour away is
// named after ("Post Office" in Rehoboth) is the kind, searched here,
// also when it shows only once another name was read away ("the post").
func TestKindUncoveredByACorrection(t *testing.T) {
	runClass(t, "Smyrna, DE", nil, []classCase{
		{msg: "need to mail a package, where is the post office", tool: mapstool.SearchPlaces, has: []string{`"query":"post office"`, `"latitude":39.29`}},
		{msg: "how do i find the post office in town", tool: mapstool.SearchPlaces, has: []string{`"query":"post office"`, `"latitude":39.29`}},
		{msg: "is the post office close by", tool: mapstool.SearchPlaces, has: []string{`"query":"post office"`, `"latitude":39.29`}},
	})
}

// Houses of worship besides churches are kinds: a mosque, a synagogue.
func TestHousesOfWorshipAreKinds(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "As-salamu alaykum, I arrived last week. Is there a masjid around here?", tool: mapstool.SearchPlaces, has: []string{`"query":"mosque"`}},
		{msg: "we need a synagogue close to the university for shabbat", tool: mapstool.SearchPlaces, has: []string{`"query":"synagogue"`}},
		{msg: "where can my father pray on friday, any mosques in Wilmington?", tool: mapstool.SearchPlaces, has: []string{`"query":"mosque"`, `"latitude":39.7`}},
	})
}

// To trek is to walk; a car the person says they lack ("I never buy car
// yet", "I haven't got a car") makes no route a drive.
func TestTrekAndACarNotOwned(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "I will trek to Camden from here, how long?", tool: mapstool.Directions, has: []string{"walking", `"destination":"camden`}},
		{msg: "how far if we trek from the green to Wyoming", tool: mapstool.Directions, has: []string{"walking"}},
		{msg: "I never buy car yet, how long if I trek to Camden from here", tool: mapstool.Directions, has: []string{"walking"}},
		{msg: "we haven't bought a car, can we trek from the green to Wyoming", tool: mapstool.Directions, has: []string{"walking"}},
	})
}

// "Is it far", "is X far from Y" asks a route.
func TestIsItFarIsARoute(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "is Camden far from here?", tool: mapstool.Directions, has: []string{`"destination":"camden`}},
		{msg: "is the air mobility command museum far from the green", tool: mapstool.Directions, has: []string{`"origin":"the green`}},
	})
	runClass(t, "Dover, DE", []string{"supermarkets near here"}, []classCase{
		{msg: "the acme, is that far from here?", tool: mapstool.Directions, has: []string{`"destination":"39.185`}},
		{msg: "Redner's, is it very far from the green?", tool: mapstool.Directions, has: []string{`"origin":"the green`}},
	})
}

// "How far is it from here to A, no sorry, to B" asked first in a
// conversation: "it" is no place, the two ends are named (the start a
// word, "here", read after "it").
func TestItWithBothEndsNamed(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "how far is it from here to Harrington, no sorry, to Milford", tool: mapstool.Directions, has: []string{`"destination":"milford`}},
		{msg: "how long would it be from here to Camden, I mean to Felton", tool: mapstool.Directions, has: []string{`"destination":"felton`}},
		{msg: "how far is it from here to Wyoming or rather to Camden", tool: mapstool.Directions, has: []string{`"destination":"camden`}},
	})
}

// A place the message takes back names nothing it asks: the one said in
// its stead holds its role.
func TestPlaceTakenBackInsideTheMessage(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "the elevation of Milford, I mean Milton, compared with Dover", tool: mapstool.Elevation, has: []string{`"latitude":38.77`, `"latitude":39.15`}, not: []string{`"latitude":38.91`}},
		{msg: "where is Harrington, no wait, Felton", tool: mapstool.Geocode, has: []string{"felton"}},
		{msg: "directions to Milford, I mean Milton, from Camden", tool: mapstool.Directions, has: []string{`"destination":"milton`, `"origin":"camden`}},
		{msg: "pizza near Smyrna, scratch that, Camden", tool: mapstool.SearchPlaces, has: []string{`"latitude":39.11`}},
	})
	// a route of its own, corrected inside: not the search before moved
	runClass(t, "Dover, DE", []string{"restaurants in Camden"}, []classCase{
		{msg: "how long from Felton to the first one... no wait, from Wyoming", tool: mapstool.Directions, has: []string{`"origin":"wyoming`}},
		{msg: "from the green to the second one, I mean from the air mobility command museum, how far", tool: mapstool.Directions, has: []string{`"origin":"air mobility`}},
	})
}

// After a route to a listed place, "it", "that park", "this museum"
// are that place, not the first of the list.
func TestThePlaceRoutedToIsSpokenOf(t *testing.T) {
	setup := []string{"parks near Hockessin", "how long to drive to the second one"}
	runClass(t, "Hockessin, DE", setup, []classCase{
		{msg: "any coffee near that park?", tool: mapstool.SearchPlaces, has: []string{`"latitude":39.727`}},
		{msg: "is there a gas station close to it", tool: mapstool.SearchPlaces, has: []string{`"latitude":39.727`}},
		{msg: "pizza by this park please", tool: mapstool.SearchPlaces, has: []string{`"latitude":39.727`}},
	})
}

// A price that only says how the place searched for should be ("not
// expensive", "nothing too pricey") asks no price.
func TestPriceQualifiesASearch(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "a place to eat near the green, not expensive", tool: mapstool.SearchPlaces},
		{msg: "any hotel in Camden? nothing too expensive", tool: mapstool.SearchPlaces, has: []string{"hotel"}},
		{msg: "we want pizza, not very expensive please", tool: mapstool.SearchPlaces, has: []string{"pizza"}},
	})
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "is the hotel expensive", tool: ""}, // a price asked: none in the maps
	})
}

// A bare mode right after a detail or the whereabouts of one place is
// the route there in that mode.
func TestBareModeAfterOnePlace(t *testing.T) {
	runClass(t, "Rehoboth Beach, DE", []string{"pharmacy?", "phone number?"}, []classCase{
		{msg: "by bike?", tool: mapstool.Directions, has: []string{"bicycling", `"destination":"38.715`}},
		{msg: "walking?", tool: mapstool.Directions, has: []string{"walking", `"destination":"38.715`}},
	})
	runClass(t, "Dover, DE", []string{"where is the Air Mobility Command Museum"}, []classCase{
		{msg: "drive?", tool: mapstool.Directions, has: []string{"driving", `"destination":"39.11`}},
	})
}

// A town written in lower case without the last word of its name
// ("bethany" for Bethany Beach) is the town nearby, also when a small
// faraway town has the short name.
func TestShortTownBeforeASmallFarOne(t *testing.T) {
	runClass(t, "Ocean View, DE", nil, []classCase{
		{msg: "how long from bethany to millsboro", tool: mapstool.Directions, has: []string{`"origin":"bethany beach`}},
		{msg: "is there a bakery in bethany", tool: mapstool.SearchPlaces, has: []string{`"latitude":38.53`}},
		{msg: "drive from millsboro to bethany, how long", tool: mapstool.Directions, has: []string{`"destination":"bethany beach`}},
	})
}

// A place named, its clause closed, then "that", "it" or "there" in a
// route's question is that place, whatever else the message names.
func TestNamedThenPointedBack(t *testing.T) {
	runClass(t, "Dover, DE", []string{"hotels near here"}, []classCase{
		{msg: "The party is at Dover Downs. We land at the Air Mobility Command Museum, how far is that from the green?", tool: mapstool.Directions, has: []string{`"destination":"air mobility`, `"origin":"the green`}},
		{msg: "Camden looks nice. The school is in Felton, how long is it from Wyoming?", tool: mapstool.Directions, has: []string{`"destination":"felton`, `"origin":"wyoming`}},
		{msg: "My sister lives in Smyrna. Our cousins are in Milford, how far is that from here?", tool: mapstool.Directions, has: []string{`"destination":"milford`}},
	})
}

// The heights of places joined by "and" are each one's.
func TestHeightsOfPlacesJoined(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "how high are Milford and Milton", tool: mapstool.Elevation, has: []string{`"latitude":38.91`, `"latitude":38.77`}},
		{msg: "give me the altitude at Camden and at Felton", tool: mapstool.Elevation, has: []string{`"latitude":39.11`, `"latitude":39.00`}},
		{msg: "how much do we climb? the elevation of Smyrna and of Dover please", tool: mapstool.Elevation, has: []string{`"latitude":39.29`, `"latitude":39.15`}},
	})
}
