package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestClosingWordsAreNoPlaces: the words of a letter's closing ("thanks
// in advance", "cheers", "regards") are no towns, while the place the
// letter names still is.
func TestClosingWordsAreNoPlaces(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ text, place string }{
		{"Could you look for fairs in Cork in June? Cheers in advance, Niamh", "Cork"},
		{"Parades in Porto next month please. Grateful in advance and warm regards, Rui", "Porto"},
	} {
		r := understand.Read(c.text, understand.Options{Gazetteer: g})
		var got []string
		for _, m := range r.Mentions {
			if m.Place != nil {
				got = append(got, m.Text)
			}
		}
		if len(got) == 0 || got[0] != c.place {
			t.Errorf("%q: places %q, want %q first and no word of the closing", c.text, got, c.place)
		}
		for _, w := range got {
			if w == "advance" || w == "regards" {
				t.Errorf("%q: %q read as a place", c.text, w)
			}
		}
	}
}
