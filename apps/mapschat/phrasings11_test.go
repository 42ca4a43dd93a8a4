package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 11, in words of their own, not the corpus's.

// The police asked for in a visitor's own words or in slang.
func TestPoliceInOtherWords(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "my bag got stolen, is there a police station in Lewes?", tool: mapstool.SearchPlaces, has: []string{`"query":"police"`, "38.77"}},
		{msg: "wo ist hier die Polizeiwache, bitte", tool: mapstool.SearchPlaces, has: []string{`"query":"police"`}},
		{msg: "was there any cop shop in Middletown", tool: mapstool.SearchPlaces, has: []string{`"query":"police"`, "39.4"}},
	})
}

// Going on foot said without a walking word: with one's feet, at a
// jog; a run that is an errand keeps the car.
func TestOnFootSaidOddly(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"museums in lewes"}, []classCase{
		{msg: "how long on my own two feet to the second one?", tool: mapstool.Directions, has: []string{"walking", "38.777666"}},
		{msg: "fancy a jog over to the second one, how far is it", tool: mapstool.Directions, has: []string{"walking", "38.777666"}},
		{msg: "could the team run from here to the second one?", tool: mapstool.Directions, has: []string{"walking", "38.777666"}},
		{msg: "i gotta run to the second one, how long", tool: mapstool.Directions, has: []string{"driving", "38.777666"}},
	})
}

// A kind asked for with a way of reaching it lists places of the kind:
// it plans no route.
func TestKindAskedWithAWayToReachIt(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "what pharmacies in Milford can we walk to", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, "38.9"}},
		{msg: "any museums in Dover I could get to by bus?", tool: mapstool.SearchPlaces, has: []string{`"query":"museum"`, "39.1"}},
		{msg: "I use a wheelchair: which libraries near Milford can I reach without driving?", tool: mapstool.SearchPlaces, has: []string{`"query":"library"`}, not: []string{"beach"}},
	})
}

// "The one closest to me" after a list is the list's first place (it is
// ranked nearest first), not where the person stands.
func TestClosestToMeIsTheFirstListed(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in dover"}, []classCase{
		{msg: "directions to whichever is nearest to us", tool: mapstool.Directions, has: []string{"39.157111"}},
		{msg: "the one that's closest to where I am, on foot", tool: mapstool.Directions, has: []string{"walking", "39.157111"}},
	})
}

// Which unit a figure was in is answered without the maps.
func TestUnitOfTheLastAnswer(t *testing.T) {
	runClass(t, "Dover, DE", []string{"how far is it from Dover to Milford"}, []classCase{
		{msg: "was that in km?", tool: ""},
		{msg: "what units are those in?", tool: ""},
		{msg: "hmm, miles or kilometers?", tool: ""},
	})
}

// A route's end named by the kind of an earlier search is that search's
// place, even with another search answered since.
func TestKindOfAnEarlierSearchAsARouteEnd(t *testing.T) {
	runClass(t, "Milford, DE", []string{"where can I get gas in Milford", "is there a library in Milford"}, []classCase{
		{msg: "how long to stroll there from the gas station", tool: mapstool.Directions, has: []string{"walking", "38.964994", "38.912640"}},
		{msg: "and by car from the gas station to it?", tool: mapstool.Directions, has: []string{"driving", "38.964994", "38.912640"}},
	})
}

// Route words in French, Québec's among them, read as their English.
func TestFrenchRouteFollowUps(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"museums in lewes"}, []classCase{
		{msg: "ça prend combien de temps à vélo pour la deuxième?", tool: mapstool.Directions, has: []string{"bicycling", "38.777666"}},
		{msg: "c'est tu loin à pied, la deuxième?", tool: mapstool.Directions, has: []string{"walking", "38.777666"}},
		{msg: "pis en machine, la deuxième?", tool: mapstool.Directions, has: []string{"driving", "38.777666"}},
	})
}

// A viewpoint in the words of the places that sign them; an ordinal in
// an elevation question then picks from the list.
func TestViewpointInOtherLanguages(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "is there a belvedere near Lewes", tool: mapstool.SearchPlaces, has: []string{`"query":"viewpoint"`}},
		{msg: "any miradouros around here?", tool: mapstool.SearchPlaces, has: []string{`"query":"viewpoint"`}},
	})
	runClass(t, "Lewes, DE", []string{"a mirador near Lewes?"}, []classCase{
		{msg: "and the altitude of the second one?", tool: mapstool.Elevation, has: []string{"38.7"}, not: []string{"second"}},
	})
}

// Thanks or praise before a request is said, not read: the request
// after it is.
func TestSmallTalkBeforeARequest(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in dover", "how long to walk to the second one"}, []classCase{
		{msg: "Thanks, you're a lifesaver. OK, and from there to Milford, same way", tool: mapstool.Directions, has: []string{"walking", "milford"}},
		{msg: "Perfect! That saved my morning. Then on to the Air Mobility Command Museum by car", tool: mapstool.Directions, has: []string{"driving"}},
	})
}

// Why the last answer gave a place is asked of the assistant, not the
// maps.
func TestWhyThatOne(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"pharmacy in lewes"}, []classCase{
		{msg: "why this result, Milford is miles away", tool: ""},
		{msg: "but why did you pick that one, it's in Rehoboth?", tool: ""},
	})
}

// A correction that says where the person is moves the search there
// and the person too: the next route starts there.
func TestCorrectionSaysWhereIAm(t *testing.T) {
	a := chat(t, Options{})
	id := session(t, a, "Dover, DE")
	mustAnswer(t, send(t, a, id, "need a pharmacy around here"))
	s := send(t, a, id, "oops i meant milford, we're actually in Milford not dover")
	mustAnswer(t, s)
	if calls := planned(s); len(calls) != 1 || !strings.Contains(calls[0], `"query":"pharmacy"`) || !strings.Contains(calls[0], "38.91") {
		t.Fatalf("correction: got %v, want a pharmacy search in Milford", calls)
	}
	s = send(t, a, id, "the nearest one, on foot")
	mustAnswer(t, s)
	if calls := planned(s); len(calls) != 1 || !strings.Contains(calls[0], `"origin":"38.91`) {
		t.Fatalf("next route: got %v, want it to start in Milford", calls)
	}
}

// An ordinal and the kind of an earlier search pick from that search's
// list, even with another list shown since: no search again.
func TestOrdinalOfAnEarlierList(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in dover", "any pharmacies around here"}, []classCase{
		{msg: "back to the museums from before: phone number of the third museum?", tool: mapstool.PlaceDetails, has: []string{"osm:n4215177435"}},
		{msg: "and the address of the 2nd museum on the earlier list", tool: ""},
	})
}

// Ordinary words one letter from a kind's word are no kind: a night
// shift asks for no sights, "reach" for no beach.
func TestOrdinaryWordsAreNoSlips(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "working nights this week, any coffee near here", tool: mapstool.SearchPlaces, has: []string{`"query":"coffee"`}, not: []string{"attraction"}},
		{msg: "which bakery in Dover can i reach by bike", tool: mapstool.SearchPlaces, has: []string{`"query":"bakery"`}, not: []string{"beach"}},
	})
}

// "Scratch that" takes back what was said; it points at no place to
// search near.
func TestScratchThatSearchesHere(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in milford"}, []classCase{
		{msg: "scratch that, my kid is sick. closest pharmacy?", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, "39.15817"}},
		{msg: "forget that, make that a pharmacy near here", tool: mapstool.SearchPlaces, has: []string{`"query":"pharmacy"`, "39.15817"}},
	})
}
