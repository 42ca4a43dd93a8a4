package roadtrip

import (
	"regexp"
	"strings"
)

// This file reads people listed by their names before a colon, in a
// list that also lists the asker ("- me: Milford (driving)\n- Ana:
// Georgetown"): each name is a person and the place after it their
// home, so no short first name is read as a town by its spelling (Ana
// is not Anna, Illinois; Raj not Rye, New York).

var (
	// selfLineRE is a list's line labelling the asker: "- me: Milford".
	selfLineRE = regexp.MustCompile(`(?m)^(\s*(?:[-*•·]|\d{1,2}[.)])?\s*)(?i:me|i|myself|us|we|me and \w+)\s*:\s*(\p{Lu})`)
	// nameLineRE is a list's line labelled by one capitalised word:
	// "- Ana: Georgetown (driving)".
	nameLineRE = regexp.MustCompile(`(?m)^(\s*(?:[-*•·]|\d{1,2}[.)])?\s*)(\p{Lu}\p{Ll}+)\s*:\s*(\p{Lu})`)
)

// formLabels are labels of a form's lines, never a person's name.
var formLabels = set("start", "end", "from", "to", "origin", "destination", "what", "where", "when", "who", "why", "how",
	"via", "avoid", "note", "notes", "mode", "type", "kind", "stop", "stops", "route", "routes", "date", "time", "day",
	"place", "places", "goal", "purpose", "budget", "return", "then", "venue", "meeting", "area", "region", "town",
	"city", "state", "country", "home", "work", "office", "base", "target", "task", "need", "needs", "must", "wanted",
	"format", "output", "answer", "reply", "ps", "p.s", "also", "plus", "requirements", "request", "question")

// peopleLabelled writes the lines of a list that labels the asker and
// others by name as sentences saying where each is: "I'm in Milford.",
// "Ana is in Georgetown.". A list without the asker's line is left: its
// labels may be a form's.
func peopleLabelled(text string) string {
	if !selfLineRE.MatchString(text) {
		return text
	}
	text = selfLineRE.ReplaceAllString(text, "${1}I'm in $2")
	return nameLineRE.ReplaceAllStringFunc(text, func(s string) string {
		m := nameLineRE.FindStringSubmatch(s)
		if formLabels[strings.ToLower(m[2])] {
			return s
		}
		return m[1] + m[2] + " is in " + m[3]
	})
}
