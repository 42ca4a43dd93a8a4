package ocean

import "testing"

// TestHowColdDoesItGet: "how warm / cold / salty / fresh does it get"
// asks for the extreme reached, in the word's own variable, and "at
// depth" beside it is where, not the variable.
func TestHowColdDoesItGet(t *testing.T) {
	for _, c := range []struct{ q, variable, agg string }{
		{"how warm does the water get for float 2902269", "temperature", "max"},
		{"how salty can the surface get at float 5906072", "salinity", "max"},
		{"how cold did float 2901746 get below 1000 m", "temperature", "min"},
		{"how fresh does float 2902269's water become near the surface", "salinity", "min"},
		{"float 1900857: how cold does it get at depth?", "temperature", "min"},
		{"how warm was float 2902269 at 100 m in 2020", "temperature", "value"}, // a value, not an extreme
	} {
		p := planRules(c.q, testNow())
		if p.Variable != c.variable || p.Aggregate != c.agg {
			t.Errorf("%q: variable %q, aggregate %q; want %q, %q", c.q, p.Variable, p.Aggregate, c.variable, c.agg)
		}
	}
}

// TestWhereHasItBeenAndLastDive: "where X has been" in any word order
// is the float's track; the last dive or cast is its last profile.
func TestWhereHasItBeenAndLastDive(t *testing.T) {
	for _, q := range []string{"can you show me where 5906072 has been since 2020", "I wonder where float 2901623 and 2902269 have been"} {
		if p := planRules(q, testNow()); p.Aggregate != "track" {
			t.Errorf("%q: aggregate %q, want track", q, p.Aggregate)
		}
	}
	for _, q := range []string{"salinity at 500 m on the last dive of float 2902269", "temperature at 1000 dbar in float 2901746's most recent cast"} {
		p := planRules(q, testNow())
		if p.Rank == nil || p.Rank.By != "latest" {
			t.Errorf("%q: rank %+v, want the latest profile", q, p.Rank)
		}
	}
}

// TestComparedThan: a comparative set against a year or a named place
// compares two groups (and, the plan holding two floats at most, says
// what it lacks) rather than answering for one of them; against a value
// it is no comparison.
func TestComparedThan(t *testing.T) {
	for _, c := range []struct {
		q       string
		compare bool
	}{
		{"was the Arabian Sea saltier at 100 m than the Red Sea?", true},
		{"is float 2901746 colder in 2021 than in 2020 at 500 dbar", true},
		{"were the profiles of 2902269 warmer at the surface than 29 C", false},
		{"did float 1900857 ever read fresher than 34 psu", false},
		// two years set side by side with a comparative
		{"was the surface saltier in 2019 or in 2020 for float 2902269", true},
		{"float 4901079 at 1000 m: warmer in 2010 or 2011?", true},
		{"which year was colder for 2901746, 2018 vs 2019", true},
		{"mean temperature of 2902269 in 2019 or 2020, whichever has data", false},
	} {
		p := planRules(c.q, testNow())
		if got := p.Aggregate == "compare"; got != c.compare {
			t.Errorf("%q: aggregate %q, compare %v; want compare %v", c.q, p.Aggregate, got, c.compare)
		}
	}
}
