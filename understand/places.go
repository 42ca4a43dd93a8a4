package understand

import "strings"

// Mention is a place named in the text.
type Mention struct {
	Span
	// Text is the name as written, without quotes ("Dover", "St. Georges").
	Text string `json:"text"`
	Role Role   `json:"role,omitempty"`
	// Direction is the way of RoleRelative: north, southeast, ...
	Direction string `json:"direction,omitempty"`
	// Cue is the words that gave the role, lower case ("up to", "return
	// to", "lives in"); a list's later names share the first's.
	Cue string `json:"cue,omitempty"`
	// Group is shared by the places of one list ("Newark, Dover and
	// Middletown") or one "between X and Y"; 0 for a place alone.
	Group int `json:"group,omitempty"`
	// Qualifier is the region written after the name or after the list
	// it ends ("DE", "Delaware"), as written.
	Qualifier string `json:"qualifier,omitempty"`
	Quoted    bool   `json:"quoted,omitempty"`
	// Place is the chosen reading; nil when no gazetteer knows the name.
	Place *Place `json:"place,omitempty"`
	// Readings is how many places the name could be.
	Readings int `json:"readings,omitempty"`

	cands  []Place
	first  int // first and last token of the name
	last   int
	end    int // the token after it, its closing quote included
	begin  int // its first token, its opening quote included
	qual   int // index of the qualifier mention, or -1
	person bool
}

// Name is the name to look the place up by: the chosen reading's
// qualified name ("Newark, Delaware, United States"), else the words as
// written with their qualifier ("Qzxwv, DE").
func (m Mention) Name() string {
	if m.Place != nil {
		return m.Place.Qualified()
	}
	if m.Qualifier != "" {
		return m.Text + ", " + m.Qualifier
	}
	return m.Text
}

// maxNameWords bounds the words of one name looked up.
const maxNameWords = 7

var openQuotes = map[string]string{"'": "'", "\"": "\"", "‘": "’", "“": "”", "«": "»"}

