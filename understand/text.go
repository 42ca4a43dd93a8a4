package understand

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

var foldPool = sync.Pool{New: func() any {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}}

// Normalize folds s for matching names: diacritics removed, lower case,
// punctuation turned to spaces, runs of spaces collapsed, apostrophes
// dropped. "Sant Julià de Lòria" becomes "sant julia de loria", "St.
// George's" "st georges". Gazetteers index their names by this key.
func Normalize(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii {
		t := foldPool.Get().(transform.Transformer)
		if out, _, err := transform.String(t, s); err == nil {
			s = out
		}
		t.Reset()
		foldPool.Put(t)
	}
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		case r == '\'' || r == '’':
			// "Ta'zim" and "Tazim" match.
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), " ")
}

// Span is a part of the text read: bytes [Start, End) of Reading.Text.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// tokKind is what a token is.
type tokKind uint8

const (
	tokWord  tokKind = iota // letters, maybe with digits, hyphens, apostrophes
	tokNum                  // starts with a digit or a sign and a digit
	tokPunct                // one punctuation rune
)

// token is one word, number or punctuation mark of the text.
type token struct {
	start, end int
	raw        string // as written
	low        string // lower case, diacritics kept
	key        string // Normalize(raw)
	kind       tokKind
	cap        bool // starts with an upper-case letter
	upper      bool // two or more letters, all upper case
	dot        bool // a period follows at once ("St.", "Del.")
	space      bool // whitespace precedes it
	masked     bool // inside the inline format: read by nobody
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// tokenize splits text into tokens. A word keeps its inner hyphens,
// apostrophes and periods ("Sant-Julià", "O'Neill", "U.S."); a number
// keeps its decimal point, thousands commas and a leading sign. Bytes of
// text inside mask are skipped.
func tokenize(text string, mask []Span) []token {
	toks := make([]token, 0, len(text)/5+4)
	mask = slices.SortedFunc(slices.Values(mask), func(a, b Span) int { return a.Start - b.Start })
	space := true
	for i := 0; i < len(text); {
		for len(mask) > 0 && mask[0].End <= i {
			mask = mask[1:]
		}
		if len(mask) > 0 && i >= mask[0].Start {
			i, space = mask[0].End, true
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsSpace(r):
			space = true
			i += size
			continue
		case unicode.IsDigit(r) || (r == '-' || r == '+' || r == '−') && i+size < len(text) && isDigitAt(text, i+size) && (space || i == 0):
			j := i + size
			for j < len(text) {
				c := text[j]
				if c >= '0' && c <= '9' {
					j++
					continue
				}
				// 4.5, 1,000 (a comma then exactly three digits)
				if (c == '.' || c == ',') && j+1 < len(text) && text[j+1] >= '0' && text[j+1] <= '9' {
					if c == ',' && !(j+3 < len(text)+0 && digitsThen(text, j+1, 3)) {
						break
					}
					j++
					continue
				}
				break
			}
			// A suffix of letters makes an ordinal or a unit word: "3rd", "5km".
			k := j
			for k < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[k:])
				if !unicode.IsLetter(r2) {
					break
				}
				k += s2
			}
			toks = append(toks, mkToken(text, i, j, tokNum, space))
			if k > j {
				toks = append(toks, mkToken(text, j, k, tokWord, false))
			}
			i, space = k, false
			continue
		case isWordRune(r):
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if isWordRune(r2) {
					j += s2
					continue
				}
				// Inner joiners: a letter must follow.
				if (r2 == '-' || r2 == '\'' || r2 == '’' || r2 == '.' && isInitials(text, i, j)) && j+s2 < len(text) {
					r3, _ := utf8.DecodeRuneInString(text[j+s2:])
					if unicode.IsLetter(r3) && !(r2 == '-' && monthDashMonth(text, i, j)) {
						j += s2
						continue
					}
				}
				break
			}
			t := mkToken(text, i, j, tokWord, space)
			if j < len(text) && text[j] == '.' {
				t.dot = true
			}
			toks = append(toks, t)
			i, space = j, false
			continue
		}
		// "->" and "=>" are one arrow.
		if (r == '-' || r == '=') && i+1 < len(text) && text[i+1] == '>' {
			size = 2
		}
		toks = append(toks, mkToken(text, i, i+size, tokPunct, space))
		i += size
		space = false
	}
	return toks
}

// monthDashMonth says whether the word text[i:j] and the one after the
// hyphen at j are both months ("Jan-Mar", "june-august"): a range of
// months, three tokens, not one hyphenated word.
func monthDashMonth(text string, i, j int) bool {
	if _, ok := monthNames[strings.ToLower(text[i:j])]; !ok {
		return false
	}
	k := j + 1
	for k < len(text) && isWordRune(rune(text[k])) && text[k] < utf8.RuneSelf {
		k++
	}
	_, ok := monthNames[strings.ToLower(text[j+1:k])]
	return ok
}

func isDigitAt(s string, i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }

func digitsThen(s string, i, n int) bool {
	for k := 0; k < n; k++ {
		if !isDigitAt(s, i+k) {
			return false
		}
	}
	return !isDigitAt(s, i+n)
}

// isInitials says whether the word text[i:j] before a period is part of
// dotted initials ("U.S.", "N.J."): single letters only.
func isInitials(text string, i, j int) bool {
	w := text[i:j]
	if w == "" {
		return false
	}
	for _, part := range strings.Split(w, ".") {
		if utf8.RuneCountInString(part) != 1 {
			return false
		}
	}
	return true
}

func mkToken(text string, i, j int, k tokKind, space bool) token {
	raw := text[i:j]
	t := token{start: i, end: j, raw: raw, kind: k, space: space}
	if k == tokPunct {
		t.low, t.key = raw, raw
		return t
	}
	t.low = strings.ToLower(raw)
	if w, ok := textedWords[t.low]; ok {
		t.low = w // "wknd"
	}
	t.key = Normalize(strings.ReplaceAll(raw, ".", "")) // "N.J" is "nj"
	r, _ := utf8.DecodeRuneInString(raw)
	t.cap = unicode.IsUpper(r)
	letters, uppers := 0, 0
	for _, c := range raw {
		if unicode.IsLetter(c) {
			letters++
			if unicode.IsUpper(c) {
				uppers++
			}
		}
	}
	t.upper = letters >= 2 && letters == uppers
	return t
}

// isPunct says whether t is the punctuation mark p.
func (t token) isPunct(p ...string) bool {
	if t.kind != tokPunct {
		return false
	}
	for _, x := range p {
		if t.raw == x {
			return true
		}
	}
	return false
}

// breaks says whether t ends a clause: a sentence mark, a semicolon or a
// colon.
func (t token) breaks() bool {
	return t.isPunct(".", "!", "?", ";", ":", "\n")
}

// textedWords are time words as texts shorten them, read as the word.
var textedWords = map[string]string{"wknd": "weekend", "wkend": "weekend", "wknds": "weekends", "wkends": "weekends",
	"wk": "week", "wks": "weeks", "mnth": "month", "mnths": "months"}
