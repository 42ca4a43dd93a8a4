package ocean

import (
	"strconv"
	"strings"
	"testing"
)

// frameOf is a plan's time frame as "from..to", "" when none.
func frameOf(p QueryPlan) string {
	if p.Time == nil {
		return ""
	}
	return p.Time.From + ".." + p.Time.To
}

// TestPlanHalvesAndQuarters: "H1 2015", "2016-H2", "2019 Q2" and "Q4
// 2018" are the half or quarter of that year.
func TestPlanHalvesAndQuarters(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"H1 2015 mean temp of float 2902269", "2015-01-01..2015-07-01"},
		{"max salinity for 2902269, 2016-H2", "2016-07-01..2017-01-01"},
		{"float 2902269 h2/2012 median salinity", "2012-07-01..2013-01-01"},
		{"2019 Q2 mean temperature of 2902269", "2019-04-01..2019-07-01"},
		{"q4 2018 max temp for float 2902269", "2018-10-01..2019-01-01"},
		{"mean temperature of float 2902269 in Q1 2020", "2020-01-01..2020-04-01"},
		{"median salinity float 2902269, 3Q 2010", "2010-07-01..2010-10-01"},
		{"float 2902269 mean temp in the 3rd quarter of 2019", "2019-07-01..2019-10-01"},
		{"float 2902269 mean temp in the final quarter of 2012", "2012-10-01..2013-01-01"},
		{"float 2902269 mean temp, first half 2010", "2010-01-01..2010-07-01"},
		{"float 2902269 mean temp in the back half of 2010", "2010-07-01..2011-01-01"},
		{"float 2902269 mean temp in the last half of 2012", "2012-07-01..2013-01-01"},
		{"float 2902269 mean temp 2H 2011", "2011-07-01..2012-01-01"},
	} {
		if got := frameOf(readPlan(c.q, testNow(), nil)); got != c.want {
			t.Errorf("%q: time %s, want %s", c.q, got, c.want)
		}
	}
}

// TestPlanYearsJoined: two consecutive years joined by "and" are one
// frame over both; set apart ("compare 2015 and 2016") or not
// consecutive, they are not.
func TestPlanYearsJoined(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"mean salinity of float 5906072 over 2012 and 2013", "2012-01-01..2014-01-01"},
		{"float 2902269 max temperature in both 2019 & 2020", "2019-01-01..2021-01-01"},
		{"float 2902269 max temperature 2010 through 2012", "2010-01-01..2013-01-01"},
		{"compare salinity of float 2902269 in 2015 and 2016", "2015-01-01..2016-01-01"},
		{"mean salinity of float 2902269 in 2012 and 2016", "2012-01-01..2013-01-01"},
	} {
		if got := frameOf(readPlan(c.q, testNow(), nil)); got != c.want {
			t.Errorf("%q: time %s, want %s", c.q, got, c.want)
		}
	}
}

// TestPlanWhereWent: "where did it go", "where … travelled" ask for the
// float's track.
func TestPlanWhereWent(t *testing.T) {
	for _, q := range []string{
		"where did float 2902269 go in 2015?",
		"map where 5906072 travelled over 2012 and 2013",
		"show me where 4901079 has wandered",
	} {
		if p := readPlan(q, testNow(), nil); p.Aggregate != "track" {
			t.Errorf("%q: aggregate %q, want track", q, p.Aggregate)
		}
	}
}

