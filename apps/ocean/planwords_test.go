package ocean

import (
	"slices"
	"testing"
)

// TestPlanClippedWords: clipped words and abbreviations fill the slots
// their full words fill, in any rule (cycles, aggregates, units, time).
func TestPlanClippedWords(t *testing.T) {
	cases := []struct {
		q         string
		variable  string
		aggregate string
		cycles    []int
	}{
		{"min temp float 5906072 cy. 7", "temperature", "min", []int{7}},
		{"median PSAL_ADJUSTED for 2902696 cyc. 3", "salinity", "median", []int{3}},
		{"avg sal 2902269 prof 12", "salinity", "mean", []int{12}},
		{"med temp of float 1900857 cycs 4-6", "temperature", "median", []int{4, 5, 6}},
		{"max pres reached by flt 2901746", "pressure", "max", nil},
		{"ave o2 for float 3902131", "doxy", "mean", nil},
		{"sfc temps trend /yr float 5906072", "temperature", "trend", nil},
	}
	for _, c := range cases {
		p := readPlan(c.q, testNow(), nil)
		if p.Variable != c.variable || p.Aggregate != c.aggregate || !slices.Equal(p.Cycles, c.cycles) {
			t.Errorf("%q: variable %q aggregate %q cycles %v; want %q %q %v", c.q, p.Variable, p.Aggregate, p.Cycles, c.variable, c.aggregate, c.cycles)
		}
	}
	// "the med" is the sea, "med" alone the median; "last 2 yrs" a time
	p := readPlan("med sal in the Med", testNow(), nil)
	if p.Aggregate != "median" || p.Region != "Mediterranean Sea" {
		t.Errorf("med sal in the Med: aggregate %q region %q", p.Aggregate, p.Region)
	}
	p = readPlan("mean temp of float 5906072 over the last 2 yrs", testNow(), nil)
	if p.Time == nil || p.Time.From != "2021-04-27" {
		t.Errorf("last 2 yrs: time %+v", p.Time)
	}
}

// TestPlanWordForms: past tenses, comparatives and derived forms name
// the variable and a change over time.
func TestPlanWordForms(t *testing.T) {
	cases := []struct{ q, variable, aggregate string }{
		{"Did the Bay of Bengal cool down after 2015?", "temperature", "trend"},
		{"has the Arabian Sea gotten hotter", "temperature", "trend"},
		{"Is the Red Sea getting saltier?", "salinity", "trend"},
		{"did the Sea of Japan freshen at the surface", "salinity", "trend"},
		{"how much has float 5906072 freshened since 2019", "salinity", "trend"},
		{"the surface of the Arabian Sea heated up, by how much per year?", "temperature", "trend"},
		{"float 2902696's deepest dive", "pressure", "max"},
		{"how deep did float 2901746 dive", "pressure", "max"},
		{"hottest water float 5906072 saw", "temperature", "max"},
		{"Which is hotter, 5900446 or 5906072?", "temperature", "compare"},
	}
	for _, c := range cases {
		p := readPlan(c.q, testNow(), nil)
		if p.Variable != c.variable || p.Aggregate != c.aggregate {
			t.Errorf("%q: variable %q aggregate %q; want %q %q", c.q, p.Variable, p.Aggregate, c.variable, c.aggregate)
		}
	}
}

// TestPlanWhenReported: "when did float X last report" asks for the time
// of its last profile (a ranking of floats by time), not the profile.
func TestPlanWhenReported(t *testing.T) {
	for q, by := range map[string]string{
		"When did 5906072 last transmit?":                        "latest",
		"when was float 2902269 last heard from":                 "latest",
		"when did float 1900857 surface for the last time?":      "latest",
		"When did float 2901746 stop reporting?":                 "latest",
		"On what date did float 5900446 send its final profile?": "latest",
		"When did float 3902131 first report?":                   "earliest",
	} {
		p := readPlan(q, testNow(), nil)
		if p.Rank == nil || p.Rank.By != by || p.Rank.Of != "float" || p.Aggregate != "" || p.Variable != "" || p.Pressure != nil || len(p.Floats) != 1 {
			t.Errorf("%q: %s; want rank %s of float, no aggregate", q, describePlan(p), by)
		}
	}
	// the launch date is the metadata's: no plan, the sql agent states it
	if p := readPlan("When was float 2902696 deployed?", testNow(), nil); p.Actionable() {
		t.Errorf("deployed: %s", describePlan(p))
	}
}

