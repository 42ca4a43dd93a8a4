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
func arrowEnds(text string, sp understand.Speller, prefer []understand.Place) string {
	return arrowRE.ReplaceAllStringFunc(text, func(s string) string {
		m := arrowRE.FindStringSubmatch(s)
		left, right := strings.Fields(m[1]), strings.Fields(m[3])
		var lhead, lname, rname, rtail string
		for k := range left { // the longest run of words ending at the arrow
			if p := arrowTown(strings.Join(left[k:], " "), sp, prefer); p != nil {
				lhead, lname = strings.Join(left[:k], " "), capitalised(p.Name)
				break
			}
		}
		for k := len(right); k > 0; k-- { // the longest run starting after it
			if p := arrowTown(strings.Join(right[:k], " "), sp, prefer); p != nil {
				rname, rtail = capitalised(p.Name), strings.Join(right[k:], " ")
				break
			}
		}
		if lname == "" || rname == "" {
			return s
		}
		return strings.TrimSpace(lhead+" "+lname) + " → " + strings.TrimSpace(rname+" "+rtail)
	})
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
