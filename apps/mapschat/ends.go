package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Names the gazetteer does not know ("Front Street", "Rodney Square")
// are places in the town spoken of, not anywhere in the world.

// reNumberAfter is a number written after a name: "Battery 519".
var reNumberAfter = regexp.MustCompile(`^\s+\d{1,5}\b`)

// inTown is rd with the names no gazetteer knows tied to the town spoken
// of (its name as their qualifier), a number written after a name kept
// with it.
func inTown(rd *understand.Reading, mem Memory, here *Loc) *understand.Reading {
	town := townOf(mem, here)
	if town == nil || town.Name == "" {
		return rd
	}
	var out *understand.Reading
	for i, m := range rd.Mentions {
		if m.Place != nil || m.Quoted || m.Qualifier != "" || strings.Contains(m.Text, ",") || m.Role == understand.RoleRegion {
			continue
		}
		if out == nil {
			c := *rd
			c.Mentions = slices.Clone(rd.Mentions)
			out = &c
		}
		if n := reNumberAfter.FindString(rd.Text[min(m.End, len(rd.Text)):]); n != "" && m.Text == rd.Text[m.Start:m.End] {
			out.Mentions[i].Text += " " + strings.TrimSpace(n)
			out.Mentions[i].End += len(n)
		}
		out.Mentions[i].Qualifier = town.Name
	}
	if out == nil {
		return rd
	}
	return out
}

// smallPlace is the population under which a place is a village a word
// of a sentence is more likely than.
const smallPlace = 5000

// isWord says whether the mention m is a word of the sentence rather than
// the place read: a small place by another of its names written in lower
// case with no cue ("sunburn"), a small faraway place written in lower
// case ("grab"), a faraway place by another of its names with no cue
// ("Got" for Göteborg).
func isWord(m understand.Mention, lower, local bool) bool {
	p := m.Place
	if p == nil || p.Kind == understand.KindCountry || p.Kind == understand.KindRegion {
		return false
	}
	small := p.Population < smallPlace && !p.Seat
	switch {
	case local:
		return lower && small && m.Role == understand.RoleNone && p.Match != understand.MatchName
	case lower && small:
		return true
	default:
		return m.Role == understand.RoleNone && p.Match != understand.MatchName
	}
}

// withoutFarLoose is rd less the faraway places named with no word
// making them where to search ("the nearest pharmacy? … muy malo"): a
// search is near the map unless a faraway place is cued ("in Paris").
func withoutFarLoose(rd *understand.Reading, here *Loc) *understand.Reading {
	if here == nil || here.Point == nil {
		return rd
	}
	far := func(m understand.Mention) bool {
		return m.Role == understand.RoleNone && m.Place != nil && m.Place.HasPoint &&
			distKm(here.Point.Lat, here.Point.Lng, m.Place.Lat, m.Place.Lng) > farKm
	}
	if !slices.ContainsFunc(rd.Mentions, far) {
		return rd
	}
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), far)
	return &out
}

// reAskedTail is what follows the name a question is about: the end of
// the question, "above sea level".
var reAskedTail = regexp.MustCompile(`\s*(?:[?!]|\s(?:above|over) (?:the )?sea ?level\b|\s(?:in|from) (?:feet|metres|meters|ft|m)\b).*$`)

// askedName is the name a "where is" / "how high is" question is about:
// the words up to the end of the question, without "the".
func askedName(s string) string {
	name := strings.TrimSpace(reAskedTail.ReplaceAllString(s, ""))
	return strings.TrimPrefix(name, "the ")
}

// bareLeg says whether the message names a start and an end and no kind
// of place: a route, however little else it says ("Millsboro to Laurel
// next", "then Laurel back to Georgetown").
func bareLeg(rd *understand.Reading) bool {
	from := slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role == understand.RoleFrom })
	to := slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role == understand.RoleTo })
	return from && to && len(rd.Terms) == 0
}

// reAfterThe is "after", "before" right before a word: "after that" tells
// when, not where.
var reAfterThe = regexp.MustCompile(`\b(?:after|before|since)\s+$`)

// afterThat says whether the reference is the "that" of "after that".
func afterThat(ref understand.Reference, rd *understand.Reading) bool {
	return strings.EqualFold(ref.Text, "that") && ref.Start <= len(rd.Text) && reAfterThe.MatchString(strings.ToLower(rd.Text[:ref.Start]))
}

// samePlace says whether l and o are the one place of the conversation.
func (l *Loc) samePlace(o *Loc) bool {
	if l == nil || o == nil {
		return false
	}
	if l.PlaceID != "" || o.PlaceID != "" {
		return l.PlaceID == o.PlaceID
	}
	return l.Point != nil && o.Point != nil && *l.Point == *o.Point
}

// reFromHome starts a route at the person's home or lodging, with the
// street it is on: "from my house on High Street", "from our rental off
// Route 1".
var reFromHome = regexp.MustCompile(`\bfrom (?:my|our) (?:house|home|place|apartment|apt|flat|condo|cottage|rental|dorm|room)\b(?:\s+(?:on|off|along)\s+[^,.;:?!]*)?`)

// reILiveIn ends with the person saying where they live: "I am living
// in ", "we live in ", "i've lived in ".
var reILiveIn = regexp.MustCompile(`\b(?:i|we)(?:\s+am|\s+are|'m|’m|'re|’re|'ve|’ve|\s+have)?\s+(?:now\s+|currently\s+|still\s+)?(?:live|living|lived)\s+in\s+$`)

// fromHome is rd less the names of the street a home start is on, and
// that start: the town the message says the person lives in ("from my
// home to there? I am living in Townsend"), else the map's centre, the
// person's town. A town named there ("from my place in Lewes") is left
// to be the start.
func fromHome(rd *understand.Reading, here *Loc) (*understand.Reading, *Loc) {
	low := strings.ToLower(rd.Text)
	ix := reFromHome.FindStringIndex(low)
	if ix == nil || here == nil || len(low) != len(rd.Text) {
		return rd, nil
	}
	if to := strings.Index(low[ix[0]:ix[1]], " to "); to >= 0 {
		ix[1] = ix[0] + to
	}
	inside := func(m understand.Mention) bool { return m.Start >= ix[0] && m.End <= ix[1] }
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), inside)
	for _, m := range out.Mentions {
		if m.Role == understand.RoleHome && m.Place != nil && m.Place.HasPoint && reILiveIn.MatchString(low[:m.Start]) {
			return without(&out, m), mentionLoc(m)
		}
	}
	return &out, here
}

// reFromDwelling ends with a dwelling or a workplace a route starts
// from: "from my daughter's house in", "from from our cottage at", "from
// the shop here in", "from our office over in".
var reFromDwelling = regexp.MustCompile(`\bfrom\s+(?:[\w'’]+\s+){0,3}(?:house|home|place|flat|apartment|condo|cottage|cabin|farm|shop|store|office|yard|workshop|warehouse|depot|plant|job site|site|work)\s+(?:in|at|on|near|by|(?:over|down|up|here|out|back) in)\s+$`)

// startsAtDwelling says whether the home mention m is where the route
// starts: "how far is the first one from my son's place in Milford".
func startsAtDwelling(m understand.Mention, text string) bool {
	return (m.Role == understand.RoleHome || m.Role == understand.RoleIn || m.Role == understand.RoleNone) && len(text) >= m.Start && reFromDwelling.MatchString(strings.ToLower(text[:m.Start]))
}
