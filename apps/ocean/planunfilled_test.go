package ocean

import "testing"

// TestPlanDeicticPlace: a place pointed at but not given ("near me",
// "this spot") is a missing point, never an answer over every float.
func TestPlanDeicticPlace(t *testing.T) {
	for _, q := range []string{
		"mean salinity near me last year",
		"what's the water temperature at my location?",
		"list the floats around us",
		"is there a float close to where we are",
		"surface temp at this spot please",
		"how many profiles within 50 nm of our position",
		"nearest float to my boat",
		"average temperature here at 500 m",
	} {
		p := readPlan(q, testNow(), nil)
		if !missingSlot(p, "near") || !p.Actionable() {
			t.Errorf("%q: %s, missing %q; want an actionable plan missing near", q, describePlan(p), p.Missing)
		}
	}
	// a point given, or "here is" that points at nothing, misses nothing
	for _, q := range []string{
		"here is my question: the mean temperature near 10N 65E",
		"how many floats are there in the Arabian Sea?",
		"mean temperature of float 5906072",
	} {
		if p := readPlan(q, testNow(), nil); len(p.Missing) > 0 {
			t.Errorf("%q: missing %q", q, p.Missing)
		}
	}
}

// TestPlanUnfilledFilter: a filter the policy recognises but cannot fill
// makes the plan say what is missing.
func TestPlanUnfilledFilter(t *testing.T) {
	for q, slot := range map[string]string{
		"how many profiles within 500 km?":                 "near",
		"max salinity in the box":                          "box",
		"temperature at a certain depth for float 5906072": "pressure",
		"median temperature of float 590607":               "floats",
		"the variance of salinity for float 2902696":       "aggregate",
		"floats near the coast":                            "near",
	} {
		if p := readPlan(q, testNow(), nil); !missingSlot(p, slot) {
			t.Errorf("%q: %s, missing %q; want %s missing", q, describePlan(p), p.Missing, slot)
		}
	}
	for _, q := range []string{
		"how many profiles within 500 km of 10N 65E?",
		"max salinity in the box 10-15N, 60-65E",
		"temperature at 1000 dbar for float 5906072",
		"float 5906072 at 2000 m",
	} {
		if p := readPlan(q, testNow(), nil); len(p.Missing) > 0 {
			t.Errorf("%q: missing %q", q, p.Missing)
		}
	}
}

// TestPlanAskerIntroduced: "Skipper here." names who asks, not a place:
// it misses no point; a "here" that places something still does.
func TestPlanAskerIntroduced(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Marine biology student here — what was the mean salinity of float 2902269 in 2019?", "var salinity; agg mean; time 2019-01-01..2020-01-01"},
		{"Hi, retired sailor here. How many profiles did float 5906072 send last year?", "agg count; time 2022-01-01..2023-01-01"},
		{"Yacht delivery crew here: what was the wave height where float 4901079 surfaced in 2012?", "time 2012-01-01..2013-01-01; missing variable"}, // no statistic asked: no aggregate
	} {
		if got := slotsOf(readPlan(c.q, testNow(), nil)); got != c.want {
			t.Errorf("%q\n got %s\nwant %s", c.q, got, c.want)
		}
	}
	for _, q := range []string{
		"Fisherman here, how many floats are within 100 km of here?",
		"Floats near here. Which one is closest?",
		"Skipper here, what's the surface temperature right here?",
	} {
		if p := readPlan(q, testNow(), nil); !missingSlot(p, "near") {
			t.Errorf("%q: %s; want near missing", q, describePlan(p))
		}
	}
}

// TestPlanNamedLayer: a layer named by what happens in it has no depth
// the policy can state: its pressure is missing, not every level read.
func TestPlanNamedLayer(t *testing.T) {
	for _, q := range []string{
		"average salinity in the halocline for float 6902222",
		"mixed-layer temperature of float 1901888 in 2019",
		"what's the oxygen like within the pycnocline, float 5905555? 🙂",
		"max temp across the thermoclines of 4903333",
	} {
		if p := readPlan(q, testNow(), nil); !missingSlot(p, "pressure") || p.Pressure != nil {
			t.Errorf("%q: %s, missing %q; want pressure missing", q, describePlan(p), p.Missing)
		}
	}
	// a depth given, or the layer's depth asked for, misses no pressure
	for _, q := range []string{
		"mean thermocline temperature between 100 and 300 m, float 6902222",
		"mixed layer depth of float 1901888",
		"surface mixed layer salinity for float 5905555",
	} {
		if p := readPlan(q, testNow(), nil); missingSlot(p, "pressure") {
			t.Errorf("%q: missing %q", q, p.Missing)
		}
	}
}

// TestPlanOtherFloat: a comparison with a second float referred to but
// not named misses that float, not the comparison.
func TestPlanOtherFloat(t *testing.T) {
	for _, q := range []string{
		"compare float 1902345's surface temperature against another float",
		"how does 6901111 differ from the second float in salinity?",
		"temperature of 4902020 versus the other buoy",
	} {
		p := readPlan(q, testNow(), nil)
		if p.Aggregate != "compare" || !missingSlot(p, "floats") || missingSlot(p, "compare") {
			t.Errorf("%q: %s, missing %q; want a comparison missing floats", q, describePlan(p), p.Missing)
		}
	}
}
