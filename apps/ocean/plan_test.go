package ocean

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/llm"
)

// TestPlanPolicyOnCorpus scores the plan policy alone on the corpus (no
// data needed): the four examples must be planned exactly, and
// the tuned and held-out parts keep their floors.
func TestPlanPolicyOnCorpus(t *testing.T) {
	var tuned, held corpusScore
	var tunedR, heldR [19]corpusScore // by round
	gaz := geotest.Gazetteer(t)
	for _, c := range loadCorpus(t) {
		got := readPlan(c.Q, testNow(), gaz)
		bad := wrongSlots(c.Plan, got)
		sc := &tuned
		if c.heldOut() {
			sc = &held
		}
		sc.questions++
		sc.slots += len(planSlots)
		sc.slotsRight += len(planSlots) - len(bad)
		if len(bad) == 0 {
			sc.planExact++
		}
		if r := c.round(); r > 1 {
			sc2 := &tunedR[r]
			if c.heldOut() {
				sc2 = &heldR[r]
			}
			sc2.questions++
			sc2.slots += len(planSlots)
			sc2.slotsRight += len(planSlots) - len(bad)
			if len(bad) == 0 {
				sc2.planExact++
			}
		}
		if len(bad) > 0 {
			if c.ID <= "q04" {
				t.Errorf("%s %q: %s", c.ID, c.Q, strings.Join(bad, "; "))
			} else if c.heldOut() {
				t.Logf("%s (held out: its text and slots are not shown, so that nobody tunes on it)", c.ID)
			} else {
				t.Logf("%s %q: %s", c.ID, c.Q, strings.Join(bad, "; "))
			}
		}
		if len(c.Plan.Missing) == 0 {
			if err := got.Validate(); err != nil {
				t.Errorf("%s: the policy's plan is invalid: %v", c.ID, err)
			}
		}
	}
	t.Logf("plans, tuned: %s", tuned)
	t.Logf("plans, held out: %s", held)
	for r, name := range []string{2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth", 13: "thirteenth", 14: "fourteenth", 15: "fifteenth", 16: "sixteenth", 17: "seventeenth", 18: "eighteenth"} {
		if name == "" {
			continue
		}
		t.Logf("plans, %s round tuned: %s", name, tunedR[r])
		t.Logf("plans, %s round held out: %s", name, heldR[r])
	}
	if pct(tuned.planExact, tuned.questions) < 90 || pct(held.planExact, held.questions) < 75 {
		t.Errorf("plan scores below their floors (90%% tuned, 75%% held out): tuned %s; held out %s", tuned, held)
	}
}

func TestPlanValidate(t *testing.T) {
	ok := QueryPlan{Variable: "salinity", Aggregate: "max", Floats: []string{"2902269"}, Answer: "number"}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]QueryPlan{
		"variable":   {Variable: "density", Answer: "number"},
		"aggregate":  {Aggregate: "sum", Answer: "number"},
		"answer":     {Answer: "poem"},
		"floats":     {Floats: []string{"29"}, Answer: "number"},
		"pressure":   {Pressure: &PressureRange{Min: 500, Max: 100}, Answer: "number"},
		"region":     {Region: "Atlantis", Answer: "number"},
		"box":        {Box: &Box{MinLat: 20, MaxLat: 10, MinLon: 0, MaxLon: 5}, Answer: "number"},
		"near":       {Near: &Near{Lat: 91, Lon: 0}, Answer: "number"},
		"time":       {Time: &TimeFrame{From: "2019-13-01"}, Answer: "number"},
		"time order": {Time: &TimeFrame{From: "2020-01-01", To: "2019-01-01"}, Answer: "number"},
		"groupBy":    {GroupBy: "week", Answer: "number"},
		"rank":       {Rank: &Ranking{By: "prettiest"}, Answer: "number"},
	} {
		err := p.Validate()
		if !errors.Is(err, ErrBadPlan) || !strings.Contains(err.Error(), strings.Fields(name)[0]) {
			t.Errorf("%s: %v, want an ErrBadPlan naming the slot", name, err)
		}
	}
}

// TestPlanFromModel: a configured plan model fills the QueryPlan through
// its schema; an invalid plan goes back for repair; the WMO numbers the
// question writes are kept even when the model drops them; the answer
// comes from the query of the model's plan.
func TestPlanFromModel(t *testing.T) {
	s, ix := fixture(t)
	model := llm.Script(
		`{"variable": "salinty", "aggregate": "max", "answer": "number", "reasoning": "typo"}`,
		`{"variable": "salinity", "aggregate": "max", "answer": "number", "reasoning": "max salinity of the float"}`,
	)
	a, err := New(s, s, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"plan": model})})
	if err != nil {
		t.Fatal(err)
	}
	r := ask(t, a, "What is the maximum salinity recorded by float 2902269?")
	if r.Plan.Source != "model" || r.Plan.Variable != "salinity" || fmt.Sprint(r.Plan.Floats) != "[2902269]" {
		t.Fatalf("plan = %+v", r.Plan)
	}
	if model.Calls() != 2 || !strings.Contains(model.Requests()[1].Messages[len(model.Requests()[1].Messages)-1].Content, "variable") {
		t.Errorf("the invalid plan was not sent back for repair (%d calls)", model.Calls())
	}
	want, err := a.RunPlan(context.Background(), planRules("What is the maximum salinity recorded by float 2902269?", testNow()))
	if err != nil {
		t.Fatal(err)
	}
	v := fmtVal(want.Rows[0][0], varSpecs["salinity"])
	if r.Result == nil || !strings.Contains(r.Response, "maximum salinity for float 2902269 is "+v+" PSU") {
		t.Errorf("answer lacks %s PSU:\n%s", v, r.Response)
	}
	for _, ag := range r.Agents {
		if ag.Result != nil {
			t.Errorf("the %s agent's report repeats the answer's result", ag.Agent)
		}
	}
}

