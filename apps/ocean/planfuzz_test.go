package ocean

import (
	"testing"
	"unicode/utf8"
)

// FuzzReadPlan: the policy reads any text into a plan without panicking
// (a question is untrusted input), and what it reads is a plan the query
// agent accepts or one that names what is missing.
func FuzzReadPlan(f *testing.F) {
	for _, s := range []string{
		"What is the maximum salinity recorded by float 2902269?",
		"İİİİİİİİ thanks", "ẞ SALINITY OF FLOAT 2902269 THANKS",
		"R2902269_010.nc max PRES", "mean temp 1-2 km deep, H2 2010, except January",
		"floats within 300 km of 10°30'N 65°E since march", "température max du flotteur 2902269",
		"plot where float 1900857 went during 2010 and 2011", "  ,,, ?? 10N", "float 2902269s cycle 1e9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if !utf8.ValidString(q) || len(q) > 2000 {
			return
		}
		p := readPlan(q, testNow(), nil)
		if len(p.Missing) == 0 && p.Actionable() {
			if err := p.Validate(); err != nil {
				t.Fatalf("%q: plan %+v names nothing missing but is invalid: %v", q, p, err)
			}
		}
	})
}
