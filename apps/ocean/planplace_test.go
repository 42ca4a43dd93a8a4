package ocean

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
)

// A place named as a point is read from the gazetteer; with none, the
// plan says the place was not found and never guesses a point.
func TestPlanPlaceByName(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	p := readPlan("which float is closest to Sri Lanka", testNow(), gaz)
	if p.Near == nil || p.Near.Place != "Sri Lanka" || p.Near.Lat < 5 || p.Near.Lat > 10 || p.Near.Lon < 79 || p.Near.Lon > 82 || len(p.Missing) > 0 {
		t.Fatalf("with a gazetteer: near %+v, missing %v", p.Near, p.Missing)
	}
	p = readPlan("which float is closest to Sri Lanka", testNow(), nil)
	if p.Near != nil || len(p.Missing) != 1 || !strings.Contains(p.Missing[0], `"Sri Lanka" was not found (no gazetteer is configured)`) {
		t.Fatalf("without a gazetteer: near %+v, missing %q", p.Near, p.Missing)
	}
	p = readPlan("list the floats within 1500 km of the Maldives", testNow(), nil)
	if p.Near != nil || len(p.Missing) != 1 || !strings.Contains(p.Missing[0], `"Maldives" was not found`) {
		t.Fatalf("without a gazetteer: near %+v, missing %q", p.Near, p.Missing)
	}
	p = readPlan("nearest float to Xqzvillea please", testNow(), gaz)
	if p.Near != nil || len(p.Missing) != 1 || !strings.Contains(p.Missing[0], "the gazetteer does not know it") {
		t.Fatalf("an unknown place: near %+v, missing %q", p.Near, p.Missing)
	}
	p = readPlan("floats off the coast of Oman", testNow(), gaz)
	if p.Near == nil || p.Near.Place != "Oman" || p.Near.RadiusKm != defaultRadiusKm || p.Aggregate != "count" || p.GroupBy != "float" {
		t.Fatalf("floats off a coast: %+v near %+v", p, p.Near)
	}
	// units and sea names are not places
	for _, q := range []string{"what's the temp of float 2902269 at 1000 dbar near the surface", "mean temperature near 15N 63E in the South China Sea"} {
		if p := readPlan(q, testNow(), gaz); p.Near != nil && p.Near.Place != "" {
			t.Errorf("%q: read a place %+v", q, p.Near)
		}
	}
}

// Seasons are meteorological, swapped south of the equator; the plan
// says which months it used.
func TestPlanSeasons(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	for q, want := range map[string][3]string{
		"mean temperature of float 2902269 in the winter of 2019":               {"2019-12-01", "2020-03-01", "December 2019 to February 2020"},
		"salinity for float 2902269 during the monsoon of 2019":                 {"2019-06-01", "2019-10-01", "southwest (summer) monsoon"},
		"profiles within 500 km of 30S 99W in summer 2021":                      {"2021-12-01", "2022-03-01", "southern hemisphere"},
		"max temperature in the Tasman Sea in winter 2010":                      {"2010-06-01", "2010-09-01", "southern hemisphere"},
		"average temperature in the Arabian Sea during the 2019 summer monsoon": {"2019-06-01", "2019-10-01", "monsoon"},
		"max salinity in the Tasman Sea last summer":                            {"2022-12-01", "2023-03-01", "southern hemisphere"},
		"max salinity in the Sea of Japan last summer":                          {"2022-06-01", "2022-09-01", "northern hemisphere"},
	} {
		p := readPlan(q, testNow(), gaz)
		if p.Time == nil || p.Time.From != want[0] || p.Time.To != want[1] || !strings.Contains(p.Time.Rule, want[2]) {
			t.Errorf("%q: time %+v, want %v", q, p.Time, want)
		}
	}
}

