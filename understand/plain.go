package understand

import (
	"strings"
	"unicode"
)

// politeFirst are words that open a request politely and say nothing
// of it: "please show me...", "pls, find...".
var politeFirst = []string{"please", "pls", "plz", "kindly"}

// politeLast are words that close a request politely: "... thanks",
// "..., thank you!".
var politeLast = []string{"thank you very much", "thank you", "thanks a lot", "thanks", "thx", "ty", "cheers", "please", "pls", "plz"}

// Plain is a text as a reader takes it, whatever its typing: runs of
// spaces and tabs as one space, each line trimmed (line breaks kept); a
// text written all in capitals ("WHERE IS THE NEAREST BANK") in lower
// case, as its capitals tell nothing of its names; a polite word before
// ("please", "pls") or after ("thanks", "thank you", "cheers") dropped
// when a request is left. A text that is only a polite word is kept as
// it is.
func Plain(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' }), " ")
	}
	s := strings.TrimSpace(strings.Join(lines, "\n"))
	if shouted(s) {
		s = strings.ToLower(s)
	}
	for _, w := range politeFirst {
		if rest, ok := cutWord(s, w); ok {
			rest = strings.TrimLeft(rest, " ,")
			if wordsIn(rest) > 0 {
				s = rest
			}
			break
		}
	}
	body := strings.TrimRight(s, " !.")
	for _, w := range politeLast {
		// the polite words are ASCII: the last len(w) bytes of body, equal
		// to w in any case, start a rune (lower-casing the whole text first
		// would shift the cut where a letter changes its length: "İ")
		n := len(body) - len(w)
		if n < 1 || !strings.EqualFold(body[n:], w) || body[n-1] != ' ' && body[n-1] != ',' {
			continue
		}
		rest := strings.TrimRight(body[:n], " ,")
		if wordsIn(rest) > 0 {
			s = rest
		}
		break
	}
	return s
}

// cutWord cuts the word w, in any case, from the start of s.
func cutWord(s, w string) (string, bool) {
	if len(s) < len(w) || !strings.EqualFold(s[:len(w)], w) {
		return s, false
	}
	rest := s[len(w):]
	if rest != "" && (unicode.IsLetter(rune(rest[0])) || unicode.IsDigit(rune(rest[0])) || rest[0] == '\'') {
		return s, false
	}
	return rest, true
}

// wordsIn counts the runs of letters or digits in s.
func wordsIn(s string) int {
	return len(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
}

// shouted says whether a text is written in capitals: two words or more
// of letters, and no lower-case letter.
func shouted(s string) bool {
	words := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		for _, r := range w {
			if unicode.IsLower(r) {
				return false
			}
		}
		if len([]rune(w)) >= 2 {
			words++
		}
	}
	return words >= 2
}
