package ocean

import (
	"fmt"
	"testing"
)

// The classes of the seventeenth blind round (q543–q572), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

func withVariables(v string, with ...string) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if p.Variable != v || fmt.Sprint(p.With) != fmt.Sprint(with) {
			return fmt.Errorf("variable %q with %v, want %q with %v", p.Variable, p.With, v, with)
		}
		return nil
	}
}

// TestAskerIntroducedWithAside: "ROLE here" followed by an aside in
// brackets introduces the asker; it asks about no "here".
func TestAskerIntroducedWithAside(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Physics tutor here (year 12, we're on heat capacity). What was the mean temperature of float 2901780 at 500 m in 2019?", wantAll(wantNoPlace, aggregateIs("mean"))},
		{"Geography teacher here [year 9 class] how many profiles has float 6901929 sent?", wantAll(wantNoPlace, aggregateIs("count"))},
		{"Marine biology undergrad here (first year!) - what's the maximum salinity float 2902269 ever measured?", wantAll(wantNoPlace, aggregateIs("max"))},
		{"Oceanography PhD student here (third year), what was the median salinity of float 2902269 at 200 dbar?", wantAll(wantNoPlace, aggregateIs("median"))},
		// asked for, "here" still is a place
		{"what is the surface temperature here (roughly)?", wantMissing("near")},
	})
}

// TestSalutationFromTown: a salutation said from somewhere ("73 from a
// ham in Oslo", "Regards from Hobart", "Aloha from Hilo") tells where the
// asker is, no filter.
func TestSalutationFromTown(t *testing.T) {
	checkPlans(t, []planCheck{
		{"73 from an amateur radio operator in Wellington. What was the surface temperature of float 5906072 in 2020?", wantAll(wantNoPlace, variableIs("temperature"))},
		{"Regards from a retired sailor in Hobart. How many profiles did float 5906072 send in 2021?", wantAll(wantNoPlace, aggregateIs("count"))},
		{"Aloha from a snorkel guide in Hilo! How deep does float 5906072 usually dive?", wantNoPlace},
		{"Cheers from a fisherman in Mombasa. What was the mean temperature at 50 m for float 2902269?", wantAll(wantNoPlace, aggregateIs("mean"))},
		{"Love from Grandma in Perth. What was the coldest surface temperature float 5900865 measured?", wantNoPlace},
		{"Best wishes from a school in Lisbon. What was the average salinity of float 2902269 at 1000 dbar?", wantAll(wantNoPlace, aggregateIs("mean"))},
	})
}

// TestRadiusCentreIsThePoint: a radius measured from a named place is
// measured from it, whatever other place the question names first.
func TestRadiusCentreIsThePoint(t *testing.T) {
	checkPlans(t, []planCheck{
		{"The ferry from Mombasa to Zanzibar: what was the mean surface temperature within 200 km of Zanzibar?", wantAll(nearPlace("Zanzibar"), radiusIs(200))},
		{"running a boat out of Galle for years and every trip the guests ask so within 600 km of Colombo what is the warmest water at 20 m", wantAll(nearPlace("Colombo"), radiusIs(600))},
		{"From Muscat to Karachi by dhow: within 250 km of Karachi what was the mean temperature at 10 m in 2019?", wantAll(nearPlace("Karachi"), radiusIs(250))},
		{"Leaving Durban soon. Within 400 km of Maputo, what's the average salinity at 200 m?", wantAll(nearPlace("Maputo"), radiusIs(400))},
	})
}

// TestHabitAsksNoTable: how often the asker does something ("every
// season", "each summer", "every time I go out") lists nothing; "each
// float" still does.
func TestHabitAsksNoTable(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Every summer we sail past Oman; what was the average surface temperature in the Arabian Sea in August 2019?", answerIs("number")},
		{"I guide dives off Male each season, so what was the maximum temperature at 30 m within 200 km of Male in 2020?", answerIs("number")},
		{"Each winter the Chennai fishermen ask me, so what was the lowest temperature at 100 m within 300 km of Chennai in 2018?", answerIs("number")},
		{"every time I go out on the boat I wonder what the mean surface salinity of float 2902269 was in 2019", answerIs("number")},
		{"the mean temperature at 500 m for each float in the Arabian Sea in 2019", answerIs("table")},
	})
}

// TestTableCited: a document's numbered table cited ("(Table 4)", "see
// table S2") asks for no table.
func TestTableCited(t *testing.T) {
	checkPlans(t, []planCheck{
		{"The report gives 35.6 for float 2902269 (see Table 4). What was its mean salinity at 100 dbar in 2018?", answerIs("number")},
		{"As in table S2 of the paper, what was the maximum temperature of float 5906072 at 1000 dbar?", answerIs("number")},
		{"In Table 3.1 the thesis says 4.1 °C; what was the mean temperature of float 4901079 at 1500 m in 2011?", answerIs("number")},
		{"Tables 2 and 3 of the chapter disagree. What is the median salinity of float 2901780 at the surface in 2015?", answerIs("number")},
		{"a table of the mean salinity of float 2901780 per month in 2015", answerIs("table")},
	})
}

// TestQuestionRelayed: a question relayed ("my pupils ask me which …")
// asks, so the sentences around it are background; a name after
// "nearest to" in any case is the question's own place.
func TestQuestionRelayed(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Hello I teach in Mombasa My students ask me which float is nearest to Zanzibar Please tell us", nearPlace("Zanzibar")},
		{"i run a dive shop in hikkaduwa. my customers ask me which two floats are closest to male. any idea?", nearPlace("Male")},
		{"Hi I am a teacher in Toamasina My class asks me which three floats are nearest to Mauritius Please help", nearPlace("Mauritius")},
		{"we live in durban. our kids asked us: which float came closest to maputo?", nearPlace("Maputo")},
	})
}

