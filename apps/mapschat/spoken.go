package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A place the conversation routed to or asked about, named again by a
// short form of its name ("the VA" after "the VA Medical Center", "the
// pond" or "Lums Pond" after "Lums Pond State Park"): that place, as a
// listed result is named by words of its name (bothnamed.go).

// reCapitalRun is words written with capitals, one after another: a
// name the reader may not know ("Lums Pond").
var reCapitalRun = regexp.MustCompile(`\b[A-Z][A-Za-z'’.-]*(?: [A-Z][A-Za-z'’.-]*)*`)

// reWord is a word; pairStopWords are words no short form of a name
// holds.
var (
	reWord        = regexp.MustCompile(`[a-z][a-z'’-]+`)
	pairStopWords = map[string]bool{"is": true, "are": true, "the": true, "a": true, "an": true, "to": true, "from": true,
		"than": true, "and": true, "or": true, "of": true, "in": true, "at": true, "near": true, "how": true, "what": true,
		"it": true, "that": true, "this": true, "there": true, "here": true, "by": true, "on": true, "for": true, "with": true,
		"lower": true, "higher": true, "far": true, "long": true, "i": true, "we": true, "you": true, "my": true, "our": true}
)

// maxNamed is how many places named in the conversation a session keeps.
const maxNamed = 8

// rememberNamed is named with the places of l that the person named (not
// "here", not a listed result pointed at, which Results keep; a listed
// result named by its name is), newest last.
func rememberNamed(named []Loc, ls ...*Loc) []Loc {
	for _, l := range ls {
		if l == nil || l.Name == "" || l.Ref != "" && l.Ref != refNamedListed || l.Area {
			continue
		}
		key := foldName(l.Name)
		named = slices.DeleteFunc(named, func(o Loc) bool { return foldName(o.Name) == key })
		named = append(named, *l)
	}
	if len(named) > maxNamed {
		named = slices.Clone(named[len(named)-maxNamed:])
	}
	return named
}

// namedByWords is the newest place of named whose name holds every one
// of words (some word not generic, not its town alone); nil when none.
func namedByWords(words []string, named []Loc) *Loc {
	if !slices.ContainsFunc(words, func(w string) bool { return !genericNameWords[w] }) {
		return nil
	}
	for i := len(named) - 1; i >= 0; i-- {
		own, _, _ := strings.Cut(named[i].Name, ",") // "Lums Pond State Park, Delaware": not its region
		name := " " + foldName(own) + " "
		if strings.TrimSpace(name) == strings.Join(words, " ") {
			continue // the whole name: the reader knows it already
		}
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(name, " "+w+" ") }) {
			l := named[i]
			return &l
		}
	}
	return nil
}

