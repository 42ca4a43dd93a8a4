package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// lowerBeforeCodeRE is one or two lower-case words before a US state's
// code in capitals: "newark DE", "bethany beach DE".
var lowerBeforeCodeRE = regexp.MustCompile(`\b((?:\p{Ll}[\p{Ll}'’-]+ )?\p{Ll}[\p{Ll}'’-]+) (` + stateCodes + `)\b`)

// townsBeforeCodes writes with capitals a town typed in lower case
// before its state's code ("newark DE → delaware city" is "Newark DE →
// delaware city"): the code says the words are a name, and the
// gazetteer that a town so named lies in that state. The longest such
// name of the last two words is taken.
func townsBeforeCodes(text string, sp understand.Speller) string {
	return lowerBeforeCodeRE.ReplaceAllStringFunc(text, func(s string) string {
		m := lowerBeforeCodeRE.FindStringSubmatch(s)
		words, code := strings.Fields(m[1]), m[2]
		for k := range words {
			name := strings.Join(words[k:], " ")
			for _, p := range sp.Lookup(understand.Normalize(name)) {
				if p.Kind == understand.KindCity && p.RegionCode == code && p.CountryCode == "US" {
					return strings.Join(words[:k], " ") + strings.Repeat(" ", min(k, 1)) + titled(name) + " " + code
				}
			}
		}
		return s
	})
}

// titled is words each with a capital first letter.
func titled(words string) string {
	fs := strings.Fields(words)
	for i, w := range fs {
		r := []rune(w)
		fs[i] = strings.ToUpper(string(r[0])) + string(r[1:])
	}
	return strings.Join(fs, " ")
}
