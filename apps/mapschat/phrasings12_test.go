package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 12, in words of their own, not the corpus's.

// Dictation homophones read as the words meant where nothing else fits,
// and left alone where they are words of their own.
func TestDictationHomophones(t *testing.T) {
	for in, want := range map[string]string{
		"what's the fastest way their from hear buy bike": "what's the fastest way there from here by bike",
		"can we walk their?":                              "can we walk there?",
		"Wear can I find a bakery":                        "where can I find a bakery",
		"check weather they have parking near Milford":    "check whether they have parking near Milford",
		"then two milford please":                         "then to milford please",
		"we parked their car by the museum":               "we parked their car by the museum",
		"where can I buy bike locks":                      "where can I buy bike locks",
		"how is the weather there today":                  "how is the weather there today",
		"and two museums in Lewes":                        "and two museums in Lewes",
		"and two coffee shops near the park":              "and two coffee shops near the park",
		"I can't hear you":                                "I can't hear you",
	} {
		if got := withHomophones(in); got != want {
			t.Errorf("withHomophones(%q) = %q, want %q", in, got, want)
		}
	}
	runClass(t, "Dover, DE", []string{"museums in dover"}, []classCase{
		{msg: "how long to get to the second one from hear buy bike", tool: mapstool.Directions, has: []string{"bicycling"}},
	})
	runClass(t, "Dover, DE", []string{"how far is Smyrna from here"}, []classCase{
		{msg: "then two milford", tool: mapstool.Directions, has: []string{"milford"}},
	})
	runClass(t, "Lewes, DE", []string{"museums in lewes"}, []classCase{
		{msg: "can you tell me weather there is a bakery near the first one", tool: mapstool.SearchPlaces, has: []string{"bakery"}},
	})
}

// Catalan words of a maps request: kinds of place, "a prop de" (near),
// the height asked ("l'altitud de", "l'alçada d'"), a town after "a".
func TestCatalanKindsAndHeights(t *testing.T) {
	runClass(t, "Andorra la Vella", nil, []classCase{
		{msg: "bona tarda, necessitem una farmàcia a prop d'Encamp", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, "42.5"}},
		{msg: "hi ha algun caixer a prop de Canillo? gràcies", tool: mapstool.SearchPlaces, has: []string{`"query":"atm"`, "1.59"}},
		{msg: "i l'alçada de Canillo? ho pregunta un amic de Madrid", tool: mapstool.Elevation},
		{msg: "busco un supermercat a Ordino, si us plau", tool: mapstool.SearchPlaces, has: []string{`"query":"supermarket"`}},
	})
}

// The place whose height is asked follows the words asking it; a word
// of the story before them that is also a town's name is not asked about.
func TestHeightAskedOfThePlaceAfter(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "the cashier had no change, ugh. anyway how high above sea level is milford?", tool: mapstool.Elevation},
		{msg: "paris was lovely last year. random q: what's the altitude of smyrna", tool: mapstool.Elevation},
	})
	for msg, want := range map[string]string{
		"the cashier had no change, ugh. anyway how high above sea level is milford?": "milford",
		"paris was lovely last year. random q: what's the altitude of smyrna":         "smyrna",
	} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		calls := planned(send(t, a, id, msg))
		if len(calls) == 0 || !strings.Contains(strings.ToLower(calls[0]), want) {
			t.Errorf("%q: want the height of %s, got %v", msg, want, calls)
		}
	}
}
