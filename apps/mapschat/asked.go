package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/understand"
)

// What a message asks of the places of the conversation, read apart:
// prices the maps do not hold, a place asked about in general ("tell me
// more about it") or for its access ("a ramp at the door?"), the kind of
// place last searched for as that search's result ("from the gas
// station"), travel modes taken back ("no car today") or named by a
// wheelchair user ("roll there"), the mode of the last leg carried on to
// the next, and a correction that moves the last request elsewhere ("no
// wait, I meant Milford").

var (
	// reNotServed asks what the maps do not hold: prices, fees, tickets,
	// which of two places is better.
	reNotServed = regexp.MustCompile(`\b(?:(?:better|worse|nicer|tastier|cleaner|friendlier) than|cheaper|pricier|more expensive|less expensive|expensive|prices?|pricing|costs?|how much (?:is|are|does|do|to|for)|tickets?|admission|entry fees?|entrance fees?|fares?)\b`)
	// reMoreAbout asks about a place in general: "tell me more about it",
	// "more info on the second one".
	reMoreAbout = regexp.MustCompile(`^(?:details?|info(?:rmation)?)\b|\b(?:tell (?:me|us)(?: a (?:little|bit|little bit))?(?: more)? about|(?:a little|a bit|some) more about|more (?:info(?:rmation)?|details?)(?: on| about| for)?|(?:know|learn|hear)(?: a (?:little|bit))? more|(?:info(?:rmation)?|details) (?:on|about|for)|what (?:do you know|can you tell (?:me|us)) about)\b`)
	// reOwnThing is a person's own: "my phone", "our number".
	reOwnThing = regexp.MustCompile(`\b(?:my|our|your|his|her)\s+$`)
	// reThey points at the place spoken of as "they": "are they open
	// late", "what are their hours".
	reThey = regexp.MustCompile(`\b(?:they|they're|theyre|their)\b|\b(?:the|that|this) (?:building|venue|premises|entrance|front door|door)\b`)
	// reCloseTo is "close" as near, not as a closing time: "close to
	// the park", "close by".
	reCloseTo = regexp.MustCompile(`^close(?:st)?\s+(?:to|by)\b`)
	// reAccessDetail asks whether a place can be entered without steps.
	reAccessDetail = regexp.MustCompile(`\b(?:ramps?|stairs|steps|elevators?|lifts?|disabled (?:access|parking|entrance)|handicap(?:ped)? (?:access|accessible|parking|entrance))\b`)
	// reNoMode takes back the mode named after it: "no car", "without a
	// bike", "don't have a car".
	reNoMode = regexp.MustCompile(`\b(?:no|not|without(?: a| the| my)?|not by|(?:don'?t|do not|doesn'?t|didn'?t|haven'?t|hasn'?t|can'?t|cannot|won'?t|never|not yet)(?: (?:yet|still))?(?: (?:have|own|take|use|drive|want|ride|buy|bought|get|got|has|had))?(?: a| the| my| to)?)\s+$`)
	// reModePlace is a mode word that names a place: "the train station".
	reModePlace = regexp.MustCompile(`^\s+(?:station|stop|depot|terminal|platform|stand|lane|path|rack|shop|store)s?\b`)
	// reModeOuting is a mode word that names an outing as a time: "after
	// the walk", "before our drive".
	reModeOuting = regexp.MustCompile(`\b(?:after|before|during|since)\s+(?:the|my|our|your|his|her|their|this|that|a)\s+$`)
	// reWheelWalk is how a wheelchair user says walking: "roll there",
	// "along the sidewalks".
	reWheelWalk = regexp.MustCompile(`\b(?:roll|rolling|wheel|wheeling|push|pushing)\s+(?:there|to|from|over|down|along|back|myself|me|it)\b|\b(?:sidewalks?|pavements?|footpaths?)\b`)
	// reLeg is a route that goes on from the last one: "then on to
	// Bethany", "how long is that leg".
	reLeg = regexp.MustCompile(`\b(?:leg|legs|on to|onto|onward|onwards|then|next stop|continue|carry on|after that|from there|ride|riding|further|farther)\b`)
	// reSameWay keeps the last route's mode, whichever it was: "same
	// way", "the same mode".
	reSameWay = regexp.MustCompile(`\b(?:(?:the )?same (?:way|mode|again)|likewise|as before)\b`)
	// reModeReason is what follows a vehicle spoken of as the reason for
	// another mode, not asked as one: "my bike has a flat", "the car
	// is in the shop", "our car broke down".
	reModeReason = regexp.MustCompile(`^['’]?s?\s+(?:has|had|is|was|isn'?t|wasn'?t|broke|got|needs|won'?t|doesn'?t|can'?t|died|blew)\b`)
	// reOwned is a vehicle's owner before it: "my ", "the ".
	reOwned = regexp.MustCompile(`\b(?:my|our|his|her|their|the)\s+$`)
	// reThenPlace opens a message with the next place of a round:
	// "then greenwood after that", "and then Milton".
	reThenPlace = regexp.MustCompile(`^(?:(?:and|ok(?:ay)?|so|next)[,]?\s+)?(?:then|after that|afterwards)[,]?\s+`)
	// reOnTo goes on from where the last route ended: "then on to
	// Dover", "and back to Lewes".
	reOnTo = regexp.MustCompile(`\b(?:on to|onto|back to|onward to|onwards to|continue to|carry on to|then to|after that to|(?:on |then )?(?:further|farther) (?:on )?to)\b`)
	// reGoThere asks the way in a learner's words: "how do I go to".
	reGoThere = regexp.MustCompile(`\bhow (?:do|can|could|should|would|shall) (?:i|we|you) go\b`)
	// reTheNearest is "the nearest ", "the closest " just before a kind.
	reTheNearest = regexp.MustCompile(`\bthe (?:nearest|closest|nearer|closer) $`)
	// reStation is a town's station, taken where the town's centre is.
	reStation = regexp.MustCompile(`\b(?:the )?(?:train|railway|rail|bus|amtrak) station\b`)
)

