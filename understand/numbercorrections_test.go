package understand_test

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestCorrectedNumbers: a number taken back as it is written is the one
// said in its stead, its unit or noun kept, the correction's words gone;
// the correction may say again the words before the number, or come
// after a few more words with the unit said again. A number of another
// kind after "sorry" ("order 4471, sorry, 2 boxes") and a filler alone
// correct nothing.
func TestCorrectedNumbers(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"plan 2 routes — no wait, make it 3 — from Lewes", "plan 3 routes from Lewes"},
		{"a radius of 20 km, sorry, 30 km around Dover", "a radius of 30 km around Dover"},
		{"tickets for 4 people (or rather 5) on Friday", "tickets for 5 people on Friday"},
		{"hotels under 90 euros, I mean under 120, near the station", "hotels under 120 euros near the station"},
		{"within 10 miles of Leeds, actually make that 15 miles", "within 15 miles of Leeds"},
		{"order 4471, sorry, 2 boxes", "order 4471, sorry, 2 boxes"},
		{"between 10 um 20 metres deep", "between 10 um 20 metres deep"},
		{"I have 3 kids. Sorry for the long message", "I have 3 kids. Sorry for the long message"},
	} {
		got := strings.Join(strings.Fields(understand.CorrectedNumbers(c.q)), " ")
		if got != c.want {
			t.Errorf("%q: %q, want %q", c.q, got, c.want)
		}
	}
}
