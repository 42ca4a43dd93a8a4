package ocean

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
)

// slotsOf renders the slots these tests check, compactly.
func slotsOf(p QueryPlan) string {
	var s []string
	if p.Variable != "" {
		s = append(s, "var "+p.Variable)
	}
	if p.Aggregate != "" {
		s = append(s, "agg "+p.Aggregate)
	}
	if r := p.Pressure; r != nil {
		s = append(s, fmt.Sprintf("pres %g-%g", r.Min, r.Max))
	}
	if p.Region != "" {
		s = append(s, "region "+p.Region)
	}
	if n := p.Near; n != nil {
		s = append(s, fmt.Sprintf("near %g,%g r%g", n.Lat, n.Lon, n.RadiusKm))
	}
	if t := p.Time; t != nil {
		s = append(s, "time "+t.From+".."+t.To)
	}
	if p.GroupBy != "" {
		s = append(s, "by "+p.GroupBy)
	}
	if r := p.Rank; r != nil {
		s = append(s, fmt.Sprintf("rank %s %s %d", r.By, r.Of, r.N))
	}
	for _, m := range p.Missing {
		s = append(s, "missing "+strings.SplitN(m, ":", 2)[0])
	}
	return strings.Join(s, "; ")
}

// TestPlanAsAsked: spelled numbers, depths in metres and kilometres,
// superlatives built with "most", clauses about the asker, listings and
// rankings of profiles, each in phrasings other than the corpus's.
func TestPlanAsAsked(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	for _, c := range []struct{ q, want string }{
		// numbers in words
		{"mean salinity at fifteen hundred metres for float 2902269 in nineteen ninety-nine", "var salinity; agg mean; pres 1425-1575; time 1999-01-01..2000-01-01"},
		{"max temperature of float 2902269 in two thousand and five", "var temperature; agg max; time 2005-01-01..2006-01-01"},
		{"salinity at half a kilometre for float 2902269 cycle 4", "var salinity; agg value; pres 475-525"},
		{"the twelve deepest floats in the Arabian Sea", "var pressure; region Arabian Sea; rank deepest float 12"},
		// depths as pressure
		{"temperature 750 m deep for float 2902269", "var temperature; agg value; pres 712.5-787.5"},
		{"mean salinity at 1.5 km in the Bay of Bengal", "var salinity; agg mean; pres 1425-1575; region Bay of Bengal"},
		{"average oxygen below 2 km in the Arabian Sea", "var doxy; agg mean; pres 2000-12000; region Arabian Sea"},
		{"max temperature at a depth of 0.5 km for float 2902269", "var temperature; agg max; pres 475-525"},
		{"how many floats were within 200 km of 10N 65E", "agg count; near 10,65 r200"},
		{"coldest temperature a thousand feet down for float 2902269", "var temperature; agg min; pres 289.56-320.04"},
		// clauses about the asker
		{"I'm in Lisbon for a conference next month. What was the mean surface temperature in the Arabian Sea?", "var temperature; agg mean; pres 0-10; region Arabian Sea"},
		{"Flying to Perth tomorrow, which floats were in the Tasman Sea in 2020?", "region Tasman Sea; time 2020-01-01..2021-01-01"},
		{"we are at 15N 65E this week which float is closest to us", "near 15,65 r0; rank nearest float 0"},
		{"We were diving off Bali in 2019. What was the average surface temperature of float 2902269 that year?", "var temperature; agg mean; pres 0-10; time 2019-01-01..2020-01-01"},
		{"I want the mean temperature near 10N 65E in 2019", "var temperature; agg mean; near 10,65 r300; time 2019-01-01..2020-01-01"},
		// listings
		{"show floats in the arabian sea", "agg count; region Arabian Sea; by float"},
		{"list argo floats in the Coral Sea from 2020", "agg count; region Coral Sea; time 2020-01-01..2023-04-28; by float"},
		// non-native superlatives
		{"which float went most deep?", "var pressure; rank deepest float 0"},
		{"the more warm float of the Bay of Bengal", "var temperature; region Bay of Bengal; rank warmest float 0"},
		{"which profile of float 2902269 is most salty", "var salinity; rank saltiest profile 0"},
		{"which float is most far from 10N 65E", "agg count; near 10,65 r300; by float; missing rank"},
		// profiles ranked by their noun
		{"the 5 coldest readings in the Arabian Sea below 1000 m", "var temperature; pres 1000-12000; region Arabian Sea; rank coldest profile 5"},
		{"which float had the warmest profile in the Bay of Bengal", "var temperature; region Bay of Bengal; rank warmest float 0"},
	} {
		if got := slotsOf(readPlan(c.q, testNow(), gaz)); got != c.want {
			t.Errorf("%q\n got %s\nwant %s", c.q, got, c.want)
		}
	}
}