// notServed says whether the message asks what the maps do not hold
// (a price, a ticket) and asks no route.
func notServed(low string) bool {
	low = reNoPriceAsked.ReplaceAllString(low, "")
	return reNotServed.MatchString(low) && !reDirections.MatchString(low) && !reElevation.MatchString(low)
}

// reFarFrom asks whether a place named is far from another: "is Camden
// far from here", "is the museum very far from the green".
var reFarFrom = regexp.MustCompile(`\b(?:is|are) ((?:[a-z'’]+ ){1,5})(?:very |too |really |so )?far (?:from|to)\b`)

// farAsked says whether low asks how far a place named is from another;
// not "is there a cafe not far from here", which asks for cafes.
func farAsked(low string) bool {
	for _, m := range reFarFrom.FindAllStringSubmatch(low, -1) {
		words := strings.Fields(m[1])
		if !slices.ContainsFunc(words, func(w string) bool {
			return w == "not" || w == "there" || w == "a" || w == "an" || w == "any" || w == "some" || w == "anything" || w == "somewhere"
		}) {
			return true
		}
	}
	return false
}

// reNoPriceAsked are words of a price or an amount that ask none: how a
// place searched for should be ("a restaurant near the museum, not
// expensive", "nothing too pricey") and how much a ride climbs ("how
// much do I climb").
var reNoPriceAsked = regexp.MustCompile(`\b(?:not|nothing|no|never)(?: too| very| so| that| really| overly)? (?:expensive|pricey|costly)\b` +
	`|\bhow much (?:do|does|did|will|would|can|should) (?:i|we|you|they|he|she|it|the [a-z]+) (?:climb|gain|rise|go up|descend|drop)\b`)

