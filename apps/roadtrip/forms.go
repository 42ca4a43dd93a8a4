package roadtrip

import (
	"regexp"
	"strings"
)

// This file reads the labels of pasted forms and memos before the
// question is read: a line of "Label: value" is a sentence of its own
// ("Origin: Claymont, DE\nDestination: ..."), a count given as a
// label's value is a count of the label's things ("No. of routes: 2" is
// "2 routes"), a memo's ends named by labels other than from and to
// ("Final drop: Georgetown"), and people labelled by letters
// ("Participant A: Canillo (driving)").

var (
	// formLineRE is a line of a form, perhaps numbered ("5. Rest
	// stops: two"): a short label, a colon, a value.
	formLineRE = regexp.MustCompile(`^\s*(?:\d{1,2}[.)]\s*)?[\p{L}][\p{L}\d .'’()/#&-]{0,40}:\s*\S`)
	// countLineRE is a form's line whose value is a count: "Rest stops
	// per route: 1", "Intermediate cities per route: five (5)".
	countLineRE = regexp.MustCompile(`(?i)^(\s*(?:\d{1,2}[.)]\s*)?)(?:(?:no\.?|number|#|nr\.?|count|num\.?)\s+of\s+)?([\p{L}][\p{L} '’-]{0,40}?)\s*:\s*(\d+|zero|none|one|two|three|four|five|six|seven|eight|nine|ten)(?:\s*\(\d+\))?(\s.*)?$`)
	// endLabelRE names a trip's end by a memo's label; startLabelRE its
	// start ("Final drop: Georgetown", "Start point: Smyrna").
	endLabelRE   = regexp.MustCompile(`(?i)\b(?:terminus|final (?:drop|drop-off|stop|destination)|last (?:drop|drop-off|stop)|drop[- ]?off(?: point)?|end ?point|ending point|finish(?: point)?|arrival(?: point)?|going to|deliver to)\s*:`)
	startLabelRE = regexp.MustCompile(`(?i)\b(?:start(?:ing)? ?point|starting location|start location|pick[- ]?up(?: point)?|departure(?: point)?|leaving from|depot)\s*:`)
	// ownerAfterLabelRE is an owner written between an ends label and
	// the town ("Origin: our Newark depot"): the town is the end.
	ownerAfterLabelRE = regexp.MustCompile(`(?i)\b(origin|destination|from|to)\s*:\s*(?:our|my|the|his|her|their|your)\s+(\p{Lu})`)
	// letterLabelRE is a person labelled by a letter or a number:
	// "Participant A:", "Person 2:", "Friend B:".
	letterLabelRE = regexp.MustCompile(`(?m)^\s*(?i:participant|person|attendee|traveller|traveler|driver|member|guest|friend|party|colleague)\s+([A-Z]|\d)\s*:\s*`)
)

// readForm writes a pasted form's lines as sentences and its labels as
// the words the reader knows.
func readForm(text string) string {
	text = formSentences(text)
	text = endLabelRE.ReplaceAllString(text, "destination:")
	text = startLabelRE.ReplaceAllString(text, "origin:")
	text = ownerAfterLabelRE.ReplaceAllString(text, "$1: $2")
	return lettersAsPeople(text)
}

// formSentences ends each line of a form (two or more "Label: value"
// lines) with a stop, so a name never runs into the next line's label,
// and writes counts given as values before their labels.
func formSentences(text string) string {
	lines := strings.Split(text, "\n")
	n := 0
	for _, l := range lines {
		if formLineRE.MatchString(l) {
			n++
		}
	}
	if n < 2 {
		return text
	}
	for i, l := range lines {
		if m := countLineRE.FindStringSubmatch(l); m != nil && formLineRE.MatchString(l) {
			l = m[1] + m[3] + " " + strings.ToLower(m[2]) + m[4]
		} else if formLineRE.MatchString(l) && !letterLabelRE.MatchString(l) {
			// a label is words, not a name ("Rule:", "Must visit:")
			k := strings.Index(l, ":")
			l = strings.ToLower(l[:k]) + l[k:]
		}
		l = strings.TrimRight(l, " \t\r")
		if l != "" && !strings.ContainsRune(".!?;:,", rune(l[len(l)-1])) {
			l += "."
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// lettersAsPeople writes people a form labels by letters as words
// ("Participant A: Canillo" is "participant one is in Canillo", and
// "from A" later is "from participant one"), so no letter is read as a
// place (A is a village in Norway).
func lettersAsPeople(text string) string {
	labels := letterLabelRE.FindAllStringSubmatch(text, -1)
	if len(labels) < 2 {
		return text
	}
	names := map[string]string{}
	for i, m := range labels {
		names[m[1]] = "participant " + ordinalWords[min(i, len(ordinalWords)-1)]
	}
	text = letterLabelRE.ReplaceAllStringFunc(text, func(s string) string {
		m := letterLabelRE.FindStringSubmatch(s)
		lead := s[:len(s)-len(strings.TrimLeft(s, " \t\r\n"))]
		return lead + names[m[1]] + " is in "
	})
	return letterRefRE.ReplaceAllStringFunc(text, func(s string) string {
		m := letterRefRE.FindStringSubmatch(s)
		if n, ok := names[m[2]]; ok {
			return m[1] + n
		}
		return s
	})
}

var (
	ordinalWords = []string{"one", "two", "three", "four", "five", "six", "seven", "eight"}
	// letterRefRE is a lone capital letter after a word that points at
	// a person ("from A", "and B").
	letterRefRE = regexp.MustCompile(`(\b(?:from|for|of|to|and|by|between|with|&|vs\.?|versus)\s+)([A-Z])\b`)
)
