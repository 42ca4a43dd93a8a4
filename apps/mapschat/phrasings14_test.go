package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 14, in words of their own, not the corpus's.

// Where one skis, by its parts or the sport ("pistes", "ski slopes",
// "somewhere to ski"), is a search for ski resorts.
func TestSkiWordsAreAKind(t *testing.T) {
	runClass(t, "Andorra la Vella", nil, []classCase{
		{msg: "any pistes near Canillo?", tool: mapstool.SearchPlaces, has: []string{`"query":"ski resort"`}},
		{msg: "somewhere to ski close to Soldeu", tool: mapstool.SearchPlaces, has: []string{`"query":"ski resort"`}},
		{msg: "are there ski slopes around Encamp", tool: mapstool.SearchPlaces, has: []string{`"query":"ski resort"`}},
	})
}

// A bare travel mode closing a message after a remark of its own ("my
// brother has the car today. by bike?") is the last route in that mode;
// "shell", "hell" before a verb are she'll, he'll, not the Shell brand.
func TestModeAfterARemark(t *testing.T) {
	setup := []string{"pizza in Bear", "how long to walk to the first one"}
	runClass(t, "Bear, DE", setup, []classCase{
		{msg: "my brother has the car today. by bike?", tool: mapstool.Directions, has: []string{"bicycling"}},
		{msg: "ok my aunt says shell take us. driving?", tool: mapstool.Directions, has: []string{"driving"}},
		{msg: "grandpa says hell drive. by car?", tool: mapstool.Directions, has: []string{"driving"}},
	})
}

// A travel verb in a form the reader leaves as no mode, with the route
// it goes ("if my son cycles it instead"), is the last route that way.
func TestModeVerbOfAnotherPerson(t *testing.T) {
	runClass(t, "Hockessin, DE", []string{"how long is the drive from Hockessin to Newark"}, []classCase{
		{msg: "what if my son cycles it instead?", tool: mapstool.Directions, has: []string{"bicycling", `"origin":"hockessin`}},
		{msg: "and if she walks there instead", tool: mapstool.Directions, has: []string{"walking", `"origin":"hockessin`}},
		{msg: "and if my husband drives it instead?", tool: mapstool.Directions, has: []string{"driving", `"origin":"hockessin`}},
	})
}

// Two places named, then "between them / the two": from the first named
// to the second.
func TestBetweenThemFirstNamedFirst(t *testing.T) {
	runClass(t, "Hockessin, DE", nil, []classCase{
		{msg: "first stop is the Hockessin Athletic Club and then the Hockessin Public Library, how long is the drive between the two?",
			tool: mapstool.Directions, has: []string{`"origin":"hockessin athletic`, `"destination":"hockessin public`}},
		{msg: "we meet at the Hockessin Athletic Club, later at the Hockessin Public Library; how far between them",
			tool: mapstool.Directions, has: []string{`"origin":"hockessin athletic`, `"destination":"hockessin public`}},
	})
}

// A place named first and then asked about by "that" or "it", its
// clause closed by a comma or a full stop ("Beebe Hospital, how far is
// that from Milton?"), is the place the question is about.
func TestPlaceNamedThenThat(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "Beebe Hospital, how far is that from Milton?", tool: mapstool.Directions, has: []string{`"destination":"beebe`, `"origin":"milton`}},
		{msg: "my last call is at Beebe Hospital. How long is that from Georgetown?", tool: mapstool.Directions, has: []string{`"destination":"beebe`, `"origin":"georgetown`}},
		{msg: "the Lewes Public Library, how long a drive is it from Milton", tool: mapstool.Directions, has: []string{`"destination":"lewes public`, `"origin":"milton`}},
	})
}