// detailAsked is the detail a message asks of a place, "" for none:
// "info" for a place asked about in general. A person's own phone or
// number ("put this on my phone") asks nothing of a place.
func detailAsked(low string) string {
	for _, m := range reDetail.FindAllStringSubmatchIndex(low, -1) {
		if reCloseTo.MatchString(low[m[2]:]) {
			continue // "a grocery store close to the park": where, not when
		}
		if !reOwnThing.MatchString(low[:m[2]]) {
			return detailOf(low[m[2]:m[3]])
		}
	}
	switch {
	case reAccessDetail.MatchString(low):
		return "accessibility"
	case reMoreAbout.MatchString(low):
		return "info"
	}
	return ""
}

// saysThey says whether the message points at the place spoken of as
// "they" ("are they open on Sundays") or as its building ("does the
// building have a ramp").
func saysThey(low string) bool { return reThey.MatchString(low) }

// namedLandmark is the first place of the maps' data the text names by
// its name ("The Old State House", "the Acme's"), with the id its details
// are asked by; nil when it names none. A name several places share
// counts when it points at one ("the Acme", "Acme's"), not in "is there
// an Acme open". A place named by description and name ("the Museum of
// Natural History") has no id: it is searched by that name.
func namedLandmark(rd *understand.Reading) *Loc {
	low := strings.ToLower(rd.Text)
	for _, m := range rd.Mentions {
		if m.Place == nil || m.Place.Kind != understand.KindLandmark || !strings.HasPrefix(m.Place.ID, "osm:") {
			continue
		}
		if m.Readings > 1 && len(low) == len(rd.Text) && !strings.HasSuffix(low[:m.Start], "the ") &&
			!strings.HasSuffix(low[:m.End], "'s") && !strings.HasSuffix(low[:m.End], "’s") {
			continue
		}
		l := mentionLoc(m)
		l.PlaceID = m.Place.ID
		return l
	}
	for _, m := range rd.Mentions {
		if m.Place == nil && reDescribed.MatchString("the "+m.Text) {
			return &Loc{Name: m.Text} // "is the Museum of Natural History open": searched by its name
		}
	}
	return nil
}

// modesMeant are the travel modes of rd as the message means them: a
// mode taken back ("no car") or naming a place ("the bus station") is
// none, as is one naming an outing as a time ("after the walk") or a
// vehicle given as a reason ("my bike has a flat"); a
// wheelchair user's "roll there" is walking, and so is going with the
// feet or at a jog (onfoot.go).
func modesMeant(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) {
		return rd
	}
	ms := slices.DeleteFunc(slices.Clone(rd.Modes), func(m understand.TravelMode) bool {
		return reNoMode.MatchString(low[:m.Start]) || reModePlace.MatchString(low[m.End:]) || reModeOuting.MatchString(low[:m.Start]) ||
			reOwned.MatchString(low[:m.Start]) && reModeReason.MatchString(low[m.End:])
	})
	if len(ms) == 0 {
		ix := reWheelWalk.FindStringIndex(low)
		if ix == nil {
			ix = onFootIn(low)
		}
		if ix != nil {
			ms = append(ms, understand.TravelMode{Span: understand.Span{Start: ix[0], End: ix[1]}, Mode: "walking"})
		}
	}
	if len(ms) == len(rd.Modes) && (len(ms) == 0 || ms[0] == rd.Modes[0]) {
		return rd
	}
	out := *rd
	out.Modes = ms
	return &out
}

// legMode is r with the mode of the last route when r goes on from it
// and names none: "then on to Bethany" after a bike ride is cycled too.
func legMode(r Request, low string, mem Memory) Request {
	if r.Kind == KindDirections && r.Mode == "" && mem.Trip != nil && mem.Trip.Mode != "" &&
		(mem.Trip.Mode != "driving" && reLeg.MatchString(low) || reSameWay.MatchString(low)) {
		r.Mode = mem.Trip.Mode
	}
	return r
}

// nextLeg reads "then on to Dover", "and back to Lewes" as a route from
// where the last one ended, the same way unless another is named; ok
// false for any other message.
func nextLeg(low string, rd *understand.Reading, mem Memory, here *Loc, mode string) (Request, bool) {
	if mem.Trip == nil || !reOnTo.MatchString(low) && !(reThenPlace.MatchString(low) && otherPlaceNamed(rd)) || hasRole(rd, understand.RoleFrom) || len(rd.Terms) > 0 {
		return Request{}, false
	}
	r := directions(rd, mem, here, mode)
	if r.To == nil || r.Unresolved != "" {
		return Request{}, false
	}
	if r.From == nil || r.From == here {
		from := mem.Trip.To
		r.From, r.Missing = &from, ""
	}
	if r.Mode == "" {
		r.Mode = mem.Trip.Mode
	}
	return r, true
}

