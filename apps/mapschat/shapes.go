package mapschat

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/understand"
)

// Shapes of request read apart: which of several places is higher, one
// route in two modes, a kind of place with its qualifier ("seafood
// restaurants"), a question about words rather than places, a town's
// name of two words written in lower case.

var (
	// reHigher compares the heights of places: "which is higher up",
	// "which sits lower"; "above" and "below" only as asksAboveBelow
	// reads them.
	reHigher = regexp.MustCompile(`\b(?:higher|lower|taller|more elevated|less elevated|higher up|further up)\b`)
	// reAbove is "above" or "below" with what is just before it: a
	// comparison after a place or a verb of being ("is Dover above
	// Smyrna", "Lewes sits below"), a scene after a thing ("a cabin
	// above the lake").
	reAbove = regexp.MustCompile(`(\S*)\s+(?:above|below)\b`)
	// reBeing are the verbs a height is compared with.
	reBeing = regexp.MustCompile(`^(?:is|are|sits?|sitting|lies|lie|lying|stands?|was|be)$`)
	// reVersus sets places side by side: "elevation difference Dover vs
	// Newark", "compare the altitude of A and B".
	reVersus = regexp.MustCompile(`\b(?:vs\.?|versus|difference|differ|compared?|comparing|comparison|between)\b`)
	// reLanguage asks about words, not places: a translation, a meaning,
	// a pronunciation.
	reLanguage = regexp.MustCompile(`\b(?:how (?:do|would|should|can) (?:you|i|we|one) (?:say|write|spell|pronounce)|translat(?:e|ion|ed)|what(?:'s| is| does)\b.{0,40}\bmean\b|what(?:'s| is) the (?:word|phrase|term) for|how (?:is|do you|to) (?:it )?(?:pronounce|spell)|in (?:spanish|french|german|italian|portuguese|dutch|chinese|mandarin|japanese|korean|russian|arabic|greek|hindi|polish|swedish|latin)\s*[?.!]*$)`)
)

// qualifiers are words before a kind of place that narrow it: a cuisine,
// a diet, opening hours ("seafood restaurants", "24-hour pharmacy").
var qualifiers = map[string]bool{
	"seafood": true, "vegan": true, "vegetarian": true, "veggie": true, "italian": true, "chinese": true, "mexican": true,
	"thai": true, "indian": true, "japanese": true, "french": true, "greek": true, "korean": true, "vietnamese": true,
	"spanish": true, "german": true, "irish": true, "american": true, "mediterranean": true, "lebanese": true,
	"turkish": true, "ethiopian": true, "caribbean": true, "cuban": true, "peruvian": true, "brazilian": true,
	"halal": true, "kosher": true, "gluten-free": true, "organic": true, "steak": true, "bbq": true, "barbecue": true,
	"crab": true, "fish": true, "oyster": true, "breakfast": true, "brunch": true, "dessert": true, "wine": true,
	"cocktail": true, "sports": true, "craft": true, "24-hour": true, "24-hours": true, "24h": true, "24/7": true,
	"all-night": true, "late-night": true, "dog-friendly": true, "pet-friendly": true, "family-friendly": true,
	"kid-friendly": true, "drive-through": true, "drive-thru": true, "rooftop": true, "beachfront": true,
}

// qualifierOf is the qualifier written just before a kind of place at
// start, "" when none: "24 hour" is read as one word.
func qualifierOf(low string, start int) string {
	if start > len(low) {
		return ""
	}
	f := strings.Fields(strings.TrimRight(low[:start], " "))
	if len(f) == 0 || !strings.HasSuffix(low[:start], " ") {
		return ""
	}
	w := strings.Trim(f[len(f)-1], ",.;:!?\"'")
	if len(f) >= 2 && (w == "hour" || w == "hours") && (f[len(f)-2] == "24" || f[len(f)-2] == "twenty-four") {
		return "24-hour"
	}
	if qualifiers[w] {
		return w
	}
	return ""
}

// comparedHeights reads "which is higher up, Middletown or Georgetown?"
// or "the elevation difference between A and B" as the elevations of the places named (and of here, when pointed at);
// ok false for any other message.
//
// A height asked of places joined by "and" ("how high are Milford and
// Milton", "the elevation at Dover and at Lewes") is each one's too.
func comparedHeights(low string, rd *understand.Reading, here *Loc) (Request, bool) {
	if !reHigher.MatchString(low) && !asksAboveBelow(low, rd) && !(reElevation.MatchString(low) && (reVersus.MatchString(low) || joinedPlaces(rd))) {
		return Request{}, false
	}
	var places []*Loc
	for _, m := range rd.Mentions {
		if m.Role != understand.RoleRegion {
			places = append(places, mentionLoc(m))
		}
	}
	for _, ref := range rd.References {
		if ref.Kind == understand.RefHere && here != nil {
			places = append(places, here)
		}
	}
	if len(places) < 2 {
		return Request{}, false
	}
	return Request{Kind: KindElevation, Near: places[0], Also: places[1:]}, true
}

