package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 10, in words of their own, not the corpus's.

// A park asked for by its use, with no kind word: grass to run on, room
// for a dog.
func TestParkByItsUse(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "any green space around here where the kids can kick a ball about?", tool: mapstool.SearchPlaces, has: []string{`"query":"park"`}},
		{msg: "my collie needs a dog run, anything in Lewes", tool: mapstool.SearchPlaces, has: []string{`"query":"park"`, "38.77"}},
	})
}

// Studying, wifi and a phone to charge are what a library or a cafe
// gives; a phone is not charged at a car's charging station.
func TestStudyWifiAndAPhoneToCharge(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "exams next week, need a quiet place to study in Milford", tool: mapstool.SearchPlaces, has: []string{`"query":"library"`, "38.9"}},
		{msg: "anywhere with free wifi near here? working remote today", tool: mapstool.SearchPlaces, has: []string{`"query":"cafe"`}},
		{msg: "laptop is dying, where could I charge my laptop around Lewes", tool: mapstool.SearchPlaces, has: []string{`"query":"cafe"`}, not: []string{"charging"}},
	})
}

// A prescription to fill or pick up is a pharmacy's errand.
func TestPrescriptionErrandIsAPharmacy(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "I have to get my prescription filled in Middletown, which places do that?", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, "39.4"}},
		{msg: "where could my dad pick up a prescription near Dover", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, "39.1"}},
	})
}

// A brand or kind the message rules out is not searched: the kind it
// wants is.
func TestRuledOutBrandIsNotSearched(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "a burger joint in Dover that isn't a McDonald's please", tool: mapstool.SearchPlaces, has: []string{`"query":"burger"`}, not: []string{"mcdonald"}},
		{msg: "coffee near here, anything except Dunkin", tool: mapstool.SearchPlaces, has: []string{`"query":"coffee"`}, not: []string{"dunkin"}},
	})
}

// Dictated punctuation ("comma", "question mark") and a list's number
// said in words read as typed.
func TestDictatedMarksAndNumbers(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "number two comma what's the address question mark", tool: mapstool.PlaceDetails, has: []string{"osm:w421960578"}},
		{msg: "number four comma how far is it on foot from here question mark", tool: mapstool.Directions, has: []string{"walking", "39.181815"}},
	})
	for in, want := range map[string]string{
		"number four comma is it open question mark": "number 4, is it open?",
		"how long is the rain period":                "how long is the rain.",
		"a period of rain in Dover":                  "a period of rain in Dover",
	} {
		if got := withSpokenMarks(in); got != want {
			t.Errorf("withSpokenMarks(%q) = %q, want %q", in, got, want)
		}
	}
}

// A Spanish order word picks a listed result; what is asked of it is
// read in English.
func TestSpanishOrdinalWithADetail(t *testing.T) {
	runClass(t, "Andorra la Vella", []string{"hotels in Andorra la Vella"}, []classCase{
		{msg: "la primera, tiene teléfono?", tool: mapstool.PlaceDetails, has: []string{"osm:n5435073421"}},
		{msg: "y la tercera, está abierta hoy?", tool: mapstool.PlaceDetails, has: []string{"osm:n2345240113"}},
	})
}

// "With the car" after a route asks it again by car.
func TestModeWithAVehicle(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"how long to bike from Lewes to Milford"}, []classCase{
		{msg: "and with my car?", tool: mapstool.Directions, has: []string{"driving", "milford"}},
		{msg: "ok what about with the bus", tool: mapstool.Directions, has: []string{"transit", "milford"}},
	})
}

// "Further to X, same way" is a new leg from where the last route ended,
// in its mode, whichever it was.
func TestFurtherToTheSameWay(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"how long to walk from Lewes to Rehoboth Beach"}, []classCase{
		{msg: "then farther to Dewey Beach, the same way", tool: mapstool.Directions, has: []string{"walking", `"origin":"rehoboth`, `"destination":"dewey`}},
	})
	runClass(t, "Dover, DE", []string{"drive from Dover to Harrington"}, []classCase{
		{msg: "and on further to Milford, same mode", tool: mapstool.Directions, has: []string{"driving", `"origin":"harrington`, `"destination":"milford`}},
	})
}

