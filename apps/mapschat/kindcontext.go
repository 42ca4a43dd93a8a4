package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A kind's word read by the words around it: "park" after "where do we"
// is parking; a kind after "after" tells when ("open after church"); a
// kind after "by the" when another kind comes first is where to search
// ("parking by the stadium"); "within walking distance" bounds a search,
// it asks no route; a meal wanted ("a quick lunch") is a restaurant.

var (
	// reParkVerb is "park" as a verb: "where do we park", "somewhere I
	// can park", "to park".
	reParkVerb = regexp.MustCompile(`\b(?:i|we|you|they|to|can|could|should|do|does|will|gonna|i'll|we'll)\s+$`)
	// reWhenWord is a word that makes the kind after it a time: "after
	// church", "before work".
	reWhenWord = regexp.MustCompile(`\b(?:after|before)\s+(?:the\s+)?$`)
	// reByThe puts a search beside a place: "by the stadium", "near the
	// museum".
	reByThe = regexp.MustCompile(`\b(?:by|near|beside|next to|close to|behind|across from|around)\s+the\s+$`)
	// reWalkDistance bounds a search by a walk: "within walking distance
	// of there", "walkable from the hotel".
	reWalkDistance = regexp.MustCompile(`\b(?:walk(?:ing|in['’]?)?|short walk|easy walk) (?:distance|range)\b|\bwalkable\b`)
	// reWithinSpan bounds a search by a distance or a time: "within a
	// couple of miles of", "no more than 5 km from", "10 minutes from".
	reWithinSpan = regexp.MustCompile(`\b(?:within|inside|in|under|less than|no more than|not more than|at most|up to)\s+(?:a|an|one|a couple(?: of)?|couple(?: of)?|a few|few|two|three|four|five|ten|\d+(?:\.\d+)?)\s*(?:miles?|mi|km|kilomet(?:er|re)s?|blocks?|minutes?|mins?)(?:['’]? (?:drive|walk|ride))?\s+(?:of|from|around)\b|\b(?:within|inside|under|less than|no more than|not more than|at most|up to)\s+(?:a|an|one|a couple(?: of)?|couple(?: of)?|a few|few|two|three|four|five|ten|\d+(?:\.\d+)?)\s*(?:miles?|mi|km|kilomet(?:er|re)s?|blocks?)\b(?:\s+(?:for|so|to|where|that|please)\b|\s*(?:[?.!,;]|$))`)
	// reMealWanted is a meal wanted: "need a quick lunch", "somewhere
	// for dinner", "grab breakfast".
	reMealWanted = regexp.MustCompile(`\b(?:need|want|grab|get|find|for|somewhere|anywhere|place|spot|where)\b(?:\s+[a-z']+){0,2}?\s+(?:lunch|breakfast|brunch|dinner|supper)\b`)
)

// kindsInContext is rd with its kinds read by the words around them.
func kindsInContext(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(rd.Terms) == 0 || len(low) != len(rd.Text) {
		return rd
	}
	out := *rd
	out.Terms = nil
	for i, t := range rd.Terms {
		before := low[:t.Start]
		switch {
		case t.Label == "park" && reParkVerb.MatchString(before):
			t.Label = "parking" // "where do we park"
		case reWhenWord.MatchString(before):
			continue // "open after church"
		case i > 0 && reByThe.MatchString(before) && otherPlaceNamed(rd):
			continue // "parking by the stadium" of a game named
		}
		out.Terms = append(out.Terms, t)
	}
	return &out
}

// otherPlaceNamed says whether rd names a place besides its kinds.
func otherPlaceNamed(rd *understand.Reading) bool {
	return slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role != understand.RoleRegion })
}

// boundsSearch says whether the travel mode or distance in low only
// bounds a search for a kind: "a bar within walking distance", "shops
// within two miles of the hotel", "which cafes could I get to on foot".
func boundsSearch(low string, rd *understand.Reading) bool {
	return len(rd.Terms) > 0 && (reWalkDistance.MatchString(low) || reWithinSpan.MatchString(low) || reachableKinds(low, rd))
}

// mealWanted is the kind a message asks for by a meal ("need a quick
// lunch in Laurel"): restaurants; "" when it names a kind or no meal.
func mealWanted(low string, rd *understand.Reading) string {
	if len(rd.Terms) > 0 || !reMealWanted.MatchString(low) {
		return ""
	}
	return "restaurant"
}