// The place a superlative ties a kind to ("the nearest pharmacy to
// Milton") is where to search, not a town the story came from.
func TestNearestKindToAPlace(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "we just moved from Dover, what's the nearest pharmacy to Milton?", tool: mapstool.SearchPlaces, has: []string{`"latitude":38.77`}},
		{msg: "coming up from Salisbury, closest gas station to Georgetown please", tool: mapstool.SearchPlaces, has: []string{`"latitude":38.69`}},
		{msg: "my folks are visiting from Wilmington; closest coffee shop to Milton?", tool: mapstool.SearchPlaces, has: []string{`"latitude":38.77`}},
	})
}

// "Then X" opening a message after a route is the next leg, from where
// the route ended, the same way.
func TestThenTheNextPlace(t *testing.T) {
	runClass(t, "Milford, DE", []string{"how long to Harrington from here"}, []classCase{
		{msg: "and then Milton", tool: mapstool.Directions, has: []string{`"origin":"harrington`, `"destination":"milton`}},
		{msg: "then Ellendale after that", tool: mapstool.Directions, has: []string{`"origin":"harrington`, `"destination":"ellendale`}},
		{msg: "after that, Lewes", tool: mapstool.Directions, has: []string{`"origin":"harrington`, `"destination":"lewes`}},
	})
}

// "Which / what height … above sea" asks a height, as "how high" does.
func TestHeightAboveSeaInALearnersWords(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "which height is Milton above sea?", tool: mapstool.Elevation},
		{msg: "Seaford, which height it is above the sea?", tool: mapstool.Elevation},
		{msg: "what height is Georgetown, please?", tool: mapstool.Elevation},
	})
}

// "Same for X" right after a height asks the height of X.
func TestSameForAfterAHeight(t *testing.T) {
	runClass(t, "Middletown, DE", []string{"what's the elevation of Middletown"}, []classCase{
		{msg: "same for Dover", tool: mapstool.Elevation},
		{msg: "and the same for Smyrna please", tool: mapstool.Elevation},
		{msg: "do the same for Clayton", tool: mapstool.Elevation},
	})
}

// An ordinal with the kind of the one list shown ("the first bank") is
// that result of the list, whose details are asked.
func TestOrdinalOfTheKindListed(t *testing.T) {
	runClass(t, "Georgetown, DE", []string{"is a bank near?"}, []classCase{
		{msg: "the first bank, it is open sunday?", tool: mapstool.PlaceDetails, has: []string{`"place_id":"osm:n3656957129"`}},
		{msg: "phone of the 2nd bank?", tool: mapstool.PlaceDetails, has: []string{`"place_id":"osm:w230622275"`}},
		{msg: "the second bank has a website?", tool: mapstool.PlaceDetails, has: []string{`"place_id":"osm:w230622275"`}},
	})
}

// "What is the direction of it" in a Spanish speaker's English
// (dirección) asks an address, not a route: a listed result's address is
// in the memory, so no tool is called.
func TestDirectionOfIsTheAddress(t *testing.T) {
	runClass(t, "Georgetown, DE", []string{"is a bank near?"}, []classCase{
		{msg: "what is the direction of the first one"},
		{msg: "which is the direction of the second one?"},
		{msg: "please give me the direction of the first one"},
	})
}

// "Near the <kind>" after a place of that kind was named and routed to
// ("near the museum" after a route to Winterthur Museum) searches around
// that place, the kind's word not searched for.
func TestNearTheKindSpokenOf(t *testing.T) {
	runClass(t, "Newark, DE", []string{"how long by bus from Newark to Winterthur Museum"}, []classCase{
		{msg: "any coffee near the museum?", tool: mapstool.SearchPlaces, has: []string{`"query":"coffee"`, `"latitude":39.80`}},
		{msg: "is there parking close to the museum", tool: mapstool.SearchPlaces, has: []string{`"query":"parking"`, `"latitude":39.80`}},
		{msg: "we want a bakery next to the museum", tool: mapstool.SearchPlaces, has: []string{`"query":"bakery"`, `"latitude":39.80`}},
	})
	runClass(t, "Milford, DE", []string{"how far is Kent General Hospital from Milford", "gas stations near Milford"}, []classCase{
		{msg: "a pharmacy by the hospital?", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, `"latitude":39.15`}},
	})
}
