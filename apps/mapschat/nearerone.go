package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// reNearerOne asks for a nearer place of the same list: "closer one?",
// "is there a nearer one", "anything closer".
var reNearerOne = regexp.MustCompile(`\b(?:(?:a|the|any|one) )?(?:closer|nearer|closest|nearest) (?:one|option|choice)\b|\b(?:anything|something|one|anywhere) (?:closer|nearer)\b`)

// nearerOne reads "closer one?" after a route to a listed place that is
// not the first: the same route to the first of the list, the nearest as
// the search ranked them. ok false for any other message.
func nearerOne(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	t := mem.Trip
	if t == nil || len(mem.Results) == 0 || len(rd.Terms) > 0 || !reNearerOne.MatchString(low) ||
		slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role != understand.RoleRegion }) {
		return Request{}, false
	}
	i := slices.IndexFunc(mem.Results, func(p Place) bool { return p.PlaceID != "" && p.PlaceID == t.To.PlaceID })
	if i <= 0 {
		return Request{}, false
	}
	to := placeLoc(mem.Results[0], "the closer one")
	from := t.From
	return Request{Kind: KindDirections, From: &from, To: to, Mode: t.Mode}, true
}

// reWhatAboutOne asks the last route again to another place: "what about
// the first one", "and the 3rd?", "how about that last one instead", or
// by a word of its name alone ("and Kells?": a listed namesake).
var reWhatAboutOne = regexp.MustCompile(`(?:^|[.!?,]\s*)(?:(?:ok(?:ay)?|hm+|and|so|but|well)[,.]?\s+)*(?:what about|how about|and|or|then|try)\s+(?:to\s+)?(?:(?:the|that)\s+)?(\w+)(?:\s+(?:one|place))?(?:\s+(?:instead|then))?\s*[?.!]*$`)

// otherListed reads "what about the first one" right after a route to a
// listed place as the same route, from the same start and in the same
// mode, to that other place of the list. ok false for any other message.
func otherListed(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	t := mem.Trip
	if t == nil || mem.Last != KindDirections || t.To.PlaceID == "" || len(rd.Terms) > 0 || len(rd.Modes) > 0 || len(rd.References) > 1 ||
		slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role != understand.RoleRegion }) ||
		!slices.ContainsFunc(mem.Results, func(p Place) bool { return p.PlaceID == t.To.PlaceID }) {
		return Request{}, false
	}
	m := reWhatAboutOne.FindStringSubmatch(low)
	if m == nil {
		return Request{}, false
	}
	i := ordinals[m[1]]
	if m[1] == "last" {
		i = -1
	}
	ref := understand.Reference{Text: "the " + m[1], Kind: understand.RefNth, Index: i}
	if i == 0 && m[1] != "last" {
		ref.Index = listedByWord(m[1], mem) // "and Coverdale?": a word of its name
	}
	if len(rd.References) == 1 {
		ref = rd.References[0]
	}
	if ref.Kind != understand.RefNth || ref.Index == 0 {
		return Request{}, false
	}
	to, _ := resolveRef(ref, mem, nil)
	if to == nil {
		return Request{}, false
	}
	from := t.From
	return Request{Kind: KindDirections, From: &from, To: to, Mode: t.Mode}, true
}

// listedByWord is the place in the list (from 1) of the one listed
// result whose name holds the word w; 0 when none or several do.
func listedByWord(w string, mem Memory) int {
	if len(w) < 4 || notFragments[w] || isTermKey(understand.Normalize(w)) {
		return 0
	}
	at := 0
	for i, p := range mem.Results {
		if hasWords(foldName(p.Name), w) {
			if at != 0 {
				return 0
			}
			at = i + 1
		}
	}
	return at
}

// reClosestToMe picks the nearest of a list by where the person is:
// "the one closest to me", "whichever is nearest to us", "the one
// that's closest". A list is ranked nearest first.
var reClosestToMe = regexp.MustCompile(`\b(?:the one|the place|the spot|whichever(?: one| place)?|which ever(?: one)?)\s+(?:that(?:'s|’s| is)\s+|which is\s+|is\s+|'s\s+)?(?:closest|nearest)(?:\s+to\s+(?:me|us|here|where (?:i|we)(?: am|'m| are|'re)?(?: now)?))?\b`)

// closestListed is rd with "the one closest to me" after a list read as
// the list's first place, not as the person's own place.
func closestListed(rd *understand.Reading, low string, mem Memory) *understand.Reading {
	if len(mem.Results) == 0 || len(low) != len(rd.Text) {
		return rd
	}
	ixs := reClosestToMe.FindAllStringIndex(low, -1)
	if len(ixs) == 0 {
		return rd
	}
	out := *rd
	refs := slices.Clone(rd.References)
	for _, ix := range ixs {
		refs = slices.DeleteFunc(refs, func(r understand.Reference) bool { return r.Start < ix[1] && ix[0] < r.End })
		before := strings.TrimSpace(low[:ix[0]])
		role := understand.RoleNone
		switch {
		case strings.HasSuffix(before, "from"):
			role = understand.RoleFrom
		case strings.HasSuffix(before, "to"):
			role = understand.RoleTo
		}
		refs = append(refs, understand.Reference{Span: understand.Span{Start: ix[0], End: ix[1]},
			Text: rd.Text[ix[0]:ix[1]], Kind: understand.RefNth, Index: 1, Role: role})
	}
	slices.SortFunc(refs, func(a, b understand.Reference) int { return a.Start - b.Start })
	out.References = refs
	return &out
}

// reWhichClosest asks which of a list is the nearest, and nothing more:
// "which one is closest", "which is the closest one?", "whats the
// nearest", "which of them is nearest to us".
var reWhichClosest = regexp.MustCompile(`^(?:(?:ok(?:ay)?|so|and|hm+|well|but)[,.]?\s+)*(?:which|what)(?:'s|’s|s| is)?\s+(?:one\s+)?(?:of (?:them|those|these)\s+)?(?:is\s+|'s\s+)?(?:the\s+)?(?:closest|nearest)(?:\s+one)?(?:\s+(?:to|from)\s+(?:me|us|here|where (?:i|we)(?: am|'m| are|'re)?(?: now)?))?\s*[?.!]*$`)

// closestAsked reads "which one is closest" after a list as the list's
// first place, ranked nearest first: its address, from the memory (as
// "the closest one, what's the address" is answered). ok false for any
// other message.
func closestAsked(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	if len(mem.Results) == 0 || len(rd.Terms) > 0 || !reWhichClosest.MatchString(strings.TrimSpace(low)) {
		return Request{}, false
	}
	return Request{Kind: KindDetails, Detail: "address", Near: placeLoc(mem.Results[0], "the closest one")}, true
}
