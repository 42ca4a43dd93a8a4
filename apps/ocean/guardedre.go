package ocean

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// The plan rules run a few hundred regexps on each question, most of
// which match nothing. A guardedRegexp first looks for the words any of
// its matches must contain ("cycle" in `\bcycles?\s+(\d+)`, one of
// "avg" or "ave" in `(?i)\b(?:avg|ave)\b`), read off the regexp itself,
// and runs the regexp only when one is in the text: a plain substring
// search instead of a backtracking match. Its answers are the regexp's.

// guardedRegexp is a compiled regexp with the words its matches contain.
type guardedRegexp struct {
	*regexp.Regexp
	// keys are lower-case ASCII words: every match contains one of them,
	// whatever its case; nil when the regexp gives none.
	keys []string
}

// mustGuarded compiles expr as regexp.MustCompile does.
func mustGuarded(expr string) *guardedRegexp {
	g := &guardedRegexp{Regexp: regexp.MustCompile(expr)}
	if re, err := syntax.Parse(expr, syntax.Perl); err == nil {
		g.keys = requiredWords(re)
	}
	return g
}

// maxKeys bounds the words looked for: past it the regexp runs anyway.
const maxKeys = 48

// requiredWords are words one of which every match of re contains, in
// lower case; nil when there are none to tell (a match may be empty,
// or hold only classes of characters, or a letter outside ASCII).
func requiredWords(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		w := strings.ToLower(string(re.Rune))
		if w == "" || !isASCII(w) {
			return nil
		}
		return []string{w}
	case syntax.OpCapture, syntax.OpPlus:
		return requiredWords(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredWords(re.Sub[0])
		}
	case syntax.OpAlternate:
		var all []string
		for _, s := range re.Sub {
			w := requiredWords(s)
			if w == nil {
				return nil // this branch may match without any
			}
			all = append(all, w...)
		}
		if len(all) > maxKeys {
			return nil
		}
		return all
	case syntax.OpConcat:
		// every part of a match holds a match of each part: the best
		// part's words serve, adjacent literals read as one word
		var best []string
		run := ""
		consider := func(w []string) {
			if w != nil && (best == nil || shortest(w) > shortest(best)) {
				best = w
			}
		}
		for _, s := range re.Sub {
			if s.Op == syntax.OpLiteral {
				if w := requiredWords(s); w != nil {
					run += w[0]
					continue
				}
			}
			if run != "" {
				consider([]string{run})
				run = ""
			}
			consider(requiredWords(s))
		}
		if run != "" {
			consider([]string{run})
		}
		return best
	}
	return nil
}

// shortest is the length of the shortest of words.
func shortest(words []string) int {
	n := -1
	for _, w := range words {
		if n < 0 || len(w) < n {
			n = len(w)
		}
	}
	return n
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldToASCII writes the two letters outside ASCII that match an ASCII
// letter case-insensitively (long s, Kelvin sign) as that letter.
var foldToASCII = strings.NewReplacer("\u017f", "s", "\u212a", "k")

// mayMatch says whether s holds one of g's words (whatever its case):
// false means the regexp matches nothing in s.
func (g *guardedRegexp) mayMatch(s string) bool {
	if g.keys == nil {
		return true
	}
	if !isASCII(s) {
		s = foldToASCII.Replace(s)
	}
	for _, k := range g.keys {
		if containsFold(s, k) {
			return true
		}
	}
	return false
}

// containsFold says whether s contains the lower-case ASCII word w, in
// any case.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		j := 0
		for j < len(w) && lowerASCII(s[i+j]) == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// The methods the rules use, each answering as the regexp does when
// it matches nothing.

func (g *guardedRegexp) MatchString(s string) bool {
	return g.mayMatch(s) && g.Regexp.MatchString(s)
}

func (g *guardedRegexp) FindString(s string) string {
	if !g.mayMatch(s) {
		return ""
	}
	return g.Regexp.FindString(s)
}

func (g *guardedRegexp) FindStringIndex(s string) []int {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindStringIndex(s)
}

func (g *guardedRegexp) FindStringSubmatch(s string) []string {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatch(s)
}

func (g *guardedRegexp) FindStringSubmatchIndex(s string) []int {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatchIndex(s)
}

func (g *guardedRegexp) FindAllString(s string, n int) []string {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindAllString(s, n)
}

func (g *guardedRegexp) FindAllStringIndex(s string, n int) [][]int {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindAllStringIndex(s, n)
}

func (g *guardedRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindAllStringSubmatch(s, n)
}

func (g *guardedRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !g.mayMatch(s) {
		return nil
	}
	return g.Regexp.FindAllStringSubmatchIndex(s, n)
}

func (g *guardedRegexp) ReplaceAllString(src, repl string) string {
	if !g.mayMatch(src) {
		return src
	}
	return g.Regexp.ReplaceAllString(src, repl)
}

func (g *guardedRegexp) ReplaceAllLiteralString(src, repl string) string {
	if !g.mayMatch(src) {
		return src
	}
	return g.Regexp.ReplaceAllLiteralString(src, repl)
}

func (g *guardedRegexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	if !g.mayMatch(src) {
		return src
	}
	return g.Regexp.ReplaceAllStringFunc(src, repl)
}
