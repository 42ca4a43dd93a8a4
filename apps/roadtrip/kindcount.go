package roadtrip

import "github.com/cairn-agents/cairn/understand"

// kindCount is how many places of a kind are asked: the first kind
// counted with a number written ("Rules: 2 museums"), else the first
// counted at all. A kind named with "a" as a modifier before ("for a
// museum shoot", "an exterior park scene") gives way to a number
// written, as in count.
func (q *question) kindCount() int {
	article := func(t understand.TermMatch) bool {
		for _, x := range q.r.Quantities {
			if x.Kind == understand.Count && x.Start <= t.Start && t.End <= x.End {
				return x.Article
			}
		}
		return false
	}
	first := 0
	for _, t := range q.r.Terms {
		if t.Count <= 0 {
			continue
		}
		if !article(t) {
			return t.Count
		}
		if first == 0 {
			first = t.Count
		}
	}
	return first
}
