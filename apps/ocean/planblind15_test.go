package ocean

import (
	"fmt"
	"slices"
	"testing"
)

// The classes of the fifteenth blind round (q483–q512), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

// TestGreetingThenAskerTypedWithoutStops: a greeting in any language
// ("Good morning", "Bonjour", "Olá") before a clause about the asker,
// typed without stops, still leaves the asker's town out of the plan.
func TestGreetingThenAskerTypedWithoutStops(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Bonjour I am a teacher in Marseille What was the mean salinity of float 6903247 in 2020", wantAll(wantNoPlace, aggregateIs("mean"))},
		{"Good morning we are students at Mombasa How many profiles did float 2902269 make in 2019", wantAll(wantNoPlace, aggregateIs("count"))},
	})
}

// TestRunOnAfterLowerCaseWord: typed without stops, a word capitalised
// only as a sentence's first ("On", "And", "For", "Of") after a word in
// lower case starts a sentence, so the clause before it about the asker
// keeps its town and time out of the plan.
func TestRunOnAfterLowerCaseWord(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Skipper here heading north from Durban in two weeks On average was float 2901623 saltier than float 2902269 at 500 m", wantAll(wantNoPlace, wantNoTime, aggregateIs("compare"))},
		{"I moved to Hobart last year and got curious Of all float 5906072s dives which cycle was the coldest at the surface", wantAll(wantNoPlace, rankIs("coldest", "profile", 0))},
		{"I teach geography in Lyon For my class I need the salinity profile of float 6903247 cycle 8", wantAll(wantNoPlace, aggregateIs("profile"))},
	})
}

// TestClosingThanksInAnotherLanguage: a thanks in another language that
// ends the message ("Grazie", "Danke schön", "Gracias") is no place, with
// or without a stop before it.
func TestClosingThanksInAnotherLanguage(t *testing.T) {
	checkPlans(t, []planCheck{
		{"mean temperature at 200 m of float 2901623 in 2019 near the marina Merci beaucoup", missingNone("near")},
		{"the salinity profile of float 2902269 cycle 5 to check against our sensor at the quay Grazie", wantAll(wantNoPlace, wantNoMissing)},
	})
}

// missingNone: slot is not missing.
func missingNone(slot string) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if missingSlot(p, slot) {
			return fmt.Errorf("%s missing %q, want it filled or not asked", slot, p.Missing)
		}
		return nil
	}
}

// TestCourseworkQuarterLabel: "q3" after a word of coursework
// ("homework q3", "exam Q2") numbers a question, colon or not: no period.
func TestCourseworkQuarterLabel(t *testing.T) {
	checkPlans(t, []planCheck{
		{"homework q3 find the mean salinity at 500 dbar for float 2902269 cycles 10 to 20", wantAll(wantNoTime, aggregateIs("mean"))},
		{"Exam Q2 give the max temperature of float 1900857 in 2008", wantFrame("2008-01-01..2009-01-01")},
	})
}

// TestAskerHereEndedByEmoji: "diver here 🐠", "hello, grad student here
// 🌊" introduce the asker; the emoji ends the sentence as a stop would.
func TestAskerHereEndedByEmoji(t *testing.T) {
	checkPlans(t, []planCheck{
		{"reef diver here 🐠 what was the warmest temperature float 2901623 saw in 2017", wantAll(wantNoPlace, missingNone("near"))},
		{"hello, oceanography grad student here 🌊 mean salinity of float 5906072 in 2021 please", wantAll(wantNoPlace, missingNone("near"), aggregateIs("mean"))},
	})
}

// TestTradeCompoundAsksNothing: a clause about the asker whose only
// variable word is in a trade's compound ("saltwater fly-fishing
// guide", "deep-sea trawler") sets the scene: its place is no filter.
func TestTradeCompoundAsksNothing(t *testing.T) {
	checkPlans(t, []planCheck{
		{"I am a saltwater fly-fishing guide in Florida. Which cycle of float 4901079 had the coldest water at 200 m?", wantAll(wantNoPlace, rankIs("coldest", "profile", 0))},
		{"We run a deep-sea trawler out of Vigo. What was the mean temperature of float 6903247 in 2020?", wantAll(wantNoPlace, aggregateIs("mean"))},
	})
}

// TestAskerAboutToSail: a clause of what the asker is about to do ("about
// to leave Dakar for the Gulf of Guinea", "planning to sail to the Coral
// Sea") names a destination, not the data's region.
func TestAskerAboutToSail(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Yacht crew here, about to leave Dakar for the Gulf of Guinea. What was the mean temperature at 100 m within 200 km of 10N 30W?", wantAll(regionIs(""), radiusIs(200))},
		{"Planning to sail to the Coral Sea. What was the salinity at the surface for float 5906072 cycle 3?", wantAll(regionIs(""), wantNoMissing)},
	})
}

// TestRowCapIsRankN: a cap on the rows ("limit it to 3 results", "no
// more than 4 rows") is the ranking's count; a ranking of floats asked
// "for every float" is no grouping beside it.
func TestRowCapIsRankN(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Which floats in the Arabian Sea reported most recently? Limit it to 3 results.", rankIs("latest", "float", 3)},
		{"for every float in the Coral Sea, when did it last report, newest first, no more than 4 rows", wantAll(rankIs("latest", "float", 4), groupIs(""))},
	})
}