// spokenNames is rd with each short form of a place named before in the
// conversation read as that place: a name the gazetteer does not know
// or places far away, or words after "the" that nothing else reads.
func spokenNames(rd *understand.Reading, mem Memory, here *Loc) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(mem.Named) == 0 || len(low) != len(rd.Text) {
		return rd
	}
	var add []understand.Mention
	var drop []understand.Span
	spoken := func(s, e int, role understand.Role, cue string) bool {
		l := namedByWords(strings.Fields(foldName(low[s:e])), mem.Named)
		if l == nil {
			return false
		}
		m := understand.Mention{Span: understand.Span{Start: s, End: e}, Text: l.Name, Role: role, Cue: cue}
		if l.Point != nil {
			m.Place = &understand.Place{Name: l.Name, Kind: understand.KindLandmark, Lat: l.Point.Lat, Lng: l.Point.Lng, HasPoint: true}
		}
		add = append(add, m)
		drop = append(drop, m.Span)
		return true
	}
	for _, m := range rd.Mentions {
		far := m.Place == nil || !m.Place.HasPoint ||
			here != nil && here.Point != nil && distKm(here.Point.Lat, here.Point.Lng, m.Place.Lat, m.Place.Lng) > namesakeKm
		if m.Role != understand.RoleRegion && far {
			spoken(m.Start, m.End, m.Role, m.Cue)
		}
	}
	taken := func(s, e int) bool {
		over := func(sp understand.Span) bool { return sp.Start < e && s < sp.End }
		return slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return over(m.Span) }) ||
			slices.ContainsFunc(rd.References, func(r understand.Reference) bool { return over(r.Span) }) ||
			slices.ContainsFunc(add, func(m understand.Mention) bool { return over(m.Span) })
	}
	for _, m := range reTheWords.FindAllStringSubmatchIndex(low, -1) {
		s, e := m[2], m[3]
		for e > s && low[e-1] == ' ' {
			e--
		}
		if !taken(s, e) {
			spoken(s, e, roleAround(low[:m[0]]), "")
		}
	}
	for _, m := range reCapitalRun.FindAllStringIndex(rd.Text, -1) {
		if s, e := m[0], m[1]; e-s >= 3 && !taken(s, e) {
			spoken(s, e, roleAround(low[:s]), "")
		}
	}
	for _, t := range rd.Terms {
		// "near the hospital" after a route to Kent General Hospital:
		// the kind's word names the place spoken of, where to look; "the
		// nearest pharmacy to the hospital", "from the hospital": the
		// place spoken of, where to look or where a route starts
		if m := reNearThe.FindStringSubmatchIndex(low[:t.Start]); m != nil && !taken(t.Start, t.End) {
			if l := namedOfKind(low[t.Start:t.End], mem.Named); l != nil {
				role, cue := understand.RoleNear, low[m[2]:m[3]]
				switch cue {
				case "from":
					role = understand.RoleFrom
				case "to":
					if !reNearestKindTo.MatchString(low[:t.Start]) { // "the closest parking to the museum": where to look
						role = understand.RoleTo
					}
				}
				add = append(add, understand.Mention{Span: t.Span, Text: l.Name, Role: role, Cue: cue,
					Place: &understand.Place{Name: l.Name, Kind: understand.KindLandmark, Lat: l.Point.Lat, Lng: l.Point.Lng, HasPoint: true}})
				drop = append(drop, t.Span)
			}
		}
	}
	if rd.Text == low {
		// typed without capitals: two or three words in a row stand
		// where the capitals would have shown a name ("is lums pond
		// lower than newark")
		ws := reWord.FindAllStringIndex(low, -1)
		for i := 0; i+1 < len(ws); i++ {
			s, e := ws[i][0], ws[i+1][1]
			if strings.TrimSpace(low[ws[i][1]:ws[i+1][0]]) != "" || pairStopWords[low[ws[i][0]:ws[i][1]]] || pairStopWords[low[ws[i+1][0]:e]] || taken(s, e) {
				continue
			}
			spoken(s, e, roleAround(low[:s]), "")
		}
	}
	if len(add) == 0 {
		return rd
	}
	inside := func(sp understand.Span) bool {
		return slices.ContainsFunc(drop, func(d understand.Span) bool { return sp.Start < d.End && d.Start < sp.End })
	}
	out := *rd
	out.Mentions = append(slices.DeleteFunc(slices.Clone(rd.Mentions), func(m understand.Mention) bool { return inside(m.Span) }), add...)
	slices.SortFunc(out.Mentions, func(a, b understand.Mention) int { return a.Start - b.Start })
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool { return inside(t.Span) })
	return &out
}

// reNearThe ends with a near cue, or a route's, and "the": "near the ",
// "close to the ", "from the ", "to the ".
var reNearThe = regexp.MustCompile(`\b(near|around|close to|next to|by|from|to)\s+the\s+$`)

// namedOfKind is the newest place named in the conversation whose own
// name holds the kind's word ("museum" of Winterthur Museum), with a
// position; nil when none.
func namedOfKind(kind string, named []Loc) *Loc {
	kind = foldName(kind)
	for i := len(named) - 1; i >= 0; i-- {
		own, _, _ := strings.Cut(named[i].Name, ",")
		if named[i].Point != nil && hasWords(foldName(own), kind) {
			l := named[i]
			return &l
		}
	}
	return nil
}

// roleAround is the role the words before a place give it: from, to,
// near.
func roleAround(before string) understand.Role {
	b := strings.TrimSpace(before)
	for _, cue := range []string{"near", "around", "close to", "next to", "by", "at"} {
		if strings.HasSuffix(b, " "+cue) || b == cue {
			return understand.RoleNear
		}
	}
	return roleBefore(b)
}
