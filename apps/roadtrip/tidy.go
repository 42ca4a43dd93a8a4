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
	// "2 places with beautiful view", "a spot with a nice view", "one
	// panoramic point": viewpoints, a place named by its view ("a rest
	// stop with a view" stays a rest stop).
	viewPlaceRE = regexp.MustCompile(`(?i)\b(?:place|spot|point)(s?)\s+(?:with|for|to see|to enjoy|that has|that have|having|offering)\s+(?:a\s+|the\s+|some\s+)?(?:(?:really|very|beautiful|nice|good|great|pretty|lovely|scenic|panoramic|amazing|wonderful|best|fine|nicest|sweeping|open|wide)\s+)*(?:view|views|panorama|panoramas|vista|vistas|scenery)\b`)
	panoramicRE = regexp.MustCompile(`(?i)\bpanoramic\s+(?:point|spot|place|stop|lookout)(s?)\b`)
	// "from X to Y" with single words: the slots of a trip's ends.
	slotRE = regexp.MustCompile(`(?i)\b(from|between) ([a-z]+) (to|until|till|and) ([a-z]+)\b`)
	// "I don't want to pass in X", "we do not wish to go through X",
	// "I'd rather not go anywhere near X": a way through or near a town
	// refused is a town avoided.
	refuseRE = regexp.MustCompile(`(?i)\b(?:don't|dont|don’t|do not|does not|doesn't|won't|will not|would not|wouldn't|never|not)\s+(?:(?:want|wish|like|need|prefer|plan)\s+)?(?:to\s+)?(?:pass|go|drive|travel|ride|cross|get|come)\s+(?:in|into|inside|through|thru|trough|via|by|across|over|per|for|(?:anywhere\s+)?near|(?:anywhere\s+)?close to)\b`)
	// "in the half of the road", "at half of the way": the midpoint.
	halfOfRE = regexp.MustCompile(`(?i)\b(?:in|at|on) (?:the )?half of the (road|way|drive|route|trip|journey|ride|path|travel)\b`)
	// "more to the north than X", "more north than X", "further to the
	// west than X", "more at the east than X" (French "plus à l'est"): a
	// place's side of a landmark.
	// The article may be dropped ("more to north than X").
	moreThanRE = regexp.MustCompile(`(?i)\b(?:more|further|farther|a bit more|a little more|much more)\s+(?:to(?:wards)?\s+(?:the\s+)?|(?:in|at|on)\s+the\s+|(?:at|in)\s+)?(north|south|east|west|northeast|northwest|southeast|southwest)\s+than\b`)
	// "on the east side from X", "to the northern side of X", "at the
	// west side of X": that side of a landmark.
	sideOfLandmarkRE = regexp.MustCompile(`(?i)\b(?:(?:on|to|at|in)\s+(?:the\s+)?)?(north|south|east|west|northeast|northwest|southeast|southwest)(?:ern)?\s+side\s+(?:of|from)\b`)
	// "to the north from X", "southern from X", "lie east from X": a
	// side of a landmark said with "from", as many languages say it
	// (sidesFrom decides which are sides, not ways driven).
	sideFromRE = regexp.MustCompile(`(?i)\b(to\s+the\s+|on\s+the\s+|at\s+the\s+)?(north|south|east|west|northeast|northwest|southeast|southwest)(ern|erly)?\s+from\b`)
	// passInRE is a learner's "pass in X" for passing through a town
	// ("we need to pass in Encamp"); "pass in front of" is no town.
	passInRE = regexp.MustCompile(`\b([Pp]ass(?:es|ed|ing)?)\s+in\s+(\p{Lu})`)
	// "I've been in Lewes since the divorce": where a person lives now.
	beenSinceRE = regexp.MustCompile(`(?i)\b(?:'ve|’ve|have|has|'s)\s+been\s+(?:living\s+|staying\s+|based\s+)?in\s+((?:\p{Lu}[\p{L}'’-]*\s+){1,3})(since|for)\b`)
)

var (
	// sideOfRE is a side of a named landmark: "south of the Zwaanendael
	// Museum", "west of Plaça del Poble".
	sideOfRE = regexp.MustCompile(`(?i:north|south|east|west|northeast|northwest|southeast|southwest)\s+of\s+((?:the\s+)?\p{Lu}[\p{L}'’-]*(?:\s+(?:(?:de|del|dels|la|les|el|of|the|d'|l'|du|des|on)\s+)*\p{Lu}[\p{L}'’-]*)*)`)
	// sideOfItRE is a side of a landmark named before by a pronoun:
	// "and west of it too", "but also east of that one".
	sideOfItRE = regexp.MustCompile(`(?i)\b(north|south|east|west|northeast|northwest|southeast|southwest)\s+of\s+(that one|this one|the same place|the same one|the same|it|that|this|there)\b`)
)

