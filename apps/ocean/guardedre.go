package ocean

import (
	"regexp"
	"regexp/syntax"
	"slices"
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
// or hold only long classes of characters, or a letter outside ASCII).
func requiredWords(re *syntax.Regexp) []string {
	exact, keys := wordsOf(re)
	return better(exact, keys)
}

// wordsOf reads re: exact, when not nil, lists every text re matches;
// keys, when not nil, are words one of which each match contains. Both
// are in lower case, and hold only ASCII.
func wordsOf(re *syntax.Regexp) (exact, keys []string) {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return []string{""}, nil // matches no character
	case syntax.OpLiteral:
		w := strings.ToLower(string(re.Rune))
		if !isASCII(w) {
			return nil, nil
		}
		return []string{w}, nil
	case syntax.OpCharClass:
		var cs []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi >= utf8.RuneSelf || hi-lo > 8 {
				return nil, nil
			}
			for c := lo; c <= hi; c++ {
				cs = addWord(cs, strings.ToLower(string(c)))
			}
		}
		if len(cs) == 0 || len(cs) > 8 {
			return nil, nil
		}
		return cs, nil
	case syntax.OpCapture:
		return wordsOf(re.Sub[0])
	case syntax.OpQuest:
		if e, _ := wordsOf(re.Sub[0]); e != nil {
			return addWord(e, ""), nil
		}
	case syntax.OpPlus:
		return nil, better(wordsOf(re.Sub[0]))
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return nil, better(wordsOf(re.Sub[0]))
		}
	case syntax.OpAlternate:
		exact, keys := []string{}, []string{}
		for _, s := range re.Sub {
			e, k := wordsOf(s)
			if exact != nil && e != nil {
				for _, w := range e {
					exact = addWord(exact, w)
				}
			} else {
				exact = nil
			}
			if w := better(e, k); w != nil && keys != nil {
				keys = append(keys, w...)
			} else {
				keys = nil // this branch may match without any
			}
		}
		if len(exact) > maxKeys {
			exact = nil
		}
		if len(keys) > maxKeys {
			keys = nil
		}
		return exact, keys
	case syntax.OpConcat:
		// a match holds a match of each part, and of each run of parts
		// whose texts are listed: the best of those serves
		run := []string{""} // the texts of the run of listed parts so far
		listed := true      // every part so far is in the run
		var best []string
		for _, s := range re.Sub {
			e, k := wordsOf(s)
			if e == nil {
				best = better(better(best, run), k)
				run, listed = []string{""}, false
				continue
			}
			if len(run)*len(e) > maxKeys {
				best = better(best, run)
				run, listed = []string{""}, false
			}
			var next []string
			for _, a := range run {
				for _, b := range e {
					next = addWord(next, a+b)
				}
			}
			run = next
		}
		if listed {
			return run, nil
		}
		return nil, better(best, run)
	}
	return nil, nil
}

// better is the more telling of two sets of words: neither may hold an
// empty word; the longer shortest word, then the fewer words, wins.
func better(a, b []string) []string {
	if a == nil || slices.Contains(a, "") {
		if b == nil || slices.Contains(b, "") {
			return nil
		}
		return b
	}
	if b == nil || slices.Contains(b, "") {
		return a
	}
	if sa, sb := shortest(a), shortest(b); sa != sb {
		if sa > sb {
			return a
		}
		return b
	}
	if len(b) < len(a) {
		return b
	}
	return a
}

func addWord(ws []string, w string) []string {
	if slices.Contains(ws, w) {
		return ws
	}
	return append(ws, w)
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
	s = strings.ToLower(s) // s itself when it is lower-case ASCII
	for _, k := range g.keys {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
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
