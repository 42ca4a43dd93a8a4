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

// reNamedKind is a place's own name ending in what it is, in capitals:
// "Kent General Hospital", "Biggs Museum", "Rehoboth Public Library".
var reNamedKind = regexp.MustCompile(`\b((?:\p{Lu}[\p{L}'’.-]*\s+){1,4}(?:Hospital|Museum|Library|Church|Cathedral|Park|School|University|College|Center|Centre|Stadium|Station|Airport|Mall|Zoo|Theater|Theatre|Clinic|Pharmacy|Hotel|Inn|Motel|Market|Arena|Beach|Marina|Gallery))\b`)

// notNameWords are capitalised words that start a sentence or describe a
// kind rather than name a place: "Any Hospital", "The Public Library".
var notNameWords = map[string]bool{"the": true, "a": true, "an": true, "any": true, "is": true, "are": true,
	"where": true, "which": true, "what": true, "nearest": true, "closest": true, "find": true, "best": true,
	"good": true, "nearby": true, "local": true, "public": true, "general": true, "main": true, "big": true,
	"my": true, "our": true, "your": true, "that": true, "this": true, "and": true, "or": true, "to": true, "from": true}

// withNamedKinds is rd with the places named by their own name and kind
// as mentions ("Kent General Hospital is how far from here?") in a route
// that names no other place: the kind is then part of a name, not
// wanted. Only there: elsewhere the capitals would read otherwise than
// the same words in lower case.
func withNamedKinds(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if strings.ToUpper(rd.Text) == rd.Text || len(low) != len(rd.Text) || !reDirections.MatchString(low) ||
		slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role != understand.RoleRegion }) {
		return rd
	}
	var add []understand.Mention
	for _, m := range reNamedKind.FindAllStringSubmatchIndex(rd.Text, -1) {
		s, e := m[2], m[3]
		for s < e {
			w, _, _ := strings.Cut(low[s:e], " ")
			if !notNameWords[w] {
				break
			}
			s += len(w) + 1
		}
		if strings.Count(rd.Text[s:e], " ") == 0 || slices.ContainsFunc(rd.Mentions, func(x understand.Mention) bool { return x.Start < e && s < x.End }) ||
			slices.ContainsFunc(rd.References, func(x understand.Reference) bool { return x.Start < e && s < x.End }) {
			continue // only the kind left, or read already
		}
		add = append(add, understand.Mention{Span: understand.Span{Start: s, End: e}, Text: rd.Text[s:e], Role: roleBefore(low[:s])})
	}
	if len(add) == 0 {
		return rd
	}
	out := *rd
	out.Mentions = append(slices.Clone(rd.Mentions), add...)
	slices.SortFunc(out.Mentions, func(a, b understand.Mention) int { return a.Start - b.Start })
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool {
		return slices.ContainsFunc(add, func(a understand.Mention) bool { return t.Start < a.End && a.Start < t.End })
	})
	return &out
}
