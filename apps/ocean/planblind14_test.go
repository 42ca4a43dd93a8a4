package ocean

import (
	"fmt"
	"testing"
)

// The classes of the fourteenth blind round (q453–q482), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

func cyclesAre(a, b int) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if len(p.Cycles) != b-a+1 || p.Cycles[0] != a || p.Cycles[len(p.Cycles)-1] != b {
			return fmt.Errorf("cycles %v, want %d to %d", p.Cycles, a, b)
		}
		return nil
	}
}

func pressureBetween(lo, hi float64) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if p.Pressure == nil || p.Pressure.Min != lo || p.Pressure.Max != hi {
			return fmt.Errorf("pressure %+v, want %g–%g", p.Pressure, lo, hi)
		}
		return nil
	}
}

func answerIs(a string) func(QueryPlan) error {
	return wantSlot("answer", func(p QueryPlan) any { return p.Answer }, a)
}

func wantBox(p QueryPlan) error {
	if p.Box == nil {
		return fmt.Errorf("no box, want one")
	}
	return nil
}

// TestRunOnNameEndsBeforeOpener: typed without stops, a sentence that
// begins right after a place name ("Durban Of all floats", "Mumbai
// Thanks") leaves the name alone; "Bay Of Bengal" keeps its "Of".
func TestRunOnNameEndsBeforeOpener(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Our yacht club is in Durban Of all floats within 800 km of Durban which one is saltiest", wantAll(nearPlace("Durban"), radiusIs(800), wantNoMissing)},
		{"nearest float to Mumbai Thanks a lot", wantAll(nearPlace("Mumbai"), wantNoMissing)},
		{"what is the mean salinity in the Bay Of Bengal in 2020", regionIs("Bay of Bengal")},
	})
}

// TestKeywordTypos: a keyword typed with two letters swapped or one left
// out is read as spelled ("chagned", "avreage"); a letter changed for
// another is another word ("charged").
func TestKeywordTypos(t *testing.T) {
	checkPlans(t, []planCheck{
		{"avreage temperature of float 2901623 in 2019", aggregateIs("mean")},
		{"draw how the salnity at 500 m chagned for float 5906072 during 2020", aggregateIs("timeseries")},
		{"the battery charged for float 2901623 in 2019", aggregateIs("")},
	})
}

// TestPlotHowChangedIsTimeSeries: "plot how X changed" over a period is
// the change drawn against time; a rate asked for stays a trend.
func TestPlotHowChangedIsTimeSeries(t *testing.T) {
	checkPlans(t, []planCheck{
		{"graph how surface salinity changed at float 2902269 over 2018", aggregateIs("timeseries")},
		{"chart how the 200 m temperature of 5906072 has been changing since 2021", aggregateIs("timeseries")},
		{"plot the trend per year of salinity at 500 m for float 5906072", aggregateIs("trend")},
	})
}

// TestSeaPointedBack: a sea named in a sentence about the asker is where
// the data are asked when the question points back at it ("those
// waters", "that sea").
func TestSeaPointedBack(t *testing.T) {
	checkPlans(t, []planCheck{
		{"My ferry crosses the Tasman Sea. For floats in those waters, what was the mean salinity at 100 m in 2020?", regionIs("Tasman Sea")},
		{"We fish the Coral Sea every winter. What is the warmest surface reading from that sea in 2021?", regionIs("Coral Sea")},
	})
}

// TestDepthPointedBack: a depth told in a sentence about the asker
// ("our divers work at 40 m near Darwin", "fisherman here, my nets hang
// at 50-80 m off Chennai") is the depth asked when the question points
// back at it ("at that depth", "in that layer"); its place is not.
func TestDepthPointedBack(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Our divers work at 40 m near Darwin. What's the warmest temperature float 5906072 saw at that depth?", wantAll(pressureAt(40), variableIs("temperature"), wantNoPlace)},
		{"Fisherman here, my nets hang at 50-80 m off Chennai. Mean salinity of float 2902269 in that layer?", wantAll(pressureBetween(50, 80), variableIs("salinity"), wantNoPlace)},
	})
}

// TestDivesAreCycles: a float's dives are its cycles, by ordinal ("from
// its 3rd to its 9th dive", "between the 2nd and 4th cycles") and each
// one ("on every dive", "per dive").
func TestDivesAreCycles(t *testing.T) {
	checkPlans(t, []planCheck{
		{"map float 5906072's path from its 3rd to its 9th dive", wantAll(cyclesAre(3, 9), aggregateIs("track"))},
		{"temperature between the 2nd and 4th cycles of float 2901623", cyclesAre(2, 4)},
		{"coldest temperature on every dive of float 2901623 in 2019", groupIs("cycle")},
		{"max salinity per dive for float 5906072", groupIs("cycle")},
	})
}

// TestOneKilometreInWords: "a kilometre" or "one km" after a word of depth
// is 1000 m.
func TestOneKilometreInWords(t *testing.T) {
	checkPlans(t, []planCheck{
		{"mean temp below a km for float 2901623", pressureBetween(1000, 12000)},
		{"salinity of 2902269 deeper than one kilometer", pressureBetween(1000, 12000)},
	})
}

// TestRegionLabelsBox: an ocean named beside a box of coordinates says
// where the box lies, and adds no region.
func TestRegionLabelsBox(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Gulf Stream area, North Atlantic, 35-40N 70-60W: mean temp in 2019", wantAll(wantBox, regionIs(""))},
		{"Pacific, 10-20N 150-170W, max salinity 2020", wantAll(wantBox, regionIs(""))},
	})
}

// TestSeaIceIsUnmeasured: sea ice (its thickness, extent, pack ice,
// icebergs) asked of a float in a period is its variable missing, not
// the float's summary.
func TestSeaIceIsUnmeasured(t *testing.T) {
	checkPlans(t, []planCheck{
		{"what was the ice extent near float 5906072 in March 2021", wantAll(wantMissing("variable"), answerIs("number"))},
		{"float 2902269: how much pack ice was around it in winter 2020?", wantMissing("variable")},
	})
}

// TestOneFloatOneDayIsANumber: one float's value at one level on one day
// (past or to come) is one number.
func TestOneFloatOneDayIsANumber(t *testing.T) {
	checkPlans(t, []planCheck{
		{"salinity at 1000 m for float 2902269 on 5 June 2019", answerIs("number")},
		{"what will the sea surface temperature be at float 2901623 tomorrow?", answerIs("number")},
	})
}

// TestQuotedPreviousAnswer: a previous answer quoted with ">" sets no
// slot; the follow-up's period wins, its floats and what it counted
// ("how many of them") are kept.
func TestQuotedPreviousAnswer(t *testing.T) {
	checkPlans(t, []planCheck{
		{"> 2902269 sent 120 profiles in 2019 and 2020.\nnice, how many of them were in 2020?", wantAll(aggregateIs("count"), wantFrame("2020-01-01..2021-01-01"), variableIs(""))},
		{">> Float 5906072 made 40 cycles since March 2021\nhow many of these were in 2022", wantAll(aggregateIs("count"), wantFrame("2022-01-01..2023-01-01"))},
	})
}
