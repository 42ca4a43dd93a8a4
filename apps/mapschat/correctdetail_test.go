package mapschat

import (
	"strings"
	"testing"
)

// A correction after a detail asked of a listed place ("sorry, I meant
// the Westin not the Sheraton") asks the same detail of the listed place
// it names; after a route, the route goes there instead.
func TestCorrectionNamesAListedPlace(t *testing.T) {
	for _, c := range []struct{ ask, fix, want string }{
		{"what's the phone number of the second one", "oops, I meant the westin, not that one", `maps_place_details{"place_id":"osm:w278063309"}`},
		{"opening hours of the first one?", "no wait, i meant the Westin", `maps_place_details{"place_id":"osm:w278063309"}`},
		{"directions to the du pont", "sorry I meant the westin", `"destination":"39.731052`},
	} {
		a := chat(t, Options{})
		id := session(t, a, "Wilmington, DE")
		mustAnswer(t, send(t, a, id, "hotels downtown wilmington"))
		mustAnswer(t, send(t, a, id, c.ask))
		s := send(t, a, id, c.fix)
		mustAnswer(t, s)
		calls := planned(s)
		if len(calls) != 1 || !strings.Contains(calls[0], c.want) {
			t.Errorf("%q then %q: %v, want one call with %s", c.ask, c.fix, calls, c.want)
		}
	}
}