// cuedPlace is the first place rd names where to look ("in Dover", "near
// Lewes"): a search is there, not at a place named in the story before
// ("obsessed with the Old State House … the museums in Dover").
//
// In the sentence that asks for a kind, a place cued by "near" is where
// to look, before one cued by "in" or "at" ("I'm at Lewes Beach this
// morning. Where can I park near the museum?", "a pharmacy in Dover
// near the library"); a place in another sentence ("I live near Milford.
// Any cafes in Dover?") comes after those of the asking sentence.
//
// The place a superlative ties the kind to ("the closest grocery store
// to Lewes", "nearest ATM to the Green") is where to look before any
// other: the town in "relocating from Baltimore" only tells the story.
func cuedPlace(rd *understand.Reading) *Loc {
	low := strings.ToLower(rd.Text)
	for _, m := range rd.Mentions {
		if m.Role == understand.RoleTo && len(low) == len(rd.Text) && m.Start <= len(low) && reNearestKindTo.MatchString(low[:m.Start]) &&
			slices.ContainsFunc(rd.Terms, func(t understand.TermMatch) bool { return t.End <= m.Start }) {
			return mentionLoc(m)
		}
	}
	cued := func(m understand.Mention) bool { return m.Role == understand.RoleNear || m.Role == understand.RoleIn }
	if len(rd.Terms) > 0 {
		from, to := sentenceAround(rd.Text, rd.Terms[len(rd.Terms)-1].Start)
		var in *understand.Mention
		for i, m := range rd.Mentions {
			if !cued(m) || m.Start < from || m.End > to {
				continue
			}
			if m.Role == understand.RoleNear {
				return mentionLoc(m)
			}
			if in == nil {
				in = &rd.Mentions[i]
			}
		}
		if in != nil {
			return mentionLoc(*in)
		}
	}
	for _, m := range rd.Mentions {
		if cued(m) {
			return mentionLoc(m)
		}
	}
	return nil
}

// reNearestKindTo ends with a superlative of nearness, a kind and "to":
// "the closest grocery store to ", "nearest gas station to ".
var reNearestKindTo = regexp.MustCompile(`\b(?:nearest|closest)\s+(?:[\p{L}'’&-]+\s+){1,3}to\s+(?:the\s+)?$`)

// sentenceAround is the span of the sentence of text holding byte i:
// from after the last full stop, question or exclamation mark before it
// to the next one.
func sentenceAround(text string, i int) (int, int) {
	from := strings.LastIndexAny(text[:i], ".?!") + 1
	to := len(text)
	if k := strings.IndexAny(text[i:], ".?!"); k >= 0 {
		to = i + k
	}
	return from, to
}

// withoutStoryNames is rd less the unknown names told before the nearest
// kind it asks for ("moved into my dorm at UD … wheres the closest post
// office"): the nearest is near the map, not near a name the maps must
// guess.
func withoutStoryNames(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	ix := reNearestKind.FindStringIndex(low)
	if ix == nil || len(low) != len(rd.Text) || !slices.ContainsFunc(rd.Terms, func(t understand.TermMatch) bool { return t.Start >= ix[1] }) {
		return rd
	}
	story := func(m understand.Mention) bool { return m.Place == nil && m.End <= ix[0] }
	if !slices.ContainsFunc(rd.Mentions, story) {
		return rd
	}
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), story)
	return &out
}

// reBareStreet is a street named without a house number: "Rehoboth
// Avenue", "Main St".
var reBareStreet = regexp.MustCompile(`(?i)^[a-z][a-z0-9 .'-]*\s(?:st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|pike|hwy|highway|pkwy|parkway|ter|terrace)\.?(?:,.*)?$`)

// streetsTown is where a search near l is centred: a bare street is
// searched in its town (a town the text names, else the map's), not
// looked up as a place first.
func streetsTown(l *Loc, rd *understand.Reading, here *Loc) *Loc {
	if l.Known || l.Point != nil || l.PlaceID != "" || !reBareStreet.MatchString(l.Name) {
		return l
	}
	for _, m := range rd.Mentions {
		if m.Place != nil && m.Place.Kind == understand.KindCity {
			return mentionLoc(m)
		}
	}
	if here != nil {
		return here
	}
	return l
}
