package events

import (
	"regexp"
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// serviceWords ask for somewhere to stay, park, eat or fill up, not for
// an event: "the best RV park in Sedona", "a cheap hostel near Krakow",
// "where can we camp".
var serviceWords = regexp.MustCompile(`(?i)\b(?:(?:best|good|cheap|cheapest|nice|nearest|closest|decent|affordable|quiet|safe)\s+(?:\w+\s+){0,2}(?:rv parks?|caravan parks?|trailer parks?|campgrounds?|campsites?|camping|hotels?|hostels?|motels?|b&bs?|airbnbs?|guesthouses?|restaurants?|cafes?|parking|car parks?|gas stations?|petrol stations?|place to (?:stay|eat|park|sleep|camp))|where (?:can|could|should|do) (?:i|we) (?:stay|park|eat|sleep|camp|rent|fill up))\b`)

// serviceQuestion says whether a request asks for a service (somewhere
// to stay, park or eat) and names no kind of event nor events at all:
// its place and month are the service's.
func serviceQuestion(text string, r *understand.Reading) bool {
	return len(r.Terms) == 0 && !asksForEvents(text) && serviceWords.MatchString(text)
}

// homeWords name the asker's own whereabouts as a place: "within 20
// miles of home", "near me", "around my house", "close to where I live".
var homeWords = regexp.MustCompile(`(?i)\b(?:(?:of|from|around|near|nearby|close to|round)\s+(?:home|me|my (?:home|house|place|flat|apartment|town)|where (?:i|we) (?:live|are|am))|in (?:my|our) (?:own |local |little )?(?:town|city|village|neighbou?rhood|area|borough|suburb))\b`)

// homeOnly says whether a request with no place read gives its place
// only as the asker's home ("within 20 miles of home"), which no
// gazetteer can find.
func homeOnly(text string) (string, bool) {
	m := homeWords.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[0], true
}

// shopWords ask where a shop or a service is, or when it opens: "where's
// a tattoo supply shop open on Sundays", "which pharmacy is open late",
// "any camera store open Monday". The words before the shop ("tattoo",
// "art supply") name its trade, not an event.
var shopWords = regexp.MustCompile(`(?i)\b(?:where(?:'s|’s| is| are| can (?:i|we) (?:find|buy|get))|which|any|a|an|the|nearest)\s+(?:[\w-]+\s+){0,3}?(?:shops?|stores?|suppliers?|pharmac(?:y|ies)|chemists?|supermarkets?|bakery|bakeries|dealers?|outlets?|garages?|launderettes?|laundromats?)\b(?:\s+(?:is|are|that(?:'s| is)?))?\s+(?:open|opens|selling|sells|that sells)\b`)

// shopQuestion says whether a request asks for a shop open on some day
// and names no kind of event outside the shop's own words, nor events.
func shopQuestion(text string, r *understand.Reading) bool {
	m := shopWords.FindStringIndex(text)
	if m == nil || asksForEvents(text) {
		return false
	}
	return !slices.ContainsFunc(r.Terms, func(t understand.TermMatch) bool { return t.End <= m[0] || t.Start >= m[1] })
}
