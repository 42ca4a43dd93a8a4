package mapschat

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Requests in more than one step ("find a gas station, then route me
// there"), street addresses and pasted coordinates.

var (
	// reThen splits a search from the route that follows it.
	reThen = regexp.MustCompile(`(?i)^(.+?)[\s,;.–—-]*\b(?:and\s+)?then\s+((?:route|take|direct|navigate|get|show|give|drive|walk|cycle|bike|guide|bring|how|tell|lead)\b.*)$`)
	// reStreet is a street address: a number, maybe a direction, a street
	// name and its kind, maybe a town after a comma.
	reStreet = regexp.MustCompile(`(?i)\b\d{1,6}\s+(?:[nsew]\.?\s+|north\s+|south\s+|east\s+|west\s+)?[a-z][a-z'.]*(?:\s+[a-z][a-z'.]*){0,2}?\s+(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pl|place|ct|court|pike|hwy|highway|pkwy|parkway|sq|square|ter|terrace)\b\.?(?:,\s*[a-z][a-z .]*[a-z])?`)
	// reAddrGoesOn is where the sentence goes on after an address's town:
	// " to the hospital", " and then".
	reAddrGoesOn = regexp.MustCompile(`(?i)\s(?:to|from|and|then|via|for|near|by|or|but|with|is|was|how|what)\b`)
	// reStateAfter is an address whose town has its state after it:
	// "…, Hockessin DE".
	reStateAfter = regexp.MustCompile(`,\s*[A-Za-z][A-Za-z .]*\s[A-Z]{2}$`)
	// reLatLng is a position pasted as "39.80,-75.46".
	reLatLng = regexp.MustCompile(`(-?\d{1,2}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)`)
	// reLatLngSpaced is a position pasted without its comma, each number
	// with the four decimals or more a GPS gives: "42.5905 1.5185".
	reLatLngSpaced = regexp.MustCompile(`(?:^|[^\d.])(-?\d{1,2}\.\d{4,})\s+(-?\d{1,3}\.\d{4,})(?:$|[^\d.])`)
)

// foundID marks the place the first step of a request finds: the route
// that follows goes there.
const foundID = "$found"

// readSteps reads "X then route me to Y" as the search X with the route
// Y after it; ok false when the text is not in two such steps.
func (a *Assistant) readSteps(text string, mem Memory, here *Loc) (Request, bool) {
	m := reThen.FindStringSubmatch(text)
	if m == nil {
		return a.searchAndRoute(text, mem, here)
	}
	first := readRequest(strings.ToLower(m[1]), a.readText(m[1], here, true), mem, here)
	if first.Kind != KindNearby || first.Near == nil {
		return Request{}, false
	}
	// "there", "it" in the second step: the place the search finds.
	m2 := mem
	m2.Subject = &Place{Name: "the first " + orDefault(first.Query, "place") + " found", PlaceID: foundID}
	m2.Results = []Place{*m2.Subject}
	second := readRequest(strings.ToLower(m[2]), a.readText(m[2], here, true), m2, here)
	if second.Kind != KindDirections {
		return Request{}, false
	}
	if second.To == nil {
		second.To = placeLoc(*m2.Subject, "there")
	}
	if second.From == nil {
		second.From = here
	}
	second.Missing, second.Unresolved = "", ""
	if second.From == nil || second.From.PlaceID == foundID {
		return Request{}, false
	}
	first.Then = &second
	return first, true
}

// isFound says whether l is the place the request's first step finds.
func (l *Loc) isFound() bool { return l != nil && l.PlaceID == foundID }

// streets are the street addresses in text, as places near the map's
// centre: the town of the centre is added to an address that names none.
func streets(text string, here *Loc) []understand.Mention {
	var out []understand.Mention
	for _, ix := range reStreet.FindAllStringIndex(text, -1) {
		if c := strings.Index(text[ix[0]:ix[1]], ","); c >= 0 {
			// the town ends where the sentence goes on: "…, Newark DE to the hospital"
			if w := reAddrGoesOn.FindStringIndex(text[ix[0]+c : ix[1]]); w != nil {
				ix[1] = ix[0] + c + w[0]
			}
		}
		addr := strings.TrimRight(text[ix[0]:ix[1]], ". ")
		role := understand.RoleNone
		before := strings.ToLower(strings.TrimSpace(text[:ix[0]]))
		switch {
		case strings.HasSuffix(before, "from"):
			role = understand.RoleFrom
		case strings.HasSuffix(before, "to"):
			role = understand.RoleTo
		}
		name := addr
		if here != nil && here.Name != "" {
			switch n := strings.Count(addr, ","); {
			case n == 0:
				name += ", " + here.Name // "1000 N King St": in the centre's town
			case n == 1 && strings.Contains(here.Name, ",") && !reStateAfter.MatchString(addr):
				// "…, Wilmington": in the centre's region
				name += here.Name[strings.LastIndex(here.Name, ","):]
			}
		}
		out = append(out, understand.Mention{Span: understand.Span{Start: ix[0], End: ix[1]}, Text: name, Role: role})
	}
	return out
}

// withStreets is rd with the street addresses it holds as mentions, the
// names read inside them dropped ("King" of "N King St").
func withStreets(rd *understand.Reading, here *Loc) *understand.Reading {
	st := streets(rd.Text, here)
	if len(st) == 0 {
		return rd
	}
	out := *rd
	var ms []understand.Mention
	for _, m := range rd.Mentions {
		inside := false
		for _, s := range st {
			if m.Start < s.End && s.Start < m.End {
				inside = true
			}
		}
		if !inside {
			ms = append(ms, m)
		}
	}
	out.Mentions = append(ms, st...)
	out.Terms = dropIn(rd.Terms, st)
	return &out
}

func dropIn(ts []understand.TermMatch, st []understand.Mention) []understand.TermMatch {
	var out []understand.TermMatch
	for _, t := range ts {
		inside := false
		for _, s := range st {
			if t.Start < s.End && s.Start < t.End {
				inside = true
			}
		}
		if !inside {
			out = append(out, t)
		}
	}
	return out
}

// pastedPoint is a position written in the message, if any.
func pastedPoint(text string) *LatLng {
	m := reLatLng.FindStringSubmatch(text)
	if m == nil {
		m = reLatLngSpaced.FindStringSubmatch(text)
	}
	if m == nil {
		return nil
	}
	lat, e1 := strconv.ParseFloat(m[1], 64)
	lng, e2 := strconv.ParseFloat(m[2], 64)
	if e1 != nil || e2 != nil || lat < -90 || lat > 90 || lng < -180 || lng > 180 {
		return nil
	}
	return &LatLng{Lat: lat, Lng: lng}
}

// reNearestKind is "the closest grocery store", "the next pharmacy": the
// nearest place of a kind, not a place named.
var reNearestKind = regexp.MustCompile(`\b(?:the\s+)?(?:nearest|closest|next|nearby)\s+`)

// nearestAndRoute reads "how far's the closest grocery store" as a
// search near here (or the town named) with the route to the first
// place found; ok false for any other message.
func nearestAndRoute(low string, rd *understand.Reading, mem Memory, here *Loc, mode string) (Request, bool) {
	ix := reNearestKind.FindStringIndex(strings.ToLower(rd.Text))
	if ix == nil || len(rd.Terms) == 0 || !reDirections.MatchString(low) || len(rd.References) > 0 {
		return Request{}, false
	}
	var terms []understand.TermMatch
	for _, t := range rd.Terms {
		if t.Start >= ix[1] {
			terms = append(terms, t)
		}
	}
	if len(terms) == 0 || len(strings.Fields(rd.Text[ix[1]:terms[0].Start])) > 2 {
		return Request{}, false // "next drop is … the gas station": no kind after "next"
	}
	near := here
	for _, m := range rd.Mentions {
		// names read before "nearest" ("far's") or in the kind ("store")
		// are words of the question, not places
		if m.Role == understand.RoleRegion || m.Start < ix[1] || len(dropIn(terms, []understand.Mention{m})) < len(terms) {
			continue
		}
		near = mentionLoc(m)
		break
	}
	if near == nil {
		return Request{}, false
	}
	k := *rd
	k.Terms = terms
	r := Request{Kind: KindNearby, Query: queryOf(low, &k), Near: near}
	found := &Loc{Name: "the nearest " + r.Query, PlaceID: foundID}
	r.Then = &Request{Kind: KindDirections, From: near, To: found, Mode: mode}
	return r, true
}

var (
	// reAccessible asks for a route a wheelchair can take.
	reAccessible = regexp.MustCompile(`\b(wheelchair|accessible|step-free|step free|barrier-free|no stairs|without stairs)`)
	// reSelfCorrect takes back what came before: "pizza, no wait, sushi",
	// "the bakery — wait, no, the florist".
	reSelfCorrect = regexp.MustCompile(`\b(?:no,? wait|wait,? no|no,? actually|actually,? no|i mean|scratch that|make that|or rather|sorry,? i meant?|i meant|i did mean|oops|whoops)\b`)
)

// corrected is rd with the kinds of place the person took back dropped:
// "pizza, no wait, sushi" asks for sushi.
func corrected(rd *understand.Reading) *understand.Reading {
	ix := reSelfCorrect.FindStringIndex(strings.ToLower(rd.Text))
	if ix == nil {
		return rd
	}
	var after []understand.TermMatch
	for _, t := range rd.Terms {
		if t.Start >= ix[1] {
			after = append(after, t)
		}
	}
	if len(after) == 0 || len(after) == len(rd.Terms) {
		return rd
	}
	out := *rd
	out.Terms = after
	return &out
}
