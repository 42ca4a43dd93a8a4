package roadtrip

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads free-form phrasings ("Wilmington to Dover in Delaware,
// two routes via Smyrna"): place names are the words the question writes,
// cut at the first qualifier; what follows "in" or a comma (a state) is a
// region hint, never part of the name.

// stopWords end a lower-case place name; a capitalised name ends at the
// first word that is not capitalised anyway.
var stopWords = map[string]bool{
	"and": true, "or": true, "to": true, "from": true, "via": true, "through": true, "thru": true, "each": true,
	"with": true, "without": true, "in": true, "on": true, "at": true, "for": true, "avoiding": true, "avoid": true,
	"must": true, "passing": true, "pass": true, "then": true, "that": true, "which": true, "by": true, "including": true,
	"stopping": true, "but": true, "while": true, "where": true, "please": true, "using": true, "along": true,
	"across": true, "between": true, "visiting": true, "going": true, "so": true, "per": true, "the": true,
	"a": true, "an": true, "i": true, "we": true, "my": true, "our": true, "is": true, "are": true, "not": true,
	"skipping": true, "near": true, "around": true, "north": true, "south": true, "east": true, "west": true,
	"route": true, "routes": true, "city": true, "cities": true, "town": true, "towns": true, "exactly": true,
	"can": true, "could": true, "should": true, "would": true, "will": true, "find": true, "plan": true,
}

// capitalStops are capitalised words that do not start or continue a name.
var capitalStops = map[string]bool{
	"I": true, "I'm": true, "We": true, "Please": true, "Plan": true, "Find": true, "Each": true, "With": true, "Via": true,
	"And": true, "Then": true, "Avoid": true, "Make": true, "Give": true, "Show": true, "Also": true, "My": true, "Our": true,
}

// connectors join the capitalised words of one name ("Rio de Janeiro").
var connectors = map[string]bool{"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "di": true,
	"du": true, "la": true, "le": true, "les": true, "upon": true, "on": true, "of": true, "sur": true, "am": true, "y": true, "en": true}

// abbrevs may end with a period inside a name ("St. Louis").
var abbrevs = map[string]bool{"St": true, "Mt": true, "Ft": true, "Pt": true, "Ste": true}

// usStates maps US state codes to names; a ", DE" after a name is the
// region Delaware.
var usStates = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
	"CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho",
	"IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
	"ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi",
	"MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
	"NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
	"OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
	"TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
	"WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming", "DC": "District of Columbia",
}

var quotePairs = map[rune]rune{'\'': '\'', '"': '"', '‘': '’', '“': '”'}

// word is one word of a phrase: its text without trailing punctuation,
// the punctuation, and where the next word starts.
type word struct {
	text, punct string
	next        int
}

func nextWord(s string, i int) (word, bool) {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' {
		j++
	}
	if i == j {
		return word{}, false
	}
	raw := s[i:j]
	text := strings.TrimRight(raw, ",.;:!?)")
	return word{text: text, punct: raw[len(text):], next: j}, text != ""
}

