package roadtrip

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/cairn-agents/cairn/understand"
)

// This file tidies a question before it is read: shorthands and
// misspellings of the words a trip is asked in ("2 routs", "N of",
// "&"), and place names misspelled where a place must stand ("from
// wilmingotn to georgetwon").

// wordFixes are misspelled words of the vocabulary, by their right
// spelling.
var wordFixes = map[string]string{
	"rout": "route", "routs": "routes", "citys": "cities", "towns's": "towns",
	"libary": "library", "libarary": "library", "librery": "library", "libraray": "library",
	"musuem": "museum", "musem": "museum", "resturants": "restaurants", "restraunts": "restaurants",
	"parc": "park", "cofee": "coffee", "coffe": "coffee",
}

var (
	wordRE = regexp.MustCompile(`[A-Za-z][A-Za-z']*`)
	// "N of", "SW of": a compass point written as its letters.
	compassRE = regexp.MustCompile(`\b(N|S|E|W|NE|NW|SE|SW)\.? of\b`)
	// "&" before another direction is "and" ("N of A & W of B"); in a
	// name it stays ("Holiday Inn Express & Suites").
	ampRE = regexp.MustCompile(`(?i)\s&\s+((?:N|S|E|W|NE|NW|SE|SW|north|south|east|west)\.? of\b)`)
	// "a place for rest", "2 places to rest": rest stops.
	restPlaceRE = regexp.MustCompile(`(?i)\b(place|spot)(s?) (?:for|to) (?:a )?rest\b`)
	// "from X to Y" with single words: the slots of a trip's ends.
	slotRE = regexp.MustCompile(`(?i)\b(from|between) ([a-z]+) (to|until|till|and) ([a-z]+)\b`)
)

var compassWords = map[string]string{"N": "north", "S": "south", "E": "east", "W": "west",
	"NE": "northeast", "NW": "northwest", "SE": "southeast", "SW": "southwest"}

// tidyQuestion is text with the vocabulary's misspellings and
// shorthands written out, and lowercase misspelled names in a trip's
// start and end slots capitalised when a gazetteer knows a place so
// spelled in a preferred region (the reader then reads them as names).
func tidyQuestion(text string, o understand.Options) string {
	text = expandShorthand(text)
	text = wordRE.ReplaceAllStringFunc(text, func(w string) string {
		if f, ok := wordFixes[strings.ToLower(w)]; ok {
			if unicode.IsUpper(rune(w[0])) {
				return strings.ToUpper(f[:1]) + f[1:]
			}
			return f
		}
		return w
	})
	text = ampRE.ReplaceAllString(text, " and $1")
	text = compassRE.ReplaceAllStringFunc(text, func(s string) string {
		k := strings.TrimSuffix(strings.TrimSuffix(s, " of"), ".")
		return compassWords[k] + " of"
	})
	text = restPlaceRE.ReplaceAllString(text, "rest stop$2")
	sp, ok := o.Gazetteer.(understand.Speller)
	if !ok {
		return text
	}
	return slotRE.ReplaceAllStringFunc(text, func(s string) string {
		m := slotRE.FindStringSubmatch(s)
		return m[1] + " " + spelledName(m[2], sp, o.Prefer) + " " + m[3] + " " + spelledName(m[4], sp, o.Prefer)
	})
}

// spelledName is w capitalised when it is a lowercase word no place is
// named but a place of a preferred region is spelled a letter or two
// away from; else w.
func spelledName(w string, sp understand.Speller, prefer []understand.Place) string {
	key := understand.Normalize(w)
	if len(key) < 5 || w != strings.ToLower(w) || len(sp.Lookup(key)) > 0 {
		return w
	}
	for _, p := range sp.Spell(key, 1+len(key)/9) {
		for _, r := range prefer {
			if p.Region == r.Name || p.Country == r.Name {
				return strings.ToUpper(w[:1]) + w[1:]
			}
		}
	}
	return w
}
