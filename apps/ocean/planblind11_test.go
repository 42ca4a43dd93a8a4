package ocean

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
)

// The classes of the eleventh blind round (q363–q392), each checked in
// wordings of our own: other words, order, places and numbers than the
// corpus items.

type planCheck struct {
	q    string
	want func(QueryPlan) error
}

func checkPlans(t *testing.T, checks []planCheck) {
	t.Helper()
	gaz := geotest.Gazetteer(t)
	for _, c := range checks {
		p := readPlan(c.q, testNow(), gaz)
		if err := c.want(p); err != nil {
			t.Errorf("%q: %v\n  plan: %s; missing %q", c.q, err, describePlan(p), p.Missing)
		}
	}
}

func wantFrame(want string) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if got := frameOf(p); got != want {
			return fmt.Errorf("time %q, want %q", got, want)
		}
		return nil
	}
}

func wantNoMissing(p QueryPlan) error {
	if len(p.Missing) > 0 {
		return fmt.Errorf("missing %q, want none", p.Missing)
	}
	return nil
}

func wantMissing(slot string) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if !missingSlot(p, slot) {
			return fmt.Errorf("%s not missing", slot)
		}
		return nil
	}
}

func wantAll(fs ...func(QueryPlan) error) func(QueryPlan) error {
	return func(p QueryPlan) error {
		for _, f := range fs {
			if err := f(p); err != nil {
				return err
			}
		}
		return nil
	}
}

func wantDescribed(want string) func(QueryPlan) error {
	return func(p QueryPlan) error {
		if got := describePlan(p); got != want {
			return fmt.Errorf("got  %s\nwant %s", got, want)
		}
		return nil
	}
}

// TestQuarterLabels: "Q2" numbering a question or naming a meeting or a
// deck is no period; a quarter of last or this year is that quarter.
func TestQuarterLabels(t *testing.T) {
	checkPlans(t, []planCheck{
		{"For the Q2 team meeting: what was the mean salinity of float 1900857 in 2021?", wantFrame("2021-01-01..2022-01-01")},
		{"Quiz time! Q1 reads: how many profiles did float 2901623 send?", wantFrame("")},
		{"Q4) What is the max temperature of float 2901623?", wantFrame("")},
		{"Slides for my Q1 review please: float 5906072 max salinity in the second quarter of this year", wantFrame("2023-04-01..2023-07-01")},
		{"max temp of float 2901623 in Q1 of last year", wantFrame("2022-01-01..2022-04-01")},
		{"max temp of float 2901623 in last year's fourth quarter", wantFrame("2022-10-01..2023-01-01")},
		// still periods
		{"how many profiles did float 2901623 send in Q3?", wantFrame("2022-07-01..2022-10-01")},
		{"float 2901623 mean salinity, Q3 2021 review", wantFrame("2021-07-01..2021-10-01")},
	})
}

// TestExtremesAndTheirDifference: both extremes of one float and the
// gap between them is a range, not a comparison of two floats.
func TestExtremesAndTheirDifference(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Highest and lowest salinity of float 2901623 in 2020, and the difference between the two?", wantDescribed(
			`variable salinity, aggregate range, floats 2901623, time "2020" [2020-01-01, 2021-01-01), answer number`)},
		{"What is the difference between the maximum and the minimum temperature float 5906072 recorded?", wantDescribed(
			"variable temperature, aggregate range, floats 5906072, answer number")},
		// two floats' maxima are compared
		{"What is the difference between the maximum temperature of float 5906072 and float 2901623?", wantDescribed(
			"variable temperature, aggregate compare, floats 5906072,2901623, answer number")},
	})
}

// TestPressureAxisAndUnits: "the pressure range 200 to 800 dbar" filters
// by pressure without asking for it; "per kilogram" is a unit, no table.
func TestPressureAxisAndUnits(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Mean oxygen for float 2901623 over the pressure range 200 to 800 dbar in 2020", wantDescribed(
			`variable doxy, aggregate mean, floats 2901623, pressure 200–800 dbar, time "2020" [2020-01-01, 2021-01-01), answer number`)},
		{"average salinity of float 5906072 in the pressure band from 10 to 50 dbar, in grams per kilogram", wantDescribed(
			"variable salinity, aggregate mean, floats 5906072, pressure 10–50 dbar, answer number")},
		// pressure asked, and the range of depths reached
		{"What is the temperature and pressure of float 2901623 cycle 5?", wantDescribed(
			"variable temperature+pressure, aggregate value, floats 2901623, cycles 5, answer number")},
		{"What's the depth range float 2901623 covered?", wantDescribed("variable pressure, aggregate range, floats 2901623, answer number")},
	})
}

