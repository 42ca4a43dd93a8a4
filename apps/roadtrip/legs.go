package roadtrip

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// chainedLegs are the legs of a question that writes several drives,
// each from one place to another, in its own clause after the first
// (start to end): each leg reads its stops and kinds from its own words.
// Fewer than two when the question writes one drive.
func (q *question) chainedLegs(start, end *understand.Mention) []legSpec {
	type drive struct {
		from, to understand.Mention
		lo       int
	}
	drives := []drive{{*start, *end, 0}}
	last := *end
	for _, f := range q.role(understand.RoleFrom) {
		if f.Start < last.End {
			continue
		}
		for _, t := range q.role(understand.RoleTo) {
			if t.Start > f.End && !sameReading(t, f) && clauseStart(q.lower, t.Start, f.End) == f.End {
				drives = append(drives, drive{f, t, clauseStart(q.lower, f.Start, last.End)})
				last = t
				break
			}
		}
		if len(drives) >= 6 {
			break
		}
	}
	if len(drives) < 2 {
		return nil
	}
	var legs []legSpec
	for i, d := range drives {
		hi := len(q.r.Text)
		if i+1 < len(drives) {
			hi = drives[i+1].lo
		}
		legs = append(legs, q.leg(specName(d.from), specName(d.to), d.lo, hi))
	}
	return legs
}

// secondLegStart is where the words of a second leg begin: the sentence
// or clause that speaks of coming back, or of the place returned to.
func (q *question) secondLegStart(end *understand.Mention, back *understand.Mention) int {
	text := q.lower
	from := end.End
	if back != nil {
		// Stops said per direction after the legs are named ("On the
		// way up two stops …; on the way back one"): the second leg's
		// words start at the way back.
		// The words of the way back may follow in the clause after the
		// place returned to ("drive back to Encamp, and on the way home
		// two stops"); they ask for stops where they are words of a
		// leg, not of the answer's format ("route_2_stops for the way
		// back").
		for _, i := range wayBackRE.FindAllStringIndex(text[back.End:], -1) {
			if at := back.End + i[0]; q.countsIn(at, sentenceEnd(text, at)) {
				return clauseStart(text, at, from)
			}
		}
		// The clause holding the return cue.
		return clauseStart(text, back.Start, from)
	}
	for _, w := range []string{"return", "back", "then", "second", "after that", "coming home"} {
		if i := strings.Index(text[from:], w); i >= 0 {
			return clauseStart(text, from+i, from)
		}
	}
	return len(text)
}

// wayBackRE is the words of the way back, after both legs are named.
var wayBackRE = regexp.MustCompile(`\b(?:on the way back|way back|on the way home|on the return|the return (?:leg|trip|drive|journey)|coming back|driving back|heading back|going back)\b`)

// sentenceEnd is the end of the sentence holding byte i.
func sentenceEnd(text string, i int) int {
	if k := strings.IndexAny(text[i:], ".!?"); k >= 0 {
		return i + k + 1
	}
	return len(text)
}

// countsIn says whether text[lo:hi] counts stops or names a fraction of
// a drive.
func (q *question) countsIn(lo, hi int) bool {
	for _, x := range q.r.Quantities {
		if x.Start >= lo && x.End <= hi && (x.Kind == understand.Count || x.Kind == understand.Fraction) {
			return true
		}
	}
	return false
}

// legRefRE opens a sentence that speaks of one leg of several named
// before it: "For the morning drive …", "On the second leg, …",
// "During the afternoon run …".
// A leg may be named by its direction alone: "For the going …, For
// the return …", "On the outbound …", "For the way there …".
var legRefRE = regexp.MustCompile(`(?:^\s*|[.!?;]\s+)(?:and\s+|then\s+)?(?:for|on|during|in|along|about)\s+(?:the|my|our|his|her|their)\s+(?:(?:[a-z0-9-]+\s+){0,2}?(?:drive|leg|part|trip|ride|stretch|journey|route|run|way|half|commute|section)|going|return|outbound|inbound|outward|way there|way back|coming back|going back)\b`)

// perLegWords re-reads legs whose stops are said after all of them are
// named, one sentence per leg in their order ("… from Newark to Milford
// in the morning and then on to Seaford. For the morning drive two
// stops …. For the afternoon drive one …"); legs unchanged otherwise.
func (q *question) perLegWords(legs []legSpec) []legSpec {
	named := 0
	for _, m := range q.role(understand.RoleFrom, understand.RoleTo) {
		named = max(named, m.End)
	}
	after := sentenceEnd(q.lower, named)
	refs := legRefRE.FindAllStringIndex(q.lower[after:], -1)
	if len(legs) < 2 {
		return legs
	}
	if len(refs) != len(legs) {
		return q.legsByOrdinal(legs, after)
	}
	out := slices.Clone(legs)
	for i, r := range refs {
		lo, hi := after+r[0], len(q.r.Text)
		if i+1 < len(refs) {
			hi = after + refs[i+1][0]
		}
		if !q.countsIn(lo, hi) {
			return legs
		}
		out[i] = q.leg(legs[i].From, legs[i].To, lo, hi)
	}
	return out
}

// legOrdinalRE names one leg by its place in the order, anywhere in a
// sentence: "on the 1st leg", "for the second drive", "on the 2nd",
// "for leg 2".
var legOrdinalRE = regexp.MustCompile(`\b(?:on|for|during|in|along)\s+(?:(?:the|my|our)\s+)?(?:(?:leg|drive|part)\s+([1-6])|(1st|2nd|3rd|4th|first|second|third|fourth|last|final)(?:\s+(?:leg|drive|part|stretch|half|trip|run|one|section))?)\b`)

var legOrdinals = map[string]int{"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "1st": 1, "first": 1, "2nd": 2,
	"second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4}

// legsByOrdinal re-reads legs whose stops are said after all of them are
// named with each leg's place in the order ("need a gas station halfway
// on the 1st leg and a cafe halfway on the 2nd", "for the first drive a
// bakery, for the second a pharmacy"): each leg takes the kinds said
// with its ordinal, before it when the stops are said first, else after
// it. Legs unchanged unless every leg is named once.
func (q *question) legsByOrdinal(legs []legSpec, after int) []legSpec {
	refs := legOrdinalRE.FindAllStringSubmatchIndex(q.lower[after:], -1)
	if len(refs) != len(legs) {
		return legs
	}
	order := make([]int, len(refs))
	for i, r := range refs {
		w := q.lower[after+r[4] : after+r[5]]
		if r[2] >= 0 { // "leg 2"
			w = q.lower[after+r[2] : after+r[3]]
		}
		n, ok := legOrdinals[w]
		if w == "last" || w == "final" {
			n, ok = len(legs), true
		}
		if !ok || n > len(legs) || slices.Contains(order, n) {
			return legs
		}
		order[i] = n
	}
	// The stops come before their ordinal when kinds are said before the
	// first one.
	before := len(q.types(after, after+refs[0][0])) > 0
	out := slices.Clone(legs)
	for i, r := range refs {
		lo, hi := after+r[0], len(q.r.Text)
		if i+1 < len(refs) {
			hi = after + refs[i+1][0]
		}
		if before {
			lo, hi = after, after+r[1]
			if i > 0 {
				lo = after + refs[i-1][1]
			}
		}
		if len(q.types(lo, hi)) == 0 {
			return legs
		}
		k := order[i] - 1
		out[k] = q.leg(legs[k].From, legs[k].To, lo, hi)
	}
	return out
}
