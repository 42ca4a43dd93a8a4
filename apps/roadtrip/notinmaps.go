package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file finds a question that asks only for what no maps tool gives:
// tolls, opening hours, room rates, fares, the price of parking ("Which
// road is cheapest in tolls and what will I pay?", "What time does the
// museum close?", "how much is metered parking per hr"). Such a
// question is unanswerable; a wish about them beside a trip asked ("NO
// tolls pls", "3 routes, ideally toll-free") is not.

// notInMapsRE finds a thing the maps do not give.
var notInMapsRE = regexp.MustCompile(`(?i)\b(tolls?|toll (?:charges?|costs?|fees?|prices?)|opening (?:hours|times)|hours of operation|business hours|(?:open|close|closes|closing) (?:until|till|time|times)|what time (?:does|do|is|are) [^.?!]{0,40}(?:open|close)|room (?:rates?|prices?)|(?:nightly|night's) (?:rates?|prices?)|rates? per night|price (?:of|for) a room|(?:bus |train |taxi )?fares?|(?:metered |street |hourly |daily |overnight )?parking (?:fees?|costs?|prices?|rates?|meters?|per (?:hour|hr|day|night))|(?:metered|paid) parking|pay (?:for (?:the )?)?(?:parking|the meter)|entrance fees?|admission (?:fees?|prices?))\b`)

// bookingRE finds what a place would have free or allow, which no maps
// tool records: "a back room free for eight of us on the 19th", "a
// table available", "will they let us bring in our own cake", "BYOB",
// "do they take reservations".
var bookingRE = regexp.MustCompile(`(?i)\b(?:(?:rooms?|tables?|seats?|booths?|space|spots?)\s+(?:free|available|open|left)\b|availability\b|(?:let|lets|allow|allows|permit|permits)\s+(?:us|you|them|people|guests|customers|groups?)\s+(?:to\s+)?bring\b|bring\s+(?:in\s+)?(?:our|your|their|my|his|her)\s+own\b|byob\b|corkage\b|(?:take|takes|accept|accepts)\s+(?:reservations|bookings)\b)`)

// askWordRE says a sentence asks: a question word, a comparison of
// cost, a wish to know.
var askWordRE = regexp.MustCompile(`(?i)\b(how much|how many dollars|how expensive|which|what|when|cheapest|lowest|least expensive|tell me|let me know|want to know|like to know|need to know|find out)\b|\?`)

// notInMaps is what a question asks that no maps tool gives ("tolls"),
// when that is all it asks; "" when it asks anything the maps answer.
func (q *question) notInMaps() string {
	asked, lo, hi := "", 0, 0
	for _, sentence := range sentencesOf(q.r.Text) {
		lo, hi = hi, hi+len(sentence)
		if m := notInMapsRE.FindString(sentence); m != "" && askWordRE.MatchString(sentence) {
			asked = strings.ToLower(m)
			break
		}
		if bookingRE.MatchString(sentence) && askWordRE.MatchString(sentence) {
			asked = "a place's free rooms or tables and its house rules"
			break
		}
	}
	if asked == "" || len(q.role(understand.RoleRelative)) > 0 || q.meetAsked() || q.has(evenWords...) {
		return ""
	}
	// A kind of place named in the asking sentence is what the cost or
	// the hours are of ("the hours of the museum"); one named elsewhere
	// is asked for.
	for _, t := range q.r.Terms {
		if t.Start < lo || t.End > hi {
			return ""
		}
	}
	for _, x := range q.r.Quantities {
		if x.Kind == understand.Fraction || x.Kind == understand.Count && !x.Article && !countsPeople(x) &&
			(routeHeads[x.Head] || cityHeads[x.Head] || viewHeads[x.Head]) {
			return ""
		}
	}
	return asked
}

// sentencesOf splits text after each '.', '!', '?' or line break.
func sentencesOf(text string) []string {
	var out []string
	lo := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '.', '!', '?', '\n':
			out = append(out, text[lo:i+1])
			lo = i + 1
		}
	}
	if lo < len(text) {
		out = append(out, text[lo:])
	}
	return out
}

// wishRE says a sentence asks or wishes for something.
var wishRE = regexp.MustCompile(`(?i)\b(?:want|wants|need|needs|would like|'d like|looking for|look for|help|find|suggest|recommend|should|could|can|where)\b`)

// meetAsked says whether a sentence that asks or wishes says meet: a
// place to meet is wanted ("where should we meet", "we want to meet
// halfway"), not a group's habit told ("our circle meets the third
// Thursday of every month").
func (q *question) meetAsked() bool {
	for _, sentence := range sentencesOf(q.lower) {
		if (askWordRE.MatchString(sentence) || wishRE.MatchString(sentence)) && (&question{lower: sentence}).has(meetWords...) {
			return true
		}
	}
	return false
}
