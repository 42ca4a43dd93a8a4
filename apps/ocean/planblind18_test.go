package ocean

import (
	"fmt"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// The classes of the eighteenth blind round (q573–q602), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

// TestWorkTopicWithFloatNamed: the sea a work is about ("for my thesis
// on the Arabian Sea", "a story about Mediterranean heatwaves") is no
// filter when a float is named; with none named it is where the data
// are asked.
func TestWorkTopicWithFloatNamed(t *testing.T) {
	checkPlans(t, []planCheck{
		{"For my thesis on the Arabian Sea, what was the mean salinity of float 2902269 at 1000 dbar in 2015?", wantAll(wantNoPlace, aggregateIs("mean"), wantFrame("2015-01-01..2016-01-01"))},
		{"I'm a reporter; for a story about Mediterranean heatwaves I need float 6901929's warmest surface temperature in 2019.", wantAll(wantNoPlace, aggregateIs("max"))},
		{"Our podcast episode on Indian Ocean warming needs one number: the trend of float 2901623's temperature at 500 m.", wantAll(wantNoPlace, aggregateIs("trend"))},
		{"For a documentary about the Labrador Sea, what was the coldest temperature float 4901079 measured at 200 m?", wantAll(wantNoPlace, aggregateIs("min"))},
		// no float named: the subject's sea is the data's
		{"For my thesis on the Arabian Sea, what was the mean salinity at 1000 dbar in 2015?", regionIs("Arabian Sea")},
	})
}

// TestSignalRequestAsks: a request opened as a signal or a form words it
// ("Request the five floats …", "Requesting …", "Provide …", "Identify
// …") asks, so the sentence introducing the asker and their passage
// before it is background: its sea is no filter on the point's ranking.
func TestSignalRequestAsks(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Watch officer, frigate crossing the North Atlantic. Request the five floats that have reported nearest to 45N 30W.", wantAll(wantNoRegion, rankIs("nearest", "float", 5))},
		{"Second officer, bulk carrier transiting the South China Sea. Requesting the two floats nearest to 12N 115E with distances.", wantAll(wantNoRegion, rankIs("nearest", "float", 2))},
		{"Navigator, research vessel steaming through the Coral Sea. Provide the three floats closest to 20S 155E.", wantAll(wantNoRegion, rankIs("nearest", "float", 3))},
		{"Duty officer, tanker bound across the Arabian Sea. Identify the float nearest to 15N 62E.", wantAll(wantNoRegion, rankIs("nearest", "float", 0))},
		// typed without stops
		{"Watch officer frigate crossing the North Atlantic Request the five floats that have reported nearest to 45N 30W", wantAll(wantNoRegion, rankIs("nearest", "float", 5))},
	})
}

var wantNoRegion = regionIs("")

// TestYearBeforeItsWord: a year written before the word "year", as
// Turkish or Vietnamese speakers put it ("in 2015 year", "during 2019
// year"), is that year; a year's number read as a count of years ("in
// 2010 years") gives no frame centuries away. understand reads these
// since 429dcde; kept as the plan's check of the wording.
func TestYearBeforeItsWord(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Can you plot the track of float 2902269 in 2015 year?", wantFrame("2015-01-01..2016-01-01")},
		{"What was the max salinity of float 5906072 at 200 m in 2019 year?", wantFrame("2019-01-01..2020-01-01")},
		{"Could you map float 2901780's route in 2011 year please", wantFrame("2011-01-01..2012-01-01")},
		{"What was the mean temperature of float 5906072 at 1000 m during 2019 year?", wantFrame("2019-01-01..2020-01-01")},
		{"Show me the track of float 4901079 in 2010 years.", wantFrame("2010-01-01..2011-01-01")},
	})
}

// TestFarFramesDropped: a frame a century or more after now is no frame.
func TestFarFramesDropped(t *testing.T) {
	now := testNow()
	times := []understand.TimeFrame{
		{From: now.AddDate(2010, 0, 0), To: now.AddDate(2010, 0, 1)},
		{From: time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC)},
		{From: now.AddDate(0, 0, 7), To: now.AddDate(0, 0, 14)},
	}
	got := withoutFarFrames(times, now)
	if len(got) != 2 || got[0].From.Year() != 2015 {
		t.Errorf("withoutFarFrames kept %v, want the 2015 frame and next week's", got)
	}
	if len(times) != 3 {
		t.Errorf("withoutFarFrames changed its argument: %v", times)
	}
}

// TestFromTheTopDownTo: from the top (down) to a depth is the layer
// above it, as from the surface is; "from the top down" alone is no
// window.
func TestFromTheTopDownTo(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Could I get float 2902269's mean salinity in 100 m bins from the top down to 1000 m?", wantAll(pressureBetween(0, 1000), groupIs("depth_bin"))},
		{"the mean temperature of float 5906072 from the top to 500 m", pressureBetween(0, 500)},
		{"What is the median salinity of float 2901780 from the top all the way down to 2000 dbar?", pressureBetween(0, 2000)},
		{"the temperature profile of float 2901623 from the top down", wantAll(wantNoPressure, aggregateIs("profile"))},
	})
}

