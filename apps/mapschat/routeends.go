package mapschat

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// directions fills the two ends of a route: named places by their role,
// references resolved, saved labels, "here" for a missing origin and
// the place last spoken of for a missing destination.
func directions(rd *understand.Reading, mem Memory, here *Loc, mode string) Request {
	r := Request{Kind: KindDirections, Mode: mode}
	rd, r.From = fromHome(rd, here)
	rd = inTown(rd, mem, here)
	var loose []*Loc
	put := func(role understand.Role, l *Loc) {
		switch role {
		case understand.RoleFrom:
			r.From = l
		case understand.RoleTo:
			r.To = l
		default:
			loose = append(loose, l)
		}
	}
	stood := namedThenPointed(rd)
	for i, m := range rd.Mentions {
		if m.Role == understand.RoleRegion {
			continue
		}
		l := mentionLoc(m)
		role := m.Role
		if role == understand.RoleHome && strings.HasSuffix(m.Cue, "from") || startsAtDwelling(m, rd.Text) {
			role = understand.RoleFrom // "how far is the second one from Dover"
		}
		if ref, ok := stood[i]; ok {
			role = understand.RoleTo
			if ref.Role == understand.RoleFrom {
				role = understand.RoleFrom
			}
		}
		put(role, l)
	}
	found := foundBefore(rd, mem)
	for role, l := range found {
		if brandAt(rd, role) {
			put(role, l) // "from the Walmart": the one found, not any
			delete(found, role)
		}
	}
	for _, ref := range rd.References {
		if standsFor(stood, ref) {
			continue // the place named just before it
		}
		if ref.Kind == understand.RefIt && (ref.Text == "it" && reDummyIt.MatchString(strings.ToLower(rd.Text)) || afterThat(ref, rd) || inCorrection(ref, rd)) {
			continue // "how far is it to X", "after that", "scratch that": no place
		}
		if l := tripEnd(ref, mem); l != nil {
			put(ref.Role, l) // chained.go: "then from there to X"
			continue
		}
		l, bad := resolveRef(ref, mem, here)
		if l == nil && (namesItsPlace(ref, rd) || r.From != nil && r.To != nil || hasRole(rd, understand.RoleFrom) && hasRole(rd, understand.RoleTo)) {
			// the place the message names; both ends named, before or
			// after it ("the client moved it: A to B", "how far is it
			// from here to Lewes" with nothing found before)
			continue
		}
		if l == nil {
			r.Unresolved = bad
			continue
		}
		if slices.ContainsFunc(append(loose, r.From, r.To), l.samePlace) {
			continue // "walk there or is it far": one place, said twice
		}
		put(ref.Role, l)
	}
	centres := stations(rd, mem, here)
	maps.Copy(centres, townCentres(rd, mem, here))
	maps.Copy(centres, found)
	maps.Copy(centres, stopsNamed(rd, mem))
	for role, l := range centres {
		switch {
		case role == understand.RoleFrom && r.From == nil:
			r.From = l
		case role == understand.RoleTo && r.To == nil:
			r.To = l
		case role == understand.RoleNone:
			loose = append(loose, l)
		}
	}
	// Saved places by their label: "from home to work".
	low := strings.ToLower(rd.Text)
	for _, sp := range mem.Saved {
		for _, cue := range []string{"from ", "to "} {
			if strings.Contains(low, cue+sp.Label) || strings.Contains(low, cue+"my "+sp.Label) {
				l := placeLoc(sp.Place, sp.Label)
				if cue == "from " {
					r.From = l
				} else {
					r.To = l
				}
			}
		}
	}
	if r.From == nil && r.To == nil && len(loose) >= 2 && (hasRole(rd, understand.RoleBetween) || reBetweenThem.MatchString(low)) {
		r.From, r.To, loose = loose[0], loose[1], loose[2:] // "between X and Y": from X
	}
	for _, l := range loose {
		switch {
		case r.To == nil:
			r.To = l
		case r.From == nil:
			r.From = l
		}
	}
	if r.To == nil && r.From != nil && mem.Last == KindDirections && mem.Trip != nil {
		r.To = &mem.Trip.To // right after a route, "how long straight from here": to where it went
	}
	if r.To == nil && mem.Subject != nil {
		r.To = placeLoc(*mem.Subject, "it")
	}
	if r.From == nil && r.To != nil && here != nil {
		r.From = here
	}
	if r.From == nil && r.To == nil && mem.Trip != nil && mode != "" {
		r.From, r.To = &mem.Trip.From, &mem.Trip.To
	}
	if r.From == nil || r.To == nil {
		r.Missing = "where"
		if r.Unresolved != "" {
			r.Missing = ""
		}
	}
	return r
}

// reBetweenThem points back at the two places named before it as a
// route's ends, the first named first: "the drive between them", "how
// far apart are the two", "from one to the other".
var reBetweenThem = regexp.MustCompile(`\b(?:between (?:them|the two|those two|these two|both|the 2)|from one to the other|(?:far|long) apart)\b`)

