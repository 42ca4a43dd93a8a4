package mapschat

import (
	"regexp"
	"strings"
)

// Small talk before a request: "Thanks, honestly more help than the
// front desk today. OK, from there to the library, same way". The
// thanks is said; the sentences after it are what is asked.

// reThanksLead opens a sentence of thanks or praise.
var reThanksLead = regexp.MustCompile(`(?i)^(?:(?:oh|ok(?:ay)?|wow|well|aw+|ah+)[,.!]*\s+)*(?:thanks|thank you|thank u|thx|ty|cheers|much appreciated|appreciate (?:it|that|you)|that(?:'s|’s| is| was) (?:great|perfect|helpful|super helpful|amazing|awesome|brilliant|lovely)|you(?:'re|’re| are) (?:a star|the best|a lifesaver|amazing|great|awesome)|great|perfect|awesome|brilliant|lovely|amazing|lifesaver)\b`)

// reThanksEnd ends a sentence: a stop, a bang or a question mark and
// a space.
var reThanksEnd = regexp.MustCompile(`[.!]+\s+`)

// afterSmallTalk is text less its sentences of thanks or praise when a
// sentence after them is left to read; text itself otherwise.
func afterSmallTalk(text string) string {
	rest := text
	for reThanksLead.MatchString(rest) {
		ix := reThanksEnd.FindStringIndex(rest)
		if ix == nil || strings.Contains(rest[:ix[0]], "?") {
			break
		}
		rest = rest[ix[1]:]
	}
	if rest == text || strings.TrimSpace(rest) == "" {
		return text
	}
	return rest
}