// reAndAgain joins two places: "and", "and at", "& of", ", and in".
var reAndAgain = regexp.MustCompile(`^\s*,?\s*(?:and|&)\s+(?:at\s+|of\s+|in\s+|for\s+)?$`)

// joinedPlaces says whether two places rd names follow one another
// joined by "and".
func joinedPlaces(rd *understand.Reading) bool {
	var prev *understand.Mention
	for i, m := range rd.Mentions {
		if m.Role == understand.RoleRegion {
			continue
		}
		if prev != nil && prev.End <= m.Start && m.Start <= len(rd.Text) && reAndAgain.MatchString(strings.ToLower(rd.Text[prev.End:m.Start])) {
			return true
		}
		prev = &rd.Mentions[i]
	}
	return false
}

// asksAboveBelow says whether "above" or "below" compares heights: it
// follows a place named or a verb of being, not a thing of a scene ("a
// sunrise spot above the valley" asks for spots, not heights).
func asksAboveBelow(low string, rd *understand.Reading) bool {
	for _, ix := range reAbove.FindAllStringSubmatchIndex(low, -1) {
		if reBeing.MatchString(low[ix[2]:ix[3]]) {
			return true
		}
		for _, m := range rd.Mentions {
			if m.End == ix[3] && len(low) == len(rd.Text) {
				return true
			}
		}
	}
	return false
}

// aboutWords says whether the message asks about words (a translation, a
// meaning) rather than places.
func aboutWords(low string) bool {
	return reLanguage.MatchString(low)
}

// otherModes are the travel modes a route is asked in besides the first:
// "how long by car and how long by bike".
func otherModes(rd *understand.Reading, first string) []string {
	var out []string
	for _, m := range rd.Modes {
		if m.Mode != first && m.Mode != "" && !slices.Contains(out, m.Mode) {
			out = append(out, m.Mode)
		}
	}
	return out
}

// titled is text with each word's first letter upper case: a town's
// name written in lower case reads as a name in it.
func titled(text string) string {
	b := []byte(text)
	for i := range b {
		if b[i] >= 'a' && b[i] <= 'z' && (i == 0 || b[i-1] == ' ') {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// withLowerTowns is rd with the towns of two words or more written in
// lower case ("ocean city") that the text names near the map's centre.
func (a *Assistant) withLowerTowns(rd *understand.Reading, here *Loc, withTerms bool) *understand.Reading {
	if strings.ToLower(rd.Text) != rd.Text || !strings.Contains(rd.Text, " ") {
		return rd
	}
	// A name read inside the town's is left to it when it is no place
	// nearby ("fenwick" of "fenwick island").
	covered := func(s understand.Span, m understand.Mention) bool {
		return s.Start <= m.Start && m.End <= s.End && (m.Place == nil || !a.isLocal(*m.Place, here, farKm))
	}
	taken := func(s understand.Span) bool {
		for _, m := range rd.Mentions {
			if s.Start < m.End && m.Start < s.End && !covered(s, m) {
				return true
			}
		}
		for _, r := range rd.References {
			if s.Start < r.End && r.Start < s.End {
				return true
			}
		}
		for _, t := range rd.Terms {
			if s.Start < t.End && t.Start < s.End {
				return true
			}
		}
		return false
	}
	var add []understand.Mention
	for _, m := range a.readCased(titled(rd.Text), here, withTerms).Mentions {
		if m.Place == nil || m.Place.Kind != understand.KindCity || !strings.Contains(m.Text, " ") ||
			m.Place.Match != understand.MatchName || !a.isLocal(*m.Place, here, nearKm) || taken(m.Span) {
			continue
		}
		add = append(add, m)
	}
	if len(add) == 0 {
		return rd
	}
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), func(m understand.Mention) bool {
		return slices.ContainsFunc(add, func(t understand.Mention) bool { return covered(t.Span, m) })
	})
	out.Mentions = append(out.Mentions, add...)
	slices.SortFunc(out.Mentions, func(x, y understand.Mention) int { return x.Start - y.Start })
	return &out
}

// heightsCompared says the elevation of each place compared, in the
// order asked, and which is the highest.
func heightsCompared(r Request, e geo.ElevationResult) string {
	ls := append([]*Loc{r.Near}, r.Also...)
	var parts []string
	best, bestI := 0.0, -1
	for i, el := range e.Results {
		if i >= len(ls) {
			break
		}
		parts = append(parts, fmt.Sprintf("%s is about %.0f m above sea level", ls[i].label(), el.Elevation))
		if bestI < 0 || el.Elevation > best {
			best, bestI = el.Elevation, i
		}
	}
	s := strings.Join(parts, "; ") + "."
	switch {
	case len(parts) == 2:
		s += fmt.Sprintf(" %s is the higher of the two.", ls[bestI].label())
	case len(parts) > 2:
		s += fmt.Sprintf(" %s is the highest of them.", ls[bestI].label())
	}
	return s
}