// TestPlanExcludedMonths: months left out at either end of the frame
// narrow it; a gap in the middle, or an exclusion of no month, does not.
func TestPlanExcludedMonths(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"max salinity of 2902269 in 2018 excluding the months before April", "2018-04-01..2019-01-01"},
		{"mean temp for float 2902269 in 2020, leaving out anything after June", "2020-01-01..2020-07-01"},
		{"2020, leaving out anything after June, mean temp for float 2902269", "2020-01-01..2020-07-01"},
		{"float 2902269 mean salinity in 2019 except Nov and Dec", "2019-01-01..2019-11-01"},
		{"count the profiles of 2902269 in 2017 apart from January, February and March", "2017-04-01..2018-01-01"},
		{"number of profiles by float 2902269 in 2016, not including those since October", "2016-01-01..2016-10-01"},
		{"mean temp float 2902269 from 2015 to 2020 excluding 2020", "2015-01-01..2020-01-01"},
		{"mean temp float 2902269 since 2015 not counting anything after 2020", "2015-01-01..2021-01-01"},
		{"mean temp of 2902269 in 2019 except January 2019", "2019-02-01..2020-01-01"},
		// a gap, or nothing left out
		{"mean temp float 2902269 over the last 12 months except March", "2022-04-27..2023-04-28"},
		{"count profiles of 2902269 in 2017 other than March", "2017-01-01..2018-01-01"},
		{"mean temperature of 2902269 in 2017 without the bad profiles", "2017-01-01..2018-01-01"},
	} {
		if got := frameOf(readPlan(c.q, testNow(), nil)); got != c.want {
			t.Errorf("%q: time %s, want %s", c.q, got, c.want)
		}
	}
}

// TestPlanFutureFrameNearest: the asker's time still to come is no
// frame for the nearest float; a past one is.
func TestPlanFutureFrameNearest(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"what will the nearest float to 10N 65E be next month", ""},
		{"crossing 8S 75E the week after next: closest Argo float?", ""},
		{"closest float to 10N 60E in 2015", "2015-01-01..2016-01-01"},
	} {
		p := readPlan(c.q, testNow(), nil)
		if got := frameOf(p); got != c.want || p.Rank == nil || p.Rank.By != "nearest" {
			t.Errorf("%q: time %q rank %+v, want time %q and the nearest", c.q, got, p.Rank, c.want)
		}
	}
}

// TestPlanDepthSpanUnits: a range of depths in km or feet is a pressure
// window in dbar; a range of distances is not.
func TestPlanDepthSpanUnits(t *testing.T) {
	for _, c := range []struct {
		q        string
		min, max float64
	}{
		{"salinity from 1 to 1.5 km deep, float 2902269", 1000, 1500},
		{"mean temperature of float 2902269 at depths between 0.5 and 1 km", 500, 1000},
		{"temperature of float 2902269 in the 2-3 km layer", 2000, 3000},
	} {
		p := readPlan(c.q, testNow(), nil)
		if p.Pressure == nil || p.Pressure.Min != c.min || p.Pressure.Max != c.max {
			t.Errorf("%q: pressure %+v, want %v–%v dbar", c.q, p.Pressure, c.min, c.max)
		}
	}
	if p := readPlan("floats between 10 and 20 km from 10N 65E", testNow(), nil); p.Pressure != nil {
		t.Errorf("a distance read as depth: %+v", p.Pressure)
	}
}

// TestPlanFileNames: a GDAC file name names the float and the cycle.
func TestPlanFileNames(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"D5906072_123D.nc: mean temperature", "5906072/123"},
		{"BR2902269_001.nc plot the oxygen profile", "2902269/1"},
		{"SD4901079_045.nc salinity at 500 dbar", "4901079/45"},
		{"max temp in r2901623_200.nc", "2901623/200"},
		{"trajectory of 2902269_Rtraj.nc", "2902269/"},
	} {
		p := readPlan(c.q, testNow(), nil)
		got := strings.Join(p.Floats, ",") + "/"
		if len(p.Cycles) == 1 {
			got += strings.TrimSpace(cycleList(p.Cycles))
		}
		if got != c.want {
			t.Errorf("%q: float/cycle %s, want %s", c.q, got, c.want)
		}
	}
}