// landmarkAgain writes the landmark a pronoun points back to after a
// second side ("south of the Museum and west of it too" is "south of
// the Museum and west of the Museum too"): the last landmark named
// before it in its sentence.
func landmarkAgain(text string) string {
	var b strings.Builder
	last := 0
	for _, ix := range sideOfItRE.FindAllStringSubmatchIndex(text, -1) {
		lo := strings.LastIndexAny(text[:ix[0]], ".!?;\n") + 1
		named := sideOfRE.FindAllStringSubmatch(text[lo:ix[0]], -1)
		if len(named) == 0 {
			continue
		}
		b.WriteString(text[last:ix[4]])
		b.WriteString(named[len(named)-1][1])
		last = ix[5]
	}
	b.WriteString(text[last:])
	return b.String()
}

var (
	// positionBeforeRE ends the words before a side that says where a
	// place lies: "which lie", "situated", "that are".
	positionBeforeRE = regexp.MustCompile(`(?i)\b(?:lie|lies|lying|is|are|be|situated|located|placed|positioned|standing|stand|stands|sit|sits|found|which|that)\s+$`)
	// motionBeforeRE ends the words before a way driven or walked:
	// "we drive", "heading", "go to the north from Dover".
	motionBeforeRE = regexp.MustCompile(`(?i)\b(?:drive|drives|driving|drove|go|goes|going|went|head|heads|heading|headed|travel|travels|travelling|traveling|ride|riding|walk|walks|walking|move|moving|continue|continuing|turn|turning|then)\s+$`)
	// sideBeforeRE is a side said before in the sentence: "south of",
	// "east from".
	sideBeforeRE = regexp.MustCompile(`(?i)\b(?:north|south|east|west|northeast|northwest|southeast|southwest)(?:ern)?\s+(?:of|from)\b`)
)

