package roadtrip

import (
	"regexp"
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
		if i := wayBackRE.FindStringIndex(text[sentenceEnd(text, back.End):]); i != nil {
			return clauseStart(text, sentenceEnd(text, back.End)+i[0], from)
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
