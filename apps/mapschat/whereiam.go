package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Where the person says they are. In a correction ("i meant smyrna im in
// smyrna not camden") it moves the search and says where "me" is from
// then on: the next "how far walking" starts there, not at the map's
// centre. In a request ("on my break at st francis hospital, anywhere
// close by for a coffee", "take me to the first one, im at the ferry
// terminal") it is this message's "here": what "close by" and "near me"
// are near, where a route with no start of its own starts.

// reIAmIn ends with the person placing themself: "im in ", "we're at ".
var reIAmIn = regexp.MustCompile(`\b(?:i'?m|i’m|im|i am|we'?re|we’re|we are)\s+(?:now\s+|actually\s+|currently\s+|really\s+)?(?:in|at)\s+$`)

// whereIAm is the town the person says they are in, nil when none.
func whereIAm(low string, rd *understand.Reading) *Loc {
	if len(low) != len(rd.Text) {
		return nil
	}
	for _, m := range rd.Mentions {
		if m.Place != nil && m.Place.HasPoint && reIAmIn.MatchString(low[:m.Start]) {
			return mentionLoc(m)
		}
	}
	return nil
}

// selfCue is the words by which the person places themself: "i'm at",
// "we're staying in", "i am parked at", "on my break at", "during our
// shift at".
const selfCue = `(?:\b(?:i'?m|i’m|im|i am|we'?re|we’re|we are)\s+(?:(?:now|actually|currently|really|just|still|already|right|here|out|parked|staying|stuck|waiting|sitting|standing|working|camped|camping|visiting|over)\s+){0,2}` +
	`|\b(?:on|during|at)\s+(?:my|our)\s+(?:[a-z]+\s+)?(?:break|shift|lunch|rounds|visit)\s+)(?:in|at)\s+(?:the\s+)?`

var (
	// reSelfAt ends with the person placing themself.
	reSelfAt = regexp.MustCompile(selfCue + `$`)
	// reSelfAtWords is the person placing themself at words of their
	// own up to the clause's end: "im at the ferry terminal, ...".
	reSelfAtWords = regexp.MustCompile(selfCue + `([a-z0-9][a-z0-9'’&. -]*?)\s*(?:[,;:!?]|\.(?:\s|$)|\s+(?:and|so|but|how|what|can|could|where|which)\b|$)`)
	// reSelfKindEnd ends a name the maps may know by its kind: "the
	// ferry terminal", "cape henlopen state park".
	reSelfKindEnd = regexp.MustCompile(`\b(?:` + kindWords[3:len(kindWords)-1] + `|terminal|station|airport|beach|pier|boardwalk|plaza|campground|campus|refuge|mill|lot)$`)
)

// selfWordsNotPlaces open words after "i'm at" that say no place: "i'm
// at work", "we're in a hurry".
var selfWordsNotPlaces = map[string]bool{"a": true, "an": true, "my": true, "our": true, "his": true, "her": true, "their": true,
	"home": true, "work": true, "it": true, "this": true, "that": true, "least": true, "risk": true, "trouble": true, "love": true}

// selfPlaced is where the person says they are, when the message says it
// of a place the maps can find: a place the reader places, or words of a
// place's name ending with its kind ("the ferry terminal"), searched for
// by the maps. rd is then read without that place (nor the kind words in
// it): it is where the request starts or looks around, not a place it
// asks for. ok false when the message places nobody.
func selfPlaced(low string, rd *understand.Reading) (*Loc, *understand.Reading, bool) {
	if len(low) != len(rd.Text) || !strings.Contains(low, " ") {
		return nil, rd, false
	}
	for _, m := range rd.Mentions {
		if m.Role == understand.RoleRegion || m.Place == nil || !m.Place.HasPoint || !reSelfAt.MatchString(low[:m.Start]) {
			continue
		}
		return mentionLoc(m), withoutSelf(rd, m.Span), true
	}
	ix := reSelfAtWords.FindStringSubmatchIndex(low)
	if ix == nil {
		return nil, rd, false
	}
	s, e := ix[2], ix[3]
	words := strings.Fields(strings.Trim(low[s:e], " ."))
	if len(words) == 0 || len(words) > 6 || selfWordsNotPlaces[words[0]] || !reSelfKindEnd.MatchString(strings.Join(words, " ")) ||
		slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Start < e && s < m.End && m.Place != nil && m.Place.HasPoint }) {
		return nil, rd, false
	}
	name := strings.TrimSpace(rd.Text[s:e])
	return &Loc{Name: name, Ref: refSelf}, withoutSelf(rd, understand.Span{Start: s, End: e}), true
}

// refSelf marks a place the person says they are at that the reader
// does not place: the maps search it before a route starts there.
const refSelf = "where you are"

// withoutSelf is rd less the mentions and kinds of place inside sp.
func withoutSelf(rd *understand.Reading, sp understand.Span) *understand.Reading {
	in := func(x understand.Span) bool { return x.Start < sp.End && sp.Start < x.End }
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), func(m understand.Mention) bool { return in(m.Span) })
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool { return in(t.Span) })
	return &out
}
