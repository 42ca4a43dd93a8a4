package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 8, in words of their own, not the corpus's.

// Two listed results compared by nearness are a route to each, from
// here: never a new search or one place's details.
func TestListedResultsCompared(t *testing.T) {
	for _, msg := range []string{"would the third be nearer than the first one?", "which is further, the 2nd or the 4th one"} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		mustAnswer(t, send(t, a, id, "museums in Dover"))
		s := send(t, a, id, msg)
		mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 2 || !strings.HasPrefix(calls[0], mapstool.Directions) || !strings.HasPrefix(calls[1], mapstool.Directions) || calls[0] == calls[1] {
			t.Errorf("%q: want two routes to two places, got %v", msg, calls)
		}
	}
}

// A listed result is picked by the street it is on ("the one on Federal
// Street") or by its order "of them", not read as a place named Street.
func TestListedResultPickedByStreetOrOrder(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "the one on Federal Street, is it open today?", tool: mapstool.PlaceDetails, has: []string{"osm:n4215177437"}},
		{msg: "how long to walk to that place on South New St?", tool: mapstool.Directions, has: []string{"walking", "39.155597"}},
		{msg: "is the 2nd of those open now?", tool: mapstool.PlaceDetails, has: []string{"osm:w421960578"}},
	})
}

// A shop's kind in another language is that kind, and what is bought
// there ("need buy food") is no second kind to search.
func TestShopAbroadAndWhatIsBought(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "any grocery store near Lewes? gotta buy some coffee", tool: mapstool.SearchPlaces, has: []string{`"query":"supermarket"`}},
		{msg: "is there a supermarché near Lewes, we need to buy some pizza", tool: mapstool.SearchPlaces, has: []string{`"query":"supermarket"`}},
	})
}

// A bicycle named in another language ("in bicicleta") with a listed
// place is cycling there, not the last search again.
func TestBicycleAbroadToAListedPlace(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "and en bicicleta to the third one, how long?", tool: mapstool.Directions, has: []string{"bicycling", "39.155597"}},
		{msg: "ok and for go in bicicleta to the first, how many minutes", tool: mapstool.Directions, has: []string{"bicycling", "39.157111"}},
	})
}

// Thanks or greetings in another language are no place and, alone, a
// goodbye.
func TestThanksAbroadIsNoPlace(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "merci beaucoup, very kind"},
		{msg: "danke schön!"},
		{msg: "gracias, how far is Milford?", tool: mapstool.Directions, has: []string{"milford"}, not: []string{"honduras"}},
	})
}

// "How much far" asks a route, and a place named by its own name and
// kind ("Biggs Museum") is that place, not a search for the kind.
func TestHowMuchFarToANamedPlace(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "Biggs Museum is how much far from here?", tool: mapstool.Directions, has: []string{`"destination":"biggs museum`}},
		{msg: "how much far is Air Mobility Command Museum from Smyrna", tool: mapstool.Directions, has: []string{"air mobility command museum", `"origin":"smyrna`}},
	})
}

// "Same but" with a mode right after a route is that route in the mode.
func TestSameRouteInAnotherMode(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"how far from Lewes to Milford?"}, []classCase{
		{msg: "same but on foot, with the dog", tool: mapstool.Directions, has: []string{"walking", "milford", `"origin":"lewes`}},
		{msg: "same thing by bike please", tool: mapstool.Directions, has: []string{"bicycling", "milford"}},
	})
}

// Fillers of dictation ("uh", "um") do not hide the cue of a place.
func TestFillersOfSpeech(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"churches near Lewes", "the third one"}, []classCase{
		{msg: "how long is it to get there from um Milford", tool: mapstool.Directions, has: []string{`"origin":"milford`, `"destination":"38.738742`}},
		{msg: "so uhh how far to drive there, from uh, Dover", tool: mapstool.Directions, has: []string{`"origin":"dover`, `"destination":"38.738742`}},
	})
}

// "Not X, Y" replaces X by Y at whichever end of the last route X was,
// or moves the last search to Y.
func TestNotThisPlaceThatOne(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"how long from Harrington to Milford"}, []classCase{
		{msg: "oops, not Harrington, Dover", tool: mapstool.Directions, has: []string{`"origin":"dover`, `"destination":"milford`}},
		{msg: "no not Milford but Lewes", tool: mapstool.Directions, has: []string{`"origin":"harrington`, `"destination":"lewes`}},
	})
	runClass(t, "Lewes, DE", []string{"pharmacies in Dover"}, []classCase{
		{msg: "sorry not Dover, Smyrna. my mistake", tool: mapstool.SearchPlaces, has: []string{"pharmac", `"latitude":39.29`}},
	})
}
