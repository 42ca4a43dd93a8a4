package events

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

// Of a trip through several towns, the asker may single one out as the
// one the events are for: "Vienna first, then Salzburg ..., and Salzburg
// is where I get a free afternoon", "Lisbon first, then Porto ... It's
// the Porto leg I need covered", "in Salzburg I have a free afternoon".
// That town is the place, and the days written with it are the frame.

var (
	// focusAfter, after a town, singles it out: "Salzburg is where",
	// "Porto's the one", "Ghent is the stop".
	focusAfter = regexp.MustCompile(`(?i)^\s*(?:is|'s|’s)\s+(?:where|when|the\s+(?:one|place|town|city|leg|part|stop|bit)\b)`)
	// partBefore and partAfter: the town naming a part of the trip, "the
	// Porto leg", "for the Salzburg part".
	partBefore = regexp.MustCompile(`(?i)\bthe\s+$`)
	partAfter  = regexp.MustCompile(`(?i)^\s+(?:leg|part|bit|stop|stage|half|portion|end)\b`)
	// inTownBefore and freeThere, around a town, say the asker is free there: "in
	// Salzburg I have a free afternoon", "at Porto we've got a day off".
	inTownBefore = regexp.MustCompile(`(?i)\b(?:in|at)\s+$`)
	freeThere    = regexp.MustCompile(`(?i)^\s*,?\s+(?:i|we)\s*(?:am|'m|’m|are|'re|’re|have|'ve|’ve|get|will have|'ll have|will be|'ll be)\s+(?:got\s+)?(?:free|a free|some free|the (?:afternoon|evening|day) off|a day off|an? (?:afternoon|evening|morning) off|time off|some time)\b`)
)

// singledOut is the first mention of the town a request names among
// several and singles out as the one its events are for; nil when it
// singles out none.
func singledOut(r *understand.Reading) *understand.Mention {
	var towns []*understand.Mention
	for i := range r.Mentions {
		if m := &r.Mentions[i]; m.Place != nil && m.Role != understand.RoleRegion && !strayWord(*m) {
			towns = append(towns, m)
		}
	}
	if len(towns) < 2 {
		return nil
	}
	for _, m := range towns {
		if !slices.ContainsFunc(namings(r.Text, m), func(at [2]int) bool {
			before, after := r.Text[:at[0]], r.Text[at[1]:]
			return focusAfter.MatchString(after) || partBefore.MatchString(before) && partAfter.MatchString(after) ||
				inTownBefore.MatchString(before) && freeThere.MatchString(after)
		}) {
			continue
		}
		others := false
		for _, o := range towns {
			others = others || !samePlace(*o.Place, *m.Place)
		}
		if !others {
			return nil
		}
		for _, o := range towns {
			if samePlace(*o.Place, *m.Place) {
				return o // its first mention, with the days written there
			}
		}
	}
	return nil
}

// namings are where text names m's town, from m on: the reader keeps
// one mention of a name said again, which may be the one singled out.
func namings(text string, m *understand.Mention) [][2]int {
	var out [][2]int
	name := strings.TrimSpace(m.Text)
	for at := m.Start; at < len(text); {
		i := strings.Index(text[at:], name)
		if i < 0 || name == "" {
			break
		}
		start, end := at+i, at+i+len(name)
		r0, _ := utf8.DecodeLastRuneInString(text[:start])
		r1, _ := utf8.DecodeRuneInString(text[end:])
		if !unicode.IsLetter(r0) && !unicode.IsLetter(r1) {
			out = append(out, [2]int{start, end})
		}
		at = end
	}
	return out
}

// samePlace says whether two readings are one place.
func samePlace(a, b understand.Place) bool {
	return a.Name == b.Name && a.CountryCode == b.CountryCode && a.Kind == b.Kind
}