// TestPastedRows: a spreadsheet's header and a row with a cell to fill.
func TestPastedRows(t *testing.T) {
	checkPlans(t, []planCheck{
		{"float,cycle_number,pressure,psal\n5906072,12,500,?\nwhat goes in the blank?", wantDescribed(
			"variable salinity, aggregate value, floats 5906072, cycles 12, pressure 500 dbar (window 475–525 dbar), answer number")},
		{"Here is my sheet:\nplatform_number | cycle | depth_m | temperature | salinity\n2901623 | 7 | 200 | 14.2 | ???\nFill the salinity please", wantDescribed(
			"variable salinity, aggregate value, floats 2901623, cycles 7, pressure 200 dbar (window 190–210 dbar), answer number")},
		{"name age city\nbob 20 paris", func(p QueryPlan) error {
			if p.Variable != "" || len(p.Floats) > 0 {
				return fmt.Errorf("a table of no Argo columns read as %s", describePlan(p))
			}
			return nil
		}},
	})
}

// TestSpacedDegreeMinutes: "33 45S 151 20E" is 33°45'S 151°20'E; a
// decimal point inside a clause about the asker ends no clause.
func TestSpacedDegreeMinutes(t *testing.T) {
	near := func(lat, lon float64) func(QueryPlan) error {
		return func(p QueryPlan) error {
			if p.Near == nil || p.Near.Lat != lat || p.Near.Lon != lon {
				return fmt.Errorf("near %+v, want %g, %g", p.Near, lat, lon)
			}
			return nil
		}
	}
	checkPlans(t, []planCheck{
		{"Boat position 33 45S 151 20E. Which float is nearest?", near(-33.75, 151.3333)},
		{"Position 12 30N 065 15E: how many profiles within 200 km?", near(12.5, 65.25)},
		{"We are at 12.5S 45.25E; any floats within 200 km?", near(-12.5, 45.25)},
	})
}

// TestAnswerUnitsAndRecipient: "in Celsius" is the answer's unit and
// "give it to me" its recipient: neither is a place.
func TestAnswerUnitsAndRecipient(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Max temperature of float 2901623 in 2019, in Celsius please.", wantNoMissing},
		{"Send it to me as degrees Kelvin: max temp of float 2901623", wantNoMissing},
		{"mean temp of float 5906072 at 300 fathoms? read it out to us in Fahrenheit", wantNoMissing},
		// a place still asked of the asker
		{"which float is nearest to me?", wantMissing("near")},
	})
}

// TestYearsWithShortEnd: "1997-98" and "2018/19" are two years.
func TestYearsWithShortEnd(t *testing.T) {
	checkPlans(t, []planCheck{
		{"During the 1997-98 El Nino, what was the mean temp of float 2901623?", wantFrame("1997-01-01..1999-01-01")},
		{"Trend of salinity for float 2901623 over the 2018/19 season", wantFrame("2018-01-01..2020-01-01")},
		{"mean temp of float 2901623 from 2019-06 to 2019-09", wantFrame("2019-06-01..2019-10-01")},
	})
}

// TestSeasonsSetAgainstEachOther: seasons compared are no frame; the
// year asked is.
func TestSeasonsSetAgainstEachOther(t *testing.T) {
	checkPlans(t, []planCheck{
		{"For float 2901623, is spring warmer than autumn? Use 2020 data.", wantFrame("2020-01-01..2021-01-01")},
		{"Was float 5906072 colder in winter compared to summer, back in 2017?", wantFrame("2017-01-01..2018-01-01")},
		{"Is the Tasman Sea's surface saltier in winter versus summer? Monthly means for 2018 please.", wantFrame("2018-01-01..2019-01-01")},
		{"mean temperature of float 2901623 last summer", wantFrame("2022-06-01..2022-09-01")},
	})
}

