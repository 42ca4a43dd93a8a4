package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestTimeFramesBack: a count of units back from now is the calendar
// unit that far back, as "last year" is; refDay is Monday 23 November
// 2026.
func TestTimeFramesBack(t *testing.T) {
	cases := []struct{ q, want string }{
		{"what was it two years ago", "two years ago 2024-01-01..2025-01-01"},
		{"roughly a decade ago", "a decade ago 2016-01-01..2017-01-01"},
		{"ten years back, was it colder", "ten years back 2016-01-01..2017-01-01"},
		{"5 years earlier", "5 years earlier 2021-01-01..2022-01-01"},
		{"a couple of years ago", "a couple of years ago 2024-01-01..2025-01-01"},
		{"3 months ago", "3 months ago 2026-08-01..2026-09-01"},
		{"a week ago", "a week ago 2026-11-16..2026-11-23"},
		{"half a decade ago", "half a decade ago 2021-01-01..2022-01-01"},
		{"4 days ago", "4 days ago 2026-11-19..2026-11-20"},
		{"two years before now", "two years before now 2024-01-01..2025-01-01"},
		{"the year before last", "the year before last 2024-01-01..2025-01-01"},
		{"the month before last", "the month before last 2026-09-01..2026-10-01"},
		{"the day before yesterday", "the day before yesterday 2026-11-21..2026-11-22"},
		{"since two years ago", "since two years ago 2024-01-01..2026-11-24"},
		{"from three years ago to last year", "from three years ago to last year 2023-01-01..2026-01-01"},
		// counted from something else, or no count of time at all
		{"two years before the launch", ""},
		{"5 years earlier than the launch", ""},
		{"2 floats 10 cycles back", ""},
		{"a few years ago", ""},
		{"half a year ago", ""},
		{"a third of a century ago", ""},
		{"1.5 years ago", ""},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Past})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