// A comparative that compares keeps comparing; a depth read from metres
// says so in the plan and the answer.
func TestPlanAsAskedRules(t *testing.T) {
	if got := rewordSuperlatives("is 5900446 more deep than 5906072"); got != "is 5900446 more deep than 5906072" {
		t.Errorf("comparative reworded: %q", got)
	}
	for in, want := range map[string]string{
		"floats at 2 km from the ship, and the temperature at 2 km": "floats at 2 km from the ship, and the temperature at 2000 m",
		"salinity in 50 m depth bins, every 200 m depth layer":      "salinity in 50 m depth bins, every 200 m depth layer",
	} {
		if got := rewordDepths(in); got != want {
			t.Errorf("rewordDepths(%q) = %q", in, got)
		}
	}
	p := readPlan("mean temperature at two km for float 2902269", testNow(), nil)
	if p.Pressure == nil || p.Pressure.Target != 2000 || !strings.Contains(p.Pressure.Rule, "1 m ≈ 1 dbar") {
		t.Errorf("pressure %+v, want 2000 dbar with the metre rule", p.Pressure)
	}
	if p := readPlan("mean temperature at 2000 dbar for float 2902269", testNow(), nil); p.Pressure == nil || p.Pressure.Rule != "" {
		t.Errorf("a pressure in dbar got a rule: %+v", p.Pressure)
	}
	p = readPlan("Sailing out of Denpasar next week. What was the mean salinity of float 2902269?", testNow(), nil)
	if p.Time != nil || p.Near != nil || !strings.Contains(p.Reasoning, "describe the asker") {
		t.Errorf("scene read as filters: time %+v near %+v; reasoning %q", p.Time, p.Near, p.Reasoning)
	}
}

// TestPlanWhichFloatsCountEach: which floats, and a count of each, is
// the count per float; a count of floats alone is one number.
func TestPlanWhichFloatsCountEach(t *testing.T) {
	for _, q := range []string{
		"what floats were in the Red Sea in 2019 and how many cycles apiece",
		"which floats have profiles in the Arabian Sea, and how many did each of them send?",
		"Which floats surfaced in the Bay of Bengal last year? How many profiles from each?",
	} {
		if p := readPlan(q, testNow(), nil); p.Aggregate != "count" || p.GroupBy != "float" || p.Answer != "table" {
			t.Errorf("%q: aggregate %q group %q answer %q; want count per float, a table", q, p.Aggregate, p.GroupBy, p.Answer)
		}
	}
	if p := readPlan("how many floats reported from the Mediterranean since 2020", testNow(), nil); p.GroupBy != "" {
		t.Errorf("a count of floats: grouped by %q", p.GroupBy)
	}
}

// TestPlanFrameEdges: "since the start of", "until the end of": the
// edge of a year or month bounds the frame, the other side open.
func TestPlanFrameEdges(t *testing.T) {
	cases := []struct{ q, from, to string }{
		{"mean salinity in the Red Sea since the beginning of 2019", "2019-01-01", "2023-04-28"},
		{"From the start of 2021, how many profiles did float 6903247 send?", "2021-01-01", "2023-04-28"},
		{"average temperature of float 1900857 until the end of 2012", "", "2013-01-01"},
		{"max salinity of float 2902269 after the end of 2019", "2020-01-01", ""},
	}
	for _, c := range cases {
		p := readPlan(c.q, testNow(), nil)
		if p.Time == nil || p.Time.From != c.from || p.Time.To != c.to {
			t.Errorf("%q: time %+v; want [%s, %s)", c.q, p.Time, c.from, c.to)
		}
	}
}

