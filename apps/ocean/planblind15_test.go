package ocean

import (
	"fmt"
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
