package understand

import (
	"strconv"
	"strings"
)

// RefKind is what a Reference points at.
type RefKind string

// The kinds of reference Read finds.
const (
	// RefHere is where the person is or is looking: "here", "near me",
	// "my location", "where I am", "this area", "nearby".
	RefHere RefKind = "here"
	// RefThere is a place spoken of before: "there", "over there".
	RefThere RefKind = "there"
	// RefIt is the thing spoken of before: "it", "its", "this one",
	// "that place".
	RefIt RefKind = "it"
	// RefNth is one of a list given before: "the second one", "the last
	// one", "number 3", "#2", "option 2".
	RefNth RefKind = "nth"
)

// Reference is a place the text points at without naming it. Read only
// finds it and its role; what it means (the map's centre, the second of
// the places an earlier answer listed) is the caller's to resolve. An
// ordinal reference is also a Quantity.
type Reference struct {
	Span
	Text string  `json:"text"` // as written: "the second one", "near me"
	Kind RefKind `json:"kind"`
	// Role comes from the cue before it, as a Mention's does: "from
	// here" is from, "near me" is near, "to the first one" is to.
	Role Role `json:"role,omitempty"`
	// Index is RefNth's position, 1 for the first; -1 is the last.
	Index int `json:"index,omitempty"`
	// Noun is the word that follows a RefNth or a "this"/"that"
	// reference: "one", "place", "result".
	Noun string `json:"noun,omitempty"`
}

// refNouns stand for an item of a list or a place spoken of: "the second
// one", "that place".
var refNouns = map[string]bool{"one": true, "ones": true, "place": true, "result": true, "option": true, "spot": true,
	"location": true, "suggestion": true, "choice": true, "pick": true, "listing": true, "entry": true, "match": true,
	"hit": true, "address": false}

// herePhrases are phrases for where the person is, matched on lower-case
// tokens.
var herePhrases = [][]string{
	{"my", "current", "location"}, {"my", "current", "position"}, {"my", "location"}, {"my", "position"},
	{"current", "location"}, {"current", "position"}, {"where", "i", "am"}, {"where", "i'm"}, {"where", "im"},
	{"where", "we", "are"}, {"where", "we're"}, {"this", "area"}, {"this", "neighborhood"},
	{"this", "neighbourhood"}, {"the", "area"}, {"the", "vicinity"}, {"here"}, {"nearby"}, {"close", "by"},
	{"near", "by"}, {"around", "me"}, {"near", "me"}, {"close", "to", "me"}, {"by", "me"}, {"from", "me"},
	{"to", "me"}, {"around", "us"}, {"near", "us"}, {"close", "to", "us"},
}

// readReferences finds the references of toks, skipping taken tokens.
func readReferences(text string, toks []token, taken []bool) []Reference {
	var out []Reference
	free := func(i, n int) bool {
		for k := i; k < i+n; k++ {
			if k >= len(toks) || taken[k] || toks[k].masked {
				return false
			}
		}
		return true
	}
	add := func(i, n int, r Reference) {
		r.Span = Span{toks[i].start, toks[i+n-1].end}
		r.Text = text[r.Start:r.End]
		out = append(out, r)
		markTaken(taken, i, i+n)
	}
	low := func(k int) string {
		if k < 0 || k >= len(toks) {
			return ""
		}
		return toks[k].low
	}
	for i := 0; i < len(toks); i++ {
		if !free(i, 1) {
			continue
		}
		w := toks[i].low
		if r, n, ok := nthAt(toks, i); ok && free(i, n) {
			start := i
			if low(i-1) == "the" && free(i-1, 1) {
				start = i - 1
			}
			r.Role, _, _ = cueBefore(toks, start)
			add(start, i+n-start, r)
			i += n - 1
			continue
		}
		if toks[i].kind == tokPunct {
			continue
		}
		if n := herePhraseAt(toks, i); n > 0 && free(i, n) {
			r := Reference{Kind: RefHere}
			switch {
			case toks[i+n-1].low == "me" || toks[i+n-1].low == "us":
				// "near me": the cue is part of the phrase.
				r.Role, _, _ = cueBefore(toks, i+n-1)
			case w == "nearby" || n == 2 && toks[i+1].low == "by":
				r.Role = RoleNear
			default:
				r.Role, _, _ = cueBefore(toks, i)
			}
			add(i, n, r)
			i += n - 1
			continue
		}
		switch w {
		case "there":
			// "is there a cafe", "there are", "there's": existential.
			prev, next := low(i-1), low(i+1)
			if prev == "is" || prev == "are" || prev == "was" || prev == "were" || prev == "be" || prev == "any" ||
				next == "is" || next == "are" || next == "was" || next == "were" || next == "'s" || next == "be" ||
				strings.HasPrefix(w, "there'") {
				continue
			}
			r := Reference{Kind: RefThere}
			r.Role, _, _ = cueBefore(toks, i)
			add(i, 1, r)
		case "it", "its":
			// "how long does it take", "it takes": the weather "it".
			if next := low(i + 1); next == "take" || next == "takes" || next == "took" || next == "rains" || next == "raining" {
				continue
			}
			r := Reference{Kind: RefIt}
			r.Role, _, _ = cueBefore(toks, i)
			add(i, 1, r)
		case "this", "that":
			next := low(i + 1)
			r := Reference{Kind: RefIt}
			r.Role, _, _ = cueBefore(toks, i)
			switch {
			case refNouns[next]:
				r.Noun = singular(next)
				add(i, 2, r)
				i++
			case i > 0 && (next == "" || next == "as" || next == "to" || next == "from" || next == "for" ||
				toks[i+1].kind == tokPunct && !toks[i+1].isPunct("-", "'")):
				// "save this as home", "how far is that?": the word
				// stands for a thing, not before a noun.
				add(i, 1, r)
			}
		}
	}
	return out
}

