package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/understand"
)

// A route's end may name a place found searches ago: by the kind searched
// for and its order, or by a word of its name.
func TestRouteEndsFoundBefore(t *testing.T) {
	a := chat(t, Options{})
	mem := Memory{Found: []Found{
		{Query: "museum", Places: []Place{{Name: "Zwaanendael Museum", PlaceID: "m1"}, {Name: "Ryves Holt House", PlaceID: "m2"}}},
		{Query: "hotel", Places: []Place{{Name: "Fort Miles Lodge", PlaceID: "h1"}}},
		{Query: "cafe", Places: []Place{{Name: "Notting Hill Coffee", PlaceID: "c1"}}},
	}}
	for _, c := range []struct {
		msg      string
		role     understand.Role
		wantID   string
		wantNone bool
	}{
		{msg: "walk me to the second museum you found", role: understand.RoleTo, wantID: "m2"},
		{msg: "how far from the first museum to here", role: understand.RoleFrom, wantID: "m1"},
		{msg: "drive from the lodge please", role: understand.RoleFrom, wantID: "h1"},
		{msg: "drive from the harbour please", role: understand.RoleFrom, wantNone: true},
	} {
		got := foundBefore(a.readText(c.msg, nil, true), mem)[c.role]
		switch {
		case c.wantNone && got != nil:
			t.Errorf("%q: want none, got %+v", c.msg, got)
		case !c.wantNone && (got == nil || got.PlaceID != c.wantID):
			t.Errorf("%q: want %s, got %+v", c.msg, c.wantID, got)
		}
	}
}

// The question's name ends with the question: "how high is X above sea
// level? …" is about X.
func TestHeightAskedOfTheNameOnly(t *testing.T) {
	for in, want := range map[string]string{
		"Fort Miles above sea level? we want the view": "Fort Miles",
		"the old lighthouse in feet":                   "old lighthouse",
		"Cape Henlopen! just curious":                  "Cape Henlopen",
		"St. Georges":                                  "St. Georges",
	} {
		if got := askedName(in); got != want {
			t.Errorf("askedName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Spanish route words mixed into English read as a route.
func TestSpanishRouteWords(t *testing.T) {
	setup := []string{"any pharmacy near here?"}
	runClass(t, "Dover, DE", setup, []classCase{
		{msg: "qué tan lejos en bici desde el Dover Motor Speedway hasta la pharmacy?", tool: mapstool.Directions, has: []string{"bicycling"}},
		{msg: "cuántos minutos a pie desde Camden hasta Dover?", tool: mapstool.Directions, has: []string{"walking", "camden"}},
	})
}
