package ocean

import (
	"fmt"
	"slices"
	"testing"
)

// The classes of the twelfth blind round (q393–q422), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

func wantSlot(name string, got func(QueryPlan) any, want any) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if g := got(p); fmt.Sprint(g) != fmt.Sprint(want) {
			return fmt.Errorf("%s %v, want %v", name, g, want)
		}
		return nil
	}
}

var (
	wantNoPlace = func(p QueryPlan) error {
		if hasPlace(p) || missingSlot(p, "near") || missingSlot(p, "region") {
			return fmt.Errorf("a place (region %q, near %v, missing %q), want none", p.Region, p.Near, p.Missing)
		}
		return nil
	}
	wantNoTime = func(p QueryPlan) error {
		if p.Time != nil {
			return fmt.Errorf("time %q, want none", frameOf(p))
		}
		return nil
	}
	wantNoRank = func(p QueryPlan) error {
		if p.Rank != nil {
			return fmt.Errorf("rank %+v, want none", *p.Rank)
		}
		return nil
	}
)

func aggregateIs(a string) func(QueryPlan) error {
	return wantSlot("aggregate", func(p QueryPlan) any { return p.Aggregate }, a)
}

func variableIs(v string) func(QueryPlan) error {
	return wantSlot("variable", func(p QueryPlan) any { return p.Variable }, v)
}

func radiusIs(km float64) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if p.Near == nil || p.Near.RadiusKm != km {
			return fmt.Errorf("near %+v, want radius %g km", p.Near, km)
		}
		return nil
	}
}

func pressureAt(z float64) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if p.Pressure == nil || p.Pressure.Target != z {
			return fmt.Errorf("pressure %+v, want at %g", p.Pressure, z)
		}
		return nil
	}
}

func nearPlace(name string) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if p.Near == nil || p.Near.Place != name {
			return fmt.Errorf("near %+v, want %s", p.Near, name)
		}
		return nil
	}
}

// TestCalendarYearAbbrev: "CY 2015" in a signal or memo is the calendar
// year, not cycle 2015; a cycle under a thousand stays a cycle.
func TestCalendarYearAbbrev(t *testing.T) {
	checkPlans(t, []planCheck{
		{"OPS REQ: MAX SALINITY, BAY OF BENGAL, CY 2015, SURFACE.", wantAll(wantFrame("2015-01-01..2016-01-01"), func(p QueryPlan) error {
			if len(p.Cycles) > 0 {
				return fmt.Errorf("cycles %v, want none", p.Cycles)
			}
			return nil
		})},
		{"cy2021 mean temp for float 5906072", wantFrame("2021-01-01..2022-01-01")},
		{"temperature of float 5906072 cy 12", wantSlot("cycles", func(p QueryPlan) any { return p.Cycles }, []int{12})},
	})
}

// TestLevelWithArticle: "at the 500 m level", "at the 1500 dbar
// horizon" are that depth.
func TestLevelWithArticle(t *testing.T) {
	checkPlans(t, []planCheck{
		{"average salinity at the 500 m level in the Coral Sea", pressureAt(500)},
		{"what was the temperature of float 2901746 at the 1500 dbar horizon", pressureAt(1500)},
	})
}

// TestPressAsNews: "a press release", "the press conference", "in the
// press" are the news, not pressure.
func TestPressAsNews(t *testing.T) {
	checkPlans(t, []planCheck{
		{"A press conference claimed float 1900857 hit 31 degrees; what is its maximum temperature?", wantAll(variableIs("temperature"), aggregateIs("max"))},
		{"I read in the press that the Tasman Sea is getting saltier. What is the salinity trend there?", variableIs("salinity")},
	})
}

// TestCodeDatesAndGroups: pseudo-SQL dates are open-ended bounds and
// "group by wmo" is one row per float.
func TestCodeDatesAndGroups(t *testing.T) {
	checkPlans(t, []planCheck{
		{"SELECT platform_number, MAX(temp) FROM argo WHERE date > '2018-06-30' GROUP BY platform_number", wantAll(
			wantSlot("groupBy", func(p QueryPlan) any { return p.GroupBy }, "float"),
			wantSlot("answer", func(p QueryPlan) any { return p.Answer }, "table"),
			wantSlot("from", func(p QueryPlan) any { return p.Time != nil && p.Time.From == "2018-07-01" }, true))},
		{"select avg(temp) from profiles where juld < '2015-01-01' and wmo = 2901623 group by cycle_number", wantAll(
			wantSlot("groupBy", func(p QueryPlan) any { return p.GroupBy }, "cycle"),
			wantSlot("to", func(p QueryPlan) any { return p.Time != nil && p.Time.From == "" && p.Time.To == "2015-01-01" }, true))},
	})
}

// TestFloatsStandForPlaces: two compared floats each given a place
// ("use X for the Coral Sea and Y for Fiji") are no place filter.
func TestFloatsStandForPlaces(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Is the Coral Sea warmer than the Tasman Sea at the surface? Use 5906072 for the Coral Sea and 1900857 for the Tasman Sea.", wantAll(aggregateIs("compare"), wantNoPlace)},
		{"compare the mean temperature of float 2901746 Bay of Bengal with float 2902269 Arabian Sea", wantAll(aggregateIs("compare"), wantNoPlace)},
		// one float and a sea: the sea filters
		{"compare float 2901746 with the others in the Bay of Bengal", func(p QueryPlan) error {
			if p.Region != "Bay of Bengal" {
				return fmt.Errorf("region %q, want Bay of Bengal", p.Region)
			}
			return nil
		}},
	})
}

