package mapschat

import (
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The usual ways of asking, one session in order (later ones follow up
// earlier ones): the tools each needs and words its answer must hold.
func TestUsualRequests(t *testing.T) {
	const (
		search  = mapstool.SearchPlaces
		route   = mapstool.Directions
		details = mapstool.PlaceDetails
	)
	a := chat(t, Options{})
	id := session(t, a, "Wilmington, DE")
	for _, c := range []struct {
		msg   string
		tools []string
		says  []string
	}{
		{"hi there", nil, []string{"Hello!"}},
		{"find a gas station near Dover", []string{search}, []string{"gas stations near Dover, Delaware"}},
		{"any cafes nearby?", []string{search}, []string{"cafes near Wilmington, DE"}},
		{"directions to Lewes", []string{route}, []string{"From Wilmington, DE to Lewes, Delaware", "by car"}},
		{"how do I get to Rehoboth Beach from Dover", []string{route}, []string{"From Dover, Delaware, United States to Rehoboth Beach"}},
		{"how far is it to Middletown by car", []string{route}, []string{"From Wilmington, DE to Middletown"}},
		{"what's the elevation here?", []string{mapstool.Elevation}, []string{"The map's centre", "m above sea level"}},
		{"where am I?", []string{mapstool.ReverseGeocode}, []string{"Wilmington, Delaware"}},
		{"what's near me?", []string{mapstool.ReverseGeocode}, []string{"The map's centre"}},
		{"pizza near here", []string{search}, []string{"1. Grotto Pizza"}},
		{"what's the phone number of the first one", []string{details}, []string{"Grotto Pizza"}},
		{"is Grotto Pizza open?", []string{details}, []string{"opening hours for Grotto Pizza"}},
		{"walking directions to the second one", []string{route}, []string{"on foot"}},
		{"how far is the first one from Dover?", []string{route}, []string{"From Dover, Delaware, United States to Grotto Pizza"}},
		{"show me museums in Wilmington", []string{search}, []string{"museums near Wilmington"}},
		{"where can I get sushi around here?", []string{search}, []string{"I found no sushi places near Wilmington, DE."}},
		{"how high is Dover", []string{mapstool.Geocode, mapstool.Elevation}, []string{"Dover, Delaware, United States is about", "m above sea level"}},
		{"I need a pharmacy", []string{search}, []string{"pharmacies near Wilmington, DE"}},
		{"help", nil, []string{"I can find places"}},
		{"bye", nil, []string{"You're welcome!"}},
	} {
		s := send(t, a, id, c.msg)
		ans := mustAnswer(t, s)
		if !slices.Equal(s.tools(), c.tools) {
			t.Errorf("%q: tools %v, want %v (%q)", c.msg, s.tools(), c.tools, ans.Answer)
		}
		for _, w := range c.says {
			if !strings.Contains(ans.Answer, w) {
				t.Errorf("%q: answer lacks %q:\n%s", c.msg, w, ans.Answer)
			}
		}
	}
}