// searchedOnes are the references "the gas station" makes to the last
// search's results when it names the kind searched for: the place spoken
// of among them, else the first. Only in a route or a detail asked ("how
// long from the gas station", "is the museum open"), and never for a
// plural ("the parks"): those ask for a search.
func searchedOnes(rd *understand.Reading, low string, mem Memory) *understand.Reading {
	if mem.Search == nil || len(mem.Results) == 0 || len(low) != len(rd.Text) ||
		!reDirections.MatchString(low) && !reGoThere.MatchString(low) && detailAsked(low) == "" {
		return rd
	}
	if cuedPlace(rd) != nil {
		return rd // "the nearest pharmacy in Lewes": a search there
	}
	idx := 1
	if mem.Subject != nil {
		if i := slices.IndexFunc(mem.Results, func(p Place) bool { return p.PlaceID == mem.Subject.PlaceID }); i >= 0 {
			idx = i + 1
		}
	}
	searched := strings.Fields(mem.Search.Query)
	out := *rd
	var refs []understand.Reference
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool {
		words := strings.Fields(t.Label)
		at := idx
		if m := reTheNearest.FindStringIndex(low[:t.Start]); m != nil {
			// "the nearest pharmacy" after pharmacies were listed: the
			// first of them, as a search ranks them
			t.Start, at = m[0]+len("the "), 1
		}
		if !strings.HasSuffix(low[:t.Start], "the ") || pluralWord(low[:t.End]) && !strings.HasSuffix(t.Label, "s") || !slices.ContainsFunc(words, func(w string) bool { return slices.Contains(searched, w) }) {
			return false
		}
		s := t.Start - len("the ")
		refs = append(refs, understand.Reference{Span: understand.Span{Start: s, End: t.End}, Text: rd.Text[s:t.End],
			Kind: understand.RefNth, Index: at, Role: roleBefore(low[:s])})
		return true
	})
	if len(refs) == 0 {
		return rd
	}
	out.References = append(slices.Clone(rd.References), refs...)
	return &out
}

// namesItsPlace says whether an unresolved "there", "it" or "that"
// points at the one place the message itself names: "the Dairy Queen,
// how long to drive there?", "the Giant, how far is that from Lewes?".
func namesItsPlace(ref understand.Reference, rd *understand.Reading) bool {
	if ref.Kind != understand.RefThere && ref.Kind != understand.RefIt {
		return false
	}
	n := 0
	for _, m := range rd.Mentions {
		switch m.Role {
		case understand.RoleRegion:
		case understand.RoleFrom:
			if ref.Kind == understand.RefIt && !namedFirst(ref, rd) {
				return false // "how far is it from Dover": "it" is another place
			}
		default:
			n++
		}
	}
	return n == 1
}

// namedFirst says whether a place that is no start of a route is named
// before the reference, a comma or a full stop closing its clause: "the
// Wawa in Bear, how far is that from Newark", "I end at the clinic. How
// long is that from Dover?" (the place first, then the question about
// it).
func namedFirst(ref understand.Reference, rd *understand.Reading) bool {
	return slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool {
		return m.Role != understand.RoleRegion && m.Role != understand.RoleFrom && m.End <= ref.Start &&
			strings.ContainsAny(rd.Text[m.End:ref.Start], ",.;!?")
	})
}

// stations are the places "the train station" stands for in text, by
// their role: the centre of the town spoken of, where stations are.
func stations(rd *understand.Reading, mem Memory, here *Loc) map[understand.Role]*Loc {
	out := map[understand.Role]*Loc{}
	town := townOf(mem, here)
	if town == nil {
		return out
	}
	low := strings.ToLower(rd.Text)
	for _, ix := range reStation.FindAllStringIndex(low, -1) {
		out[roleBefore(low[:ix[0]])] = town
	}
	return out
}

