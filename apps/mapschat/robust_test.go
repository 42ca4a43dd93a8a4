package mapschat

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The policy never panics: follow-ups in any order, into fresh sessions,
// each turn ends with an answer.
func TestFollowUpsNeverPanic(t *testing.T) {
	msgs := []string{"and by bike?", "the first one", "walk there", "hours?", "and to Lewes", "and from Dover",
		"pizza", "coffee", "gas", "?", "ok", ".", "it", "there", "how long on foot", "what about the second one",
		"is it open?", "save it as home", "how far from home", "by car", "and back?", "the last one's phone",
		"find a bakery in Milford then route me there", "how far's the nearest pharmacy", "what's at 39.1,-75.5",
		"Is that one open right now?", "wheelchair route there"}
	rng := rand.New(rand.NewPCG(7, 39))
	a := chat(t, Options{})
	for i := 0; i < 60; i++ {
		center := ""
		if i%3 != 0 {
			center = "Dover, DE"
		}
		id := session(t, a, center)
		for j := 0; j < 5; j++ {
			m := msgs[rng.IntN(len(msgs))]
			s := send(t, a, id, m)
			if s.Err != nil && strings.Contains(s.Err.Error(), "panic") {
				t.Fatalf("session %d turn %d %q: %v", i, j, m, s.Err)
			}
			if s.Err == nil && s.Answer == nil {
				t.Errorf("session %d turn %d %q: no answer", i, j, m)
			}
		}
	}
}

// A follow-up mode while the assistant waits for a destination (the
// shape that crashed: a route asked with nothing to go to, then "by
// bike") is not taken for a place.
func TestModeWhileAskedWhereDoesNotCrash(t *testing.T) {
	for _, seq := range [][]string{
		{"how long would the walk take", "what about cycling?"},
		{"how far on foot", "and by car?"},
		{"directions please", "by bike then"},
	} {
		a := chat(t, Options{})
		id := session(t, a, "Milford, DE")
		for _, m := range seq {
			mustAnswer(t, send(t, a, id, m))
		}
	}
}

// A search then a route to what it finds; the nearest place of a kind
// with its distance.
func TestSearchThenRoute(t *testing.T) {
	runClass(t, "Milford, DE", nil, []classCase{
		{msg: "look for a bakery in Milford and then take me there", tool: mapstool.Directions, has: []string{`"destination":"$0"`}},
		{msg: "need coffee, then navigate me to 200 S Walnut St", tool: mapstool.Directions, has: []string{"walnut st"}},
		{msg: "find a pharmacy near Dover then give me directions there", tool: mapstool.Directions, has: []string{`"$0"`}},
		{msg: "how far is the nearest supermarket", tool: mapstool.Directions, has: []string{`"$0"`}},
		{msg: "how long to the closest gas station", tool: mapstool.Directions, has: []string{`"$0"`}},
	})
}

// Words: slang and foreign names of amenities, a kind taken back.
func TestKindWords(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "any bubble tea around here", tool: mapstool.SearchPlaces, has: []string{"bubble tea"}},
		{msg: "where's the next farmacia", tool: mapstool.SearchPlaces, has: []string{"pharmacy"}},
		{msg: "is there a pharmacie near here? my kid is sick.", tool: mapstool.SearchPlaces, has: []string{"pharmacy"}},
		{msg: "show me bakeries, no actually, cafes", tool: mapstool.SearchPlaces, has: []string{"cafe"}, not: []string{"bakery"}},
	})
}

// Pasted points, and a route from one.
func TestPastedPoint(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "what is at 39.16,-75.52?", tool: mapstool.ReverseGeocode, has: []string{"39.16"}},
		{msg: "39.10, -75.50", tool: mapstool.ReverseGeocode, has: []string{"-75.5"}},
		{msg: "whats 39.2,-75.6", tool: mapstool.ReverseGeocode, has: []string{"39.2"}},
	})
}

// Route follow-ups: a new leg "from A on to B", accessibility, details
// of the place spoken of.
func TestRouteAndDetailFollowUps(t *testing.T) {
	runClass(t, "Dover, DE", []string{"how far is Milford from Smyrna"}, []classCase{
		{msg: "and then from Milford on to Lewes", tool: mapstool.Directions, has: []string{"milford", "lewes"}},
		{msg: "so from Lewes to Rehoboth Beach", tool: mapstool.Directions, has: []string{"lewes", "rehoboth"}},
	})
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "a step-free route to the first one please", tool: mapstool.Directions, has: []string{"walking"}},
		{msg: "can I get there in a wheelchair from Smyrna", tool: mapstool.Directions, has: []string{"walking", "smyrna"}},
		{msg: "is that one wheelchair accessible?", tool: mapstool.PlaceDetails},
		{msg: "is the second one open on Saturday?", tool: mapstool.PlaceDetails},
		{msg: "does it have a restroom?", tool: mapstool.PlaceDetails},
	})
}