// TestSeaOfTheData: a sea whose seasons or waters the asker speaks of in
// a clause about themselves is the sea asked.
func TestSeaOfTheData(t *testing.T) {
	region := func(want string) func(QueryPlan) error {
		return func(p QueryPlan) error {
			if p.Region != want {
				return fmt.Errorf("region %q, want %q", p.Region, want)
			}
			return nil
		}
	}
	checkPlans(t, []planCheck{
		{"We're painting a mural of the Coral Sea's waters. How warm is the surface on average in 2021?", region("Coral Sea")},
		{"I dream of the summers of the Labrador Sea; what was the mean surface temperature in 2020?", region("Labrador Sea")},
		{"I'm sailing in the Arabian Sea next week. What is the mean surface temperature of float 2901623?", region("")},
	})
}

// TestPlaceAfterAFloat: a place in parentheses after a float's number
// says which float, not which data.
func TestPlaceAfterAFloat(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Is float 5906072 (Bay of Bengal) warmer than float 2901623 (off Sri Lanka) at 100 dbar?", wantDescribed(
			"variable temperature, aggregate compare, floats 5906072,2901623, pressure 100 dbar (window 95–105 dbar), answer number")},
		{"Compare mean salinity of float 2901623 (the Labrador Sea) and float 5906072 (western Arabian Sea) over 0-200 dbar", wantDescribed(
			"variable salinity, aggregate compare, floats 2901623,5906072, pressure 0–200 dbar, answer number")},
		{"mean temperature of float 2901623 (Arabian Sea only) in 2020", func(p QueryPlan) error {
			if p.Region != "Arabian Sea" {
				return fmt.Errorf("region %q: the parentheses restrict", p.Region)
			}
			return nil
		}},
	})
}

// TestNumberCorrected: a number corrected as it is written is the
// correction.
func TestNumberCorrected(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Mean temperature at 500 m (or rather 1000 m) for float 5906072", func(p QueryPlan) error {
			if p.Pressure == nil || p.Pressure.Target != 1000 {
				return fmt.Errorf("pressure %+v, want at 1000", p.Pressure)
			}
			return nil
		}},
		{"max salinity of float 2901623 in 2018 no wait 2019", wantFrame("2019-01-01..2020-01-01")},
		{"Which 4 floats, sorry, make that 6 floats, are nearest to Muscat?", func(p QueryPlan) error {
			if p.Rank == nil || p.Rank.N != 6 {
				return fmt.Errorf("rank %+v, want the 6 nearest", p.Rank)
			}
			return nil
		}},
		// a float's number is not corrected by a count
		{"the 4 deepest profiles of float 2901623, sorry, 6 profiles", func(p QueryPlan) error {
			if !slices.Equal(p.Floats, []string{"2901623"}) {
				return fmt.Errorf("floats %v", p.Floats)
			}
			return nil
		}},
	})
}

// TestLowerCaseSeaAmongCapitals: "the caspian sea" in a question with
// capitals elsewhere is still a sea the gateway does not know.
func TestLowerCaseSeaAmongCapitals(t *testing.T) {
	checkPlans(t, []planCheck{
		{"Mean SST in the caspian sea in 2019?", wantMissing("region")},
		{"What's the max Salinity of the north sea last summer", wantMissing("region")},
		{"What's the SST in the open ocean near 10N 65E?", wantNoMissing},
	})
}

// TestHindiEnglish: Hindi words of the slots, in Latin letters.
func TestHindiEnglish(t *testing.T) {
	rank := func(by string) func(QueryPlan) error {
		return func(p QueryPlan) error {
			if p.Rank == nil || p.Rank.By != by || p.Rank.Of != "float" {
				return fmt.Errorf("rank %+v, want floats by %s", p.Rank, by)
			}
			return nil
		}
	}
	checkPlans(t, []planCheck{
		{"bhai Arabian Sea mein sabse zyada profiles kis float ne bheje?", rank("most_profiles")},
		{"Pacific mein kaunsa float sabse latest report kiya?", rank("latest")},
		{"float 2901623 ka ausat taapmaan 2020 mein kitna tha?", func(p QueryPlan) error {
			if p.Variable != "temperature" || p.Aggregate != "mean" {
				return fmt.Errorf("%s, want the mean temperature", describePlan(p))
			}
			return nil
		}},
	})
	if q := "which float measured the warmest water"; !strings.EqualFold(rewordForeign(q), q) {
		t.Errorf("English reworded: %q", rewordForeign(q))
	}
}
