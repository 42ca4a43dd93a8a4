package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// Classes of asked.go, in phrasings of their own: each case also wants
// exactly the number of calls given (0: any).

type countedCase struct {
	classCase
	calls int
}

func runCounted(t *testing.T, center string, setup []string, cases []countedCase) {
	t.Helper()
	for _, c := range cases {
		runClass(t, center, setup, []classCase{c.classCase})
		if c.calls == 0 {
			continue
		}
		a := chat(t, Options{})
		id := session(t, a, center)
		for _, m := range setup {
			mustAnswer(t, send(t, a, id, m))
		}
		if got := planned(send(t, a, id, c.msg)); len(got) != c.calls {
			t.Errorf("%q: want %d calls, got %v", c.msg, c.calls, got)
		}
	}
}

// "The pharmacy" after a search for pharmacies is the one found, not a
// new search: a route from it, a detail of it.
func TestKindSearchedIsItsResult(t *testing.T) {
	runCounted(t, "Newark, DE", []string{"any pharmacies around Newark?"}, []countedCase{
		{classCase{"after that a parcel goes to 50 Main Street. how long is it from the pharmacy", mapstool.Directions,
			[]string{`"origin":"39.`, "main street"}, nil}, 1},
		{classCase{"is the pharmacy open on sundays", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
		{classCase{"what's the pharmacy's phone number", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
	})
}

// A place asked about in general is its details.
func TestMoreAboutAPlace(t *testing.T) {
	runCounted(t, "Lewes, DE", []string{"museums in Lewes"}, []countedCase{
		{classCase{"what can you tell me about the second one?", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
		{classCase{"I'd love more info on the first one", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
		{classCase{"Sounds nice, tell us a bit more about it.", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
		{classCase{"more details please", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
	})
}

// Access to a place named (stairs, a ramp, a lift) is its details.
func TestAccessOfANamedPlace(t *testing.T) {
	runCounted(t, "Dover, DE", []string{"museums in Dover"}, []countedCase{
		{classCase{"are there stairs at the front of the Johnson Victrola Museum?", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
		{classCase{"does the Delaware Agricultural Museum have an elevator", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
	})
}

// A wheelchair user rolls along the sidewalk: walking.
func TestWheelchairUsersRoll(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{"can I roll to Camden from here along the pavement?", mapstool.Directions, []string{"walking", "camden"}, nil},
		{"taking the sidewalks, how long from Dover to Camden", mapstool.Directions, []string{"walking", "camden"}, nil},
	})
}

// Prices, fees and tickets are not in the maps, in any case of letters.
func TestPricesAreNotServed(t *testing.T) {
	for _, msg := range []string{"how much does a coffee cost at Starbucks", "WHAT ARE THE ENTRY FEES AT THE ZOO",
		"is the Hilton more expensive than the Marriott?", "IS THE FIRST ONE NICER THAN GROTTO PIZZA", "how much to park at the beach?"} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		s := send(t, a, id, msg)
		ans := mustAnswer(t, s)
		if calls := planned(s); len(calls) > 0 {
			t.Errorf("%q: want no tool, got %v", msg, calls)
		}
		if !strings.Contains(ans.Answer, "prices") {
			t.Errorf("%q: answer does not say prices are not served: %s", msg, ans.Answer)
		}
	}
}

// "There" with nothing before it is the place the message names.
func TestThereIsThePlaceNamed(t *testing.T) {
	runCounted(t, "Dover, DE", nil, []countedCase{
		{classCase{"the Acme, how long to cycle there?", mapstool.Directions, []string{"bicycling", "acme"}, nil}, 1},
	})
}

// A name with "'s" is the place of that name.
func TestPossessiveNamesAPlace(t *testing.T) {
	runCounted(t, "Dover, DE", nil, []countedCase{
		{classCase{"what's the Wawa's phone number", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
		{classCase{"WHAT IS THE ADDRESS OF THE WAWA", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil}, 1},
	})
}

// "No wait, I meant X" asks the last request again with X.
func TestCorrectionMovesTheLastRequest(t *testing.T) {
	runCounted(t, "Dover, DE", []string{"find a pharmacy in Camden"}, []countedCase{
		{classCase{"sorry, I meant Smyrna", mapstool.SearchPlaces, []string{"pharmacy", `"latitude":39.2`}, nil}, 1},
	})
	runCounted(t, "Dover, DE", []string{"directions from Dover to Lewes"}, []countedCase{
		{classCase{"no wait, I mean Milford", mapstool.Directions, []string{"milford", `"origin":"dover`}, []string{"lewes"}}, 1},
		{classCase{"oops, I meant from Smyrna", mapstool.Directions, []string{`"origin":"smyrna`, "lewes"}, nil}, 1},
		{classCase{"sorry, I meant on foot", mapstool.Directions, []string{`"origin":"dover`, "lewes", "walking"}, nil}, 1},
	})
}

// A street address asked "where exactly" is geocoded; "there" is it after.
func TestWhereExactlyIsAnAddress(t *testing.T) {
	runCounted(t, "Georgetown, DE", nil, []countedCase{
		{classCase{"where precisely is 20 East Market Street?", mapstool.Geocode, []string{"market street"}, nil}, 1},
	})
	runClass(t, "Georgetown, DE", []string{"where exactly is 20 East Market Street?"}, []classCase{
		{"how high is it there?", mapstool.Elevation, []string{`"latitude":38.`}, nil},
		{"how far is that from Lewes on a bike", mapstool.Directions, []string{`"origin":"lewes`, "bicycling"}, nil},
	})
}

// "No car" takes driving back: the route is asked by the other mode only.
func TestNoCarMeansNoDriving(t *testing.T) {
	runCounted(t, "Newark, DE", nil, []countedCase{
		{classCase{"I don't have a car, how do I get to Wilmington by bus?", mapstool.Directions, []string{"transit"}, nil}, 1},
		{classCase{"without a car, can I get from Newark to Wilmington by train", mapstool.Directions, []string{"transit"}, nil}, 1},
		{classCase{"we don't drive. what's the bus route to Wilmington", mapstool.Directions, []string{"transit"}, nil}, 1},
	})
}

// "The bus station" is in the town spoken of, not a travel mode.
func TestStationIsInTown(t *testing.T) {
	runCounted(t, "Wilmington, DE", []string{"somewhere to eat in Wilmington"}, []countedCase{
		{classCase{"how far is the second one from the bus station on foot", mapstool.Directions, []string{"walking", `"origin":"wilmington`}, nil}, 1},
	})
}

// A leg that goes on from the last route keeps its mode.
func TestNextLegKeepsTheMode(t *testing.T) {
	runCounted(t, "Lewes, DE", []string{"cycling from Lewes to Milton"}, []countedCase{
		{classCase{"after that on to Milford from Milton, how long's that leg", mapstool.Directions, []string{"bicycling", "milford"}, nil}, 1},
		{classCase{"and then back to Lewes", mapstool.Directions, []string{"bicycling", `"origin":"milton`, `"destination":"lewes`}, nil}, 1},
	})
}