// findMentions finds the spans that name places: quoted names, names the
// gazetteer knows, capitalised names after a cue.
func findMentions(text string, toks []token, g Gazetteer, caseless bool) []Mention {
	var out []Mention
	// listed says whether the word at i continues a list whose last name
	// ended just before it ("Paris and Nice"): then it is cued too.
	listed := func(i int) bool {
		if len(out) == 0 || i <= out[len(out)-1].end {
			return false
		}
		return between(toks, out[len(out)-1].end, i, ",", "and", "or", "&", ",and", ",or")
	}
	// restated says whether the word at i follows a place and a cue that
	// puts another in its stead ("to Seaford, I mean laurel"): then it is
	// cued too (retractions.go).
	restated := func(i int) bool {
		return len(out) > 0 && restatedAfter(text, out[len(out)-1].End, toks[i].start)
	}
	for i := 0; i < len(toks); {
		t := toks[i]
		if t.masked {
			i++
			continue
		}
		if closeQ, ok := openQuotes[t.raw]; ok && t.kind == tokPunct {
			if j := quoteEnd(toks, i, closeQ); j > i+1 {
				m := mentionOf(text, toks, i+1, j-1, g)
				m.Quoted, m.end, m.begin = true, j+1, i
				// A quoted word in lower case is a word ('restaurant').
				if toks[i+1].cap || toks[i+1].upper {
					out = append(out, m)
				}
				i = j + 1
				continue
			}
		}
		if t.kind != tokWord {
			i++
			continue
		}
		if n, places := longestName(toks, i, g, caseless || listed(i) || !t.cap && !t.upper && restated(i)); n > 0 {
			qualified := n == 1 && (t.cap || t.upper || caseless) && qualifiedNext(toks, i+n, g, caseless) // qualified.go: "Bath, UK"
			if r, _, _ := cueBefore(toks, i); n == 1 && (pronoun(t.low) || commonWord(t.low) && r == RoleNone && !listed(i) && !qualified || shortTimeWord(t.low) && !qualified) {
				i++ // "To", "Find", "Reading": a word, unless a cue makes it a name; "fri", "Sat", "sept" a day or month unless qualified
				continue
			}
			m := Mention{Span: Span{toks[i].start, toks[i+n-1].end}, first: i, last: i + n - 1, end: i + n, begin: i, cands: places, qual: -1}
			// A known name that starts a longer capitalised one is part of
			// a landmark's name: "Wilmington Public Library", "University
			// of Delaware", "Dover Downs".
			// A run the gazetteer does not know joined by "on" is no part
			// of the name: "Munich on Saturday", "London on Chinese New
			// Year" (joined by "of" it is: "University of Delaware").
			if k := landmarkRun(toks, i+n, g, isLandmark(places)); k > i+n {
				if cands := g.Lookup(joinKeys(toks, i, k)); len(cands) > 0 || toks[i+n].low != "on" {
					m = Mention{Span: Span{toks[i].start, toks[k-1].end}, first: i, last: k - 1, end: k, begin: i, qual: -1}
					m.cands = cands
				}
			}
			m.Text = text[m.Start:m.End]
			i = m.end
			if mm, ok := keepMention(toks, m, listed(m.first) || qualified); ok {
				out = append(out, mm)
			}
			continue
		}
		// A capitalised run after a cue that no gazetteer knows: kept, so
		// that what was not understood can be named.
		if t.cap || t.upper {
			k := capitalRun(toks, i)
			role, _, _ := cueBefore(toks, i)
			named := !common[t.low] || k > i+1 && titleWords[toks[k-1].low]
			// After a list with no cue of its own, a name before a person's
			// verb is someone: "to Lewes, Waze says an hour".
			speaker := role == RoleNone && k < len(toks) && personVerbs[toks[k].low]
			if named && (role != RoleNone || listed(i) && !speaker) {
				m := Mention{Span: Span{toks[i].start, toks[k-1].end}, first: i, last: k - 1, end: k, begin: i, qual: -1}
				m.Text = text[m.Start:m.End]
				if sp, ok := g.(Speller); ok && k-i <= 3 {
					key := joinKeys(toks, i, k)
					if len(key) >= 4 {
						m.cands = sp.Spell(key, 1+len(key)/9)
					}
				}
				out = append(out, m)
				i = k
				continue
			}
			// Not a name: the next word may begin one ("Between Encamp
			// and Ordino", "Visit Dover Downs").
			i++
			continue
		}
		i++
	}
	return out
}

// quoteEnd is the index of the quote closing the one at i, or -1: within
// twelve tokens, on the same clause.
func quoteEnd(toks []token, i int, closeQ string) int {
	for j := i + 1; j < len(toks) && j <= i+13; j++ {
		if toks[j].raw == closeQ && toks[j].kind == tokPunct {
			return j
		}
		if toks[j].breaks() && !toks[j].isPunct(".") {
			return -1
		}
	}
	return -1
}

// mentionOf is the mention of tokens [i, j] (a quoted name).
func mentionOf(text string, toks []token, i, j int, g Gazetteer) Mention {
	m := Mention{Span: Span{toks[i].start, toks[j].end}, first: i, last: j, begin: i, qual: -1}
	m.Text = text[m.Start:m.End]
	if g != nil {
		key := joinKeys(toks, i, j+1)
		m.cands = lookupVariants(g, key)
		if len(m.cands) == 0 {
			if sp, ok := g.(Speller); ok && len(key) >= 5 {
				m.cands = sp.Spell(key, 1+len(key)/9)
			}
		}
	}
	return m
}