// TestPlanBinSize: the size of depth bins is read however it is
// written, and is not read as a pressure; a layer named once is a depth.
func TestPlanBinSize(t *testing.T) {
	cases := []struct {
		q   string
		bin float64
	}{
		{"average salinity of float 2902269 per 200-metre layer", 200},
		{"mean oxygen of float 3902131 in bins of 500 dbar", 500},
		{"bin it every 50 m and give me the mean temperature of float 5900865", 50},
		{"median temp of 1900857 binned by 400 dbar", 400},
		{"mean salinity for float 4901079 in 150 m layers", 150},
		{"float 2901746 mean temperature, 0.5 km depth bins", 500},
	}
	for _, c := range cases {
		p := readPlan(c.q, testNow(), nil)
		if p.GroupBy != "depth_bin" || p.BinDbar != c.bin || p.Pressure != nil {
			t.Errorf("%q: group %q bin %g pressure %+v; want depth_bin %g, no pressure", c.q, p.GroupBy, p.BinDbar, p.Pressure, c.bin)
		}
	}
	for _, q := range []string{"mean temperature of float 5900865 at 500 m", "salinity of float 2902269 in the 300 m layer"} {
		if p := readPlan(q, testNow(), nil); p.GroupBy != "" {
			t.Errorf("%q: grouped by %q %g", q, p.GroupBy, p.BinDbar)
		}
	}
}

// TestPlanCompareWordings: two floats set side by side are compared,
// however the comparison is worded; their mean alone is not.
func TestPlanCompareWordings(t *testing.T) {
	for _, q := range []string{
		"how does float 2902269 stack up against float 2902696 for surface salinity?",
		"mean temperature at 1000 dbar: 1900857 as opposed to 5900865",
		"what's the average oxygen of 3902131 relative to 2902269",
		"which has the warmer mean at 300 m, float 4901079 or float 5900446?",
		"average salinity of float 2901746 compared with float 2901780, by how much do they differ",
	} {
		if p := readPlan(q, testNow(), nil); p.Aggregate != "compare" || len(p.Floats) != 2 {
			t.Errorf("%q: aggregate %q floats %v; want compare of two", q, p.Aggregate, p.Floats)
		}
	}
	for _, q := range []string{"mean temperature of floats 2901746 and 2901780 at 1000 dbar", "what is the average temperature of floats 2901746 or 2901780"} {
		if p := readPlan(q, testNow(), nil); p.Aggregate != "mean" {
			t.Errorf("%q: aggregate %q; want mean", q, p.Aggregate)
		}
	}
}

// TestPlanSpokenDigits: a WMO number read aloud digit by digit is the
// float.
func TestPlanSpokenDigits(t *testing.T) {
	cases := []struct{ q, float string }{
		{"plot the salinity profile of float two nine oh two two six nine cycle five", "2902269"},
		{"what is the mean temperature of wmo four nine zero one zero seven nine", "4901079"},
		{"float one nine double oh eight five seven, deepest dive?", "1900857"},
	}
	for _, c := range cases {
		if p := readPlan(c.q, testNow(), nil); !slices.Equal(p.Floats, []string{c.float}) || len(p.Missing) > 0 {
			t.Errorf("%q: floats %v missing %v; want %s", c.q, p.Floats, p.Missing, c.float)
		}
	}
}

// TestPlanRespelled: a slip of one letter in a word of an aggregate or
// a ranking is read as the word; real words near them are not.
func TestPlanRespelled(t *testing.T) {
	cases := []struct{ q, variable, aggregate string }{
		{"whats the avrage salinty of float 2902269", "salinity", "mean"},
		{"Maximun temprature float 1900857 ever saw?", "temperature", "max"},
		{"the coldist reading from float 4901079", "temperature", "min"},
		{"hotest water float 5906072 measured", "temperature", "max"},
		{"draw the trajectroy of float 6903247", "", "track"},
	}
	for _, c := range cases {
		if p := readPlan(c.q, testNow(), nil); p.Variable != c.variable || p.Aggregate != c.aggregate {
			t.Errorf("%q: variable %q aggregate %q; want %q %q", c.q, p.Variable, p.Aggregate, c.variable, c.aggregate)
		}
	}
	for _, q := range []string{"did float 2902269 freshen at the surface", "when was float 5906072 last profiled"} {
		if got := respell(q); got != q {
			t.Errorf("respell(%q) = %q", q, got)
		}
	}
}

