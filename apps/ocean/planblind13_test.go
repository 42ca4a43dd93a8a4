package ocean

import (
	"fmt"
	"testing"
)

// The classes of the thirteenth blind round (q423–q452), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

func rankIs(by, of string, n int) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if p.Rank == nil || p.Rank.By != by || p.Rank.Of != of || p.Rank.N != n {
			return fmt.Errorf("rank %+v, want %s %s top %d", p.Rank, by, of, n)
		}
		return nil
	}
}

func groupIs(g string) func(QueryPlan) error {
	return wantSlot("groupBy", func(p QueryPlan) any { return p.GroupBy }, g)
}

func regionIs(r string) func(QueryPlan) error {
	return wantSlot("region", func(p QueryPlan) any { return p.Region }, r)
}

// TestChangeWithDepthIsProfile: how a variable "changes with (the)
// depth" or "varies with pressure" is its profile, and beside "the
// newest/latest profile" of a float that float's last profile, not a
// trend or range plus a ranking.
func TestChangeWithDepthIsProfile(t *testing.T) {
	checkPlans(t, []planCheck{
		{"For my students, how does salinity vary with the depth? Please plot the latest profile of float 5906072.", wantAll(aggregateIs("profile"), wantNoRank, variableIs("salinity"))},
		{"temperature changing with pressure in the newest profile from 2902269", wantAll(aggregateIs("profile"), wantNoRank)},
	})
}

// TestOnAnIsobar: "on the 500 dbar isobar", "on 1500 dbar", "along the
// 800 dbar surface" are that pressure; "the 1000 m isobath" (the sea
// floor's contour) is not.
func TestOnAnIsobar(t *testing.T) {
	checkPlans(t, []planCheck{
		{"median salinity on the 500 dbar isobar for float 2901746", pressureAt(500)},
		{"what was the temperature on 1500 dbar for 5906072 in 2019", pressureAt(1500)},
		{"mean temp along the 800 dbar surface, float 1900857", pressureAt(800)},
		{"number of floats on the 1000 m isobath off Oman", func(p QueryPlan) error {
			if p.Pressure != nil {
				return fmt.Errorf("pressure %+v, want none", *p.Pressure)
			}
			return nil
		}},
	})
}

// TestCastsAreProfiles: "per cast", "cast by cast" group by cycle;
// "which N casts from float X had the …" ranks profiles, N in words.
func TestCastsAreProfiles(t *testing.T) {
	checkPlans(t, []planCheck{
		{"max temperature of 1900857, cast by cast", wantAll(aggregateIs("max"), groupIs("cycle"))},
		{"float 2901746: average oxygen per cast over 2021", wantAll(aggregateIs("mean"), groupIs("cycle"))},
		{"Which three casts from 5906072 had the warmest water at 50 m?", wantAll(rankIs("warmest", "profile", 3), aggregateIs(""), pressureAt(50))},
		{"list the four casts by float 2902269 that were saltiest at the surface", rankIs("saltiest", "profile", 4)},
		// the verb "were" between the profiles and the superlative
		{"which three casts of float 2902269 were the warmest at 100 m?", wantAll(rankIs("warmest", "profile", 3), pressureAt(100))},
		{"Which 2 profiles of 2901746 are the coldest at 500 dbar", rankIs("coldest", "profile", 2)},
	})
}

// TestSceneTownBesideRadius: a town in a clause about the asker's plans
// gives way to a radius with its own centre ("within 200 km of
// reunion", any case), and the plans' day is no time frame.
func TestSceneTownBesideRadius(t *testing.T) {
	checkPlans(t, []planCheck{
		// the island (GeoNames' country Réunion, -21.1, 55.5), not a town named Reunion
		{"gonna kayak out of grand baie on saturday. avg surface temp within 200 km of reunion?", wantAll(nearPlace("Réunion"), radiusIs(200), wantNoTime)},
		{"We're rowing from Durban next week, what is the mean temperature within 250 km of Madagascar", wantAll(nearPlace("Madagascar"), radiusIs(250), wantNoTime)},
	})
}

// TestSeaOfTheAskersWork: a sea that is the subject of the asker's work
// ("a short film about the Coral Sea", "my thesis on the Labrador Sea")
// is the sea asked about.
func TestSeaOfTheAskersWork(t *testing.T) {
	checkPlans(t, []planCheck{
		{"I'm making a short film about the Coral Sea. What was the mean salinity at 50 m in 2019?", regionIs("Coral Sea")},
		{"My thesis chapter on the Labrador Sea needs one number: the maximum temperature recorded in 2020.", regionIs("Labrador Sea")},
	})
}

// TestRemarkIsNoFrame: a remark with no subject (weather with an
// intensifier, or a sentence ended by a word of address) sets no time or
// place.
func TestRemarkIsNoFrame(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Bloody freezing on the Grand Banks this winter. What was float 4901079's mean temperature?", wantAll(wantNoTime, wantNoPlace)},
		{"Lovely calm morning off Cornwall this summer, mate. What was the highest salinity of 2902269?", wantAll(wantNoTime, wantNoPlace, aggregateIs("max"))},
		// a filter with a word of address still asks
		{"Mean temperature in the Coral Sea this spring, mate?", wantAll(regionIs("Coral Sea"), wantFrame("2022-09-01..2022-12-01"))},
	})
}

// TestKeyedBounds: a chat command's bounds "from:YYYY-MM to:YYYY-MM"
// (or start=/end=) include the end month, wherever the keys stand.
func TestKeyedBounds(t *testing.T) {
	checkPlans(t, []planCheck{
		{"/argo profile 5906072 from:2020-06 to:2020-09", wantFrame("2020-06-01..2020-10-01")},
		{"!floats mean temp 1900857 start=2011-02 end=2011-04", wantFrame("2011-02-01..2011-05-01")},
		{"track to:2019-12 from:2019-10 2901746", wantFrame("2019-10-01..2020-01-01")},
	})
}

// TestHemisphereSeason: "the austral summer of 2015/16", "the 2019
// southern winter", "boreal summer 2020" are that hemisphere's season.
func TestHemisphereSeason(t *testing.T) {
	checkPlans(t, []planCheck{
		{"mean salinity of float 1900857 in the austral summer of 2015/16", wantFrame("2015-12-01..2016-03-01")},
		{"max temperature of 2902269 during the 2019 southern winter", wantFrame("2019-06-01..2019-09-01")},
		{"average temperature in the Tasman Sea in the boreal summer 2020", wantFrame("2020-06-01..2020-09-01")},
	})
}

// TestDriftSpeedIsMissing: a float's drift speed (the speed of the
// current) is not measured: the variable is missing and "drift" asks
// for no track.
func TestDriftSpeedIsMissing(t *testing.T) {
	wantSpeedMissing := func(p QueryPlan) error {
		if !missingSlot(p, "variable") {
			return fmt.Errorf("missing %q, want the variable", p.Missing)
		}
		return nil
	}
	checkPlans(t, []planCheck{
		{"floats ride the currents while they drift, don't they? what's the mean drift velocity of 5906072?", wantAll(aggregateIs("mean"), wantSpeedMissing)},
		{"How fast was the speed of the current 2901746 drifted in last year, on average?", wantAll(aggregateIs("mean"), wantSpeedMissing)},
	})
}
