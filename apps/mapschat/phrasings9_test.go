package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 9, in words of their own, not the corpus's.

// "Above" or "below" in a scene ("a cabin above the lake") asks for the
// kind named, not for heights; after a place or a verb of being it
// still compares heights.
func TestAboveInASceneIsNoHeight(t *testing.T) {
	runClass(t, "Andorra la Vella", nil, []classCase{
		{msg: "LOOKING FOR A CABIN ABOVE THE LAKE, ANY HOTELS AROUND ENCAMP?", tool: mapstool.SearchPlaces, has: []string{`"query":"hotel"`, "42.53"}},
		{msg: "we'd love a picnic spot below the peaks; are there parks near Ordino?", tool: mapstool.SearchPlaces, has: []string{`"query":"park"`}},
		{msg: "does Encamp sit below Canillo?", tool: mapstool.Elevation, has: []string{"42.53", "42.56"}},
	})
}

// The heights of two listed results by their order are one elevation
// call, and the list stays for what follows.
func TestHeightsOfListedResults(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "how high are the 2nd and the 4th ones?", tool: mapstool.Elevation, has: []string{"39.156528", "39.181815"}},
		{msg: "altitude of the third and the first", tool: mapstool.Elevation, has: []string{"39.155597", "39.157111"}},
	})
	runClass(t, "Dover, DE", []string{"museums in Dover", "what's the elevation of the second and fourth one"}, []classCase{
		{msg: "walking from Dover to the fourth one, how long?", tool: mapstool.Directions, has: []string{"walking", "39.181815"}},
	})
}

// Cash from a machine, in a tourist's words or their own language, is
// an ATM.
func TestCashInATouristsWords(t *testing.T) {
	runClass(t, "Andorra la Vella", nil, []classCase{
		{msg: "First time here, where can I take out cash without big fees?", tool: mapstool.SearchPlaces, has: []string{`"query":"atm"`}},
		{msg: "we need a multibanco, near here if possible", tool: mapstool.SearchPlaces, has: []string{`"query":"atm"`}},
		{msg: "hay un cajero automático cerca?", tool: mapstool.SearchPlaces, has: []string{`"query":"atm"`}},
	})
}

// Air for a tire is what a gas station gives: a search for one.
func TestAirForATireIsAGasStation(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "rear tyre looks flat, anywhere nearby i could pump up the tire?", tool: mapstool.SearchPlaces, has: []string{`"query":"gas station"`}},
		{msg: "Need an air pump for my bike tires around Dover", tool: mapstool.SearchPlaces, has: []string{`"query":"gas station"`, "39.15"}},
	})
}

// Right after a route, a route that names only its start goes to where
// the last one went, not to the place found before it.
func TestStartOnlyKeepsTheLastDestination(t *testing.T) {
	runClass(t, "Newark, DE", []string{"gas stations near me", "how long from the first one to Smyrna?"}, []classCase{
		{msg: "forget the stop, how long straight from here", tool: mapstool.Directions, has: []string{`"destination":"smyrna`, `"origin":"39.683720`}},
		{msg: "ok and what about from Bear", tool: mapstool.Directions, has: []string{`"destination":"smyrna`, `"origin":"bear`}},
	})
}

// A phone's autocorrection put right after the wrong word, with a star
// or as a sentence of its own in any case, replaces it; a word said
// twice or unlike the one before is left alone.
func TestAutocorrectionPutRight(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "and then from Milford on to Lowes. LEWES. stupid phone", tool: mapstool.Directions, has: []string{`"destination":"lewes`}, not: []string{"lowe's"}},
		{msg: "and then from Milford on to lewis. lewes. stupid phone", tool: mapstool.Directions, has: []string{`"destination":"lewes`}},
	})
	for in, want := range map[string]string{
		"pizza in Hairington? *Harrington": "pizza in Harrington?",
		"from Dover to Lewes. LEWES.":      "from Dover to Lewes. LEWES.",
		"tacos in Hartly? *Harrington":     "tacos in Hartly? *Harrington",
	} {
		if got := autocorrected(in); got != want {
			t.Errorf("autocorrected(%q) = %q, want %q", in, got, want)
		}
	}
}

// A search and a route asked in one message, joined by "and", "also" or
// a semicolon, are both run: the search, then the route.
func TestSearchAndRouteInOneMessage(t *testing.T) {
	for _, msg := range []string{
		"Got off work late. Any pizza places open around here, and how long is my drive back to Smyrna?",
		"is there a bank near Lewes; also what is the distance from Lewes to Milford",
	} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		s := send(t, a, id, msg)
		mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 2 || !strings.HasPrefix(calls[0], mapstool.SearchPlaces) || !strings.HasPrefix(calls[1], mapstool.Directions) || strings.Contains(calls[1], "$0") {
			t.Errorf("%q: want a search then a route of its own, got %v", msg, calls)
		}
	}
}

// A listed result named by its brand and its town or street ("the
// Dunkin in Elsmere", "the acme on college square") is that result.
func TestListedResultByBrandAndWhere(t *testing.T) {
	runClass(t, "Wilmington, DE", []string{"coffee near here"}, []classCase{
		{msg: "How long from the Dunkin in Elsmere to Newark?", tool: mapstool.Directions, has: []string{`"origin":"39.747005`}},
	})
	runClass(t, "Newark, DE", []string{"groceries near Newark"}, []classCase{
		{msg: "how long to walk to the acme on college square", tool: mapstool.Directions, has: []string{"walking", "39.682647"}},
		{msg: "The ACME on Suburban Drive - what is their phone?", tool: mapstool.PlaceDetails, has: []string{"osm:n1513615389"}},
	})
}