// TestPlanPlotDeclined: a plot declined ("no graphs", "don't map it",
// "numbers only") or a figure that is a number ("one figure", "the
// headline figure") does not make the answer a plot; a plot asked for
// still does.
func TestPlanPlotDeclined(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"I need a single figure for my report: mean salinity of float 2902269 in 2019", "number"},
		{"what's the headline figure for the temperature trend of float 5906072 since 2019? not a chart", "number"},
		{"temperature time series of float 5900446 at 500 dbar, no graphs please", "table"},
		{"trajectory of float 2901746 in 2010 — don't map it, just list the positions", "table"},
		{"show the salinity profile of float 2902269 cycle 30, numbers only", "table"},
		{"mean temperature of float 4901079 without a plot", "number"},
		{"Plot the salinity of float 5900446 over time at 1000 dbar", "plot"},
		{"don't forget to map the track of float 2901746", "plot"},
		{"make a figure of the temperature profile of float 2902269 cycle 12", "plot"},
	} {
		if p := readPlan(c.q, testNow(), nil); p.Answer != c.want {
			t.Errorf("%q: answer %s, want %s", c.q, p.Answer, c.want)
		}
	}
}

// TestPlanCodeFilters: pressure filters written as pandas, SQL or
// comparisons are the pressure range they select.
func TestPlanCodeFilters(t *testing.T) {
	for _, c := range []struct {
		q        string
		min, max float64
	}{
		{"df[df['PRES'].between(200, 500)]['psal'].median() for float 2902269", 200, 500},
		{"SELECT max(temp) FROM levels WHERE wmo = 5906072 AND pres BETWEEN 1000 AND 1500", 1000, 1500},
		{"mean salinity for float 2902269 where pres >= 50 and pres <= 300", 50, 300},
		{"average oxygen of float 2902269 with (pressure < 200) & (pressure > 20)", 20, 200},
		{"median temperature of float 4901079 for 100 <= pres < 400", 100, 400},
		{"max salinity of float 2902269 where pres > 1200", 1200, 12000},
		{"mean temperature of float 2902269 where PRES_ADJUSTED <= 10", 0, 10},
		// an equality is a level: the window around it
		{"df[df.pres == 500].temp.mean() for float 5906072", 475, 525},
		{"SELECT psal FROM argo WHERE platform = 2902269 AND pressure = 200", 190, 210},
		{"temperature of float 1900857 where depth=1500 m, by cycle", 1425, 1575},
	} {
		p := readPlan(c.q, testNow(), nil)
		if p.Pressure == nil || p.Pressure.Min != c.min || p.Pressure.Max != c.max {
			t.Errorf("%q: pressure %+v, want %g–%g", c.q, p.Pressure, c.min, c.max)
		}
	}
}

// TestPlanSpacedWMO: a WMO number written in groups of three after a
// word naming a float's number is one number; other numbers stay apart.
func TestPlanSpacedWMO(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"WMO 5 906 072: mean temperature at 1000 m in 2021", []string{"5906072"}},
		{"max salinity of float #2,902,269 last year", []string{"2902269"}},
		{"platform no. 4 901 079 — salinity profile of cycle 40", []string{"4901079"}},
		{"for Argo float 1\u00a0900\u00a0857 what was the deepest dive", []string{"1900857"}},
		{"2 floats, 10 cycles and 300 profiles in the Arabian Sea", nil},
		{"float 2 902 269 100 m", nil}, // a measure follows: not read as one
		{"float 2 902,269 temperature", nil},
	} {
		if p := readPlan(c.q, testNow(), nil); !slices.Equal(p.Floats, c.want) {
			t.Errorf("%q: floats %v, want %v", c.q, p.Floats, c.want)
		}
	}
}

// TestPlanTimesBack: a count of years (months, weeks) back from now is
// that calendar year (month, week), as "last year" is.
func TestPlanTimesBack(t *testing.T) {
	for _, c := range []struct{ q, from, to string }{
		{"mean salinity of float 2902269 two years ago", "2021-01-01", "2022-01-01"},
		{"what was the max temperature of float 1900857 ten years back", "2013-01-01", "2014-01-01"},
		{"surface temperature of float 5906072 the year before last", "2021-01-01", "2022-01-01"},
		{"how many profiles did float 6903247 send three months ago", "2023-01-01", "2023-02-01"},
		{"average temperature in the Arabian Sea half a decade ago", "2018-01-01", "2019-01-01"},
		{"mean salinity of float 2902269 one and a half years ago", "", ""}, // no calendar year is that far back
		{"max temperature of float 1900857 a few years ago", "", ""},
		{"median salinity of float 1900857 fifteen years earlier", "2008-01-01", "2009-01-01"},
	} {
		p := readPlan(c.q, testNow(), nil)
		from, to := "", ""
		if p.Time != nil {
			from, to = p.Time.From, p.Time.To
		}
		if from != c.from || to != c.to {
			t.Errorf("%q: time [%s, %s), want [%s, %s)", c.q, from, to, c.from, c.to)
		}
		if c.from == "" && !missingSlot(p, "time") {
			t.Errorf("%q: time not read and not missing: %q", c.q, p.Missing)
		}
	}
}

