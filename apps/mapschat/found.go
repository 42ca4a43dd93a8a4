package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Places found messages ago, named by the kind searched for ("the first
// park you found") or by a word of their name ("from the battery").

// Found is a search answered: what was asked for and the places listed.
type Found struct {
	Query  string  `json:"query"`
	Places []Place `json:"places"`
}

// keptFound is how many searches back a message may point.
const keptFound = 5

func rememberFound(fs []Found, f Found) []Found {
	fs = append(fs, f)
	if len(fs) > keptFound {
		fs = fs[len(fs)-keptFound:]
	}
	return fs
}

var (
	// reOrdinalBefore is "the first ", "the 2nd " before a kind.
	reOrdinalBefore = regexp.MustCompile(`\bthe\s+(?:(first|1st|second|2nd|third|3rd|last)\s+)?$`)
	// reTheWord is "from the battery", "to the marina": one word after "the".
	reTheWord = regexp.MustCompile(`\b(from|to) the ([a-z][a-z'’-]{3,})\b`)
)

var ordinals = map[string]int{"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}

// foundBefore are the ends of a route that name a place found before, by
// their role: a kind searched for ("to the first park you found"), the
// first of that search unless an order is said, or a word of a found
// place's name ("from the battery").
func foundBefore(rd *understand.Reading, mem Memory) map[understand.Role]*Loc {
	low := strings.ToLower(rd.Text)
	if len(mem.Found) == 0 || len(low) != len(rd.Text) {
		return nil
	}
	out := map[understand.Role]*Loc{}
	for _, t := range rd.Terms {
		m := reOrdinalBefore.FindStringSubmatchIndex(low[:t.Start])
		if m == nil {
			continue
		}
		role := roleBefore(low[:m[0]])
		if role == understand.RoleNone {
			continue
		}
		if p, _ := nthFound(mem, t.Label, low, m); p != nil {
			out[role] = placeLoc(*p, rd.Text[m[0]:t.End])
		}
	}
	for _, m := range reTheWord.FindAllStringSubmatchIndex(low, -1) {
		w := low[m[4]:m[5]]
		role := roleBefore(low[:m[3]])
		if _, done := out[role]; done || isTermKey(w) {
			continue
		}
		if p := placeWithWord(w, mem); p != nil {
			out[role] = placeLoc(*p, rd.Text[m[4]-len("the "):m[5]]) // "the battery"
		}
	}
	return out
}

// searchedFor says whether a search for query found places of the kind
// label: the same words, or the kind's words holding the query's ("gas"
// searched, "the gas station" named).
func searchedFor(query, label string) bool {
	return hasWords(query, label) || query != "" && hasWords(label, query)
}

// placeWithWord is the newest found place whose name holds the word w.
func placeWithWord(w string, mem Memory) *Place {
	for i := len(mem.Found) - 1; i >= 0; i-- {
		ps := mem.Found[i].Places
		if j := slices.IndexFunc(ps, func(p Place) bool { return hasWords(strings.ToLower(p.Name), w) }); j >= 0 {
			return &ps[j]
		}
	}
	return nil
}

// brandAt says whether the end of a route in role is named by a
// landmark's or brand's name, not a town's: a place found before with
// that name is then the one meant ("from the Walmart to it").
func brandAt(rd *understand.Reading, role understand.Role) bool {
	return role != understand.RoleNone && slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool {
		return m.Role == role && (m.Place == nil || m.Place.Kind == understand.KindLandmark)
	})
}

// reListBack points back at an earlier list: "go back to the first
// list", "from the pizza list", "in the earlier results".
var reListBack = regexp.MustCompile(`\b(?:back to|from|in|on|of)\s+(?:the\s+)?(?:first|earlier|previous|other|old|original|[a-z]+)\s+(?:list|results|search)\b`)

// foundNth is the place an ordinal and the kind of an earlier search
// name ("the second pizza place", "the 1st hotel", "the first bank" of
// the one list shown), from the newest search of that kind even with
// another list shown since; nil when none is named.
func foundNth(rd *understand.Reading, mem Memory) *Loc {
	low := strings.ToLower(rd.Text)
	if len(mem.Found) == 0 || len(low) != len(rd.Text) {
		return nil
	}
	for _, t := range rd.Terms {
		m := reOrdinalBefore.FindStringSubmatchIndex(low[:t.Start])
		if m == nil || m[2] < 0 && !reListBack.MatchString(low) {
			continue
		}
		if p, searched := nthFound(mem, t.Label, low, m); searched {
			if p == nil {
				return nil
			}
			return placeLoc(*p, rd.Text[m[0]:t.End])
		}
	}
	return nil
}

// nthFound is the place of the newest search for label that the order
// word of m (reOrdinalBefore's match in low; the first when it has none)
// names, nil past its list's end; searched says whether such a search
// was made.
func nthFound(mem Memory, label, low string, m []int) (p *Place, searched bool) {
	for i := len(mem.Found) - 1; i >= 0; i-- {
		f := mem.Found[i]
		if !searchedFor(strings.ToLower(f.Query), label) {
			continue
		}
		n := 1
		if m[2] >= 0 {
			if w := low[m[2]:m[3]]; w == "last" {
				n = len(f.Places)
			} else {
				n = ordinals[w]
			}
		}
		if n >= 1 && n <= len(f.Places) {
			return &f.Places[n-1], true
		}
		return nil, true
	}
	return nil, false
}
