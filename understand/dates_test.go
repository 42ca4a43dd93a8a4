package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

func TestTimeFrames(t *testing.T) {
	// refDay is Monday 23 November 2026.
	cases := []struct {
		q     string
		tense understand.Tense
		want  string // "text from..to" per frame, "; "-joined
	}{
		{"next month", 0, "next month 2026-12-01..2027-01-01"},
		{"last month and this year", 0, "last month 2026-10-01..2026-11-01; this year 2026-01-01..2027-01-01"},
		{"in March", understand.Nearest, "March 2027-03-01..2027-04-01"},
		{"in March", understand.Past, "March 2026-03-01..2026-04-01"},
		{"in March", understand.Future, "March 2027-03-01..2027-04-01"},
		{"in November", understand.Nearest, "November 2026-11-01..2026-12-01"},
		{"last spring", 0, "last spring 2026-03-01..2026-06-01"},
		{"this winter", 0, "this winter 2026-12-01..2027-03-01"},
		{"next summer", 0, "next summer 2027-06-01..2027-09-01"},
		{"between March and June 2026", 0, "between March and June 2026 2026-03-01..2026-07-01"},
		{"from May to August", understand.Past, "from May to August 2026-05-01..2026-09-01"},
		{"since March", 0, "since March 2026-03-01..2026-11-24"},
		{"since 2019", 0, "since 2019 2019-01-01..2026-11-24"},
		// the edge of a frame: its start or its end
		{"since the beginning of 2021", 0, "since the beginning of 2021 2021-01-01..2026-11-24"},
		{"from the start of March", understand.Past, "from the start of March 2026-03-01..2026-11-24"},
		{"since the end of 2024", 0, "since the end of 2024 2025-01-01..2026-11-24"},
		{"until the end of 2019", 0, "until the end of 2019 0001-01-01..2020-01-01"},
		{"before the start of 2019", 0, "before the start of 2019 0001-01-01..2019-01-01"},
		{"after the end of June 2025", 0, "after the end of June 2025 2025-07-01..0001-01-01"},
		{"in 2019", 0, "2019 2019-01-01..2020-01-01"},
		{"2019-2021", 0, "2019-2021 2019-01-01..2022-01-01"},
		{"the past 3 weeks", 0, "the past 3 weeks 2026-11-02..2026-11-24"},
		{"over the next 10 days", 0, "the next 10 days 2026-11-23..2026-12-03"},
		{"today, tomorrow and yesterday", 0, "today 2026-11-23..2026-11-24; tomorrow 2026-11-24..2026-11-25; yesterday 2026-11-22..2026-11-23"},
		{"on Saturday", 0, "Saturday 2026-11-28..2026-11-29"},
		{"this weekend", 0, "this weekend 2026-11-28..2026-11-30"},
		{"next week", 0, "next week 2026-11-30..2026-12-07"},
		{"on 2026-03-15", 0, "2026-03-15 2026-03-15..2026-03-16"},
		{"March 15, 2025", 0, "March 15, 2025 2025-03-15..2025-03-16"},
		{"on 03/15/2026 or 15/03/2026", 0, "03/15/2026 2026-03-15..2026-03-16; 15/03/2026 2026-03-15..2026-03-16"},
		{"15 March 2025", 0, "15 March 2025 2025-03-15..2025-03-16"},
		{"in Q1 2024", 0, "Q1 2024 2024-01-01..2024-04-01"},
		{"before 2020", 0, "before 2020 0001-01-01..2020-01-01"},
		{"winter 2019", 0, "winter 2019 2019-12-01..2020-03-01"},
		{"in 3 days", 0, "in 3 days 2026-11-26..2026-11-27"},
		// Not dates: the verb "may", a count, a plain number.
		{"we may march on, 2019 people came", 0, ""},
		// Not years: measures ("between 1500 and 2000 m", "to 2000dbar").
		{"between 1500 and 2000 m in 2019", 0, "2019 2019-01-01..2020-01-01"},
		{"from 1000 to 2000dbar", 0, ""},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: c.tense})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q (tense %d)\n got %q\nwant %q", c.q, c.tense, g, c.want)
		}
	}
}
