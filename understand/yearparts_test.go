package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// Decades are their ten years; early, mid and late in a year its first,
// middle and last four months.
func TestDecadesAndYearThirds(t *testing.T) {
	// refDay is Monday 23 November 2026.
	cases := []struct {
		q     string
		tense understand.Tense
		want  string
	}{
		{"data from the 1990s please", understand.Past, "from the 1990s 1990-01-01..2000-01-01"},
		{"throughout the 2000's", understand.Past, "the 2000's 2000-01-01..2010-01-01"},
		{"back in the '80s", understand.Past, "the '80s 1980-01-01..1990-01-01"},
		{"in the 90s", understand.Past, "the 90s 1990-01-01..2000-01-01"},
		{"during the 20s", understand.Past, "the 20s 2020-01-01..2030-01-01"},
		{"in the nineties", understand.Past, "the nineties 1990-01-01..2000-01-01"},
		{"the noughties", understand.Past, "the noughties 2000-01-01..2010-01-01"},
		{"since the 2000s", understand.Past, "since the 2000s 2000-01-01..2026-11-24"},
		{"early 2019", 0, "early 2019 2019-01-01..2019-05-01"},
		{"by mid-2021", 0, "by mid-2021 0001-01-01..2021-05-01"},
		{"in mid 2015", 0, "mid 2015 2015-05-01..2015-09-01"},
		{"around the middle of 2012", 0, "the middle of 2012 2012-05-01..2012-09-01"},
		{"late in 2020", 0, "late in 2020 2020-09-01..2021-01-01"},
		{"from early 2018 to late 2019", 0, "from early 2018 to late 2019 2018-01-01..2020-01-01"},
		// not decades or thirds: a count, a measure, a month, a plain year
		{"the 90 floats", 0, ""},
		{"late March 2020", 0, "late March 2020 2020-03-01..2020-04-01"},
		{"the middle of the ocean in 2020", 0, "2020 2020-01-01..2021-01-01"},
		{"in the early 2010s", understand.Past, "2010s 2010-01-01..2020-01-01"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: c.tense})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q (tense %d)\n got %q\nwant %q", c.q, c.tense, g, c.want)
		}
	}
}
