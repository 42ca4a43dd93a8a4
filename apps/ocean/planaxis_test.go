package ocean

import "testing"

// TestVersusDepthIsAProfile: a variable "vs" or "versus" depth or
// pressure is its profile, drawn against that axis, not a comparison
// that lacks a second thing; the axis is no second variable. Two floats
// "vs" each other stay a comparison.
func TestVersusDepthIsAProfile(t *testing.T) {
	for _, q := range []string{
		"plot temperature vs depth for float 4901079 cycle 7",
		"oxygen versus pressure for 3902131, cycle 20, as a chart",
		"can I see salinity vs. depth from 1900857's cycle 150",
		"plot temperature against pressure for float 4901079 cycle 12",
	} {
		p := readPlan(q, testNow(), nil)
		if p.Aggregate != "profile" || len(p.With) != 0 || len(p.Missing) != 0 || p.Answer != "plot" && p.Answer != "table" {
			t.Errorf("%q: aggregate %q with %v missing %v answer %q; want a profile of one variable", q, p.Aggregate, p.With, p.Missing, p.Answer)
		}
	}
	if p := readPlan("temperature of float 2902269 vs float 2901623 at 500 m", testNow(), nil); p.Aggregate != "compare" {
		t.Errorf("two floats vs each other: aggregate %q, want compare", p.Aggregate)
	}
}
