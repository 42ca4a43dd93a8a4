package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestWriteSpokenMarks: a dictated text's spoken punctuation written as
// marks; a period of time, or one mark said in a written text, stays.
func TestWriteSpokenMarks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"we land in Porto Friday comma any markets question mark", "we land in Porto Friday, any markets?"},
		{"so um Lyon next week full stop concerts exclamation point", "so um Lyon next week. concerts!"},
		{"over a period of two days comma Ghent comma food fairs", "over a period of two days, Ghent, food fairs"},
		{"Lisbon, Porto. Is comma a word?", "Lisbon, Porto. Is comma a word?"},
	} {
		if got := understand.WriteSpokenMarks(c.in); got != c.want {
			t.Errorf("WriteSpokenMarks(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}
