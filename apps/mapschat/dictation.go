package mapschat

import (
	"regexp"
	"strings"
)

// A dictated message says its punctuation in words ("number three comma
// how long is the walk question mark"): the words are read as the marks,
// so what they separate reads as it would typed.

var (
	// reSpokenMark is a mark said anywhere: "comma", "question mark",
	// "exclamation point".
	reSpokenMark = regexp.MustCompile(`(?i)\s+(comma|question mark|exclamation (?:mark|point)|colon|semicolon)\b`)
	// reSpokenStop is a full stop said at the end of a sentence: "period"
	// and "full stop" are words too ("a period of rain"), so only last.
	reSpokenStop = regexp.MustCompile(`(?i)\s+(?:period|full stop)\s*$`)
)

// reNumberWord is a list's number said in words: "number three", "no. two".
var reNumberWord = regexp.MustCompile(`(?i)\b(number|no\.|nr\.?|nummer|n[uú]mero)\s+(one|two|three|four|five|six|seven|eight|nine|ten)\b`)

var numberWords = map[string]string{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
	"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}

var spokenMarks = map[string]string{"comma": ",", "question mark": "?", "exclamation mark": "!",
	"exclamation point": "!", "colon": ":", "semicolon": ";"}

// withSpokenMarks is text with its punctuation said in words written as
// marks, and a list's number said in words ("number three") in digits.
func withSpokenMarks(text string) string {
	text = reNumberWord.ReplaceAllStringFunc(text, func(s string) string {
		f := strings.Fields(s)
		return f[0] + " " + numberWords[strings.ToLower(f[1])]
	})
	if !reSpokenMark.MatchString(text) && !reSpokenStop.MatchString(text) {
		return text
	}
	text = reSpokenStop.ReplaceAllString(text, ".")
	return reSpokenMark.ReplaceAllStringFunc(text, func(s string) string {
		return spokenMarks[strings.ToLower(strings.Join(strings.Fields(s), " "))]
	})
}