// TestAskNamesWhatIsMissing: a question that needs a slot it does not
// give is answered by naming the slot, never by the float summary.
func TestAskNamesWhatIsMissing(t *testing.T) {
	a := newApp(t, Options{})
	for q, slot := range map[string]string{
		"What is the maximum recorded by float 2902269?": "variable",
		"average temperature in the Red Sea":             "region",
		"Which float is nearest to the coast?":           "near",
	} {
		r := ask(t, a, q)
		if !strings.Contains(r.Response, "cannot be answered as asked") || !strings.Contains(r.Response, slot+":") {
			t.Errorf("%q: answer does not name %q:\n%s", q, slot, r.Response)
		}
		if strings.Contains(r.Response, "was launched") {
			t.Errorf("%q: the float summary stands in for the answer:\n%s", q, r.Response)
		}
	}
}

// TestAskSaysWhyNothingMatched: no BGC file for the float, no profiles
// in the time asked: said so, with what the data hold.
func TestAskSaysWhyNothingMatched(t *testing.T) {
	a := newApp(t, Options{})
	r := ask(t, a, "max pH for float 2902269")
	if !strings.Contains(r.Response, "Float 2902269 has no stored pH (PH_IN_SITU_TOTAL) values") {
		t.Errorf("BGC: %s", r.Response)
	}
	r = ask(t, a, "which floats have nitrate data?")
	if !strings.Contains(r.Response, "No float in the data has stored nitrate") || strings.Contains(r.Response, "No profile matches the plan's place and time") {
		t.Errorf("BGC, no float named: %s", r.Response)
	}
	r = ask(t, a, "maximum temperature in the South China Sea last spring")
	if !strings.Contains(r.Response, "No profile matches") || !strings.Contains(r.Response, "the data hold") {
		t.Errorf("time: %s", r.Response)
	}
}

// TestPlanRulesPhrasings: phrasings outside the corpus, each checked on
// the slot it exercises.
func TestPlanRulesPhrasings(t *testing.T) {
	for q, want := range map[string]string{
		"What was the temperature at 200 m for float 2902269 on its 5th cycle?": "cycles [5]",
		"average salinity for float 2902269 between cycles 5 and 15":            "cycles [5 6 7 8 9 10 11 12 13 14 15]",
		"What's the salinity at 1,000 m for float 2902269?":                     "pressure 950-1050",
		"Plot a T/S diagram for float 2901623":                                  "profile temperature+[salinity]",
		"Which 3 floats are closest to 12N 60E?":                                "nearest 3",
	} {
		p := planRules(q, testNow())
		var got string
		switch {
		case strings.HasPrefix(want, "cycles"):
			got = fmt.Sprintf("cycles %v", p.Cycles)
		case strings.HasPrefix(want, "pressure") && p.Pressure != nil:
			got = fmt.Sprintf("pressure %g-%g", p.Pressure.Min, p.Pressure.Max)
		case strings.HasPrefix(want, "profile"):
			got = fmt.Sprintf("%s %s+%v", p.Aggregate, p.Variable, p.With)
		case strings.HasPrefix(want, "nearest") && p.Rank != nil:
			got = fmt.Sprintf("%s %d", p.Rank.By, p.Rank.N)
		}
		if got != want {
			t.Errorf("%q: %s, want %s (%s)", q, got, want, p.Reasoning)
		}
	}
}

// TestPlanRulesOtherWordings: wordings of the third round's classes
// (abbreviations, a year or a box written bare, comparatives, "which
// floats have …", quantities no float measures), outside the corpus.
func TestPlanRulesOtherWordings(t *testing.T) {
	for q, want := range map[string]string{
		"avg sal @500dbar for 2902269":                                        "salinity mean 475-525 ",
		"temperature between 1000 and 2000 m for float 4901079":               "temperature value 1000-2000 ",
		"max temp float 2901623 2011":                                         "temperature max  2011-01-01..2012-01-01",
		"is 2902269 warmer than 2902696 at 100 m?":                            "temperature compare 95-105 ",
		"which float is fresher at the surface, 2902269 or 2902696":           "salinity compare 0-10 ",
		"which floats measured chlorophyll?":                                  "chla count by float ",
		"mean temperature in the mixed layer for float 2902269":               "temperature mean missing pressure ", // no depth of its own
		"what was the air temperature over float 2902269?":                    " value missing variable ",
		"thermocline depth of float 2901623 cycle 5":                          " value missing variable ",
		"how many profiles in 5-10S, 100-110E":                                " count box -10..-5 100..110 ",
		"how many profiles did float 2901746 make in the box 36-38N 130-132E": " count box 36..38 130..132 ",
	} {
		p := planRules(q, testNow())
		got := p.Variable + " " + p.Aggregate
		if p.Pressure != nil {
			got += fmt.Sprintf(" %g-%g", p.Pressure.Min, p.Pressure.Max)
		}
		if p.GroupBy != "" {
			got += " by " + p.GroupBy
		}
		if len(p.Missing) > 0 {
			got += " missing " + strings.SplitN(p.Missing[0], ":", 2)[0]
		}
		if b := p.Box; b != nil {
			got += fmt.Sprintf(" box %g..%g %g..%g", b.MinLat, b.MaxLat, b.MinLon, b.MaxLon)
		}
		got += " "
		if p.Time != nil {
			got += " " + p.Time.From + ".." + p.Time.To
		}
		if got != want {
			t.Errorf("%q: %q, want %q (%s)", q, got, want, p.Reasoning)
		}
	}
}