// sidesFrom writes a side of a landmark said with "from" as the side
// "of" it ("to the north from the library" is north of it, "southern
// from the museum" south of it). A side with "to the" or an "-ern"
// says where a place lies unless a verb of going comes just before it
// ("we drive to the north from Dover"); a bare side does after a word
// of lying ("which lie east from X") or after "and" following another
// side ("south of X and east from Y").
func sidesFrom(text string) string {
	var b strings.Builder
	last := 0
	for _, ix := range sideFromRE.FindAllStringSubmatchIndex(text, -1) {
		before := text[:ix[0]]
		marked := ix[2] >= 0 || ix[6] >= 0
		side := !motionBeforeRE.MatchString(before) && (marked || positionBeforeRE.MatchString(before) ||
			andAfterSide(before))
		if !side {
			continue
		}
		b.WriteString(text[last:ix[0]])
		b.WriteString(strings.ToLower(text[ix[4]:ix[5]]) + " of")
		last = ix[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// andAfterSide says whether text ends in "and" (or "but also") and its
// sentence names a side before it.
func andAfterSide(text string) bool {
	t := strings.TrimRight(text, " ")
	for _, w := range []string{" and", " but also", " and also", ","} {
		if strings.HasSuffix(strings.ToLower(t), w) {
			lo := strings.LastIndexAny(t, ".!?;\n") + 1
			return sideBeforeRE.MatchString(t[lo:])
		}
	}
	return false
}

var compassWords = map[string]string{"N": "north", "S": "south", "E": "east", "W": "west",
	"NE": "northeast", "NW": "northwest", "SE": "southeast", "SW": "southwest"}

// tidyQuestion is text with towns typed in lower case before a state's
// code or beside an arrow written as names, its spoken punctuation written, a pasted
// form's lines read as sentences, counts written as plain counts ("two
// (2) routes", "make route two"), non-native wordings of a trip written
// as the reader knows them ("I don't want to pass in X", "in the half of
// the road", "more at the north than X"), a landmark a pronoun points
// back to written again, the vocabulary's misspellings and shorthands
// written out, names with two letters swapped written right, and
// lowercase misspelled names in a trip's start and end slots capitalised
// when a gazetteer knows a place so spelled in a preferred region (the
// reader then reads them as names).
func tidyQuestion(text string, o understand.Options) string {
	sp, spells := o.Gazetteer.(understand.Speller)
	if spells {
		text = townsBeforeCodes(text, sp)
		text = arrowEnds(text, sp, o.Prefer)
		text = landmarksLowered(text, sp, o.Prefer)
	}
	text = understand.WriteSpokenMarks(text)
	text = bracketedAreas(text, o.Gazetteer)
	text = vehiclesLowered(text)
	text = peopleLabelled(text)
	text = titledPeople(text)
	text = unlettered(text)
	text = readForm(text)
	text = writeCounts(text)
	text = expandShorthand(text)
	text = glossed(text)
	text = refuseRE.ReplaceAllString(text, "avoid")
	text = passInRE.ReplaceAllString(text, "$1 through $2")
	text = keptAway(text)
	text = halfOfRE.ReplaceAllString(text, "at the middle of the $1")
	text = equalParts(text)
	text = fractionMarks(text)
	text = moreThanRE.ReplaceAllString(text, "$1 of")
	text = sideOfLandmarkRE.ReplaceAllString(text, "$1 of")
	text = sidesFrom(text)
	text = beenSinceRE.ReplaceAllString(text, " lives in $1$2")
	text = fixWords(text)
	text = ampRE.ReplaceAllString(text, " and $1")
	text = compassRE.ReplaceAllStringFunc(text, func(s string) string {
		k := strings.TrimSuffix(strings.TrimSuffix(s, " of"), ".")
		return compassWords[k] + " of"
	})
	text = landmarkAgain(text)
	text = restPlaceRE.ReplaceAllString(text, "rest stop$2")
	text = viewPlaceRE.ReplaceAllString(text, "viewpoint$1")
	text = panoramicRE.ReplaceAllString(text, "viewpoint$1")
	if !spells {
		return text
	}
	text = nameRE.ReplaceAllStringFunc(text, func(w string) string { return unswapped(w, sp, o.Prefer) })
	text = refusedLowerTowns(text, sp, o.Prefer)
	return slotRE.ReplaceAllStringFunc(text, func(s string) string {
		m := slotRE.FindStringSubmatch(s)
		return m[1] + " " + spelledName(m[2], sp, o.Prefer) + " " + m[3] + " " + spelledName(m[4], sp, o.Prefer)
	})
}

// fixWords writes the vocabulary's misspelled words right, except in a
// name: a capitalised word before another ("Parc Central" is a park's
// name in Catalan, not a misspelled "park").
func fixWords(text string) string {
	var b strings.Builder
	last := 0
	for _, ix := range wordRE.FindAllStringIndex(text, -1) {
		w := text[ix[0]:ix[1]]
		f, ok := wordFixes[strings.ToLower(w)]
		if !ok {
			continue
		}
		if unicode.IsUpper(rune(w[0])) {
			if next := strings.TrimLeft(text[ix[1]:], " "); len(next) < len(text[ix[1]:]) && next != "" && unicode.IsUpper([]rune(next)[0]) {
				continue
			}
			f = strings.ToUpper(f[:1]) + f[1:]
		}
		b.WriteString(text[last:ix[0]])
		b.WriteString(f)
		last = ix[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// nameRE is a capitalised word, a name's candidate.
var nameRE = regexp.MustCompile(`\b\p{Lu}\p{Ll}{4,}\b`)

// unswapped is w with two neighbouring letters swapped back when no
// place is named w but a place of a preferred region is so named
// ("Milfrod" is Milford, "Dvoer" Dover): a slip of the fingers the
// speller's one edit for a short name does not reach. Else w.
func unswapped(w string, sp understand.Speller, prefer []understand.Place) string {
	key := understand.Normalize(w)
	if len(key) != len(w) || len(sp.Lookup(key)) > 0 {
		return w
	}
	b := []byte(w)
	for i := 1; i+1 < len(b); i++ { // the first letter is kept: a capital stays first
		if b[i] == b[i+1] {
			continue
		}
		b[i], b[i+1] = b[i+1], b[i]
		for _, p := range sp.Lookup(understand.Normalize(string(b))) {
			if inPreferred(p, prefer) {
				return string(b)
			}
		}
		b[i], b[i+1] = b[i+1], b[i]
	}
	return w
}

// inPreferred says whether p lies in one of the preferred regions.
func inPreferred(p understand.Place, prefer []understand.Place) bool {
	for _, r := range prefer {
		if p.Region == r.Name || p.Country == r.Name {
			return true
		}
	}
	return false
}

// spelledName is w capitalised when it is a lowercase word a town of a
// preferred region is named, or no place is named but a place of a
// preferred region is spelled a letter or two away from; else w.
func spelledName(w string, sp understand.Speller, prefer []understand.Place) string {
	key := understand.Normalize(w)
	if len(key) >= 4 && w == strings.ToLower(w) && townOfPreferred(key, sp, prefer) {
		return strings.ToUpper(w[:1]) + w[1:] // "from smyrna to lewes": the towns, not İzmir and England's
	}
	if len(key) < 5 || w != strings.ToLower(w) || len(sp.Lookup(key)) > 0 {
		return w
	}
	for _, p := range sp.Spell(key, 1+len(key)/9) {
		if inPreferred(p, prefer) {
			return strings.ToUpper(w[:1]) + w[1:]
		}
	}
	if u := unswapped(strings.ToUpper(w[:1])+w[1:], sp, prefer); !strings.EqualFold(u, w) {
		return u
	}
	return w
}

// townOfPreferred says whether a town of a preferred region is named key
// (its own name, not an alternate: "smyrna" is Smyrna, Delaware, though
// İzmir was once so called).
func townOfPreferred(key string, sp understand.Speller, prefer []understand.Place) bool {
	for _, p := range sp.Lookup(key) {
		if p.Kind == understand.KindCity && understand.Normalize(p.Name) == key && inPreferred(p, prefer) {
			return true
		}
	}
	return false
}
