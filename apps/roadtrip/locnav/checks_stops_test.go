package locnav

import "testing"

// TestStopsDifferentRaisesAsUpstream: upstream reads every stop's name,
// then hashes them, then does the same for the place ids, so a bad stop
// list raises the first of those errors, the same one on every run.
func TestStopsDifferentRaisesAsUpstream(t *testing.T) {
	for _, c := range []struct{ what, route1, reason string }{
		{"no keys at all", `[{}]`, "KeyError: 'name'"},
		{"a name missing after an ID missing", `[{"name":"a"},{"place id":"1"}]`, "KeyError: 'name'"},
		{"a name missing after an unhashable name", `[{"name":["a"],"place id":"1"},{"place id":"2"}]`, "KeyError: 'name'"},
		{"an unhashable name before a missing ID", `[{"name":["a"]}]`, "unhashable type: 'list'"},
		{"an ID missing", `[{"name":"a"}]`, "KeyError: 'place id'"},
		{"an unhashable ID", `[{"name":"a","place id":{"x":1}}]`, "unhashable type: 'dict'"},
	} {
		ans := `{"route_1_stops":` + c.route1 + `,"route_2_stops":[{"name":"b","place id":"2"}]}`
		// map iteration once chose which key was read first: repeat
		for range 20 {
			expect(t, c.what, run(t, "json", "google_maps.are_stops_different", "", ans), false, CausePlanner, c.reason)
		}
	}
}