// "The latest profile of float X" is a profile, "the hottest reading
// float X got" its maximum: neither ranks floats or profiles.
func TestPlanNamedFloatIsNoRanking(t *testing.T) {
	for q, agg := range map[string]string{
		"latest profile of float 6901929":                              "profile",
		"most recent salinity profile for float 2902269":               "profile",
		"the hottest reading float 2902696 ever got":                   "max",
		"what is the coldest temperature which float 4901079 measured": "min",
		"how much does temperature vary for float 2902269":             "range",
		"lowest and highest salinity of float 2902269":                 "range",
	} {
		p := planRules(q, testNow())
		if p.Aggregate != agg || p.Rank != nil {
			t.Errorf("%q: aggregate %q rank %+v, want %s and no ranking", q, p.Aggregate, p.Rank, agg)
		}
	}
	if p := planRules("which floats are within range of 300 km of 10N 65E", testNow()); p.Aggregate == "range" {
		t.Errorf("a radius read as a range: %+v", p)
	}
}

// "The salinity at 1000 dbar in float X's most recent profile" reads the
// float's last cycle with a good value, the same as naming that cycle.
func TestPlanValueInLatestProfile(t *testing.T) {
	a := newApp(t, Options{})
	ctx := context.Background()
	p := planRules("What was the salinity at 1000 dbar in float 2902269's most recent profile?", testNow())
	if p.Aggregate != "value" || p.Rank == nil || p.Rank.By != "latest" || p.Rank.Of != "profile" {
		t.Fatalf("plan: %+v", p)
	}
	got, err := a.RunPlan(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	all := p
	all.Rank, all.Answer = nil, "table"
	every, err := a.RunPlan(ctx, all)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Rows) != 1 || len(every.Rows) < 2 {
		t.Fatalf("%d rows for the latest, %d for all", len(got.Rows), len(every.Rows))
	}
	last := every.Rows[0]
	for _, r := range every.Rows {
		if toFloat(r[every.Col("cycle")]) > toFloat(last[every.Col("cycle")]) {
			last = r
		}
	}
	if g, w := got.Rows[0][got.Col("cycle")], last[every.Col("cycle")]; g != w {
		t.Errorf("cycle %v, want the last, %v", g, w)
	}
	if g, w := toFloat(got.Rows[0][got.Col("salinity")]), toFloat(last[every.Col("salinity")]); g != w {
		t.Errorf("salinity %v, want %v", g, w)
	}
	if s := strings.Join(answerSentences(got), " "); !strings.Contains(s, "interpolated between") && !strings.Contains(s, "nearest good level") && !strings.Contains(s, "measured at") {
		t.Errorf("the answer does not say how the value was read: %s", s)
	}
}

// TestPlanStoryAroundQuestion: sentences that tell a story around the
// question (the asker's, a relative's, a greeting) give it their floats
// but not their places, times or words of aggregates; a place the
// question points back at ("there") is kept.
func TestPlanStoryAroundQuestion(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	cases := []struct{ q, want string }{
		{"Hello! My uncle fished off Mauritius every winter and he says the float 5906072 drifted right past his boat. What was the warmest surface temperature it measured? Thanks!",
			"temperature max floats [5906072] surface"},
		{"My daughter is doing a school project on the Bay of Bengal in 2019. She found float 6903247 online. Can you tell me its mean salinity at 100 m?",
			"salinity mean floats [6903247] 100 dbar"},
		{"We crossed the Arabian Sea last summer and saw one of these robot floats drifting along, number 2902269. How deep did it dive at most?",
			"pressure max floats [2902269]"},
	}
	for _, c := range cases {
		p := readPlan(c.q, testNow(), gaz)
		got := strings.TrimSpace(fmt.Sprintf("%s %s floats %v", p.Variable, p.Aggregate, p.Floats))
		if p.Pressure != nil {
			if p.Pressure.Surface {
				got += " surface"
			} else {
				got += fmt.Sprintf(" %g dbar", p.Pressure.Target)
			}
		}
		if got != c.want || p.Region != "" || p.Near != nil || p.Time != nil || p.Rank != nil || len(p.Missing) > 0 {
			t.Errorf("%q:\n got %s region %q near %+v time %+v rank %+v missing %v\nwant %s and no place, time or rank", c.q, got, p.Region, p.Near, p.Time, p.Rank, p.Missing, c.want)
		}
	}
	// pointed back at, the story's place is the question's
	p := readPlan("I run a dive school in the Andaman Sea. What was the mean temperature at 50 m there in 2019?", testNow(), gaz)
	if p.Region != "Andaman Sea" {
		t.Errorf("a place pointed back at: region %q", p.Region)
	}
}

