package understand

// qualifiedNext says whether the name ending before token n is written
// with a region or country after it, a comma or a bracket between:
// "Bath, UK", "Split (Croatia)", "Reading, England". Then a capitalised
// common word ("Bath", "Split", "Reading") is the town's name, not a
// word, though no cue comes before it; so is one in a text with no
// capitals ("bath, uk", "split (croatia)").
func qualifiedNext(toks []token, n int, g Gazetteer, caseless bool) bool {
	if n+1 >= len(toks) || !toks[n].isPunct(",", "(") {
		return false
	}
	k := n + 1
	if t := toks[k]; t.kind != tokWord || !t.cap && !t.upper && !caseless {
		return false
	}
	c, ps := longestName(toks, k, g, caseless)
	if c == 0 || len(regionReadings(ps)) == 0 {
		return false
	}
	// The region ends the phrase: a bracket closes, or a punctuation
	// mark or the text's end follows ("Bath, UK: ...", "Split (Croatia)").
	e := k + c
	if toks[n].isPunct("(") {
		return e < len(toks) && toks[e].isPunct(")")
	}
	return e >= len(toks) || toks[e].kind == tokPunct
}

// thingIn says whether prev is a name no gazetteer knows, written with
// no cue and followed by "in": "Las Fallas in Valencia", "Fête des
// Lumières in Lyon" name a thing in a place, so the place after "in" is
// the place, not a region qualifying prev. A cued unknown name ("to
// Qzxwv in Delaware") is still qualified.
func thingIn(toks []token, prev *Mention) bool {
	if len(prev.cands) > 0 || prev.Quoted || prev.end >= len(toks) || toks[prev.end].low != "in" {
		return false
	}
	r, _, _ := cueBefore(toks, prev.first)
	return r == RoleNone
}

// codeWords are two-letter words that are no region's code after a
// word: "market in", "fair or", "bath so".
var codeWords = map[string]bool{"in": true, "or": true, "me": true, "hi": true, "oh": true, "ok": true, "so": true, "to": true,
	"at": true, "be": true, "do": true, "go": true, "no": true, "is": true, "it": true, "us": true, "we": true, "an": true,
	"as": true, "by": true, "if": true, "my": true, "of": true, "up": true, "on": true, "id": true, "pa": true, "ma": true, "mo": true}

// coded says whether the lower-case word at i is a town written with
// the two-letter code of its province or state after it, in lower case
// too, ending the phrase: "calgary ab,", "austin tx.", "halifax ns".
// The code must hold a reading of the name.
func coded(toks []token, i int, g Gazetteer, ps []Place) bool {
	n := i + 1
	if n >= len(toks) || toks[n].kind != tokWord || len(toks[n].raw) != 2 || toks[n].cap || codeWords[toks[n].low] || connectors[toks[n].low] {
		return false
	}
	if e := n + 1; e < len(toks) && toks[e].kind != tokPunct {
		return false
	}
	return len(withinAny(townReadings(ps), regionReadings(g.Lookup(toks[n].key)))) > 0
}