// TestDeployedTimeNoFilter: when a named float was deployed is its
// history, not a filter; "since it was deployed in X" still bounds.
func TestDeployedTimeNoFilter(t *testing.T) {
	checkPlans(t, []planCheck{
		{"My lab launched 1900857 in March 2008; plot the temperature profile of its cycle 20", wantNoTime},
		{"float 2901623 was deployed back in 2012 what is its deepest pressure on cycle 5", wantNoTime},
		{"mean salinity of 2901623 since it was deployed in 2012", func(p QueryPlan) error {
			if p.Time == nil {
				return fmt.Errorf("the bound after \"since\" was set aside")
			}
			return nil
		}},
	})
}

// TestTopLayerNoRank: "the top 200 m" is a layer, not a ranking of the
// top two hundred: "the warmest reading in the top 200 m" of a float is
// its maximum.
func TestTopLayerNoRank(t *testing.T) {
	checkPlans(t, []planCheck{
		{"For 5906072, what's the warmest reading in the top 200 m during 2021?", wantAll(aggregateIs("max"), wantNoRank)},
		{"saltiest measurement of float 2902269 in the top 30 dbar", wantAll(aggregateIs("max"), wantNoRank, variableIs("salinity"))},
		{"list the 3 warmest profiles in the top 50 m in the Coral Sea", wantSlot("rank n", func(p QueryPlan) any {
			if p.Rank == nil {
				return 0
			}
			return p.Rank.N
		}, 3)},
	})
}

// TestUnitNamesVariable: a unit alone names the variable: °C, degrees
// F, psu.
func TestUnitNamesVariable(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Will the Bay of Bengal top 29 °C at the surface next month? What's your prediction for the mean?", variableIs("temperature")},
		{"Has the Arabian Sea surface passed 37 psu? Give the average since 2020.", variableIs("salinity")},
		{"average reading in degrees Fahrenheit near the surface for float 2901746", variableIs("temperature")},
	})
}

// TestCorrectedAfterWords: a number corrected after a few more words
// keeps the correction ("within 300 km of Perth, no wait, 250 km").
func TestCorrectedAfterWords(t *testing.T) {
	checkPlans(t, []planCheck{
		{"count floats within 300 km of Perth, no wait, make it 250 km, in 2019", radiusIs(250)},
		{"profiles within 100 nm of Hobart sorry I mean 80 nm last year", radiusIs(80 * 1.852)},
		// a correction of another unit is no radius correction
		{"how many profiles within 200 km of Lisbon, sorry, 2 floats", radiusIs(200)},
	})
}

// TestPlotAtLevelIsSeries: one float's variable at one level, plotted
// over a period, is a time series.
func TestPlotAtLevelIsSeries(t *testing.T) {
	checkPlans(t, []planCheck{
		{"chart the salinity at 500 m of float 2901623 in 2014", aggregateIs("timeseries")},
		{"can you graph 1900857's temperature at 200 dbar?", aggregateIs("timeseries")},
		{"plot the temperature at 500 m for float 2901623 cycle 12", func(p QueryPlan) error {
			if p.Aggregate == "timeseries" {
				return fmt.Errorf("one cycle read as a time series")
			}
			return nil
		}},
	})
}

// TestAskerPlaceTypedLoosely: where the asker comes from is no filter,
// with or without the stop after it; their port is their town when the
// nearest float is asked; "Fahrenheit What" is no place, "X here I" no
// here.
func TestAskerPlaceTypedLoosely(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Hello I am student from Kenya Regarding float 1900857 what is the mean salinity at 100 dbar", wantAll(wantNoPlace, wantNoMissing)},
		{"We are sailors from Lisbon. What is the temperature at 50 m of float 2901746?", wantAll(wantNoPlace, wantNoMissing)},
		{"Hello. I am sailor from Durban. Which Argo float is closest to my harbour?", nearPlace("Durban")},
		{"Old diver here I only know Celsius What is the surface temperature of 5906072", wantAll(wantNoPlace, wantNoMissing)},
		{"Ship engineer here we log in Fahrenheit What was the temp at 10 dbar on cycle 3 of float 2902269", wantAll(wantNoPlace, wantNoMissing)},
	})
}

// TestSignatureNoPlace: the name and institution under a sign-off are
// no place.
func TestSignatureNoPlace(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Hello,\n\nwhat is the maximum salinity float 2901623 measured?\n\nBest wishes\nProf K Osei\nSchool of Ocean Sciences Bangor Wales", wantAll(wantNoPlace, wantNoMissing, aggregateIs("max"))},
		{"Please send the mean temperature at 300 dbar for 5906072.\n\nSincerely,\nJ. Ruiz\nInstituto Oceanografico, Cadiz", wantAll(wantNoPlace, wantNoMissing)},
		// a sign-off with a question after it is no signature
		{"Thanks\nand what about near Cadiz?", func(p QueryPlan) error {
			if !hasPlace(p) && !slices.ContainsFunc(p.Missing, func(s string) bool { return len(s) > 5 && s[:5] == "near:" }) {
				return fmt.Errorf("the place after the sign-off was lost")
			}
			return nil
		}},
	})
}
