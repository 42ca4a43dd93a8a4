package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/understand"
)

// This file reads a mode each person says of themselves apart from
// where they are ("I live in Hotel Du Pont, my colleague in The Westin.
// I will walk, she will drive car."): "I" is the asker, whose place is
// the one said with I or me; he or she the one other person.

var (
	// selfModeRE is a person saying how they travel: "I will walk",
	// "she'll drive", "he is cycling", "I go on foot".
	selfModeRE = regexp.MustCompile(`\b(i|i'll|i’ll|he|he'll|he’ll|she|she'll|she’ll)\s+(?:will\s+|would\s+|can\s+|shall\s+|am\s+|is\s+|'m\s+|(?:am|is|'m)\s+going\s+to\s+|prefer(?:s)?\s+to\s+|want(?:s)?\s+to\s+|plan(?:s)?\s+to\s+)?(walk|walks|walking|go\s+on\s+foot|come\s+on\s+foot|cycle|cycles|cycling|bike|bikes|biking|drive|drives|driving|go\s+by\s+car|come\s+by\s+car)\b`)
	// firstPersonRE and thirdPersonRE, the nearer before a place in its
	// clause, say whose the place is: "I live in", "me in"; "my brother
	// lives in", "she is in".
	firstPersonRE = regexp.MustCompile(`(?:^|[^a-z'’])(?:i|i'm|i’m|im|i've|me|my\s+(?:place|home|house|flat|apartment|hotel|room|office))(?:[^a-z'’]|$)`)
	thirdPersonRE = regexp.MustCompile(`(?:^|[^a-z'’])(?:he|she|he's|she's|his|her|they|their|(?:my|our)\s+[a-z]+)(?:[^a-z'’]|$)`)
)

// personMode is the mode the person at m says of themselves; "" when
// none is said or it cannot be told whose it is.
func (q *question) personMode(m understand.Mention) string {
	first, third := "", ""
	thirdSaid := 0
	for _, x := range selfModeRE.FindAllStringSubmatch(q.lower, -1) {
		mode := modeOfWord(x[2])
		if x[1][0] == 'i' {
			first = mode
		} else {
			third = mode
			thirdSaid++
		}
	}
	if q.asker(m) {
		return first
	}
	if thirdSaid != 1 {
		return ""
	}
	others := 0
	for _, o := range q.places {
		if !q.asker(o) && (o.Role == understand.RoleHome || o.Role == understand.RoleIn || o.Role == understand.RoleFrom) {
			others++
		}
	}
	if others != 1 {
		return ""
	}
	return third
}

// asker says whether the place at m is said with I or me in its clause.
func (q *question) asker(m understand.Mention) bool {
	before := q.lower[clauseStart(q.lower, m.Start, 0):m.Start]
	lastAt := func(re *regexp.Regexp) int {
		all := re.FindAllStringIndex(before, -1)
		if len(all) == 0 {
			return -1
		}
		return all[len(all)-1][0]
	}
	first := lastAt(firstPersonRE)
	return first >= 0 && first >= lastAt(thirdPersonRE)
}

// modeOfWord is the mode a verb of travel says.
func modeOfWord(w string) string {
	switch {
	case strings.HasPrefix(w, "walk") || strings.HasSuffix(w, "foot"):
		return geo.ModeWalking
	case strings.HasPrefix(w, "cycl") || strings.HasPrefix(w, "bik"):
		return geo.ModeBicycling
	}
	return geo.ModeDriving
}
