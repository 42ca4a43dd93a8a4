package roadtrip

import (
	"regexp"
	"strings"
)

// This file writes out the shorthand of hurried and non-English
// questions before they are read: abbreviated words and place names
// ("3 rtes from Wilm. to Rehoboth Bch, ea. w/ 2 towns"), "Jake's in
// Milford" (Jake is in Milford, not a place "Jake's Milford"), and the
// from/to words of Catalan, Spanish and French ("de La Massana a El
// Tarter", "desde Encamp hasta Canillo", "depuis Ordino jusqu'à Soldeu").

// shortWords are abbreviations of the words a trip is asked in, by
// their words (matched whole, lower case or capitalised, a period
// optional).
var shortWords = map[string]string{
	"rte": "route", "rtes": "routes", "ea": "each", "thru": "through", "pls": "please", "plz": "please",
	"btwn": "between", "betw": "between", "approx": "about", "twn": "town", "twns": "towns", "intermed": "intermediate",
	"diff": "different", "wknd": "weekend", "bc": "because", "elev": "elevation", "elv": "elevation",
	"hes": "he is", "shes": "she is", "theyre": "they are",
}

// capsWords are abbreviations of a trip's words written in capitals
// ("1 RS + 1 VP per rte": a rest stop and a viewpoint), matched as
// written.
var capsWords = map[string]string{"RS": "rest stop", "VP": "viewpoint", "VPs": "viewpoints", "RSs": "rest stops"}

// shortNames are abbreviations written inside place names ("Rehoboth
// Bch", "Ft Myers") and of a few towns ("Wilm.", "Phila."), by the
// words they stand for; matched as written, a period optional.
var shortNames = map[string]string{
	"Bch": "Beach", "Ft": "Fort", "Mt": "Mount", "Pt": "Point", "Spgs": "Springs", "Hts": "Heights", "Jct": "Junction",
	"Vlg": "Village", "Ctr": "Center", "Crk": "Creek", "Hbr": "Harbor", "Lk": "Lake",
	"Wilm": "Wilmington", "Phila": "Philadelphia", "Balt": "Baltimore", "Gtown": "Georgetown",
}

// lowerNames are the shortNames a hurried writer also types in lower
// case after a name's first word ("bethany bch", "colonial hts") or
// alone ("wilm"): none is an English word.
var lowerNames = set("bch", "spgs", "hts", "jct", "vlg", "crk", "hbr", "wilm", "phila", "balt", "gtown")

var (
	// A word and its period, if any.
	shortRE = regexp.MustCompile(`\b[A-Za-z]+\b\.?`)
	// "thru milford n georgetown", "coffee n donuts": a lone lower-case
	// n between two words is "and" (not "n of", a compass point).
	// "each n 1 rest stop": before a count too.
	andRE = regexp.MustCompile(`([\pL\d]) n ([\pL\d]+)`)
	// "2 routes w 2 towns each": a lone lower-case w between words is
	// "with" (not "w of", a compass point).
	loneWithRE = regexp.MustCompile(`([\pL\d]) w ([\pL\d]+)`)
	// "w/ 2 towns": with.
	withRE = regexp.MustCompile(`(?i)\bw/\s*`)
	// "3x fuel", "2x coffee": a count of stops of a kind.
	timesRE = regexp.MustCompile(`\b(\d{1,2})\s?[x×]\s+(\pL)`)
	// "Jake's in Milford", "Priya's coming from Smyrna": a person is
	// somewhere; the 's is "is".
	isRE = regexp.MustCompile(`\b([A-Z][a-z]+)'s\s+(in|at|near|over in|down in|up in|from|coming from|driving from|walking from|leaving from|based in|staying in|living in)\b`)
	// "Me: Middletown. Her: Lewes.": people's places written as labels.
	selfLabelRE  = regexp.MustCompile(`(^|[.;!?]\s+)(?:Me|I|Us|We)\s*:\s*(\p{Lu})`)
	otherLabelRE = regexp.MustCompile(`(^|[.;!?]\s+)(Her|Him|She|He|Them|Friend|My friend|Partner|Mom|Dad|Brother|Sister|Colleague|Boss|Client|Cousin)\s*:\s*(\p{Lu})`)
	// "Mi amigo vive en Canillo", "la meva germana viu a Encamp", "mon
	// amie habite à Ordino": a friend lives in a place.
	// Portuguese: "o meu amigo mora em Canillo", "eu moro em Encamp".
	foreignFriendRE = regexp.MustCompile(`(?i)\b(?:mi|mon|ma|el meu|la meva|o meu|a minha|meu|minha)\s+(?:amigo|amiga|amic|ami|amie|hermano|hermana|germà|germana|frère|sœur|soeur|primo|prima|cosí|cosina|cousin|cousine|irmão|irmã)\b`)
	foreignHomeRE   = regexp.MustCompile(`\b(?:vive|vivo|vivimos|viven|viu|visc|vivim|habite|habitons|habitent|vit|mora|moro|moramos|moram)\s+(?:en|a|à|em|no|na)\s+(\p{Lu})`)
	// "Eu moro em", "Yo vivo en", "Jo visc a", "J'habite à": I live in.
	foreignSelfRE = regexp.MustCompile(`(?i)\b(?:eu|yo|jo|je)\s+lives in\b|\bj'lives in\b`)
	// "in Seaford on Monday": a day after a name is not part of it (on
	// joins names such as "Stratford on Avon").
	onDayRE = regexp.MustCompile(`(\p{Lu}[\p{L}'’-]+) on ((?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?|Mon|Tue|Tues|Wed|Thu|Thurs|Fri|Sat|Sun)\b`)
	// "two-thirds", "three-quarters": a fraction's words, read apart
	// ("a park two-thirds of the way" is not a park of a kind).
	fractionRE = regexp.MustCompile(`(?i)\b(one|two|three|four|five)-(half|thirds?|quarters?|fourths?|fifths?)\b`)
	// "Georgetown DE", "Wilmington DE": a town and its state's code,
	// written without the comma (codes that are also English words
	// written in capitals, IN, OR, ME, OK, HI, are left).
	stateCodeRE = regexp.MustCompile(`\b(\p{Lu}[\p{Ll}'’-]+) (` + stateCodes + `)\b`)
	// Catalan, Spanish, French and Portuguese from … to between names, after a
	// start, a punctuation mark, a lowercase word or a sentence's first
	// word (not inside a name such as "Sant Julià de Lòria").
	foreignEndsRE = regexp.MustCompile(`(^|[,;:.!?(]\s*|\s\p{Ll}+\s+|(?:^|[.!?]\s+)\p{Lu}\p{Ll}*\s+)((?i:des de|desde|depuis|de|d'))\s*(\p{Lu}[\p{L}'’-]*(?:\s+(?:la|de|del|d'|les|el|l'|\p{Lu}[\p{L}'’-]*))*?)\s+(fins a|hasta|jusqu'à|jusqu’à|jusqu'a|até|a|à)\s+(\p{Lu})`)
	// A destination after a foreign "to" that follows a name, whatever
	// word gave the start: "from Encamp até Canillo", "from Dover hasta
	// Lewes" (Portuguese, Spanish, Catalan, French).
	foreignToRE = regexp.MustCompile(`(\p{L})\s+(?:até|hasta|fins a|jusqu'à|jusqu’à)\s+(\p{Lu})`)
)

