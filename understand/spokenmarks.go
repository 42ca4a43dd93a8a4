package understand

import (
	"regexp"
	"strings"
)

var (
	// spokenMarkRE is a punctuation mark said as a word.
	spokenMarkRE = regexp.MustCompile(`(?i)\s+(comma|period|full stop|question mark|exclamation (?:mark|point)|semicolon|colon|new line|new paragraph)\b`)
	// Around "period", these make it a word of the sentence, not a mark
	// ("a period of", "the rest period").
	periodBeforeRE = regexp.MustCompile(`(?i)\b(?:a|the|this|that|time|rest|waiting|trial|grace)$`)
	periodAfterRE  = regexp.MustCompile(`(?i)^\s+of\b`)
)

var spokenMarks = map[string]string{"comma": ",", "period": ".", "full stop": ".", "question mark": "?", "exclamation mark": "!",
	"exclamation point": "!", "semicolon": ";", "colon": ":", "new line": ".", "new paragraph": "."}

// WriteSpokenMarks writes the punctuation of a dictated text as marks
// ("in Lyon comma any markets question mark" is "in Lyon, any
// markets?"): only a text that says two marks or more and writes fewer
// commas and stops of its own than it says, so that a written "comma"
// or "period" stays a word.
func WriteSpokenMarks(text string) string {
	var marks [][]int
	for _, ix := range spokenMarkRE.FindAllStringSubmatchIndex(text, -1) {
		if strings.EqualFold(text[ix[2]:ix[3]], "period") &&
			(periodBeforeRE.MatchString(text[:ix[0]]) || periodAfterRE.MatchString(text[ix[1]:])) {
			continue
		}
		marks = append(marks, ix)
	}
	written := strings.Count(text, ",") + strings.Count(text, ".")
	if len(marks) < 2 || written >= len(marks) {
		return text
	}
	var b strings.Builder
	last := 0
	for _, ix := range marks {
		b.WriteString(text[last:ix[0]])
		b.WriteString(spokenMarks[strings.ToLower(strings.Join(strings.Fields(text[ix[2]:ix[3]]), " "))])
		last = ix[1]
	}
	b.WriteString(text[last:])
	return b.String()
}