// joinKeys is the lookup key of tokens [i, j).
func joinKeys(toks []token, i, j int) string {
	var b strings.Builder
	for k := i; k < j; k++ {
		if toks[k].kind == tokPunct {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(toks[k].key)
	}
	return b.String()
}

// abbrevWords are the short forms a name's first word may be written
// in, and what the gazetteer may hold instead.
var abbrevWords = map[string]string{"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort", "pt": "point",
	"saint": "st", "mount": "mt", "fort": "ft"}

// lookupVariants looks key up, then with its first word written the
// other way ("st georges" and "saint georges") and without a
// possessive "s". Both ways are looked up: "St Georges" is a town in
// Australia, "Saint Georges" one in Delaware.
func lookupVariants(g Gazetteer, key string) []Place {
	ps := g.Lookup(key)
	first, rest, _ := strings.Cut(key, " ")
	if alt, ok := abbrevWords[first]; ok && rest != "" {
		if more := g.Lookup(alt + " " + rest); len(more) > 0 {
			ps = append(ps[:len(ps):len(ps)], more...)
		}
	}
	return ps
}

// longestName finds the longest run of words from i that the gazetteer
// knows and that is written as a name: capitalised, quoted, after a cue,
// or (in a text written all in lower case) not a common word.
func longestName(toks []token, i int, g Gazetteer, caseless bool) (int, []Place) {
	if g == nil {
		return 0, nil
	}
	t := toks[i]
	lowerStart := !t.cap && !t.upper
	// A name in lower case may begin with an article ("la massana", "el
	// paso") only where lower-case names are read at all.
	if lowerStart && connectors[t.low] && t.low != "the" && !caseless {
		if r, _, _ := cueBefore(toks, i); r == RoleNone {
			return 0, nil
		}
	}
	if lowerStart && pronouns[t.low] {
		return 0, nil
	}
	// ends[n-1] is the end of the first n words; the period of an
	// abbreviation inside a name ("St. Georges") is skipped.
	var ends []int
	for k := i; k < len(toks) && len(ends) < maxNameWords && !toks[k].masked; k++ {
		if toks[k].kind != tokWord {
			break
		}
		ends = append(ends, k+1)
		if toks[k].dot {
			if !abbrevLike(toks[k]) && !toks[k].upper {
				break // "Dover. Then": a sentence ended
			}
			if abbrevLike(toks[k]) && k+1 < len(toks) && toks[k+1].raw == "." {
				k++
			}
		}
	}
	for n := len(ends); n >= 1; n-- {
		end := ends[n-1]
		last := toks[end-1]
		if n > 1 && connectors[last.low] || (t.low == "the" || lowerStart && connectors[t.low]) && n == 1 || last.kind != tokWord {
			continue
		}
		// In a text with no capitals a common word qualified by its
		// region is a name: "reading, england", "split (croatia)".
		asName := writtenAsName(toks, i, end, caseless) || caseless && lowerStart && end == i+1 && qualifiedNext(toks, end, g, true)
		if !asName && !(lowerStart && end == i+1) {
			continue
		}
		key := joinKeys(toks, i, end)
		ps := lookupVariants(g, key)
		if len(ps) == 0 && (strings.HasSuffix(last.low, "'s") || strings.HasSuffix(last.low, "’s")) {
			ps = lookupVariants(g, strings.TrimSuffix(key, "s"))
		}
		if !asName && !coded(toks, i, g, ps) { // qualified.go: "calgary ab"
			continue
		}
		ps = capitalsAlternate(fitWriting(ps, toks, i, end), toks, i, end) // capsalternates.go
		if len(ps) > 0 {
			return end - i, ps
		}
	}
	return 0, nil
}

// abbrevLike says whether a word before a period is an abbreviation
// inside a name ("St.", "Mt.") rather than the end of a sentence.
func abbrevLike(t token) bool {
	_, ok := abbrevWords[t.key]
	return ok && t.cap
}

// writtenAsName says whether tokens [i, j) are written the way a name
// is: every word capitalised but connectors, or lower case after a cue
// or in a text with no capitals.
func writtenAsName(toks []token, i, j int, caseless bool) bool {
	allCap := true
	for k := i; k < j; k++ {
		t := toks[k]
		if t.kind == tokPunct || t.cap || t.upper || k > i && connectors[t.low] || k == i && t.low == "the" {
			continue
		}
		allCap = false
		break
	}
	if allCap {
		return true
	}
	// "from here", "through four towns", "a few" are words; a name of
	// several words that ends in one no sentence uses ("the university of
	// delaware", "la massana") is a name where lower case ones are read.
	if common[toks[i].low] || connectors[toks[i].low] {
		return j-i > 1 && !common[toks[j-1].low] && !connectors[toks[j-1].low] &&
			(caseless || connectors[toks[i].low] && cueRole(toks, i) != RoleNone)
	}
	if caseless {
		return true
	}
	// In a text with capitals a common word in lower case is a word even
	// after a cue: "everybody goes back to change", "I'm in reading".
	role := cueRole(toks, i)
	return role != RoleNone && !(j == i+1 && commonWord(toks[i].low))
}

// commonWord says whether w, less a possessive's "'s", is a common word:
// "long's" in "how long's the drive" is "long".
func commonWord(w string) bool {
	return common[w] || common[strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")]
}

// shortTimeWord says whether w is a short form of a weekday or a month
// ("fri", "thurs", "sept"): a day or a month however it is written,
// never a town by an alternate name (Fry, Greece) or a code.
func shortTimeWord(w string) bool {
	if wd, ok := weekdays[w]; ok {
		return w != strings.ToLower(wd.String())
	}
	if mo, ok := monthNames[w]; ok {
		return w != strings.ToLower(mo.String())
	}
	return false
}

// fitWriting keeps the readings the writing allows: a code only in
// capitals ("DE", not "de"), an abbreviation only capitalised.
func fitWriting(ps []Place, toks []token, i, j int) []Place {
	out := ps[:0:0]
	for _, p := range ps {
		switch p.Match {
		case MatchCode:
			// "AND", "TO" in capitals are words; a town by its code only
			// when the code is widely known ("NYC", "KL"), not an airport's.
			if j != i+1 || !toks[i].upper || common[toks[i].low] {
				continue
			}
		case MatchAbbrev:
			if !toks[i].cap {
				continue
			}
		}
		// A short word in capitals names a town by its code only when the
		// code is widely known ("NYC", "KL"), not a small town's or an
		// airport's ("PLQ").
		if j == i+1 && toks[i].upper && len(toks[i].key) <= 3 && p.Kind == KindCity && p.Population < 1_000_000 && p.Match != MatchName {
			continue
		}
		out = append(out, p)
	}
	return out
}

// landmarkRun is where a capitalised name that continues a known name at
// i ends ("Public Library" after "Wilmington", "of Delaware" after
// "University"); i when none does. A region written at once after the
// name is its qualifier, not part of it ("Dover Delaware").
func landmarkRun(toks []token, i int, g Gazetteer, landmark bool) int {
	// A masked word (a date's "Oct" in "Nashville Oct 3rd") ends a name.
	if i >= len(toks) || toks[i].masked || toks[i-1].dot && !abbrevLike(toks[i-1]) {
		return i
	}
	// "Holiday Inn Express & Suites": an ampersand continues a landmark's
	// name, and separates towns ("Newark & Dover").
	if toks[i].raw == "&" && landmark && i+1 < len(toks) && toks[i+1].cap {
		if k := capitalRun(toks, i+1); k > i+1 {
			return k
		}
	}
	k := capitalRun(toks, i)
	if k == i+1 && !(toks[i].cap || toks[i].upper) || k <= i {
		return i
	}
	if !(toks[i].cap || toks[i].upper) && !connectors[toks[i].low] {
		return i
	}
	for j := i; j < k; j++ {
		w := toks[j]
		if j == i && !connectors[w.low] && len(regionReadings(g.Lookup(w.key))) > 0 && !titleWords[w.low] {
			return i // "Dover Delaware", "Newark DE"
		}
		// after "of" a name goes on in words that are common alone
		// ("Cape of Good Hope", "Bay of Plenty"): not so after a space
		// ("Dover Find")
		if common[w.low] && !titleWords[w.low] && !connectors[w.low] && !connectors[toks[i].low] {
			return i
		}
	}
	return k
}

// isLandmark says whether every reading of a name is a landmark.
func isLandmark(ps []Place) bool {
	for _, p := range ps {
		if p.Kind != KindLandmark {
			return false
		}
	}
	return len(ps) > 0
}

// capitalRun is the end of the run of capitalised words from i, with
// connectors inside it ("Pas de la Casa").
func capitalRun(toks []token, i int) int {
	k := i
	for k < len(toks) && k < i+maxNameWords && (toks[k].kind == tokWord || toks[k].raw == "&") && !toks[k].masked {
		t := toks[k]
		if !(t.cap || t.upper) && !(connectors[t.low] && t.low != "the" && k+1 < len(toks) && toks[k+1].cap) {
			// "Holiday Inn Express & Suites": an ampersand inside a name.
			if t.raw == "&" && k > i && k+1 < len(toks) && toks[k+1].cap {
				k++
				continue
			}
			break
		}
		if k > i && t.low == "i" {
			break
		}
		k++
		if t.dot && !abbrevLike(t) {
			break
		}
	}
	for k > i && connectors[toks[k-1].low] {
		k--
	}
	return max(k, i+1)
}

// keepMention drops what is a person, not a place: an uncued
// capitalised name followed by "lives", "is", "and I" ...
func keepMention(toks []token, m Mention, listed bool) (Mention, bool) {
	role, _, _ := cueBefore(toks, m.first)
	if role != RoleNone {
		return m, true
	}
	n := m.last + 1
	if n < len(toks) {
		w := toks[n].low
		if personVerbs[w] && !passiveOfPlace(toks, n+1) {
			return m, false // "Ben lives in Lewes", even after "Wilmington and"
		}
		if (w == "and" || w == "&") && n+1 < len(toks) && (toks[n+1].low == "i" || toks[n+1].low == "me") {
			return m, false
		}
	}
	if listed {
		return m, true
	}
	// A single common word ("Find", "Reading") with no cue is a word.
	if m.first == m.last && common[toks[m.first].low] && !toks[m.first].upper {
		return m, false
	}
	// "my friend Anna": a name after a person noun.
	if p := m.first - 1; p >= 0 && personNouns[toks[p].low] {
		return m, false
	}
	return m, true
}

// placePassives are what is done to a place, not by a person, after
// "is" or "will be": "Dover is to be avoided", "Smyrna will be skipped"
// (and "is off limits").
var placePassives = map[string]bool{"avoided": true, "skipped": true, "excluded": true, "bypassed": true,
	"visited": true, "included": true}

// passiveOfPlace says whether the words from toks[i] ("to be avoided
// entirely", "be skipped") say what is done to the place before them.
func passiveOfPlace(toks []token, i int) bool {
	if i+1 < len(toks) && toks[i].low == "to" && toks[i+1].low == "be" {
		i += 2
	} else if i < len(toks) && toks[i].low == "be" {
		i++
	}
	if i < len(toks) && strings.HasSuffix(toks[i].low, "ly") {
		i++
	}
	if i+1 < len(toks) && toks[i].low == "off" && toks[i+1].low == "limits" { // "Georgetown is off limits"
		return true
	}
	return i < len(toks) && (placePassives[toks[i].low] || toks[i].low == "off-limits")
}

// personNouns before a name make it a person's: "my friend Anna".
var personNouns = map[string]bool{"friend": true, "buddy": true, "brother": true, "sister": true, "colleague": true,
	"coworker": true, "cousin": true, "wife": true, "husband": true, "partner": true, "mom": true, "dad": true,
	"mother": true, "father": true, "son": true, "daughter": true, "aunt": true, "uncle": true, "boss": true, "named": true,
	"called": true, "mr": true, "mrs": true, "ms": true, "dr": true}

// pronoun says whether a word is a pronoun, perhaps contracted ("I've").
func pronoun(w string) bool {
	if i := strings.IndexAny(w, "'’"); i > 0 {
		w = w[:i]
	}
	return pronouns[w]
}

// cueRole is the role the words before token i give it.
func cueRole(toks []token, i int) Role {
	r, _, _ := cueBefore(toks, i)
	return r
}