func isCapital(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func isNumber(w string) bool {
	_, ok := numWord[strings.ToLower(w)]
	return ok && w != "a" && w != "an" || w != "" && unicode.IsDigit(rune(w[0]))
}

// placeAt reads the place name text starts with: a quoted name, a run of
// capitalised words, or (lower-case text, when lower is set) up to four
// words before a stop word. It returns the name, the region written right
// after it ("in Delaware", ", DE") and the text after both.
func placeAt(text string, lower bool) (name, region, rest string) {
	s := strings.TrimLeft(text, " ")
	for {
		w, ok := nextWord(s, 0)
		lw := strings.ToLower(w.text)
		if !ok || w.punct != "" || (w.text != "the" && !slices.Contains(adjectives, lw+" ")) {
			break
		}
		s = strings.TrimLeft(s[w.next:], " ")
	}
	if s == "" {
		return "", "", text
	}
	if r, size := utf8.DecodeRuneInString(s); quotePairs[r] != 0 {
		end := strings.IndexRune(s[size:], quotePairs[r])
		if end < 1 || end > 80 {
			return "", "", text
		}
		name, rest = strings.TrimSpace(s[size:size+end]), s[size+end+utf8.RuneLen(quotePairs[r]):]
		region, rest = regionAfter(rest)
		return name, region, rest
	}
	first, ok := nextWord(s, 0)
	if !ok || isNumber(first.text) || capitalStops[first.text] || stopWords[first.text] {
		return "", "", text
	}
	caps := isCapital(first.text)
	if !caps && (!lower || stopWords[strings.ToLower(first.text)]) {
		return "", "", text
	}
	var words []string
	i := 0
	for n := 0; ; n++ {
		w, ok := nextWord(s, i)
		if !ok {
			break
		}
		accept := false
		switch {
		case n == 0:
			accept = true
		case caps && isCapital(w.text) && !capitalStops[w.text]:
			accept = true
		case caps && connectors[w.text]:
			// Only when a capitalised word follows ("Stratford upon Avon").
			if nx, ok := nextWord(s, w.next); ok && isCapital(nx.text) && len(words) > 0 && !strings.ContainsAny(words[len(words)-1], ",.") {
				accept = !capitalStops[nx.text]
			}
		case !caps:
			accept = n < 4 && !stopWords[strings.ToLower(w.text)] && !isNumber(w.text)
		}
		if !accept {
			break
		}
		words = append(words, w.text)
		i = w.next
		if w.punct == "." && abbrevs[w.text] {
			words[len(words)-1] += "."
			continue
		}
		if w.punct != "" {
			i = w.next - len(w.punct) // the punctuation stays in rest
			break
		}
	}
	if len(words) == 0 {
		return "", "", text
	}
	name = strings.Join(words, " ")
	region, rest = regionAfter(s[i:])
	return name, region, rest
}

// regionAfter reads a region hint at the start of rest: ", DE",
// ", Delaware" (a US state) or "in Delaware" (capitalised words).
func regionAfter(rest string) (region, after string) {
	if t, ok := strings.CutPrefix(rest, ","); ok {
		w, ok := nextWord(t, 0)
		if ok && w.text == strings.ToUpper(w.text) && usStates[w.text] != "" {
			return usStates[w.text], t[w.next-len(w.punct):]
		}
		for _, st := range usStates {
			if tt := strings.TrimLeft(t, " "); strings.HasPrefix(tt, st) {
				after := tt[len(st):]
				if after == "" || !unicode.IsLetter(rune(after[0])) {
					return st, after
				}
			}
		}
		return "", rest
	}
	if t, ok := strings.CutPrefix(strings.TrimLeft(rest, " "), "in "); ok {
		if w, ok := nextWord(t, 0); ok && isCapital(w.text) && !capitalStops[w.text] {
			if name, _, after := placeAt(t, false); name != "" {
				return name, after
			}
		}
	}
	return "", rest
}

// placeList reads "A", "A and B", "A, B and C", "A or B" at the start
// of text (capitalised or quoted names only).
func placeList(text string) []string {
	var out []string
	rest := text
	for {
		name, _, after := placeAt(rest, false)
		if name == "" {
			return out
		}
		out = append(out, name)
		m := listSepRe.FindString(after)
		if m == "" {
			return out
		}
		rest = after[len(m):]
	}
}

var listSepRe = regexp.MustCompile(`^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|&\s*|/\s*)`)

// endpoint is a place the question names and the region written after it.
type endpoint struct{ name, region string }

var (
	fromRe    = regexp.MustCompile(`(?i)\bfrom\s+`)
	toRe      = regexp.MustCompile(`(?i)^\s*,?\s*(?:(?:all the way|straight|down|up|over|and drive|and go|driving|going|heading)\s+)?(?:to|until|till|towards?|→|->|–|—)\s+`)
	betweenRe = regexp.MustCompile(`(?i)\bbetween\s+`)
	andRe     = regexp.MustCompile(`(?i)^\s*(?:and|&)\s+`)
	startRe   = regexp.MustCompile(`(?i)\b(?:start(?:ing|s)?|begin(?:ning|s)?|leav(?:e|ing))\s+(?:at|in|from)\s+`)
	endRe     = regexp.MustCompile(`(?i)\b(?:end(?:ing|s)?(?:\s+up)?|finish(?:ing|es)?|conclud(?:e|es|ing)|arriv(?:e|ing))\s+(?:at|in)\s+`)
	arrowRe   = regexp.MustCompile(`\s+(?:to|→|->|–|—)\s+`)
)

// endpoints finds the two ends of a trip or leg: "from X to Y", "between
// X and Y", "starting in X ... ending in Y", or a bare "X to Y".
func endpoints(q string) (a, b endpoint, ok bool) {
	for _, m := range fromRe.FindAllStringIndex(q, -1) {
		n, r, rest := placeAt(q[m[1]:], true)
		if n == "" {
			continue
		}
		if t := toRe.FindString(rest); t != "" {
			if n2, r2, _ := placeAt(rest[len(t):], true); n2 != "" {
				return endpoint{n, r}, endpoint{n2, r2}, true
			}
		}
	}
	for _, m := range betweenRe.FindAllStringIndex(q, -1) {
		n, r, rest := placeAt(q[m[1]:], true)
		if n == "" {
			continue
		}
		if t := andRe.FindString(rest); t != "" {
			if n2, r2, _ := placeAt(rest[len(t):], true); n2 != "" {
				return endpoint{n, r}, endpoint{n2, r2}, true
			}
		}
	}
	if m := startRe.FindStringIndex(q); m != nil {
		n, r, rest := placeAt(q[m[1]:], true)
		if e := endRe.FindStringIndex(rest); n != "" && e != nil {
			if n2, r2, _ := placeAt(rest[e[1]:], true); n2 != "" {
				return endpoint{n, r}, endpoint{n2, r2}, true
			}
		}
	}
	// A bare "Wilmington to Dover": capitalised words on both sides.
	for _, m := range arrowRe.FindAllStringIndex(q, -1) {
		left := lastCapitalRun(q[:m[0]])
		if left == "" {
			continue
		}
		lr := ""
		if l2, r2 := splitTrailingRegion(q[:m[0]], left); l2 != "" {
			left, lr = l2, r2
		}
		if n2, r2, _ := placeAt(q[m[1]:], false); n2 != "" {
			return endpoint{left, lr}, endpoint{n2, r2}, true
		}
	}
	return endpoint{}, endpoint{}, false
}

// lastCapitalRun is the run of capitalised words (a name) that ends
// text, without the command words a sentence starts with ("Plan ...").
// It reads words from the end and stops at the first that is not part of
// the name, so its cost does not grow with the text before the name.
func lastCapitalRun(text string) string {
	var run []string // raw words, last first
	rest := strings.TrimRightFunc(text, unicode.IsSpace)
	for rest != "" {
		raw := rest
		if j := strings.LastIndexFunc(rest, unicode.IsSpace); j >= 0 {
			_, size := utf8.DecodeRuneInString(rest[j:])
			raw, rest = rest[j+size:], strings.TrimRightFunc(rest[:j], unicode.IsSpace)
		} else {
			rest = ""
		}
		w := strings.Trim(raw, "'\"‘’“”")
		if strings.TrimRight(w, ",.;:!?") != w && len(run) > 0 {
			break
		}
		w = strings.TrimRight(w, ",.;:!?")
		if !(isCapital(w) || connectors[w] && len(run) > 0) || capitalStops[w] || leadWords[strings.ToLower(w)] {
			break
		}
		run = append(run, raw)
	}
	slices.Reverse(run)
	for len(run) > 0 && connectors[run[0]] {
		run = run[1:]
	}
	return strings.Trim(strings.Join(run, " "), " ,.;:!?'\"‘’“”")
}

// leadWords start requests; they are never part of a name before "to".
var leadWords = map[string]bool{"plan": true, "find": true, "drive": true, "driving": true, "road": true, "trip": true,
	"route": true, "routes": true, "show": true, "give": true, "map": true, "get": true, "suggest": true, "need": true,
	"want": true, "go": true, "from": true, "the": true, "a": true, "an": true, "two": true, "three": true, "one": true}

// splitTrailingRegion turns a left-hand "Wilmington, DE" into its name
// and region.
func splitTrailingRegion(text, left string) (name, region string) {
	// The comma is the one just before left: look only there, not back
	// through the whole question (once per "to" in it).
	from := max(0, len(text)-len(left)-8)
	i := strings.LastIndex(text[from:], ",")
	if i < 0 {
		return "", ""
	}
	i += from
	head := lastCapitalRun(text[:i])
	if head == "" {
		return "", ""
	}
	if r, _ := regionAfter(text[i:]); r != "" {
		return head, r
	}
	return "", ""
}

var (
	includeRe = regexp.MustCompile(`(?i)\b(?:via|by way of|(?:must|have to|need to|want to)\s+(?:also\s+)?(?:visit|include|see|pass through|go through|stop in|stop at|stop by|pass by)|passing through|pass through|going through|go through|stopping (?:in|at|by)|stop (?:in|at|by)|including|visiting|through)\s+`)
	avoidRe   = regexp.MustCompile(`(?i)\b(?:avoiding|avoids?|not (?:through|via|passing through|going through|visiting|visit|pass through)|never (?:through|via)|skipping|skip|without (?:passing through|going through|visiting)|bypassing|bypass|stay(?:ing)? away from|except)\s+`)
)

// viaAvoid finds the places every route must visit and those it must not.
func viaAvoid(q string) (include, avoid []string) {
	for _, m := range avoidRe.FindAllStringIndex(q, -1) {
		for _, n := range placeList(q[m[1]:]) {
			if !slices.Contains(avoid, n) {
				avoid = append(avoid, n)
			}
		}
	}
	for _, m := range includeRe.FindAllStringIndex(q, -1) {
		for _, n := range placeList(q[m[1]:]) {
			if !slices.Contains(include, n) && !slices.Contains(avoid, n) {
				include = append(include, n)
			}
		}
	}
	return include, avoid
}

// countNouns maps the head word of a counted thing to its kind.
var countNouns = map[string]string{
	"trip": "trips", "trips": "trips", "journeys": "trips", "drives": "trips",
	"route": "routes", "routes": "routes", "option": "routes", "options": "routes", "itineraries": "routes", "itinerary": "routes",
	"city": "cities", "cities": "cities", "town": "cities", "towns": "cities", "stopovers": "cities", "stopover": "cities",
	"viewpoint": "views", "viewpoints": "views", "overlook": "views", "overlooks": "views", "lookout": "views", "lookouts": "views", "vistas": "views", "vista": "views",
	"stop": "stops", "stops": "stops", "area": "stops", "areas": "stops", "break": "stops", "breaks": "stops",
	"places": "places", "place": "places", "spots": "places", "spot": "places", "locations": "places", "location": "places",
}

// counts reads "2 routes", "three intermediate towns", "a rest stop":
// the first count written at most four words before each counted noun.
// Stops preceded by "rest" count as "rest"; bare stops as "stops".
func counts(q string) map[string]int {
	out := map[string]int{}
	ws := strings.Fields(q)
	for i, raw := range ws {
		w := strings.ToLower(strings.TrimRight(raw, ",.;:!?)"))
		kind := countNouns[w]
		if kind == "" {
			continue
		}
		if kind == "stops" && i > 0 && strings.EqualFold(ws[i-1], "rest") {
			kind = "rest"
		}
		if kind == "places" && i > 0 && strings.EqualFold(strings.TrimRight(ws[i-1], ","), "scenic") {
			kind = "views"
		}
		if _, seen := out[kind]; seen {
			continue
		}
		for j := i - 1; j >= max(0, i-4); j-- {
			p := strings.ToLower(ws[j])
			if strings.TrimRight(p, ",.;:!?(") != p || p == "per" || p == "each" || p == "every" || countNouns[p] != "" && j != i-1 {
				break
			}
			if (p == "a" || p == "an") && j+1 < len(ws) && vague[strings.ToLower(ws[j+1])] {
				break
			}
			if n := atoiWord(p); n > 0 {
				out[kind] = n
				break
			}
		}
	}
	// "2 road trips" counts routes when no route count is written ("a road
	// trip with 3 route options" means 3).
	if n, ok := out["trips"]; ok {
		if _, ok := out["routes"]; !ok {
			out["routes"] = n
		}
		delete(out, "trips")
	}
	return out
}

// vague words after "a" make it no count ("a few towns").
var vague = map[string]bool{"few": true, "couple": true, "lot": true, "number": true, "handful": true, "total": true, "bunch": true}
