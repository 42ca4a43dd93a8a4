package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of round 7, in words of their own, not the corpus's.

// A mode word naming an outing as a time ("after the walk", "before our
// drive") is no travel mode: a kind wanted "by there" is a search.
func TestOutingIsNoMode(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover", "how long to walk to the third one"}, []classCase{
		{msg: "somewhere to eat near there after the walk?", tool: mapstool.SearchPlaces, has: []string{"restaurant"}},
		{msg: "before our drive home, any gas station by there", tool: mapstool.SearchPlaces, has: []string{"gas station"}},
	})
}

// "What about the second one" right after a route to a listed place is
// the same route, same start and mode, to that other place.
func TestWhatAboutAnotherOfTheList(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover", "how long to walk to the third one"}, []classCase{
		{msg: "ok what about the second one?", tool: mapstool.Directions, has: []string{"walking", "39.156528", `"origin":"39.158170`}},
		{msg: "hmm, too far. and the first instead", tool: mapstool.Directions, has: []string{"walking", "39.157111", `"origin":"39.158170`}},
	})
}

// A route "from my son's place in X" starts at X, whatever the dwelling
// and the words around it.
func TestRouteFromADwellingStartsThere(t *testing.T) {
	runClass(t, "Lewes, DE", []string{"churches near Lewes"}, []classCase{
		{msg: "and the second one, how long from my brother's place over in Milford?", tool: mapstool.Directions, has: []string{`"origin":"milford`, `"destination":"38.728697`}},
		{msg: "how far is the third one from our cottage at Milford", tool: mapstool.Directions, has: []string{`"origin":"milford`}},
	})
}

// A blessing is no place: "God" in it is not Göd, Hungary, and a
// blessing with thanks is a goodbye.
func TestBlessingIsNoPlace(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "bless you dear, thanks so much for your help"},
		{msg: "may God keep you. amen"},
		{msg: "God bless, where is Milford?", tool: mapstool.Geocode, has: []string{"milford"}, not: []string{"hungary"}},
		{msg: "thank God you answer. how far to Milford?", tool: mapstool.Directions, has: []string{"milford"}, not: []string{"hungary"}},
	})
}

// A distance that bounds a search ("within a couple of miles of X",
// "less than 5 km from X") is where to search, not a route.
func TestDistanceBoundsASearch(t *testing.T) {
	runClass(t, "Newark, DE", nil, []classCase{
		{msg: "any pharmacy less than 5 km from Bear?", tool: mapstool.SearchPlaces, has: []string{"pharmacy", `"latitude":39.62`}},
		{msg: "which bakeries are within three miles of Hockessin", tool: mapstool.SearchPlaces, has: []string{"bakery", `"latitude":39.78`}},
	})
}

// A drink wanted ("grab a beer", "a pint", "have a drink") is a bar;
// a beer store stays a liquor store.
func TestDrinkWantedIsABar(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "once we wrap up we could use a pint somewhere close by", tool: mapstool.SearchPlaces, has: []string{`"query":"bar"`}},
		{msg: "we'd like to have a drink near Dover tonight", tool: mapstool.SearchPlaces, has: []string{`"query":"bar"`}},
		{msg: "where's a beer store near Dover", tool: mapstool.SearchPlaces, has: []string{"liquor store"}},
	})
}

// A self-correction followed by a route with both ends named is that
// route, not the last one with one end changed; "that" in "scratch that"
// and an "it" that points at nothing are no end of it.
func TestCorrectionWithARouteOfItsOwn(t *testing.T) {
	runClass(t, "Dover, DE", []string{"how far from Smyrna to Harrington"}, []classCase{
		{msg: "no wait, the order changed. how far is Milford to Lewes", tool: mapstool.Directions, has: []string{`"origin":"milford`, `"destination":"lewes`}},
		{msg: "scratch that, the boss moved it: Felton to Milford, how long?", tool: mapstool.Directions, has: []string{`"origin":"felton`, `"destination":"milford`}},
	})
}

// Three stops or more in one message, joined as a list, are a trip: one
// route per leg, from the start named apart or from here; "the last
// stop" is then the trip's last town.
func TestTripOfSeveralStops(t *testing.T) {
	for _, c := range []struct {
		msg, from, last, lastAt string
	}{
		{"deliveries today: Milford, then Lewes, and then Georgetown. how long will the driving take?", "39.158170", "georgetown", "38.690110"},
		{"I'm starting from Smyrna: Felton -> Milford -> Harrington, total miles?", "smyrna", "harrington", "38.923720"},
	} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		s := send(t, a, id, c.msg)
		ans := mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 3 || !strings.Contains(strings.ToLower(calls[0]), `"origin":"`+c.from) || !strings.Contains(strings.ToLower(calls[2]), `"destination":"`+c.last) {
			t.Errorf("%q: want 3 legs from %s to %s, got %v", c.msg, c.from, c.last, calls)
		}
		if !strings.Contains(ans.Answer, "In all, the 3 legs") {
			t.Errorf("%q: the answer gives no total: %s", c.msg, ans.Answer)
		}
		back := planned(send(t, a, id, "how far from my final stop back to Dover?"))
		if len(back) != 1 || !strings.Contains(strings.ToLower(back[0]), `"destination":"dover`) || !strings.Contains(back[0], `"origin":"`+c.lastAt) {
			t.Errorf("%q then the last stop: want a route from %s to Dover, got %v", c.msg, c.last, back)
		}
	}
}

// A commute is a route; a street address inside a sentence ends where
// the sentence goes on ("…, Milford DE to the hospital"), and a town
// with its state after it gets no second state; a follow-up giving only
// a new address starts the last route there.
func TestCommuteFromAnAddress(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "My sister works at Beebe Hospital. What would her commute be from 22 Pine Street, Milford DE to the hospital?", tool: mapstool.Directions,
			has: []string{`"origin":"22 pine street, milford de"`, "beebe hospital"}},
	})
	runClass(t, "Dover, DE", []string{"he is posted at the Dover Air Force Base. commute from 40 Maple Avenue, Smyrna DE to the base?"}, []classCase{
		{msg: "what about from 9 Elm Street, Felton DE", tool: mapstool.Directions, has: []string{`"origin":"9 elm street, felton de"`, "air force base"}},
	})
}

// A place named by what it is and its name ("the shrine of Our Lady of
// Fatima") is a place, even when the gazetteer knows the name for
// something else, and "it" after it is that place; a detail asked of it
// searches it by that name.
func TestPlaceNamedByDescription(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "we walk to the shrine of Our Lady of Fatima tomorrow, how far is it from Milford?", tool: mapstool.Directions,
			has: []string{`"destination":"shrine of our lady of fatima`, `"origin":"milford`}},
		{msg: "how far to the monastery of Montserrat from here", tool: mapstool.Directions, has: []string{`"destination":"monastery of montserrat`}},
		{msg: "is the Museum of Natural History open on sunday?", tool: mapstool.SearchPlaces, has: []string{`"query":"museum of natural history"`}},
	})
}
