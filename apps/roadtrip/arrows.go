package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a trip's ends written on either side of an arrow or
// a ">" in shorthand ("ordino → pas dla casa", "encamp > st julià"):
// the words next to the arrow that name a town of a preferred region,
// as written, abbreviated ("st" for Sant, Saint, San, Santa) or a
// letter or two off, are written as the town's own name, and ">" as an
// arrow. Words that name no such town are left as they are.

// arrowRE is up to four words, an arrow and up to four words.
var arrowRE = regexp.MustCompile(`([\pL'’-]+(?:[ \t]+[\pL'’-]+){0,3})[ \t]*(→|->|=>|>)[ \t]*([\pL'’-]+(?:[ \t]+[\pL'’-]+){0,3})`)

// saintWords are what "st" abbreviates at the head of a town's name.
var saintWords = []string{"sant", "saint", "san", "santa", "sainte"}

// arrowEnds writes the towns on either side of arrows by their names.
// The words after an arrow's right town are left to the next arrow, so
// legs chained in arrows ("dover -> smyrna first then smyrna ->
// middletown") each keep their left town.
func arrowEnds(text string, sp understand.Speller, prefer []understand.Place) string {
	var b strings.Builder
	last := 0
	for from := 0; from < len(text); {
		ix := arrowRE.FindStringSubmatchIndex(text[from:])
		if ix == nil {
			break
		}
		for k := range ix {
			ix[k] += from
		}
		left, right := strings.Fields(text[ix[2]:ix[3]]), wordSpans(text, ix[6], ix[7])
		var lhead, lname, rname string
		for k := range left { // the longest run of words ending at the arrow
			if p := arrowTown(strings.Join(left[k:], " "), sp, prefer); p != nil {
				lhead, lname = strings.Join(left[:k], " "), capitalised(p.Name)
				break
			}
		}
		rend := 0
		for k := len(right); k > 0; k-- { // the longest run starting after it
			if p := arrowTown(wordsOf(text, right[:k]), sp, prefer); p != nil {
				rname, rend = capitalised(p.Name), right[k-1][1]
				break
			}
		}
		if lname == "" || rname == "" {
			from = ix[5] // the words after the arrow may stand before the next
			continue
		}
		b.WriteString(text[last:ix[2]])
		b.WriteString(strings.TrimSpace(lhead+" "+lname) + " → " + rname)
		last, from = rend, rend
	}
	b.WriteString(text[last:])
	return b.String()
}

// wordSpans are the spans of the words of text[lo:hi].
func wordSpans(text string, lo, hi int) [][2]int {
	var out [][2]int
	for _, w := range wordSpanRE.FindAllStringIndex(text[lo:hi], -1) {
		out = append(out, [2]int{lo + w[0], lo + w[1]})
	}
	return out
}

var wordSpanRE = regexp.MustCompile(`\S+`)

// wordsOf is the words at spans, joined by single spaces.
func wordsOf(text string, spans [][2]int) string {
	ws := make([]string, len(spans))
	for i, s := range spans {
		ws[i] = text[s[0]:s[1]]
	}
	return strings.Join(ws, " ")
}

// arrowTown is the one town of a preferred region the words name: by
// its own or another name, with "st" for a saint's word, or misspelled
// by an edit in nine letters (one at least); nil when none or several.
func arrowTown(words string, sp understand.Speller, prefer []understand.Place) *understand.Place {
	key := understand.Normalize(words)
	keys := []string{key}
	if rest, ok := strings.CutPrefix(key, "st "); ok {
		keys = keys[:0]
		for _, w := range saintWords {
			keys = append(keys, w+" "+rest)
		}
	}
	if p := oneTown(keys, sp.Lookup, prefer); p != nil || len(key) < 5 {
		return p
	}
	return oneTown(keys, func(k string) []understand.Place { return sp.Spell(k, 1+len(k)/9) }, prefer)
}

// oneTown is the one town of a preferred region the lookup finds for
// any of keys; nil when none or several.
func oneTown(keys []string, lookup func(string) []understand.Place, prefer []understand.Place) *understand.Place {
	var found *understand.Place
	for _, k := range keys {
		for _, p := range lookup(k) {
			if p.Kind != understand.KindCity || !inPreferred(p, prefer) {
				continue
			}
			if found != nil && found.ID != p.ID {
				return nil
			}
			found = &p
		}
	}
	return found
}

// capitalised is a name with a capital first letter ("la Massana" is
// written "La Massana" where it stands alone, as a reader expects a
// name).
func capitalised(name string) string {
	r := []rune(name)
	return strings.ToUpper(string(r[:1])) + string(r[1:])
}
