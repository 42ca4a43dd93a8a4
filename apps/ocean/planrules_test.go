package ocean

import (
	"testing"
)

// TestPlanTopByExtreme: "top N profiles (floats) by max X" ranks by the
// extreme of X, the N first, in a table.
func TestPlanTopByExtreme(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"float 5906072: top 3 cycles by maximum pressure", "var pressure; rank deepest profile 3"},
		{"top ten floats by highest salinity in the Bay of Bengal", "var salinity; region Bay of Bengal; rank saltiest float 10"},
		{"the 4 profiles of float 2902269 with the lowest temperature", "var temperature; rank coldest profile 4"},
		{"2901746 — 5 casts ranked by min temp", "var temperature; rank coldest profile 5"},
	} {
		p := readPlan(c.q, testNow(), nil)
		if got := slotsOf(p); got != c.want || p.Aggregate != "" || p.Answer != "table" {
			t.Errorf("%q:\n got %s (aggregate %q, answer %s)\nwant %s, no aggregate, a table", c.q, got, p.Aggregate, p.Answer, c.want)
		}
	}
	// an extreme of a group named by its size ranks nothing
	if p := readPlan("max temp of the 10 floats in the Bay of Bengal", testNow(), nil); p.Rank != nil || p.Aggregate != "max" {
		t.Errorf("max of 10 floats: rank %+v aggregate %q", p.Rank, p.Aggregate)
	}
}

// TestPlanProfileCurve: a profile of one variable the question names is
// drawn; of a CTD cast's several variables, or listed, a table.
func TestPlanProfileCurve(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"oxygen profile for 2902696 cycle 40", "plot"},
		{"salinity profile, float 1900857, cycle 7", "plot"},
		{"what does the temperature profile of float 5906072 cycle 3 look like?", "plot"},
		{"chlorophyll profile of float 6903247 cycle 15", "plot"},
		// several variables, a listing, or numbers asked for
		{"temperature and salinity profile of float 5906072 cycle 3", "table"},
		{"the latest profile of float 2902269", "table"},
		{"list the salinity profile of float 2902269 cycle 10", "table"},
		{"temperature profile of float 5906072 cycle 3, numbers only", "table"},
	} {
		if p := readPlan(c.q, testNow(), nil); p.Aggregate != "profile" || p.Answer != c.want {
			t.Errorf("%q: aggregate %q answer %s, want profile %s", c.q, p.Aggregate, p.Answer, c.want)
		}
	}
}