// herePhraseAt is the length of the here-phrase at toks[i], 0 if none.
func herePhraseAt(toks []token, i int) int {
	best := 0
	for _, p := range herePhrases {
		if len(p) <= best || i+len(p) > len(toks) {
			continue
		}
		ok := true
		for k, w := range p {
			if toks[i+k].low != w {
				ok = false
				break
			}
		}
		if ok {
			best = len(p)
		}
	}
	// "the area" and "the vicinity" are here only after a cue ("in the
	// area", "around the vicinity").
	if best == 2 && toks[i].low == "the" {
		if r, _, _ := cueBefore(toks, i); r == RoleNone {
			return 0
		}
	}
	// "here" inside "here is", "here are" points at nothing.
	if best == 1 && toks[i].low == "here" && i+1 < len(toks) && (toks[i+1].low == "is" || toks[i+1].low == "are" || toks[i+1].low == "'s") && i == 0 {
		return 0
	}
	return best
}

// nthAt reads an ordinal reference at toks[i]: "second one", "last
// place", "number 3", "#2", "option 2", "2nd one". n is the tokens read
// from i (an article before is the caller's).
func nthAt(toks []token, i int) (Reference, int, bool) {
	t := toks[i]
	// "number 3", "no. 3", "#3", "option 3", "result 3"
	if (t.low == "number" || t.low == "no" || t.low == "option" || t.low == "result" || t.low == "choice" || t.isPunct("#")) && i+1 < len(toks) {
		k := i + 1
		if t.low == "no" && toks[k].isPunct(".") && k+1 < len(toks) {
			k++
		}
		if toks[k].kind == tokNum && (t.low != "no" || k > i+1) {
			if v, err := strconv.Atoi(toks[k].raw); err == nil && v > 0 && v <= 20 {
				noun := ""
				if !t.isPunct("#") && t.low != "no" && t.low != "number" {
					noun = t.low
				}
				return Reference{Kind: RefNth, Index: v, Noun: noun}, k - i + 1, true
			}
		}
		return Reference{}, 0, false
	}
	idx, n := 0, 0
	switch {
	case t.kind == tokNum && i+1 < len(toks) && !toks[i+1].space:
		switch toks[i+1].low {
		case "st", "nd", "rd", "th":
			if v, err := strconv.Atoi(t.raw); err == nil && v > 0 && v <= 20 {
				idx, n = v, 2
			}
		}
	case t.kind == tokWord:
		if o, ok := ordinals[t.low]; ok {
			idx, n = o, 1
		}
	}
	if n == 0 {
		return Reference{}, 0, false
	}
	next := ""
	if i+n < len(toks) {
		next = toks[i+n].low
	}
	if refNouns[next] {
		return Reference{Kind: RefNth, Index: idx, Noun: singular(next)}, n + 1, true
	}
	// "the second", "the last": alone at the end of a clause or before
	// a word that ends a noun ("the second through Smyrna"), after "the".
	if i > 0 && toks[i-1].low == "the" && (next == "" || i+n < len(toks) && toks[i+n].kind == tokPunct || nounStops[next] && next != "of") {
		return Reference{Kind: RefNth, Index: idx}, n, true
	}
	return Reference{}, 0, false
}