// corrects reads "no wait, I meant Milford" as the last request moved to
// the place named: the search around it, the route to it (from it after
// "from"); "I meant by bike" is the last route in that mode; ok false for
// any other message.
func corrects(low string, rd *understand.Reading, mem Memory, here *Loc) (Request, bool) {
	if !reSelfCorrect.MatchString(low) || len(rd.Terms) > 0 || hasRole(rd, understand.RoleFrom) && hasRole(rd, understand.RoleTo) {
		return Request{}, false // "scratch that, how long is A to B": a route of its own
	}
	l := pointedAt(rd, mem, here)
	if len(rd.Modes) > 0 {
		if l != nil || mem.Last != KindDirections || mem.Trip == nil {
			return Request{}, false
		}
		return Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: rd.Modes[len(rd.Modes)-1].Mode}, true
	}
	if p := listedByName(low, mem); p != nil {
		if mem.Last == KindDetails && mem.Detail != "" {
			// "sorry, I meant the Westin not the Sheraton": the same
			// detail of the listed place meant
			return Request{Kind: KindDetails, Detail: mem.Detail, Near: placeLoc(*p, "the "+p.Name)}, true
		}
		if l == nil {
			l = placeLoc(*p, "the "+p.Name)
		}
	}
	if l == nil {
		return Request{}, false
	}
	switch {
	case mem.Last == KindNearby && mem.Search != nil:
		r := Request{Kind: KindNearby, Query: mem.Search.Query, Near: l}
		if at := whereIAm(low, rd); at != nil && at.samePlace(l) {
			r.Moved = at // "i meant smyrna, im in smyrna": where "me" is now
		}
		return r, true
	case mem.Last == KindDirections && mem.Trip != nil:
		r := Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: mem.Trip.Mode}
		if hasRole(rd, understand.RoleFrom) {
			r.From = l
		} else {
			r.To = l
		}
		return r, true
	}
	return Request{}, false
}

// allDetails says all the maps know of a place: its address, phone,
// website and what it offers.
func allDetails(d geo.PlaceDetails) string {
	parts := []string{d.Name + ": " + orDefault(d.FormattedAddress, "no address given")}
	if d.FormattedPhoneNumber != "" {
		parts = append(parts, "phone "+d.FormattedPhoneNumber)
	}
	if d.Website != "" {
		parts = append(parts, "website "+d.Website)
	}
	if d.OpeningHours != nil && len(d.OpeningHours.WeekdayText) > 0 {
		parts = append(parts, "hours "+strings.Join(d.OpeningHours.WeekdayText, "; "))
	}
	if len(d.Amenities) > 0 {
		parts = append(parts, "it has "+strings.Join(d.Amenities, ", "))
	}
	return strings.Join(parts, "; ") + "."
}

// pluralWord says whether a word ends as a plural ("parks"), not a possessive
// ("the pharmacy's").
func pluralWord(w string) bool {
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "'s") && !strings.HasSuffix(w, "’s")
}

// inCorrection says whether ref is a word of a self-correction ("scratch
// that", "make that"): it points at what was said, not at a place.
func inCorrection(ref understand.Reference, rd *understand.Reading) bool {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) {
		return false
	}
	for _, ix := range reSelfCorrect.FindAllStringIndex(low, -1) {
		if ref.Start >= ix[0] && ref.End <= ix[1] {
			return true
		}
	}
	return false
}

// withoutCorrectionWords is rd less the references that are words of a
// self-correction: "scratch that, nearest hospital?" searches here, not
// near the place last found.
func withoutCorrectionWords(rd *understand.Reading) *understand.Reading {
	refs := slices.DeleteFunc(slices.Clone(rd.References), func(r understand.Reference) bool { return inCorrection(r, rd) })
	if len(refs) == len(rd.References) {
		return rd
	}
	out := *rd
	out.References = refs
	return &out
}
