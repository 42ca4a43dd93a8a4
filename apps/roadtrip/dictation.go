package roadtrip

import (
	"regexp"
)

// This file reads dictated questions: a count corrected as it is said
// ("one rest stop period actually no make that two"). Punctuation spoken
// as words ("from dover to lewes comma one route period") is written as
// marks by understand.WriteSpokenMarks (tidy).

// correctionRE, just before a count, says it replaces one said before
// it: "actually no make that two", "no wait, three", "I mean 2".
var correctionRE = regexp.MustCompile(`(?i)\b(?:make (?:that|it)|actually(?:,? no)?|no,? wait|wait,? no|i mean|i meant|scratch that|or rather|sorry)[,:]?\s*$`)

// corrects says whether the words just before byte i correct a count
// said before.
func (q *question) corrects(i int) bool {
	return correctionRE.MatchString(q.lower[max(0, i-40):i])
}
