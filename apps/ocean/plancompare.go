package ocean

import (
	"strings"
	"unicode"
)

// How a comparison is asked: a comparative set against a year or a named
// place, two years side by side, or words that compare without
// "compare".

// reComparative is a comparative of a measured quantity; reYearOrYear
// two years set side by side ("2019 or 2020", "2018 vs 2019").
var (
	reComparative = mustGuarded(`\b(warmer|colder|cooler|hotter|saltier|fresher|more saline|less saline|deeper|shallower|higher|lower)\b`)
	reYearOrYear  = mustGuarded(`\b(?:19|20)\d\d\s*(?:,\s*)?(?:or|vs\.?|versus)\s+(?:in\s+|during\s+)?(?:19|20)\d\d\b`)
)

// Comparisons worded without "compare": "how does 2901746 stack up
// against 2901780", "measured up to", "as opposed to", "how different
// is … between", "contrasted with". reCompareWords asks for a
// comparison on its own; reCompareTwo only when two floats are named
// ("relative to", "compared with", "by how much", "which is … A or B").
var (
	reCompareWords = mustGuarded(`\b(?:stack(?:s|ed|ing)?|measure(?:s|d)?|match(?:es|ed)?) up (?:against|to|with)\b|\bup against\b|\bas opposed to\b|\bcontrast(?:s|ed|ing)?\b|\bhow (?:different|similar)\b|\bdiffer(?:s|ed|ent|ence|ences)? (?:from|between)\b`)
	reCompareTwo   = mustGuarded(`\b(?:compared?|comparing) (?:to|with|against)\b|\brelative to\b|\bagainst (?:float|wmo|#?\d{5,7})\b|\bby how much\b|\bhow much (?:more|less|higher|lower|warmer|colder|cooler|saltier|fresher|deeper|shallower)\b|\b(?:which|whether)\b[^?.]*\bor\b`)
)

// reThan is a comparative and "than" with what follows it.
var reThan = mustGuarded(`(?i)\b(?:warmer|colder|cooler|hotter|saltier|fresher|more saline|less saline)\s+(?:[^\s.?!;]+\s+){0,5}?than\s+(?:(?:it was|they were|that|those|the one|the ones)\s+)?(?:(?:in|of|at)\s+)?(?:the\s+)?(\S+)`)

// comparedThan says whether query sets something against a year or a
// named place ("Is the Bay of Bengal warmer than the Arabian Sea?", "was
// 2019 saltier than 2020", "warmer in 2019 or 2020?"), not against a
// value ("warmer than 20 °C", "saltier than 35"): a comparison of two
// groups.
func comparedThan(query string) bool {
	if reComparative.MatchString(query) && reYearOrYear.MatchString(query) {
		return true // "saltier in 2019 or in 2020", "warmer, 2019 vs 2020?"
	}
	for _, m := range reThan.FindAllStringSubmatchIndex(query, -1) {
		w := strings.Trim(query[m[2]:m[3]], ",.?!;:'\"()")
		switch {
		case len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && strings.Trim(w, "0123456789") == "" && !unitAfter(query[m[3]:]):
			return true
		case w != "" && unicode.IsUpper([]rune(w)[0]) && strings.Trim(w, "0123456789") != "":
			return true
		}
	}
	return false
}

// A comparison the asker makes with the answer ("recompute that mean so
// I can compare", "to compare it with my own numbers", "I'll compare
// them against the paper's", "for comparison") asks for the one
// quantity: nothing is named to set it against, so it is no comparison
// for the gateway to make. A comparison with a float, a year or a place
// ("so I can compare it with 2019") is not this, nor "compare them"
// (two things), nor any with two floats named.
var (
	ownThing     = `(?:my|our|his|her|their|mine|ours|the\s+(?:student|author|thesis|paper|chapter|report|table|published|reported|original)\w*['’]?s?)\b(?:\s+[a-z'’]+){0,4}?`
	reOwnCompare = mustGuarded(`\b(?:(?:so(?:\s+that)?\s+)?(?:i|we)\s*(?:can|could|may|might|will|'ll|’ll|want to|need to|would like to|'d like to|’d like to)|in order to|to|and)\s+(?:double[- ]?check\s+(?:and\s+)?)?compare(?:\s+(?:it|that|this|notes|results))?(?:\s+(?:with|against|to)\s+` + ownThing + `)?\s*(?:[.?!;,)]|$)|\bfor\s+(?:a\s+)?comparison(?:\s+(?:with|against|to)\s+` + ownThing + `)?\s*(?:[.?!;,)]|$)`)
)