// TestPlanTSVersus: temperature against salinity of one float is a T–S
// profile, not a comparison; of two floats, a comparison.
func TestPlanTSVersus(t *testing.T) {
	for _, q := range []string{
		"salinity versus temperature diagram float 2902269 cycle 3",
		"TEMP vs PSAL for 5906072 cycle 12, plotted",
		"theta-S diagram for 2902269 cycle 4",
	} {
		if p := readPlan(q, testNow(), nil); p.Aggregate != "profile" || p.Variable != "temperature" || len(p.With) != 1 || p.With[0] != "salinity" {
			t.Errorf("%q: %s %s %v, want a temperature–salinity profile", q, p.Aggregate, p.Variable, p.With)
		}
	}
	if p := readPlan("compare temperature vs salinity of 2902269 and 2901623", testNow(), nil); p.Aggregate != "compare" {
		t.Errorf("two floats: aggregate %q, want compare", p.Aggregate)
	}
}

// TestPlanTopThat: "the N cycles that reached the deepest" ranks N.
func TestPlanTopThat(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"float 5906072: the 3 profiles that went deepest", "deepest profile 3"},
		{"show me the 10 cycles with the lowest temperature of float 2902269", "coldest profile 10"},
		{"which 4 floats with the warmest water in the Arabian Sea", "warmest float 4"},
		{"which 3 profiles of 2902269 reached the greatest depth", "deepest profile 3"},
		{"the five cycles of float 2902696 that went the deepest", "deepest profile 5"},
	} {
		p := readPlan(c.q, testNow(), nil)
		if p.Rank == nil || p.Rank.By+" "+p.Rank.Of+" "+strconv.Itoa(p.Rank.N) != c.want || p.Answer != "table" {
			t.Errorf("%q: rank %+v answer %s, want %s in a table", c.q, p.Rank, p.Answer, c.want)
		}
	}
}

// TestPlanTimeSeriesAtLevel: a time series of one variable at one depth
// is a curve, drawn, unless a table is asked for.
func TestPlanTimeSeriesAtLevel(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"oxygen time series for 2902269 at five hundred metres", "plot"},
		{"salinity at 1500 dbar over time, float 4901079", "plot"},
		{"oxygen time series for 2902269 at 500 m as a table", "table"},
	} {
		if p := readPlan(c.q, testNow(), nil); p.Aggregate != "timeseries" || p.Answer != c.want {
			t.Errorf("%q: %s %s, want timeseries %s", c.q, p.Aggregate, p.Answer, c.want)
		}
	}
}

// TestPlanHearsayPlace: a place in a clause reporting what someone else
// says is no filter when the clause asks nothing.
func TestPlanHearsayPlace(t *testing.T) {
	p := readPlan("my teacher says the Bay of Bengal is really fresh, plot the temperature profile of 2902269 cycle 3", testNow(), nil)
	if p.Region != "" || p.Aggregate != "profile" {
		t.Errorf("hearsay: region %q aggregate %q, want no region, a profile", p.Region, p.Aggregate)
	}
	for _, q := range []string{
		"my boss says I need the mean salinity in the Arabian Sea",
		"my teacher says the mean salinity in the Bay of Bengal is low, what is it?",
	} {
		if p := readPlan(q, testNow(), nil); p.Region == "" {
			t.Errorf("%q: region dropped", q)
		}
	}
}

// TestPlanUnmeasuredNoAggregate: a variable the data do not hold, asked
// with no statistic, leaves the aggregate empty (a value of a named
// cycle stays) and says the variable is missing.
func TestPlanUnmeasuredNoAggregate(t *testing.T) {
	for _, c := range []struct{ q, agg string }{
		{"how high were the waves for float 2902269", ""},
		{"which sea level did 5906072 see?", ""},
		{"wave height at float 2902269 cycle 4", "value"},
	} {
		p := readPlan(c.q, testNow(), nil)
		if p.Aggregate != c.agg || p.Variable != "" || !missingSlot(p, "variable") || p.Answer != "number" {
			t.Errorf("%q: aggregate %q variable %q missing %v answer %s, want %q, none, the variable missing, a number", c.q, p.Aggregate, p.Variable, p.Missing, p.Answer, c.agg)
		}
	}
}
