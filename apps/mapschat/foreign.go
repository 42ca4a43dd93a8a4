package mapschat

import (
	"regexp"
	"strings"
)

// foreignWords are the words of one language that a maps chat mixes into
// English (spanish.go, french.go, catalan.go), read as their English.
type foreignWords struct {
	cue   *regexp.Regexp // the message holds words of the language at all
	words []foreignWord  // in the order they are replaced
}

// foreignWord is a word or phrase of another language and its English.
type foreignWord struct {
	re *regexp.Regexp
	en string
}

// inEnglish is text with the language's words in English, spaces made
// single; text itself when it holds none.
func (f foreignWords) inEnglish(text string) string {
	if !f.cue.MatchString(text) {
		return text
	}
	for _, w := range f.words {
		text = w.re.ReplaceAllString(text, w.en)
	}
	return strings.Join(strings.Fields(text), " ")
}
