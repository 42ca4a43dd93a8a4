package roadtrip

import (
	"regexp"
	"strings"
)

// This file reads dictated questions: punctuation spoken as words
// ("from dover to lewes comma one route period") and a count corrected
// as it is said ("one rest stop period actually no make that two").

var (
	// spokenMarkRE is a punctuation mark said as a word.
	spokenMarkRE = regexp.MustCompile(`(?i)\s+(comma|period|full stop|question mark|exclamation (?:mark|point)|semicolon|colon|new line|new paragraph)\b`)
	// periodWordRE, around "period", makes it a word of the sentence,
	// not a mark ("a period of", "the rest period").
	periodBeforeRE = regexp.MustCompile(`(?i)\b(?:a|the|this|that|time|rest|waiting|trial|grace)$`)
	periodAfterRE  = regexp.MustCompile(`(?i)^\s+of\b`)
)

var spokenMarks = map[string]string{"comma": ",", "period": ".", "full stop": ".", "question mark": "?", "exclamation mark": "!",
	"exclamation point": "!", "semicolon": ";", "colon": ":", "new line": ".", "new paragraph": "."}

// writeSpokenMarks writes the punctuation of a dictated text (one that
// says two marks, and writes fewer marks of its own than it says) as
// marks.
func writeSpokenMarks(text string) string {
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

// correctionRE, just before a count, says it replaces one said before
// it: "actually no make that two", "no wait, three", "I mean 2".
var correctionRE = regexp.MustCompile(`(?i)\b(?:make (?:that|it)|actually(?:,? no)?|no,? wait|wait,? no|i mean|i meant|scratch that|or rather|sorry)[,:]?\s*$`)

// corrects says whether the words just before byte i correct a count
// said before.
func (q *question) corrects(i int) bool {
	return correctionRE.MatchString(q.lower[max(0, i-40):i])
}