// A vehicle spoken of as the reason for another mode ("the car is in
// the shop") is not asked for as a mode.
func TestVehicleGivenAsAReason(t *testing.T) {
	runClass(t, "Dover, DE", []string{"how long to drive from Dover to Milford"}, []classCase{
		{msg: "ok and cycling then? my car won't start", tool: mapstool.Directions, has: []string{"bicycling"}, not: []string{"driving"}},
	})
	runClass(t, "Dover, DE", []string{"how long to bike from Dover to Camden"}, []classCase{
		{msg: "what about on foot, the bike is broken", tool: mapstool.Directions, has: []string{"walking"}, not: []string{"bicycling"}},
	})
}

// "Help" cried before a request opens it; alone it still asks what the
// assistant can do.
func TestHelpCriedBeforeARequest(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "HELP!!! kid has a fever, any pharmacy open in Milford", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`}},
		{msg: "help, lost in Lewes, where's a gas station", tool: mapstool.SearchPlaces, has: []string{`"query":"gas station"`}},
		{msg: "help", tool: ""},
	})
}

// A listed result named by a word of its name is that result, not a
// faraway namesake nor a word the maps do not know; "there" after it
// points at it.
func TestListedResultByAWordOfItsName(t *testing.T) {
	runClass(t, "Newark, DE", []string{"parks near here", "how long on foot to the first one?"}, []classCase{
		{msg: "and Fairfield?", tool: mapstool.Directions, has: []string{"walking", "39.695306"}, not: []string{"connecticut"}},
		{msg: "what about Coverdale?", tool: mapstool.Directions, has: []string{"walking", "39.696718"}},
	})
	runClass(t, "Middletown, DE", []string{"churches in Middletown"}, []classCase{
		{msg: "Bethesda!! how do we get there from Townsend", tool: mapstool.Directions, has: []string{"39.449488", `"origin":"townsend`}, not: []string{"maryland"}},
		{msg: "St. Anne's, that's the one. how long from here?", tool: mapstool.Directions, has: []string{"39.435907"}},
	})
}

// A shop named as a brand's type ("a Target-style store") is searched
// as the brand.
func TestBrandTypeShopIsTheBrand(t *testing.T) {
	runClass(t, "Georgetown, DE", nil, []classCase{
		{msg: "any Target-style store near Dover?", tool: mapstool.SearchPlaces, has: []string{`"query":"target"`, "39.15"}},
		{msg: "is there a Costco-type place around Newark", tool: mapstool.SearchPlaces, has: []string{`"query":"costco"`, "39.68"}},
	})
}

// A brand named as an end of a route after it was found is the place
// found, not any of its name, even with another list shown since.
func TestFoundBrandAsARouteEnd(t *testing.T) {
	runClass(t, "Newark, DE", []string{"pharmacies near here", "parks near here"}, []classCase{
		{msg: "walk from the Walgreens to the first one", tool: mapstool.Directions, has: []string{`"origin":"39.707941`, "39.690125"}},
		{msg: "how long to drive to the Walgreens from the second one", tool: mapstool.Directions, has: []string{`"destination":"39.707941`}},
	})
}

// A waypoint ("via", "passing through") makes two legs: the route tool
// takes none.
func TestRouteThroughAWaypoint(t *testing.T) {
	for _, msg := range []string{
		"how long from Newark to Lewes passing through Milford by car",
		"drive Newark to Lewes by way of Milford, how long in total?",
	} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		calls := planned(send(t, a, id, msg))
		if len(calls) != 2 || !strings.Contains(strings.ToLower(calls[0]), `"destination":"milford`) ||
			!strings.Contains(strings.ToLower(calls[1]), `"origin":"milford`) || !strings.Contains(strings.ToLower(calls[1]), `"destination":"lewes`) {
			t.Errorf("%q: want two legs through Milford, got %v", msg, calls)
		}
	}
}
