package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestFixedNationalDays: a national or patron day named with no date is
// its fixed day (King's Day the 26th when the 27th is a Sunday), a
// one-day feast's "eve" is the day before and its "weekend" the one it
// falls in or makes long.
func TestFixedNationalDays(t *testing.T) {
	// refDay is Monday 23 November 2026.
	for _, c := range []struct{ q, want string }{
		{"street parties in Sydney on Australia Day", "Australia Day 2027-01-26..2027-01-27"},
		{"the parade for Canada Day in Ottawa", "Canada Day 2027-07-01..2027-07-02"},
		{"King's Day 2025 in Utrecht", "King's Day 2025 2025-04-26..2025-04-27"},
		{"Koningsdag 2026", "Koningsdag 2026 2026-04-27..2026-04-28"},
		{"a ceilidh on St Andrew's Day", "St Andrew's Day 2026-11-30..2026-12-01"},
		{"fireworks on Bastille Day eve in Lyon", "Bastille Day eve 2027-07-13..2027-07-14"},
		{"Syttende Mai in Bergen", "Syttende Mai 2027-05-17..2027-05-18"},
		{"the Anzac Day weekend", "Anzac Day weekend 2027-04-24..2027-04-26"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay, Tense: understand.Future})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
	// An epiphany is a thought, not a feast, unless a word of time leads.
	if r := understand.Read("I had an epiphany about light", understand.Options{Now: refDay, Tense: understand.Future}); len(r.Times) != 0 {
		t.Errorf("an epiphany read as a time: %+v", r.Times)
	}
}