// TestCountBeforeAdjective: a count with a word between it and the
// things counted ("which 2 BGC floats", "the five active floats") keeps
// its N.
func TestCountBeforeAdjective(t *testing.T) {
	checkPlans(t, []planCheck{
		{"which 2 BGC floats came closest to 10S 60E?", rankIs("nearest", "float", 2)},
		{"list the five active floats nearest to 20N 65E", rankIs("nearest", "float", 5)},
	})
}

// TestTopBottomNForVariable: "the top 4 profiles for temperature", "the
// bottom 2 floats by salinity" rank by that variable's extreme.
func TestTopBottomNForVariable(t *testing.T) {
	checkPlans(t, []planCheck{
		{"near 20N 65E within 500 km in 2019, give me the top 4 profiles for temperature", wantAll(rankIs("warmest", "profile", 4), aggregateIs(""))},
		{"Labrador Sea, 2015: the bottom 2 floats by salinity at the surface", wantAll(rankIs("freshest", "float", 2), aggregateIs(""))},
	})
}

// TestExtremeCycleByCycle: an extreme asked "cycle by cycle" is that
// extreme of each cycle, not a time series of every value.
func TestExtremeCycleByCycle(t *testing.T) {
	checkPlans(t, []planCheck{
		{"cycle by cycle, what was the minimum temperature of float 5906072 in 2021?", wantAll(aggregateIs("min"), groupIs("cycle"), variableIs("temperature"))},
		{"For float 2901623 in 2018, how deep did each dive go, cycle by cycle?", wantAll(aggregateIs("max"), groupIs("cycle"), variableIs("pressure"))},
	})
}

// TestUncomputedStatisticIsNoAggregate: the interquartile range (or
// "IQR") is a statistic the gateway does not compute: no range stands
// for it, the aggregate is missing.
func TestUncomputedStatisticIsNoAggregate(t *testing.T) {
	checkPlans(t, []planCheck{
		{"what's the IQR of salinity at 500 dbar for float 2902269 in 2020", wantAll(aggregateIs(""), wantMissing("aggregate"))},
		{"give me the inter-quartile range of temperature for float 1900857 near the surface", wantAll(aggregateIs(""), wantMissing("aggregate"))},
	})
}

// TestComparisonOutsideTheData: a comparison the asker will make with
// people's memories or notes is no comparison aggregate.
func TestComparisonOutsideTheData(t *testing.T) {
	checkPlans(t, []planCheck{
		{"what was the average temperature of float 2902269 in 2019 so I can compare it with what my students felt on the beach", aggregateIs("mean")},
		{"mean salinity at 100 m within 300 km of Zanzibar in 2015, month by month. I will compare them to what the fishermen say", wantAll(aggregateIs("mean"), groupIs("month"))},
	})
}

// TestValuesMonthByMonthAreMeans: one variable of a place asked month
// by month is each month's mean.
func TestValuesMonthByMonthAreMeans(t *testing.T) {
	checkPlans(t, []planCheck{
		{"the surface temperature within 400 km of Durban month by month in 2018", wantAll(aggregateIs("mean"), groupIs("month"))},
		{"salinity at 200 m for float 6903247, per month, during 2021", wantAll(aggregateIs("mean"), groupIs("month"))},
	})
}

// TestRoleSentenceIntroducesAsker: a sentence with no verb naming the
// asker's role and town ("Retired ferry captain from Bergen.") is no
// filter.
func TestRoleSentenceIntroducesAsker(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Retired ferry captain from Bergen. What was the mean temperature at 200 m of float 6903247 in 2020?", wantAll(wantNoPlace, aggregateIs("mean"))},
		{"Harbour pilot near Durban. What was the lowest salinity float 2902269 measured in 2019?", wantAll(wantNoPlace, aggregateIs("min"))},
	})
}

// TestPlaceNamedByWhatHappened: "closest to where the ferry sank" names
// a place of its own, which the gazetteer may not know: the nearest is
// not to the asker's town.
func TestPlaceNamedByWhatHappened(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Volunteer from Halifax. Which float came closest to where the ferry sank in 2014?", wantAll(wantMissing("near"), func(p QueryPlan) error {
			if p.Near != nil {
				return fmt.Errorf("near %+v, want none", *p.Near)
			}
			return nil
		})},
		{"I'm a sailor based in Cape Town. In 2016 which float drifted nearest to the spot where the whale was seen?", wantMissing("near")},
	})
}

// TestFloatNumberOfAnyLengthIsData: a float named by a number the
// gateway cannot take ("float 123456789") is still a question about
// float data, which the plan answers by saying what is missing.
func TestFloatNumberOfAnyLengthIsData(t *testing.T) {
	for _, q := range []string{"trajectory of float 123456789 for 2020 pls", "buoy #1234 path last year"} {
		d := dispatchRules(q)
		if !slices.Contains(d.Agents, agentSQL) {
			t.Errorf("%q: agents %v, want the SQL agent", q, d.Agents)
		}
	}
}