// TestSomeoneWantsTheData: a sentence in which someone wants or needs a
// statistic ("Our port authority wants the mean salinity …", "My
// ministry needs the maximum …") asks for it, so its depth, box, point
// and months are the question's; wanting to be something asks nothing.
func TestSomeoneWantsTheData(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Greetings from Mombasa. Our port authority wants the mean salinity at 100 metres in the area 5S to 2S, 40 to 45E, in 2019. Please assist.", wantAll(aggregateIs("mean"), pressureAt(100), wantBox, wantFrame("2019-01-01..2020-01-01"), wantNoMissing)},
		{"Hi from Lagos. My ministry needs the maximum temperature at 50 m in the area 2N to 6N, 2 to 6E, between April and July 2018. Please help us.", wantAll(aggregateIs("max"), pressureAt(50), wantBox, wantFrame("2018-04-01..2018-08-01"))},
		{"Hello from Perth. My supervisor would like the median temperature at 500 m within 300 km of 32S 110E for 2020. Please.", wantAll(aggregateIs("median"), pressureAt(500), radiusIs(300), wantFrame("2020-01-01..2021-01-01"))},
		{"My niece wants to be an oceanographer. What is the mean salinity of float 2902269 in 2019?", wantAll(aggregateIs("mean"), wantNoPlace)},
	})
}

// TestChangeAsYouGoDeeperIsProfile: how a variable changes "as you go
// deeper", "going down" or "further down" is its profile: of a float's
// last dive, that profile, not a ranking of its profiles by time.
func TestChangeAsYouGoDeeperIsProfile(t *testing.T) {
	checkPlans(t, []planCheck{
		{"my daughter's school project needs a graph of how salinity changes as you go down. could you plot float 2901623's latest profile?", wantAll(aggregateIs("profile"), variableIs("salinity"), wantNoRank, answerIs("plot"))},
		{"For class, how does temperature change going deeper? Draw float 5906072's last cycle please.", wantAll(aggregateIs("profile"), variableIs("temperature"), wantNoRank)},
		{"How does the salinity vary further down in float 2902269's most recent profile? A plot please.", wantAll(aggregateIs("profile"), wantNoRank)},
	})
}

// TestAskerPlacedBySomeoneElse: a clause in which someone else puts the
// asker somewhere ("the company posted me to an offshore platform in the
// Gulf of Mexico", "they transferred us to a base in the Arabian Sea")
// sets the scene: its sea and its time are no filters beside the
// question's point and frame.
func TestAskerPlacedBySomeoneElse(t *testing.T) {
	checkPlans(t, []planCheck{
		{"I've worked on ships for 20 years, mostly off Norway but this year the company posted me to an offshore platform in the Gulf of Mexico, so what's the mean temperature at 1000 m within 200 km of 27N 90W since 2018", wantAll(wantNoRegion, radiusIs(200), wantFrame("2018-01-01..2023-04-28"))},
		{"been fishing all my life mostly in the Bay of Bengal but last year they transferred us to a base in the Arabian Sea anyway what was the max salinity at 200 m within 300 km of 20N 65E in 2019", wantAll(wantNoRegion, radiusIs(300), wantFrame("2019-01-01..2020-01-01"))},
		{"They sent me out to a rig in the Caribbean Sea this year, so tell me the coldest temperature at 500 m within 150 km of 15N 75W since 2017", wantAll(wantNoRegion, radiusIs(150), wantFrame("2017-01-01..2023-04-28"))},
	})
}

// TestIntroRunsIntoWhatIsWanted: typed without a stop, the asker's
// introduction runs into what they want ("… in Hue city I want know
// …"): the clause before "I want", "I need", "I would like" sets the
// scene, the one it opens asks.
func TestIntroRunsIntoWhatIsWanted(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Hello I am teacher in Hue city I want know the mean salinity of float 2902269 in 2018 thank you", wantAll(wantNoPlace, aggregateIs("mean"))},
		{"Good morning I am engineer at Chittagong port I need the average temperature at 100 m in the Bay of Bengal for 2019", wantAll(regionIs("Bay of Bengal"), wantNoNear)},
		{"Hi I am a student in Lagos university I would like the maximum temperature of float 6901929 at 50 m", wantAll(wantNoPlace, aggregateIs("max"))},
	})
}

func wantNoNear(p QueryPlan) error {
	if p.Near != nil || missingSlot(p, "near") {
		return fmt.Errorf("near %+v (missing %q), want none", p.Near, p.Missing)
	}
	return nil
}

// TestChatInterjectionEndsRemark: "lol", "haha", "lmao" typed without a
// stop end the remark before them: its month or season is no frame.
func TestChatInterjectionEndsRemark(t *testing.T) {
	checkPlans(t, []planCheck{
		{"fishing off cape cod in july is rough haha warmest surface temp float 4901079 saw in 2012", wantFrame("2012-01-01..2013-01-01")},
		{"kayaking round skye in june was epic lmao coldest temp at 50 m float 4901079 recorded in 2011", wantFrame("2011-01-01..2012-01-01")},
		{"diving off bali in august was amazing lol warmest temp at 100 m float 2901623 saw in 2016", wantAll(wantFrame("2016-01-01..2017-01-01"), wantNoPlace)},
	})
}

// TestClosingThanksInEnglish: a thanks closing the message with no stop
// ("… no wait 2013 thanks", "… sorry 2016 thank you so much") is no
// word of the question: the number taken back before it is still
// corrected.
func TestClosingThanksInEnglish(t *testing.T) {
	checkPlans(t, []planCheck{
		{"coldest surface temp float 4901079 saw in 2012 no wait 2013 thanks", wantFrame("2013-01-01..2014-01-01")},
		{"mean salinity of float 2902269 at 500 m in 2015 sorry 2016 thank you so much", wantFrame("2016-01-01..2017-01-01")},
		{"max temp at 200 m for float 5906072 in 2018 no 2019 many thanks", wantFrame("2019-01-01..2020-01-01")},
	})
}
