package holidays

import (
	"strings"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// stop are words too common to match a holiday by.
var stop = map[string]bool{"the": true, "and": true, "for": true, "with": true, "in": true, "of": true, "on": true,
	"at": true, "to": true, "a": true, "an": true, "day": true, "days": true, "event": true, "events": true}

// terms are the words of s to match by, folded.
func terms(s string) []string {
	var out []string
	for _, w := range strings.Fields(understand.Normalize(s)) {
		if len(w) < 3 || stop[w] || w[0] >= '0' && w[0] <= '9' {
			continue
		}
		out = append(out, w)
	}
	return out
}

// rank scores r by the words of want (the query's text: one must match
// when there are any) and boost (keywords), over its title, kind and
// description; a word of the title counts twice. A word matches a word
// it starts ("carnival" matches "carnivals").
func rank(r eventdata.Record, want, boost []string) (float64, bool) {
	title := strings.Fields(understand.Normalize(r.Title))
	body := strings.Fields(understand.Normalize(string(r.Kind) + " " + r.Description))
	score := func(ws []string) float64 {
		s := 0.0
		for _, w := range ws {
			switch {
			case hasWord(title, w):
				s += 2
			case hasWord(body, w):
				s++
			}
		}
		return s
	}
	a := score(want)
	if len(want) > 0 && a == 0 {
		return 0, false
	}
	return a + score(boost), true
}

func hasWord(words []string, w string) bool {
	for _, x := range words {
		if strings.HasPrefix(x, w) {
			return true
		}
	}
	return false
}
