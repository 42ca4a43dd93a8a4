package roadtrip

import "github.com/cairn-agents/cairn/understand"

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