// TestWereTypedForWeAre: "were" typed for "we're" before a word of
// where or when ("Were on holiday …", "Were off Fremantle …") opens a
// clause about the asker: its times are no filter.
func TestWereTypedForWeAre(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Were on holiday in Goa next month and my son loves these floats Can you map where float 2902269 went in 2019", wantFrame("2019-01-01..2020-01-01")},
		{"Were off Fremantle next week on a yacht Could you plot the track of float 5900865 during 2006", wantFrame("2006-01-01..2007-01-01")},
		{"Were back in Cairns this week and curious Show me where float 5906072 drifted in 2017", wantFrame("2017-01-01..2018-01-01")},
		// a question's "were" is no asker
		{"Were the floats near Perth warmer in 2019 than in 2018?", wantFrame("2019-01-01..2020-01-01")},
	})
}

// TestProfileVariableFromDepthChange: a profile asked with no variable
// named is the one variable the question says goes with depth ("gets
// colder as you go down", "the deeper, the saltier"); else a CTD cast's
// temperature and salinity.
func TestProfileVariableFromDepthChange(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Our poster shows that the deeper you go, the colder it gets. Can you plot float 5906072's most recent profile?", withVariables("temperature")},
		{"I'm making a poster on how the sea gets saltier as you go deeper. Please plot the last profile of float 2902269.", withVariables("salinity")},
		{"We're teaching how the water gets colder with depth. Could you plot the newest profile of float 2901780?", withVariables("temperature")},
		{"My museum panel is about how it gets fresher further down. Can you draw the latest profile of float 2902269?", withVariables("salinity")},
		{"plot the latest profile of float 2901780", withVariables("temperature", "salinity")},
	})
}

// TestSurfaceSeriesDrawn: one float's surface values over a span, drawn,
// are a time series, as a level's are.
func TestSurfaceSeriesDrawn(t *testing.T) {
	checkPlans(t, []planCheck{
		{"graph the surface temperature of float 2902269 from January 2019 to June 2020", aggregateIs("timeseries")},
		{"chart the sea surface salinity for float 5906072 during 2018", aggregateIs("timeseries")},
		{"plot the near-surface temperature of float 4901079 between 2012 and 2014", aggregateIs("timeseries")},
	})
}

// TestComparisonTheAskerMakes: "so I can compare", "to compare it with
// my numbers", "for comparison with the paper's" ask the one quantity;
// a comparison with a named float or year is still one.
func TestComparisonTheAskerMakes(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Can you give me the mean salinity of float 2902269 at 500 m in 2018 so I can compare it with my own numbers?", wantAll(aggregateIs("mean"), wantNoMissing)},
		{"My logger read 28.9 at the surface last March. What was float 5906072's maximum surface temperature in March 2022? I want to compare.", wantAll(aggregateIs("max"), wantNoMissing)},
		{"Please compute the median temperature at 1000 dbar for float 4901079 in 2015, for comparison with the paper's value.", wantAll(aggregateIs("median"), wantNoMissing)},
		{"give me the mean salinity of float 2902269 at 500 m so I can compare it with float 5906072", aggregateIs("compare")},
	})
}

// The classes a colleague's own wordings found after round 16
// (ocean-fixer16b), each in wordings other than theirs.

// TestCycleSpansWritten: a span of cycles with the noun twice ("from
// cycle 10 to cycle 20"), once before "from" ("every cycle from 10 to
// 20", "profiles between 4 and 12") is every cycle of it; the first N
// cycles are cycles 1–N; years and depths are no cycles.
func TestCycleSpansWritten(t *testing.T) {
	checkPlans(t, []planCheck{
		{"max salinity of float 2902269 from cycle 5 to cycle 15", cyclesAre(5, 15)},
		{"plot the temperature at 200 m for every cycle from 30 to 40 of float 5906072", cyclesAre(30, 40)},
		{"mean oxygen in profiles between 4 and 12 of float 5906072", cyclesAre(4, 12)},
		{"cast 7 through cast 9 of float 2901780: the surface temperature", cyclesAre(7, 9)},
		{"the average temperature over the first 8 cycles of float 2902269", cyclesAre(1, 8)},
		{"how salty was float 5906072 in its first five profiles", cyclesAre(1, 5)},
		{"how many profiles from 2010 to 2015 for float 4901079", wantSlot("cycles", func(p QueryPlan) any { return len(p.Cycles) }, 0)},
		{"mean temperature of float 4901079 profiles from 100 to 500 m", wantSlot("cycles", func(p QueryPlan) any { return len(p.Cycles) }, 0)},
	})
}

// TestAskersPlacePointedBack: "there", "near us", "around here" pointing
// back at the place the asker named ("a diver in Zanzibar", "we live in
// Mombasa") asks near it; "is there" points at nothing.
func TestAskersPlacePointedBack(t *testing.T) {
	checkPlans(t, []planCheck{
		{"I teach sailing in Mombasa. Has the surface water got saltier there since 2015?", wantAll(nearPlace("Mombasa"), radiusIs(300))},
		{"Our family lives in Chennai; how warm is the sea around us at 10 m in 2021?", wantAll(nearPlace("Chennai"), radiusIs(300))},
		{"I run a dive shop in Trincomalee, what was the coldest water at 30 m around here in 2020?", nearPlace("Trincomalee")},
		{"We're based in Zanzibar - is the water near us colder at 100 m than it was in 2010?", nearPlace("Zanzibar")},
		{"I live in Chennai. Is there a float that measured oxygen in 2019?", wantNoPlace},
	})
}
