package mapschat

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// Classes of the second round, in phrasings of their own (not the blind
// corpus's).

// A kind of place keeps the word that narrows it: a cuisine, a diet,
// opening hours.
func TestQualifiedKinds(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{"any mexican restaurants around here?", mapstool.SearchPlaces, []string{"mexican restaurant"}, nil},
		{"find me a vegetarian place to eat in Lewes", mapstool.SearchPlaces, []string{"vegetarian restaurant", `"latitude":38.7`}, nil},
		{"is there a 24 hour gas station nearby", mapstool.SearchPlaces, []string{"24-hour gas station"}, nil},
		{"good halal food near Milford", mapstool.SearchPlaces, []string{"halal food", `"latitude":38.9`}, nil},
	})
}

// A question about words (a translation, a meaning) is no map request,
// whatever place words it quotes.
func TestWordsAreNotMapRequests(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{"how would I say 'where is the nearest pharmacy' in French", "", nil, nil},
		{"translate \"directions to the museum\" into German please", "", nil, nil},
		{"what does 'playa' mean?", "", nil, nil},
		{"what's the word for gas station in Italian", "", nil, nil},
	})
}

// Which of several places is higher: one elevation call with them all.
func TestWhichIsHigher(t *testing.T) {
	both := `},{"latitude"`
	runClass(t, "Dover, DE", nil, []classCase{
		{"is Newark above Smyrna?", mapstool.Elevation, []string{both, `"latitude":39.6`}, nil},
		{"which sits lower, Lewes or Milford", mapstool.Elevation, []string{both, `"latitude":38.7`, `"latitude":38.9`}, nil},
		{"is Wilmington higher than here?", mapstool.Elevation, []string{both, `"latitude":39.1`}, nil},
	})
	a := chat(t, Options{})
	id := session(t, a, "Dover, DE")
	ans := mustAnswer(t, send(t, a, id, "is Seaford or Milford higher up?"))
	if !strings.Contains(ans.Answer, "higher of the two") {
		t.Errorf("the answer does not compare: %s", ans.Answer)
	}
}

// The last search again, somewhere else.
func TestSameSearchElsewhere(t *testing.T) {
	runClass(t, "Dover, DE", []string{"bakeries in Dover"}, []classCase{
		{"do the same for Milford", mapstool.SearchPlaces, []string{"bakery", `"latitude":38.9`}, nil},
		{"and in Lewes?", mapstool.SearchPlaces, []string{"bakery", `"latitude":38.7`}, nil},
		{"same search near Smyrna please", mapstool.SearchPlaces, []string{"bakery", `"latitude":39.2`}, nil},
	})
}

// "The town centre", "downtown": the centre of the town searched last.
func TestTownCentreIsTheTownSearched(t *testing.T) {
	runClass(t, "Dover, DE", []string{"restaurants in Lewes"}, []classCase{
		{"walking directions from the city center to the second one", mapstool.Directions, []string{`"origin":"lewes`, "walking"}, nil},
		{"how many minutes from downtown to the first one by bike", mapstool.Directions, []string{`"origin":"lewes`, "bicycling"}, nil},
		{"how far is the centre of town from the last one", mapstool.Directions, []string{`"destination":"lewes`}, []string{"39.1"}},
	})
}

// An earlier result named by a word or two of its name: "the X one".
func TestResultNamedByAFragment(t *testing.T) {
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{"when does the Biggs one open?", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil},
		{"phone number for that agricultural place", mapstool.PlaceDetails, []string{`"place_id":"osm:`}, nil},
		{"walk me to the State Police one", mapstool.Directions, []string{`"destination":"39.19`, "walking"}, nil},
	})
}

// One route asked in two modes: a route in each.
func TestRouteInTwoModes(t *testing.T) {
	for _, c := range []struct{ msg, a, b string }{
		{"Milford to Lewes, driving vs cycling time?", "driving", "bicycling"},
		{"how long from Dover to Smyrna on foot and by bike", "walking", "bicycling"},
		{"Newark to Wilmington: by car, and then walking, how long?", "driving", "walking"},
	} {
		a := chat(t, Options{})
		id := session(t, a, "Dover, DE")
		s := send(t, a, id, c.msg)
		mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 2 || !strings.Contains(calls[0], c.a) || !strings.Contains(calls[1], c.b) {
			t.Errorf("%q: want routes %s and %s, got %v", c.msg, c.a, c.b, calls)
		}
	}
}

// A town of two words written in lower case is the town nearby.
func TestLowerCaseTownOfTwoWords(t *testing.T) {
	runClass(t, "Selbyville, DE", nil, []classCase{
		{"so how long to drive to ocean city", mapstool.Directions, []string{"ocean city"}, nil},
		{"campgrounds in ocean city?", mapstool.SearchPlaces, []string{`"latitude":38.3`}, nil},
		{"how far is bethany beach from here", mapstool.Directions, []string{"bethany beach"}, nil},
	})
}

func TestHasWords(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{
		{"the johnson victrola museum", "victrola", true},
		{"victrola", "victrola", true},
		{"victrolas shop", "victrola", false},
		{"a home2 suite and home base", "home", true},
		{"home2", "home", false},
		{"lucky's coffee", "lucky's", true},
		{"anything", "", false},
	} {
		if got := hasWords(c.s, c.w); got != c.want {
			t.Errorf("hasWords(%q, %q) = %v", c.s, c.w, got)
		}
	}
}
