package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// reDescribed is a place named by what it is and its name: "the
// sanctuary of Meritxell", "the Church of St. Anne", "the castle of
// Montjuïc". The name starts with a capital.
var reDescribed = regexp.MustCompile(`(?i:\bthe\s+)((?i:sanctuary|shrine|church|chapel|cathedral|basilica|monastery|abbey|convent|castle|fortress|fort|palace|museum|tower|temple|mosque|synagogue|lake|valley|bridge|gardens?|square|monument|memorial|cave|caves)\s+of\s+(?:the\s+)?(?:St\.?\s+|Saint\s+|Our\s+Lady\s+of\s+)?\p{Lu}[\p{L}'’-]+(?:\s+(?:de|del|la|les|di|da|du|\p{Lu}[\p{L}'’-]+))*)`)

// withDescribed is rd with the places it names by description and name
// as mentions ("to the sanctuary of Meritxell"), where no other mention
// covers them: the gazetteer knows the name of few such places, and "it"
// after them is the place named.
func withDescribed(rd *understand.Reading) *understand.Reading {
	var add []understand.Mention
	low := strings.ToLower(rd.Text)
	for _, m := range reDescribed.FindAllStringSubmatchIndex(rd.Text, -1) {
		s, e := m[2], m[3]
		if slices.ContainsFunc(rd.Mentions, func(x understand.Mention) bool { return x.Start <= s && e <= x.End && x.Place != nil }) {
			continue
		}
		add = append(add, understand.Mention{Span: understand.Span{Start: s, End: e}, Text: rd.Text[s:e], Role: roleBefore(low[:m[0]])})
	}
	if len(add) == 0 {
		return rd
	}
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), func(x understand.Mention) bool {
		return slices.ContainsFunc(add, func(a understand.Mention) bool { return x.Start < a.End && a.Start < x.End })
	})
	out.Mentions = append(out.Mentions, add...)
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool {
		return slices.ContainsFunc(add, func(a understand.Mention) bool { return t.Start < a.End && a.Start < t.End })
	}) // "museum" of "the Museum of Natural History" is its name, no kind wanted
	slices.SortFunc(out.Mentions, func(a, b understand.Mention) int { return a.Start - b.Start })
	return &out
}
