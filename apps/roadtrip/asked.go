package roadtrip

import (
	"regexp"
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// This file keeps the kinds of places a question asks for apart from
// the kinds its story mentions: "mom talked about nothing but the
// little museum … I need two stops, each a gas station or a restaurant,
// because Mom needs her coffee" asks for gas stations and restaurants.

var (
	// sentenceRE is one sentence, with its end mark.
	sentenceRE = regexp.MustCompile(`[^.!?]+[.!?]*`)
	// askRE finds the words of a request in a sentence.
	askRE = regexp.MustCompile(`\b(find|need|needs|want|wants|give|show|suggest|recommend|looking for|look for|pick|choose|stop|stops|should|could you|can you|please|pls|where|which|would like|i'd like|we'd like|get me|get us|list|locate|search|plan|must|has to|have to)\b|\?`)
	// reasonRE finds a clause of reasons, which runs to the sentence's
	// end ("because Mom needs her coffee", "so I can fill up and grab a
	// coffee").
	reasonRE = regexp.MustCompile(`\b(because|since|as my|as our|so that|so (?:i|we|you|he|she|they|the kids|everyone) (?:can|could|may|might))\b`)
)

// ownRE ends the words before a kind of place that is where the asker
// is or what the story is about, not what is asked: "we are in the
// hotel", "near my hotel", "I'm staying at a motel", "a service for our
// two churches", "both our libraries".
var ownRE = regexp.MustCompile(`(?:\b(?:my|our|his|her|their|your)(?:\s+(?:two|three|four|five|six|several|many|own|both|\d+))?|\b(?:we are|we're|i am|i'm|im|are staying|am staying|staying|we stay|i stay|back) (?:in|at) (?:the|a|an|this|that))\s+$`)

// ownPlace says whether the kind of place written at byte i is where
// the asker is.
func (q *question) ownPlace(i int) bool {
	return ownRE.MatchString(q.lower[clauseStart(q.lower, i, 0):i])
}

// askedTypes are the place types asked for between lo and hi: those in
// the sentences that ask for something, leaving out reasons; the types
// of the whole span when those have none.
func (q *question) askedTypes(lo, hi int) []string {
	var out []string
	for _, ix := range sentenceRE.FindAllStringIndex(q.lower[lo:hi], -1) {
		from, to := lo+ix[0], lo+ix[1]
		if !askRE.MatchString(q.lower[from:to]) {
			continue
		}
		if r := reasonRE.FindStringIndex(q.lower[from:to]); r != nil {
			to = from + r[0]
		}
		for _, t := range q.r.Terms {
			if t.Start >= from && t.End <= to && !q.ownPlace(t.Start) && !slices.Contains(out, t.Label) {
				out = append(out, t.Label)
			}
		}
	}
	if len(out) == 0 {
		return q.types(lo, hi)
	}
	return out
}

var (
	// verbBeforeRE ends the words before a kind's word that make it a
	// verb: "the van can park up", "somewhere to park", "we park" (not
	// "an RV park", "a car park": nouns).
	verbBeforeRE = regexp.MustCompile(`(?:^|[^a-z'])(?:can|could|will|would|should|must|may|might|to|can't|cannot|i|we|they|you|he|she)\s+$`)
	// verbAfterRE starts the words after it that do: "park up", "park
	// the van", "park overnight".
	verbAfterRE = regexp.MustCompile(`^\s+(?:up|it|them|overnight|(?:the|our|my|a|his|her|their)\s+(?:van|bus|car|truck|rv|rig|coach|trailer|vehicle|bike|bikes))\b`)
)

// verbKinds are the words of a kind of place that are also verbs.
var verbKinds = set("park")

// asVerb says whether the kind of place t is written as a verb ("where
// the van can park up and hand out water"): nothing is asked by it.
func (q *question) asVerb(t understand.TermMatch) bool {
	if !verbKinds[q.lower[t.Start:t.End]] {
		return false
	}
	return verbBeforeRE.MatchString(q.lower[clauseStart(q.lower, t.Start, 0):t.Start]) || verbAfterRE.MatchString(q.lower[t.End:])
}
