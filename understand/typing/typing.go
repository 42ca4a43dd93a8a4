// Package typing writes a text the ways people type the same thing —
// in lower case, in capitals, with doubled spaces, without punctuation,
// with a polite word before or after — for tests that check a reading
// does not depend on how a request was typed.
package typing

import (
	"strings"
	"unicode"
)

// Variant is one way of typing a text.
type Variant struct {
	Kind string // "lower", "upper", "spaces", "punctuation", "please", "thanks"
	Of   func(string) string
}

// Variants are the ways of typing a text the tests try, in that order.
func Variants() []Variant {
	return []Variant{
		{"lower", strings.ToLower},
		{"upper", strings.ToUpper},
		{"spaces", DoubleSpaces},
		{"punctuation", StripPunctuation},
		{"please", func(s string) string { return "please " + s }},
		{"thanks", func(s string) string { return s + " thanks" }},
	}
}

// DoubleSpaces doubles every run of spaces.
func DoubleSpaces(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == ' ' {
			b.WriteString("  ")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// StripPunctuation drops ?!,;:"() but keeps a character inside a number
// ("10:30", "1,000", "48.1,11.5"); one between two words becomes a space.
func StripPunctuation(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if !strings.ContainsRune(`?!,;:"()`, r) {
			b.WriteRune(r)
			continue
		}
		before, after := rune(' '), rune(' ')
		if i > 0 {
			before = rs[i-1]
		}
		if i+1 < len(rs) {
			after = rs[i+1]
		}
		if unicode.IsDigit(before) && (unicode.IsDigit(after) || after == '-' && r == ',') && (r == ':' || r == ',') {
			b.WriteRune(r)
			continue
		}
		if !unicode.IsSpace(before) && !unicode.IsSpace(after) && i > 0 && i+1 < len(rs) &&
			!strings.ContainsRune(`?!,;:"()`, before) && !strings.ContainsRune(`?!,;:"()`, after) {
			b.WriteRune(' ')
		}
	}
	return b.String()
}