// TestPlanWhichFloatByPlace: a phrase saying which named float is meant
// by where it is ("the one in the Bay of Bengal") is no filter; a place
// that picks a float, or one the question asks about, still is.
func TestPlanWhichFloatByPlace(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"float 5906072 — the one in the Bay of Bengal — what was its mean temperature?", "var temperature; agg mean"},
		{"max pressure of 2902269 (the float that's drifting in the Labrador Sea)", "var pressure; agg max"},
		{"2901746, the Tasman Sea one: how salty was it at the surface in 2020?", "var salinity; agg value; pres 0-10; time 2020-01-01..2021-01-01"},
		// picking a float, or filtering its data, by place
		{"mean temperature of the one in the Arabian Sea", "var temperature; agg mean; region Arabian Sea"},
		{"float 2902269, or is it the one in the Arabian Sea with the most profiles? mean temperature", "var temperature; agg mean; region Arabian Sea"},
		{"mean temperature of float 2902269 in the Arabian Sea", "var temperature; agg mean; region Arabian Sea"},
	} {
		if got := slotsOf(readPlan(c.q, testNow(), nil)); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.q, got, c.want)
		}
	}
}

// Pressures in bars, signed depths, "least" superlatives, a monthly mean
// drawn, and one number asked over a layer of a place.
func TestPlanRound8Classes(t *testing.T) {
	now := testNow()
	for q, want := range map[string][2]float64{
		"salinity of float 2902269 at 20 bar":                              {190, 210},
		"float 1900857 temperature, pressure: 100 bars":                    {950, 1050},
		"mean oxygen of float 5906072 at 1 MPa":                            {95, 105},
		"mean salinity below the thermocline (> 800 m) in the Arabian Sea": {800, 12000},
		"temperature ≥ 1200 dbar for float 2901623":                        {1200, 12000},
		"average temp (<150 m) in the Bay of Bengal":                       {0, 150},
	} {
		p := readPlan(q, now, nil)
		if p.Pressure == nil || p.Pressure.Min != want[0] || p.Pressure.Max != want[1] {
			t.Errorf("%q: pressure %+v, want %v", q, p.Pressure, want)
		}
	}
	if p := readPlan("count profiles < 300 km from 10N 65E", now, nil); p.Pressure != nil {
		t.Errorf("a radius read as a depth: %+v", p.Pressure)
	}
	for q, by := range map[string]string{
		"which profile in the Arabian Sea had the least saline water at 500 m?": "freshest",
		"which single float in the Bay of Bengal is least warm at the surface?": "coldest",
		"what one profile of float 2902269 was least deep":                      "shallowest",
		"which profile of float 1900857 had the lowest-salinity water?":         "freshest",
	} {
		if p := readPlan(q, now, nil); p.Rank == nil || p.Rank.By != by {
			t.Errorf("%q: rank %+v, want %s", q, p.Rank, by)
		}
	}
	for _, q := range []string{
		"monthly mean salinity in the Arabian Sea in 2020 as a graph",
		"plot the monthly average temperature at the surface of the Tasman Sea in 2018",
		"graph of monthly mean oxygen for float 5906072",
	} {
		if p := readPlan(q, now, nil); p.Aggregate != "timeseries" || p.GroupBy != "month" || p.Answer != "plot" {
			t.Errorf("%q: aggregate %q group %q answer %s, want a monthly time series drawn", q, p.Aggregate, p.GroupBy, p.Answer)
		}
	}
	for _, q := range []string{
		"what is the temperature in the top 100 m of the Arabian Sea?",
		"salinity between 200 and 400 m within 300 km of 10N 65E",
		"whats the water temp below 1000 m in the Tasman Sea",
	} {
		if p := readPlan(q, now, nil); p.Aggregate != "mean" || p.Answer != "number" {
			t.Errorf("%q: aggregate %q answer %s, want a mean number", q, p.Aggregate, p.Answer)
		}
	}
	// a named float's values over a layer stay its values
	if p := readPlan("temperature of float 2902269 in the top 100 m", now, nil); p.Aggregate != "value" {
		t.Errorf("a float's values: aggregate %q", p.Aggregate)
	}
}

// TestPlanExtremeMonth: a month picked by an extreme is read off the
// mean of each month, a table.
func TestPlanExtremeMonth(t *testing.T) {
	for q, v := range map[string]string{
		"which month was coldest for float 5904567 in 2020":              "temperature",
		"the saltiest month at 100 m for float 1901234 last year":        "salinity",
		"for 2901623, what month had the highest temperature in 2019?":   "temperature",
		"find the freshest calendar month at the surface, float 3901000": "salinity",
	} {
		p := readPlan(q, testNow(), nil)
		if p.Variable != v || p.Aggregate != "mean" || p.GroupBy != "month" || p.Rank != nil || p.Answer != "table" {
			t.Errorf("%q: %s; want the mean %s per month, a table", q, describePlan(p), v)
		}
	}
}
