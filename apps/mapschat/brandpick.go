package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// reWhereAt is a preposition that places a listed result by where it is:
// "the Acme on Main Street", "the Wawa in Bear".
var reWhereAt = regexp.MustCompile(`^(?:['’]s?)?(?:\s+[\p{L}0-9'’&-]+){0,2}?\s+(?:on|in|at|off|along)\s+`)

// notWhere are first words after the preposition that say no street or
// town: "the Acme in the morning", "the Wawa at my place".
var notWhere = map[string]bool{"the": true, "a": true, "an": true, "my": true, "our": true, "your": true, "this": true,
	"that": true, "town": true, "there": true, "here": true, "time": true, "case": true, "front": true, "between": true}

// reIndefinite ends with an indefinite article: "is there a Wawa on
// Pulaski Highway" asks whether there is one, a search, not which of the
// list it is.
var reIndefinite = regexp.MustCompile(`\b(?:a|an|any|another)\s+$`)

// brandPicks are the references to listed results named by the first
// word of their name and their street or town ("The ACME on Suburban
// Drive", "the Dunkin' in Elsmere"): the result of that name whose
// address holds those words, among several of the same name.
func brandPicks(low, text string, mem Memory) []understand.Reference {
	var out []understand.Reference
	for i, p := range mem.Results {
		brand, _, _ := strings.Cut(strings.Trim(strings.ToLower(p.Name), "'’ "), " ")
		brand = strings.TrimRight(brand, "'’")
		if len([]rune(brand)) < 3 || notWhere[brand] {
			continue
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(brand) + `\b`)
		for _, ix := range re.FindAllStringIndex(low, -1) {
			at := reWhereAt.FindStringIndex(low[ix[1]:])
			if at == nil || reIndefinite.MatchString(low[:ix[0]]) {
				continue
			}
			after := strings.Fields(strings.NewReplacer(",", " , ", "?", " ? ", ".", " . ", "!", " ! ", "—", " — ").Replace(low[ix[1]+at[1]:]))
			if len(after) == 0 || notWhere[after[0]] {
				continue
			}
			addr := streetWords(p.Address)
			for k := min(4, len(after)); k >= 1; k-- {
				if strings.ContainsAny(strings.Join(after[:k], ""), ",?.!—") || !strings.Contains(addr, streetWords(strings.Join(after[:k], " "))) {
					continue
				}
				start := ix[0]
				if strings.HasSuffix(low[:start], "the ") {
					start -= len("the ")
				}
				end := ix[1] + at[1] + len(strings.Join(after[:k], " "))
				if end > len(low) || low[ix[1]+at[1]:end] != strings.Join(after[:k], " ") {
					break
				}
				out = append(out, understand.Reference{Span: understand.Span{Start: start, End: end},
					Text: text[start:end], Kind: understand.RefNth, Index: i + 1, Role: roleBefore(low[:start])})
				break
			}
		}
	}
	return out
}