// TestPlanPlaceWordsNoName: a person's name or a kind of place is no
// point; a place cue before a name still reads it.
func TestPlanPlaceWordsNoName(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	for _, q := range []string{
		"Buxton said float 1900857 was cold, what was its mean temperature?",
		"my friend Florence asked: what is the max salinity of float 2902269",
		"Chester thinks float 5906072 is broken. What was its last temperature at 10 m?",
	} {
		if p := readPlan(q, testNow(), gaz); p.Near != nil || len(p.Missing) > 0 {
			t.Errorf("%q: near %+v missing %v", q, p.Near, p.Missing)
		}
	}
	for _, q := range []string{"mean salinity around the Cape", "what was the coldest water off the Point last year", "mean temperature near the Cape of Good Hope"} {
		if p := readPlan(q, testNow(), gaz); p.Near != nil || len(p.Missing) != 1 || !strings.HasPrefix(p.Missing[0], "near:") {
			t.Errorf("%q: near %+v missing %v; want the place missing", q, p.Near, p.Missing)
		}
	}
	if p := readPlan("mean salinity within 200 km of Cape Town", testNow(), gaz); p.Near == nil || p.Near.Place != "Cape Town" {
		t.Errorf("Cape Town: near %+v", p.Near)
	}
}

// TestPlanPointInWords: a latitude and longitude written with hemisphere
// words and no degrees are a point.
func TestPlanPointInWords(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"we're anchored at 12 south 75 west, how many floats within 300 km", "agg count; near -12,-75 r300"},
		{"nearest float to 35 north, 140 east", "near 35,140 r0; rank nearest float 0"},
		{"floats within 500 km of 20 North and 65 East since 2020", "agg count; near 20,65 r500; time 2020-01-01..2023-04-28; by float"},
	} {
		p := readPlan(c.q, testNow(), nil)
		if got := slotsOf(p); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.q, got, c.want)
		}
	}
}

// A side of the equator or of a parallel is a latitude band; a point
// written after "lat/lon" labels is a point; decades and thirds of a
// year are frames.
func TestPlanLatitudeBandsPointsAndPeriods(t *testing.T) {
	now := testNow()
	for q, want := range map[string][2]float64{
		"mean temperature in the Indian Ocean south of the equator":       {-90, 0},
		"how many profiles in the northern hemisphere in 2019":            {0, 90},
		"floats with the most profiles south of 30S in the Pacific Ocean": {-90, -30},
		"max salinity north of 10°N in the Atlantic Ocean":                {10, 90},
	} {
		p := readPlan(q, now, nil)
		if p.Box == nil || p.Box.MinLat != want[0] || p.Box.MaxLat != want[1] || p.Box.MinLon != -180 || p.Box.MaxLon != 180 {
			t.Errorf("%q: box %+v, want lat %v", q, p.Box, want)
		}
	}
	for q, want := range map[string][2]float64{
		"count profiles within 200 km of lat/lon 15.5/65":         {15.5, 65},
		"nearest float to latlon: -33.9, 18.4":                    {-33.9, 18.4},
		"mean temperature within 500 km of (lat, lon) = (10, 88)": {10, 88},
	} {
		if p := readPlan(q, now, nil); p.Near == nil || p.Near.Lat != want[0] || p.Near.Lon != want[1] {
			t.Errorf("%q: near %+v, want %v", q, p.Near, want)
		}
	}
	for q, want := range map[string][2]string{
		"mean salinity in the Arabian Sea in the 2000s":       {"2000-01-01", "2010-01-01"},
		"how many profiles in the Tasman Sea during the '10s": {"2010-01-01", "2020-01-01"},
		"max temperature of float 2902269 in early 2019":      {"2019-01-01", "2019-05-01"},
		"min salinity of float 1900857 in late 2015":          {"2015-09-01", "2016-01-01"},
		"mean temperature of float 5906072 around mid-2020":   {"2020-05-01", "2020-09-01"},
	} {
		if p := readPlan(q, now, nil); p.Time == nil || p.Time.From != want[0] || p.Time.To != want[1] {
			t.Errorf("%q: time %+v, want %v", q, p.Time, want)
		}
	}
}