// TestPlanPluralPlotWords: plots, charts, graphs, diagrams and maps ask
// for a plot as the singular words do.
func TestPlanPluralPlotWords(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"make me some charts of the salinity of float 2902269 over time", "plot"},
		{"graphs of the track of float 5906072 in 2021 please", "plot"},
		{"I'd like plots of the temperature profiles of float 2901746 cycles 3-5", "plot"},
		{"T-S diagrams for float 4901079 cycles 10 to 12", "plot"},
		{"mean salinity of float 2902269 in 2019, no graphs", "number"},
	} {
		if p := readPlan(c.q, testNow(), nil); p.Answer != c.want {
			t.Errorf("%q: answer %s, want %s", c.q, p.Answer, c.want)
		}
	}
}

// TestPlanForeignWords: the slots written in French, Spanish,
// Portuguese or German (German compounds too) read as in English.
func TestPlanForeignWords(t *testing.T) {
	type want struct {
		variable, agg string
		target        float64
		surface       bool
		from, to      string
	}
	for q, w := range map[string]want{
		"température maximale à 1000 m du flotteur 6901234 en 2017":            {"temperature", "max", 1000, false, "2017-01-01", "2018-01-01"},
		"salinidad media en superficie, flotador 3901555, invierno 2020":       {"salinity", "mean", 0, true, "2020-12-01", "2021-03-01"},
		"temperatura mínima a 200 metros de profundidad, boya 4902111":         {"temperature", "min", 200, false, "", ""},
		"mittlerer Salzgehalt bei 300 m, Boje 1901999, Herbst 2016":            {"salinity", "mean", 300, false, "2016-09-01", "2016-12-01"},
		"Höchsttemperatur in 750 m Tiefe, float 5904321":                       {"temperature", "max", 750, false, "", ""},
		"Oberflächentemperatur Durchschnitt float 2903333, Juli 2021":          {"temperature", "mean", 0, true, "2021-07-01", "2021-08-01"},
		"salinidade média na superfície do flutuador 3902000 no verão de 2019": {"salinity", "mean", 0, true, "2019-06-01", "2019-09-01"},
	} {
		p := readPlan(q, testNow(), nil)
		got := want{variable: p.Variable, agg: p.Aggregate}
		if r := p.Pressure; r != nil {
			got.target, got.surface = r.Target, r.Surface
		}
		if p.Time != nil {
			got.from, got.to = p.Time.From, p.Time.To
		}
		if got != w || len(p.Floats) != 1 {
			t.Errorf("%q: %s; want %+v and one float", q, describePlan(p), w)
		}
	}
	// English stays as written: "in 500 m" alone is no foreign depth
	for _, q := range []string{"mean temperature in 500 m bins for float 2901746", "a 500 m layer mean for float 2901746"} {
		if got := rewordForeign(q); got != q {
			t.Errorf("rewordForeign(%q) = %q", q, got)
		}
	}
}

// TestPlanQueryString: key=value pairs read as the slots they name.
func TestPlanQueryString(t *testing.T) {
	for q, w := range map[string]string{
		"?wmo=6903000&var=psal&agg=max&depth=1000":                     "variable salinity, aggregate max, floats 6903000, pressure 1000 dbar (window 950–1050 dbar), answer number",
		"/query?platform=1902100&variable=temperature&cycle=25":        "variable temperature, aggregate value, floats 1902100, cycles 25, answer number",
		"float=4901999 var=doxy agg=mean pres=0-200":                   "variable doxy, aggregate mean, floats 4901999, pressure 0–200 dbar, answer number",
		"https://x.org/ask?float=2903111&var=temp&agg=avg&group=month": "variable temperature, aggregate mean, floats 2903111, group by month, answer table",
	} {
		if got := describePlan(readPlan(q, testNow(), nil)); got != w {
			t.Errorf("%q:\n got %s\nwant %s", q, got, w)
		}
	}
	if q := "what is x=1 in the plot"; rewordQueryString(q) != q {
		t.Errorf("rewordQueryString(%q) = %q", q, rewordQueryString(q))
	}
}