// stateCodes are the US states' codes, as a regular expression's
// alternatives.
const stateCodes = `AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|ID|IL|IA|KS|KY|LA|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY`

// expandShorthand writes out text's shorthand.
func expandShorthand(text string) string {
	text = unshouted(text)
	text = withRE.ReplaceAllString(text, "with ")
	text = timesRE.ReplaceAllString(text, "$1 $2")
	var b strings.Builder
	last := 0
	for _, ix := range shortRE.FindAllStringIndex(text, -1) {
		s := text[ix[0]:ix[1]]
		w := strings.TrimSuffix(s, ".")
		f, ok := shortNames[w]
		if !ok && lowerNames[w] {
			f, ok = shortNames[strings.ToUpper(w[:1])+w[1:]]
			f = strings.ToLower(f) // a name in lower case stays so, as the words around it
		}
		if !ok {
			f, ok = capsWords[w]
		}
		if !ok {
			f, ok = shortWords[strings.ToLower(w)]
			ok = ok && w[1:] == strings.ToLower(w[1:])
			if ok && w[0] >= 'A' && w[0] <= 'Z' {
				f = strings.ToUpper(f[:1]) + f[1:]
			}
		}
		if !ok {
			continue
		}
		b.WriteString(text[last:ix[0]])
		b.WriteString(f)
		// The period of an abbreviation goes; one that also ends a
		// sentence (a capital or the end follows) stays.
		if len(s) > len(w) && endsSentence(text[ix[1]:]) {
			b.WriteString(".")
		}
		last = ix[1]
	}
	b.WriteString(text[last:])
	text = andRE.ReplaceAllStringFunc(b.String(), func(s string) string {
		if strings.HasSuffix(s, " n of") {
			return s
		}
		return strings.Replace(s, " n ", " and ", 1)
	})
	text = loneWithRE.ReplaceAllStringFunc(text, func(s string) string {
		if strings.HasSuffix(s, " w of") {
			return s
		}
		return strings.Replace(s, " w ", " with ", 1)
	})
	text = isRE.ReplaceAllString(text, "$1 is $2")
	text = stateCodeRE.ReplaceAllString(text, "$1, $2")
	text = fractionRE.ReplaceAllString(text, "$1 $2")
	text = onDayRE.ReplaceAllString(text, "$1, on $2")
	text = selfLabelRE.ReplaceAllString(text, "${1}I'm in $2")
	text = otherLabelRE.ReplaceAllString(text, "${1}$2 is in $3")
	text = foreignFriendRE.ReplaceAllString(text, "my friend")
	text = foreignHomeRE.ReplaceAllString(text, "lives in $1")
	text = foreignSelfRE.ReplaceAllString(text, "I live in")
	text = foreignEndsRE.ReplaceAllString(text, "${1}from $3 to $5")
	return foreignToRE.ReplaceAllString(text, "$1 to $2")
}

var (
	// titleWordRE is a word written with a capital and lower case: a
	// text that has one writes names so.
	titleWordRE = regexp.MustCompile(`\b\p{Lu}\p{Ll}`)
	// shoutRE is a word of three or more capitals ("kids WILL need a
	// loo", "NOT thru georgetown"), or a short word of English in
	// capitals ("NO tolls"; not a state's code such as DE).
	shoutRE = regexp.MustCompile(`\b(?:\p{Lu}{3,}|NO|SO|DO|GO|IS|IT|AT|MY|WE|BE|TO|OF|UP|AN|AM|IF|BY)\b`)
)

// unshouted is a text written in lower case with some words shouted in
// capitals, the shouted words in lower case: they are emphasis, and a
// text in lower case is read as one (its names in lower case). A text
// that capitalises any word is left as written.
func unshouted(text string) string {
	if titleWordRE.MatchString(text) {
		return text
	}
	return shoutRE.ReplaceAllStringFunc(text, strings.ToLower)
}

// endsSentence says whether the text after a period starts a sentence.
func endsSentence(rest string) bool {
	t := strings.TrimLeft(rest, " ")
	return t == "" || len(t) < len(rest) && t[0] >= 'A' && t[0] <= 'Z'
}
