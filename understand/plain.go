package understand

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// politeFirst are words that open a request politely and say nothing
// of it: "please show me...", "pls, find...".
var politeFirst = []string{"please", "pls", "plz", "kindly"}

// greetings open a message in one language or another and say nothing
// of it; some are also towns' names (Hola in Kenya, Salut in Turkey).
var greetings = []string{"good morning", "good afternoon", "good evening", "hi there", "hello there", "hi", "hello", "hey",
	"hiya", "howdy", "greetings", "g'day", "gday", "hola", "buenos días", "buenos dias", "buenas tardes", "buenas noches",
	"buenas", "bonjour", "bonsoir", "salut", "coucou", "ciao", "salve", "buongiorno", "buonasera", "guten tag",
	"guten morgen", "hallo", "moin", "servus", "grüezi", "gruezi", "grüß gott", "olá", "ola", "oi", "bom dia", "boa tarde",
	"hej", "hei", "hallå", "ahoj", "cześć", "czesc", "dzień dobry", "szia", "merhaba", "namaste", "namaskar",
	"konnichiwa", "ni hao", "nihao", "annyeong", "annyeonghaseyo", "salaam", "salam", "shalom", "marhaba", "aloha",
	"kia ora", "jambo", "privet", "zdravo", "yassou", "kalimera", "goedemorgen", "goedendag", "hoi"}

// politeLast are words that close a request politely: "... thanks",
// "..., thank you!".
var politeLast = []string{"thank you very much", "thank you", "thanks a lot", "thanks", "thx", "ty", "cheers", "please", "pls", "plz"}

// Plain is a text as a reader takes it, whatever its typing: runs of
// spaces and tabs as one space, each line trimmed (line breaks kept); a
// text written all in capitals ("WHERE IS THE NEAREST BANK") in lower
// case, as its capitals tell nothing of its names; a polite word before
// ("please", "pls") or after ("thanks", "thank you", "cheers") dropped
// when a request is left. A text that is only a polite word is kept as
// it is. A greeting before a comma or a stop ("Hola, ...", "Bonjour!
// ...") is dropped when three words or more follow it.
func Plain(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' }), " ")
	}
	s := strings.TrimSpace(strings.Join(lines, "\n"))
	if shouted(s) {
		s = strings.ToLower(s)
	}
	for _, w := range greetings {
		if rest, ok := cutWord(s, w); ok && strings.ContainsRune(",!.:;-–—", firstRune(strings.TrimLeft(rest, " "))) {
			rest = strings.TrimLeft(rest, " ,!.:;-–—")
			if wordsIn(rest) >= 3 {
				s = rest
			}
			break
		}
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

// firstRune is the first rune of s, or 0.
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return 0
	}
	return r
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
