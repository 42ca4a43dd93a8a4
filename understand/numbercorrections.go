package understand

import (
	"regexp"
	"strings"
)

// A number taken back as it is written ("which 2 floats — no wait, make
// it 3 — came closest", "at 500 m, sorry, I mean 1000 m", "cycle 12 (or
// rather 13)") is the second number: the first, the correction's words
// and its dashes go. A filler alone ("um", "er") corrects nothing. The
// correction may say again the words before the first number ("the upper
// 500 dbar — actually, make that the upper 300", "below 1000 m, sorry,
// below 1500"); other words before the second number are no correction
// of it.
var (
	numberTakenBack  = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?)((?:\s+[a-z]+\b)?)\s*(?:[—–(,;]|--?|\.\.\.)?\s*((?:(?:no|wait|sorry|oops|actually|hmm|um+|er+m?|uh|make (?:it|that)|i mean|i meant|or rather|rather|correction|scratch that|my bad|my mistake)\b[\s,!.:;]*)+)((?:[a-z]+\s+){0,3}?)(\d+(?:\.\d+)?)((?:\s+[a-z]+)?)\s*(?:[—–),;]|--?|\.\.\.)?`)
	numberCorrectCue = regexp.MustCompile(`(?i)\b(?:no|wait|sorry|oops|actually|make|mean|meant|rather|correction|scratch|bad|mistake)\b`)
)

// A number with its unit taken back after a few more words ("within 500
// km of Busan, sorry, make that 400 km", "at 200 m in the Red Sea — no,
// 300 m") is the second number in the first one's place: the
// correction's words go, the words between stay.
var numberTakenBackLater = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?)\s*([a-z]+)((?:\s+[\p{L}'’-]+){1,4}?)\s*(?:[—–(,;]|--?|\.\.\.)?\s*((?:(?:no|wait|sorry|oops|actually|make (?:it|that)|i mean|i meant|or rather|rather|correction|scratch that|my bad|my mistake)[\s,!.:;]*)+)(\d+(?:\.\d+)?)\s*([a-z]+)\b\s*(?:[—–),;]|--?|\.\.\.)?`)

// CorrectedNumbers returns text with each number taken back as it is
// written replaced by the one said in its stead ("500 m, sorry, 1000 m"
// is "1000 m"), as Numerals returns it with numbers in words as digits.
func CorrectedNumbers(text string) string {
	if !numberCorrectCue.MatchString(text) {
		return text
	}
	text = replaceSubmatches(numberTakenBackLater, text, func(m []int) string {
		unit, again := strings.ToLower(text[m[4]:m[5]]), strings.ToLower(text[m[12]:m[13]])
		if unit != again || !numberCorrectCue.MatchString(text[m[8]:m[9]]) || numberCorrectCue.MatchString(text[m[6]:m[7]]) {
			return text[m[0]:m[1]]
		}
		return text[m[10]:m[11]] + " " + text[m[4]:m[5]] + text[m[6]:m[7]] + " "
	})
	return replaceSubmatches(numberTakenBack, text, func(m []int) string {
		if !numberCorrectCue.MatchString(text[m[6]:m[7]]) || !saidAgain(text[:m[0]], text[m[8]:m[9]]) {
			return text[m[0]:m[1]]
		}
		first, second := strings.ToLower(strings.TrimSpace(text[m[4]:m[5]])), strings.ToLower(strings.TrimSpace(text[m[12]:m[13]]))
		if numberCorrectCue.MatchString(second) {
			second = ""
		}
		sameKind := first != "" && second != "" && first[:min(3, len(first))] == second[:min(3, len(second))] ||
			second == "" && len(text[m[2]:m[3]]) == len(text[m[10]:m[11]]) ||
			first != "" && second == "" && len(text[m[10]:m[11]]) < 5
		if !sameKind {
			return text[m[0]:m[1]] // "float 2901623, sorry, 6 profiles": not one number corrected
		}
		noun := text[m[4]:m[5]]
		if second != "" {
			noun = text[m[12]:m[13]]
		}
		return text[m[10]:m[11]] + noun + " "
	})
}

// saidAgain says whether lead, the words a correction puts before its
// number, is empty or the words written just before the first number.
func saidAgain(before, lead string) bool {
	lead = strings.ToLower(strings.Join(strings.Fields(lead), " "))
	return lead == "" || strings.HasSuffix(" "+strings.ToLower(strings.Join(strings.Fields(before), " ")), " "+lead)
}

// replaceSubmatches is re.ReplaceAllString with f writing each match
// from its submatch indices into s.
func replaceSubmatches(re *regexp.Regexp, s string, f func(m []int) string) string {
	var b strings.Builder
	prev := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[prev:m[0]])
		b.WriteString(f(m))
		prev = m[1]
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}
