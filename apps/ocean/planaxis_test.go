package ocean

import (
	"context"
	"testing"

	"github.com/cairn-agents/cairn/ocean/store"
)

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

// TestLatitudeBand: two latitudes and no longitude ("between 10S and
// 10N", "from 5°S to 5°N") are a band of latitude round the globe, kept
// with a region named beside them; with two longitudes they are a box.
func TestLatitudeBand(t *testing.T) {
	for _, c := range []struct {
		q        string
		min, max float64
		region   string
	}{
		{"median salinity between 20S and 5S in the Indian Ocean in 2019", -20, -5, "Indian Ocean"},
		{"which floats reported from 2°S to 2°N last year", -2, 2, ""},
		{"mean temperature at 500 m between 30N and 45N", 30, 45, ""},
	} {
		p := readPlan(c.q, testNow(), nil)
		if b := p.Box; b == nil || b.MinLat != c.min || b.MaxLat != c.max || b.MinLon != -180 || b.MaxLon != 180 || p.Region != c.region {
			t.Errorf("%q: box %+v region %q; want latitudes %g to %g round the globe, region %q", c.q, p.Box, p.Region, c.min, c.max, c.region)
		}
	}
	if p := readPlan("mean temperature between 10N and 20N, 60E and 70E", testNow(), nil); p.Box == nil || p.Box.MinLon != 60 || p.Box.MaxLon != 70 {
		t.Errorf("with longitudes: box %+v, want 60E to 70E", p.Box)
	}
}

// TestEveryMeasurementOfACycle: every measurement, all the readings or
// everything of a named cycle are its profile (temperature and salinity
// level by level), not nothing.
func TestEveryMeasurementOfACycle(t *testing.T) {
	for _, q := range []string{
		"give me every measurement of cycle 5 of float 2901623 in a csv",
		"all the readings from float 1900857, cycle 40",
		"dump everything from cycle 12 of 5906072",
	} {
		p := readPlan(q, testNow(), nil)
		if p.Aggregate != "profile" || p.Variable == "" || len(p.Cycles) != 1 || len(p.Missing) != 0 {
			t.Errorf("%q: aggregate %q variable %q cycles %v missing %v; want the cycle's profile", q, p.Aggregate, p.Variable, p.Cycles, p.Missing)
		}
	}
}

// TestAnomalyNotComputed: an anomaly (a difference from a climatology
// the gateway does not hold) is a statistic it does not compute: the
// aggregate is missing, not a plain value standing for it.
func TestAnomalyNotComputed(t *testing.T) {
	for _, q := range []string{
		"temp anomaly for float 2902269 in 2020",
		"what were the surface salinity anomalies in the Arabian Sea last year",
		"how far was 1900857 above the climatological mean at 500 m",
	} {
		p := readPlan(q, testNow(), nil)
		if p.Aggregate != "" || !missingSlot(p, "aggregate") {
			t.Errorf("%q: aggregate %q missing %v; want the aggregate missing", q, p.Aggregate, p.Missing)
		}
	}
}

// TestGroupingAndTrackWordForms: "per-float" and "month to month" group
// as "per float" and "month by month" do, and the coordinates or
// locations of a float's profiles are its track.
func TestGroupingAndTrackWordForms(t *testing.T) {
	for _, c := range []struct{ q, group, agg string }{
		{"per-float median temperature at 200 m in the arabian sea", "float", "median"},
		{"mean surface salinity of 2902269 month-on-month in 2019", "month", ""},
		{"the locations of float 5906072's profiles in 2021", "", "track"},
		{"list the lats and lons of every cycle of 2901623", "", "track"},
	} {
		p := readPlan(c.q, testNow(), nil)
		if c.group != "" && p.GroupBy != c.group || c.agg != "" && p.Aggregate != c.agg {
			t.Errorf("%q: group %q aggregate %q; want group %q aggregate %q", c.q, p.GroupBy, p.Aggregate, c.group, c.agg)
		}
	}
}

// TestHowManyFloatsMeasuredBGC: "how many floats measured oxygen" counts
// the floats with good oxygen (QC 1–2; none in the shared data), not
// every float; a core
// variable every profile has is no filter of a count of floats.
func TestHowManyFloatsMeasuredBGC(t *testing.T) {
	for _, c := range []struct{ q, variable string }{
		{"how many floats measured chlorophyll", "chla"},
		{"How many floats carry a nitrate sensor?", "nitrate"},
		{"how many profiles of temperature does 2902269 have", ""},
	} {
		if p := readPlan(c.q, testNow(), nil); p.Aggregate != "count" || p.Variable != c.variable {
			t.Errorf("%q: aggregate %q variable %q; want count of %q", c.q, p.Aggregate, p.Variable, c.variable)
		}
	}
	a := newApp(t, Options{PlanCacheTTL: -1})
	ctx := context.Background()
	r, err := a.profiles.Query(ctx, store.QueryOptions{Templated: true}, "SELECT count(DISTINCT wmo) AS with_doxy FROM argo_good_levels WHERE doxy IS NOT NULL AND pres IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	want := int(toFloat(r.Rows[0][0]))
	all, err := a.profiles.Query(ctx, store.QueryOptions{Templated: true}, "SELECT count(DISTINCT wmo) FROM argo_good_levels")
	if err != nil {
		t.Fatal(err)
	}
	if total := int(toFloat(all.Rows[0][0])); want == total {
		t.Fatalf("every one of the %d floats has good oxygen: the test cannot tell a filter from none", total)
	}
	res, err := a.RunPlan(ctx, readPlan("how many floats measured dissolved oxygen?", testNow(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Col("floats"); c < 0 || len(res.Rows) != 1 || int(toFloat(res.Rows[0][c])) != want {
		t.Errorf("floats counted %v (columns %v); want %d, the floats with good oxygen", res.Rows, res.Columns, want)
	}
}