// nearOf is where a search is centred: a named place, a reference, else
// the map's centre.
func nearOf(rd *understand.Reading, mem Memory, here *Loc) *Loc {
	if saysHere(rd) && here != nil {
		return here // "at the hospital, anywhere to eat near here": the map's centre
	}
	rd = withoutStoryNames(withoutCorrectionWords(rd))
	if l := cuedPlace(rd); l != nil {
		return streetsTown(l, rd, here)
	}
	if l := pointedAt(withoutFarLoose(rd, here), mem, here); l != nil {
		return streetsTown(l, rd, here)
	}
	return here
}

// reAtThatSpot is the person at the place spoken of: "am I at that
// point", "are we at this spot", "am i there".
var reAtThatSpot = regexp.MustCompile(`^(?:(?:up|are|we|am|i|is|it|we're|i'm)\s+)*(?:(?:at|on|in)\s+(?:that|this|the same)\s+(?:point|spot|position|location|pin|place|coordinates?)|there)$`)

// targetOf is the one place a question is about: a named place, a
// reference, a saved label, or the words after "where is" / "how high
// is" taken as a name for the maps.
func targetOf(low string, rd *understand.Reading, mem Memory, here *Loc, re *regexp.Regexp) *Loc {
	if l := firstPlace(rd, mem, here); l != nil {
		return l
	}
	if m := re.FindStringSubmatch(low); m != nil {
		name := askedName(m[len(m)-1])
		if reAtThatSpot.MatchString(name) && mem.Subject != nil {
			return placeLoc(*mem.Subject, "that point") // "how high up am I at that point" after a position
		}
		if reHereWords.MatchString(name) && here != nil {
			return here // "how high up are we"
		}
		for _, sp := range mem.Saved {
			if name == sp.Label || name == "my "+sp.Label {
				return placeLoc(sp.Place, sp.Label)
			}
		}
		if name != "" && !slices.Contains([]string{"it", "this", "that", "there", "here"}, name) {
			// The words as the person wrote them, capitals kept.
			if i := strings.Index(strings.ToLower(rd.Text), name); i >= 0 {
				name = rd.Text[i : i+len(name)]
			}
			return &Loc{Name: name}
		}
	}
	return nil
}

// firstPlace is the first place the text names or points at.
func firstPlace(rd *understand.Reading, mem Memory, here *Loc) *Loc {
	if l := pointedAt(rd, mem, here); l != nil {
		return l
	}
	low := strings.ToLower(rd.Text)
	for _, sp := range mem.Saved {
		if hasWords(low, strings.ToLower(sp.Label)) {
			return placeLoc(sp.Place, sp.Label)
		}
	}
	return nil
}

// pointedAt is the first place the text names (a region does not count)
// or, failing that, the first reference that resolves; nil when neither.
func pointedAt(rd *understand.Reading, mem Memory, here *Loc) *Loc {
	for _, m := range rd.Mentions {
		if m.Role != understand.RoleRegion {
			return mentionLoc(m)
		}
	}
	for _, ref := range rd.References {
		if l, _ := resolveRef(ref, mem, here); l != nil {
			return l
		}
	}
	return nil
}

// namedThenPointed are the places a route's question points back to in
// the words after them, by the index of the mention: a place named, its
// clause closed, then "that", "it" or "there" ("The ceremony is at Cape
// Henlopen State Park, how far is that from the hotel?", "Bennett's
// Chapel, is it far from here?"). The place is the nearest named before
// the word, not a start, and the message names no other destination;
// it is the route's start when the word is ("how far is the hotel from
// there").
func namedThenPointed(rd *understand.Reading) map[int]understand.Reference {
	var out map[int]understand.Reference
	for _, ref := range rd.References {
		if ref.Kind != understand.RefIt && ref.Kind != understand.RefThere || ref.Role != understand.RoleNone && ref.Role != understand.RoleFrom && ref.Role != understand.RoleTo {
			continue
		}
		if w := strings.ToLower(ref.Text); w != "that" && w != "it" && w != "there" {
			continue
		}
		if ref.Role != understand.RoleFrom && slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role == understand.RoleTo }) {
			continue // "how far is it from here to Lewes": Lewes is where it goes
		}
		at := -1
		for i, m := range rd.Mentions {
			if m.End <= ref.Start && m.Role != understand.RoleRegion {
				at = i
			}
		}
		if at < 0 {
			continue
		}
		m := rd.Mentions[at]
		gap := rd.Text[m.End:ref.Start]
		if m.Role == understand.RoleFrom || m.Role == understand.RoleTo || len(gap) > 40 || !strings.ContainsAny(gap, ",.;!?") {
			continue
		}
		if out == nil {
			out = map[int]understand.Reference{}
		}
		out[at] = ref
	}
	return out
}

// standsFor says whether ref is one of stood's: a word for a place named.
func standsFor(stood map[int]understand.Reference, ref understand.Reference) bool {
	for _, r := range stood {
		if r.Span == ref.Span {
			return true
		}
	}
	return false
}
