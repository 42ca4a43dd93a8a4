package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Follow-ups that lean on the last search: the same search in another
// town, the centre of the town searched, a result named by a fragment of
// its name ("the Victrola one").

// Search is the last search asked for: what, and around where.
type Search struct {
	Query string `json:"query"`
	Near  Loc    `json:"near"`
}

var (
	// reSameSearch asks for the last search again somewhere else: "same
	// thing but in Milford", "do that again for Lewes".
	reSameSearch = regexp.MustCompile(`\b(?:(?:the )?same (?:thing|search|query|again|one|but|for|in|near|around)|do (?:that|this|it|the same)(?: again)?|(?:search|look|try) (?:again|there too)|again (?:in|near|for|around))\b`)
	// reOnlyPlace changes only where: "and in Lewes?", "what about near Milford".
	reOnlyPlace = regexp.MustCompile(`^(?:(?:ok(?:ay)?|and|so|now|then|what about|how about)[,.!]?\s+)+(?:in|near|around|for)\s`)
	// reTownCentre is the centre of the town spoken of.
	reTownCentre = regexp.MustCompile(`\b(?:the )?(?:(?:town|city) cent(?:re|er)|cent(?:re|er) of (?:the )?(?:town|city)|downtown|the cent(?:re|er)|middle of (?:the )?town)\b`)
	// reNamedOne is a result named by a fragment of its name: "the
	// Victrola one", "that Air Mobility place".
	reNamedOne = regexp.MustCompile(`\b(?:the|that|this) ((?:[a-z0-9'’&.-]+ ){0,3}?[a-z0-9'’&.-]+) (?:one|place)\b`)
)

// notFragments are words before "one" that say which by order or kind,
// not by name.
var notFragments = map[string]bool{"first": true, "second": true, "third": true, "fourth": true, "fifth": true,
	"last": true, "next": true, "other": true, "same": true, "nearest": true, "closest": true, "previous": true,
	"best": true, "cheapest": true, "new": true, "old": true, "right": true, "wrong": true, "final": true, "only": true}

// sameSearchIn reads "same thing but in Middletown" as the last search
// around the place named; ok false for any other message.
func sameSearchIn(low string, rd *understand.Reading, mem Memory, here *Loc) (Request, bool) {
	if mem.Search == nil || len(rd.Terms) > 0 || !(reSameSearch.MatchString(low) || reOnlyPlace.MatchString(low)) {
		return Request{}, false
	}
	if len(rd.Modes) > 0 && hasRole(rd, understand.RoleTo) {
		return Request{}, false // "and for go by bike to the second": a route
	}
	l := pointedAt(rd, mem, here)
	if l == nil {
		return Request{}, false
	}
	return Request{Kind: KindNearby, Query: mem.Search.Query, Near: l}, true
}

// townOf is the town spoken of: the one searched in last, else the map's
// centre.
func townOf(mem Memory, here *Loc) *Loc {
	if s := mem.Search; s != nil && s.Near.Known && s.Near.PlaceID == "" && !s.Near.Area {
		n := s.Near
		return &n
	}
	return here
}

// townCentres are the places "the town centre", "downtown" stand for in
// text, by their role; a centre followed by a town's name is that town's
// and left to its mention.
func townCentres(rd *understand.Reading, mem Memory, here *Loc) map[understand.Role]*Loc {
	town := townOf(mem, here)
	if town == nil {
		return nil
	}
	low := strings.ToLower(rd.Text)
	out := map[understand.Role]*Loc{}
	for _, ix := range reTownCentre.FindAllStringIndex(low, -1) {
		named := false
		for _, m := range rd.Mentions {
			if m.Start >= ix[1] && m.Start <= ix[1]+4 {
				named = true // "downtown Dover", "the centre of Lewes"
			}
		}
		if named {
			continue
		}
		out[roleBefore(low[:ix[0]])] = town
	}
	return out
}

// namedOnes are the references to earlier results by a fragment of their
// name ("the Victrola one"), as references to their place in the list.
func namedOnes(low, text string, mem Memory) []understand.Reference {
	if len(mem.Results) == 0 || len(low) != len(text) {
		return nil
	}
	var out []understand.Reference
	for _, m := range reNamedOne.FindAllStringSubmatchIndex(low, -1) {
		frag := low[m[2]:m[3]]
		if notFragments[strings.Fields(frag)[0]] || isTermKey(understand.Normalize(frag)) {
			continue
		}
		for i, p := range mem.Results {
			if !hasWords(strings.ToLower(p.Name), frag) {
				continue
			}
			out = append(out, understand.Reference{Span: understand.Span{Start: m[0], End: m[1]},
				Text: text[m[0]:m[1]], Kind: understand.RefNth, Index: i + 1, Role: roleBefore(low[:m[0]])})
			break
		}
	}
	return out
}

// withNamedOnes is rd with the results named by a fragment as
// references, the places read inside those words dropped.
func withNamedOnes(rd *understand.Reading, low string, mem Memory) *understand.Reading {
	return withReferences(rd, namedOnes(low, rd.Text, mem))
}

// roleBefore is the end of a route that the words before a place make
// it: "from" its start, "to" its destination.
func roleBefore(before string) understand.Role {
	before = strings.TrimSpace(before)
	switch {
	case strings.HasSuffix(before, "from"):
		return understand.RoleFrom
	case strings.HasSuffix(before, "to"):
		return understand.RoleTo
	}
	return understand.RoleNone
}

// hasWords says whether s holds w as whole words: not inside a longer
// word or number (both lower case).
func hasWords(s, w string) bool {
	alnum := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' }
	for from := 0; w != ""; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return false
		}
		i += from
		if (i == 0 || !alnum(s[i-1])) && (i+len(w) == len(s) || !alnum(s[i+len(w)])) {
			return true
		}
		from = i + 1
	}
	return false
}
