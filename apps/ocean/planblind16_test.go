package ocean

import (
	"fmt"
	"testing"
)

// The classes of the sixteenth blind round (q513–q542), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

// wantNoPressure: no pressure window, and none missing.
func wantNoPressure(p QueryPlan) error {
	if p.Pressure != nil || missingSlot(p, "pressure") {
		return fmt.Errorf("pressure %+v (missing %q), want none", p.Pressure, p.Missing)
	}
	return nil
}

// TestLevelInADepth: a level written "in" a depth, German and Dutch word
// order ("in 500 metres depth", "in 200 m water depth", "in 2 km depth"),
// is that level, not depth bins of that size; "in 100 m depth bins" still
// groups.
func TestLevelInADepth(t *testing.T) {
	checkPlans(t, []planCheck{
		{"what was the temperature in 500 metres depth for float 2902269 in 2019", wantAll(pressureAt(500), groupIs(""))},
		{"average oxygen in 200 m water depth near 10N 65E", wantAll(pressureAt(200), groupIs(""), answerIs("number"))},
		{"max salinity in 2 km depth in the Arabian Sea", wantAll(pressureAt(2000), groupIs(""))},
		{"mean temperature of float 2902696 in 100 m depth bins", wantAll(wantNoPressure, groupIs("depth_bin"))},
	})
}

// TestWaterColumnFromTheSurface: the column named from the surface ("from
// the surface to the bottom", "surface to seafloor", "from the surface
// down") says which way a profile or its layers run, no surface window;
// from the surface to a depth is the layer above it.
func TestWaterColumnFromTheSurface(t *testing.T) {
	checkPlans(t, []planCheck{
		{"plot the salinity profile of float 2901623 cycle 12 from the surface to the bottom", wantAll(wantNoPressure, wantNoPlace)},
		{"mean oxygen per 50 m bin for float 5906072 from surface to seafloor", wantAll(wantNoPressure, groupIs("depth_bin"))},
		{"Show the mean salinity of float 2902269 in 200 m slabs from the sea surface downwards.", wantAll(wantNoPressure, groupIs("depth_bin"))},
		{"the temperature of float 6903247 cycle 3 from the surface down to 500 m", pressureBetween(0, 500)},
		{"temperature of float 2902269 cycle 4 from the sea surface to 1.5 km", pressureBetween(0, 1500)},
	})
}

// TestLevelInAColumnName: a variable's column that carries its level in
// its name ("psal_500m", "doxy@200dbar", "TEMP_AT_50M"), with rows under
// it or none, is the value at that level.
func TestLevelInAColumnName(t *testing.T) {
	checkPlans(t, []planCheck{
		{"my columns are float, cycle, psal_500m - can you fill them for float 2902269 in 2019", wantAll(variableIs("salinity"), pressureAt(500))},
		{"wmo\tcycle\tdoxy@200dbar\n2902269\t15\t??\n\nwhat goes in the blank", wantAll(variableIs("doxy"), pressureAt(200), cyclesAre(15, 15))},
		{"headers: CYCLE_NUMBER, TEMP_AT_50M for float 6903247 cycles 1-5", wantAll(variableIs("temperature"), pressureAt(50), cyclesAre(1, 5))},
	})
}

// TestExtremesAskedApart: both extremes of one quantity with words
// between them ("the minimum salinity … plus the maximum", "coldest
// reading n the warmest") are its range; the second naming another
// variable is not.
func TestExtremesAskedApart(t *testing.T) {
	checkPlans(t, []planCheck{
		{"what's the minimum salinity float 2902269 recorded in 2019, plus the maximum", aggregateIs("range")},
		{"highest temperature at 500 m for float 6903247 and also the lowest one", aggregateIs("range")},
		{"coldest reading of float 5906072 n the warmest", aggregateIs("range")},
		{"the lowest temperature of float 2902269 and the highest salinity", func(p QueryPlan) error {
			if p.Aggregate == "range" {
				return fmt.Errorf("aggregate range, want the extremes of two variables")
			}
			return nil
		}},
	})
}

// TestWhichFloatSentTheLast: "which float reported last", "sent the last
// measurement", "was the last one to transmit" rank floats by their
// latest profile; "sent data last month" is a time frame.
func TestWhichFloatSentTheLast(t *testing.T) {
	checkPlans(t, []planCheck{
		{"which float in the Arabian Sea reported last?", wantAll(rankIs("latest", "float", 0), regionIs("Arabian Sea"), answerIs("number"))},
		{"what float was the last one to transmit from the Bay of Bengal", rankIs("latest", "float", 0)},
		{"Which Argo float sent the last measurement in the Coral Sea, and when?", wantAll(rankIs("latest", "float", 0), aggregateIs(""))},
		{"which floats sent data last month in the Bay of Bengal", wantAll(wantNoRank, groupIs("float"))},
	})
}

// TestCorrectionSaysTheWordsAgain: a number corrected with the words
// before it said again ("below 1000 m, sorry, below 1500", "the top 200
// m, no wait, the top 100") is the second number; a cue's letters inside
// a word ("saltier") are no cue.
func TestCorrectionSaysTheWordsAgain(t *testing.T) {
	checkPlans(t, []planCheck{
		{"mean temperature of float 6903247 below 1000 m, sorry, below 1500", pressureBetween(1500, 12000)},
		{"the top 200 m, no wait, the top 100, of float 2902269: average salinity", pressureBetween(0, 100)},
		{"max salinity of float 5906072 in the upper 50 m... or rather the upper 20", pressureBetween(0, 20)},
		{"is 2902269 or 5906072 fresher in the top 200 dbar – actually make that the top 80 – on average?", pressureBetween(0, 80)},
	})
}

// TestGreetingFromTownTypedWithoutStops: a greeting from the asker's
// town ("Greetings from Lisbon", "Hi from Oslo", "Bonjour from
// Marseille") before a question typed without stops names no place of
// the data.
func TestGreetingFromTownTypedWithoutStops(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Greetings from Lisbon What was the mean salinity of float 6903247 in 2020", wantAll(wantNoPlace, aggregateIs("mean"))},
		{"Hi from Oslo How many profiles did float 2902269 make in 2019", wantAll(wantNoPlace, aggregateIs("count"))},
		{"Greetings from Bergen Where did float 6903247 drift in 2019", wantAll(wantNoPlace, aggregateIs("track"))},
		{"Bonjour from Marseille Which float was nearest to 10N 65E in 2021", func(p QueryPlan) error {
			if p.Near == nil || p.Near.Lat != 10 || p.Near.Lon != 65 {
				return fmt.Errorf("near %+v, want 10N 65E", p.Near)
			}
			return nil
		}},
	})
}

// TestLayerAsTopic: a layer named as what the asker studies ("our
// lecture was on the halocline", "we're studying the mixed layer"), in a
// sentence that asks nothing, is no layer to read; asked for, it is
// still missing its depth.
func TestLayerAsTopic(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Our lecture this week was on the halocline. Plot the salinity profile of float 2901623 cycle 12 please.", wantNoMissing},
		{"This module covers the pycnocline. What is the mean salinity of float 6903247 in 2020?", wantNoMissing},
		{"The whole course is about the oxycline. Give me the mean oxygen of float 5906072 in 2021.", wantNoMissing},
		{"Today's topic: the thermocline. Could you list the temperature of float 2902269 cycle 30?", wantNoMissing},
		{"What is the mean temperature in the thermocline for float 6903247?", wantMissing("pressure")},
	})
}
