package understand

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Options say what Read knows besides the words. The zero value reads
// with no gazetteer (names are found by how they are written, and left
// unresolved), dates relative to the day Read runs.
type Options struct {
	// Gazetteer holds the places names may refer to; Gazetteers joins
	// several.
	Gazetteer Gazetteer
	// Now is the reference day of relative dates ("next month"); zero
	// means time.Now().
	Now time.Time
	// Tense says where a month or season written without a year lies.
	Tense Tense
	// Prefer are regions or countries a reading inside of is worth a
	// little more when the text does not decide (a system whose data
	// covers Delaware prefers Newark, Delaware to Newark, New Jersey for
	// a bare "Newark"); a region the text names is worth more.
	Prefer []Place
	// Near is where the text is read from, when that is known (the
	// centre of the map a person is looking at): of two places a name
	// may be, the nearer is worth more ("Smyrna" read in Wilmington is
	// Smyrna, Delaware, not İzmir), less than two names of one text near
	// each other are. Nil, or a Place without HasPoint, means nowhere.
	Near *Place
	// Terms is the caller's own vocabulary: phrases Read finds as Terms
	// with the count written before them ("2 cafes", "a gas station").
	Terms []Term
	// Slashes says which number of a slashed date ("3/10") is the day;
	// SlashOrderOf gives a country's habit.
	Slashes SlashOrder
	// Southern says the text is about a place in the southern hemisphere
	// (SouthernOf tells): its seasons are read there, winter June to
	// August, summer December to February.
	Southern bool
}

// Term is a phrase of a caller's vocabulary and the label it stands for:
// {"gas station", "gas_station"}, {"salinity", "PSAL"}. Phrases match by
// Normalize, a trailing plural "s" or "es" allowed.
type Term struct {
	Phrase string `json:"phrase"`
	Label  string `json:"label"`
}

// TermMatch is a Term found in the text.
type TermMatch struct {
	Span
	Label string `json:"label"`
	// Count is the count written before it ("two cafes"), 0 when none.
	Count int `json:"count,omitempty"`
}

// Reading is what Read understood of a text.
type Reading struct {
	Text string `json:"text"`
	// Format is the output format the text writes, nil when none.
	Format      *Format      `json:"format,omitempty"`
	Mentions    []Mention    `json:"mentions,omitempty"`
	Quantities  []Quantity   `json:"quantities,omitempty"`
	Coordinates []Coordinate `json:"coordinates,omitempty"`
	Directions  []Direction  `json:"directions,omitempty"`
	Times       []TimeFrame  `json:"times,omitempty"`
	Terms       []TermMatch  `json:"terms,omitempty"`
	// References point at places without naming them: "here", "there",
	// "it", "the second one".
	References []Reference `json:"references,omitempty"`
	// Modes are the ways of travelling named: "by bike", "on foot",
	// "drive" (driving, walking, bicycling, transit).
	Modes []TravelMode `json:"modes,omitempty"`
	// Readings are the joint readings of the places weighed, best first
	// (at most four), for the trace.
	Readings []Alternative `json:"readings,omitempty"`
	// Notes say what was uncertain: a close choice between readings, a
	// name not found in the region written after it.
	Notes []string `json:"notes,omitempty"`
}

// maxText bounds what Read reads; longer text is cut there.
const maxText = 64 << 10

// Read understands text: the output format it writes, the places it
// names and their roles, its quantities, coordinates, directions, time
// frames and the caller's terms. It never fails: what it cannot read it
// leaves out, and a name no gazetteer knows is a Mention with a nil
// Place.
func Read(text string, o Options) *Reading {
	if len(text) > maxText {
		text = text[:maxText]
	}
	r := &Reading{Text: text}
	var mask []Span
	if f, ok := findFormat(text); ok {
		r.Format = &f
		mask = append(mask, f.Span)
	}
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	r.Coordinates = readCoordinates(text, mask)
	for _, c := range r.Coordinates {
		mask = append(mask, c.Span)
	}
	toks := tokenize(text, mask)
	taken := make([]bool, len(toks))
	r.Times = readDates(text, toks, taken, now, o.Tense, o.Slashes, o.Southern)
	caseless := isCaseless(toks)
	var g Gazetteer
	if o.Gazetteer != nil {
		g = o.Gazetteer
	}
	ms := findMentions(text, toks, gazetteerOrNone(g), caseless)
	// A name inside a date ("March") or a number is no place.
	var runOn []Mention
	ms = slices.DeleteFunc(ms, func(m Mention) bool {
		for k := m.first; k <= m.last; k++ {
			if taken[k] && !m.Quoted {
				if slices.Contains(taken[m.first:m.last+1], false) {
					runOn = append(runOn, m)
				}
				return true
			}
		}
		return false
	})
	ms = append(ms, namesBesideDates(text, toks, taken, runOn, gazetteerOrNone(g), caseless)...)
	slices.SortFunc(ms, func(a, b Mention) int { return a.first - b.first })
	structure(toks, ms)
	r.Readings, r.Notes = choose(ms, o.Prefer, o.Near)
	r.Mentions = ms
	for _, m := range ms {
		markTaken(taken, m.first, m.last+1)
	}
	r.References = readReferences(text, toks, slices.Clone(taken))
	termsTaken := slices.Clone(taken)
	if caseless {
		// With no capitals, a word read as a town with no cue ("national
		// holiday celebrations", "art fairs") may still be a term: the
		// caller weighs both, as it does for a capitalised text.
		for _, m := range ms {
			if m.Role == RoleNone && m.first == m.last && !m.Quoted && !toks[m.first].cap && !toks[m.first].upper {
				termsTaken[m.first] = false
			}
		}
	}
	terms := readTerms(toks, termsTaken, o.Terms)
	r.Quantities = readNumbers(toks, taken)
	r.Terms = countTerms(text, terms, r.Quantities)
	r.Directions = readDirections(toks, ms, r.Coordinates)
	r.Modes = readModes(toks)
	return r
}

// noGazetteer knows no place.
type noGazetteer struct{}

func (noGazetteer) Lookup(string) []Place { return nil }

// memo remembers a gazetteer's answers for one Read: a name written
// several times is looked up once.
type memo struct {
	g    Gazetteer
	seen map[string][]Place
}

func (m *memo) Lookup(key string) []Place {
	if ps, ok := m.seen[key]; ok {
		return ps
	}
	ps := m.g.Lookup(key)
	m.seen[key] = ps
	return ps
}

// spellingMemo is a memo over a Speller.
type spellingMemo struct {
	memo
	s Speller
}

func (m *spellingMemo) Spell(key string, maxEdits int) []Place { return m.s.Spell(key, maxEdits) }

func gazetteerOrNone(g Gazetteer) Gazetteer {
	if g == nil {
		return noGazetteer{}
	}
	m := memo{g: g, seen: map[string][]Place{}}
	if s, ok := g.(Speller); ok {
		return &spellingMemo{m, s}
	}
	return &m
}

// isCaseless says whether a text is written with no capitals after its
// first word, or none at all (a short chat message: "where is lewes"):
// then names are lower case too.
func isCaseless(toks []token) bool {
	words, caps := 0, 0
	for _, t := range toks {
		if t.kind == tokWord && !t.masked && (t.cap || t.upper) {
			caps++
		}
	}
	for i, t := range toks {
		if t.kind != tokWord || t.masked {
			continue
		}
		words++
		if caps == 0 {
			continue
		}
		if (t.cap || t.upper) && i > 0 && t.low != "i" && !strings.HasPrefix(t.low, "i'") && !toks[i-1].breaks() {
			return false
		}
	}
	return words > 3 || caps == 0 && words > 0
}

// readTerms finds the caller's terms, longest phrase first, skipping
// taken tokens; it marks the tokens it uses.
func readTerms(toks []token, taken []bool, terms []Term) []TermMatch {
	if len(terms) == 0 {
		return nil
	}
	var ps []termPhrase
	for _, t := range terms {
		if w := strings.Fields(Normalize(t.Phrase)); len(w) > 0 {
			ps = append(ps, termPhrase{w, t.Label})
		}
	}
	slices.SortStableFunc(ps, func(a, b termPhrase) int { return len(b.words) - len(a.words) })
	// each token's words, split once for all the phrases
	words := make([][]string, len(toks))
	for k, t := range toks {
		words[k] = strings.Fields(t.key)
	}
	var out []TermMatch
	for i := 0; i < len(toks); i++ {
		if taken[i] || toks[i].masked || toks[i].kind == tokPunct {
			continue
		}
		// Spelled as the vocabulary has it first; then with one slip in a
		// long word ("coffe shops"), so "hostel" never reads as "hotel".
		for _, typo := range [2]bool{false, true} {
			if m, end, ok := termAt(toks, words, taken, i, ps, typo); ok {
				out = append(out, m)
				markTaken(taken, i, end)
				i = end - 1
				break
			}
		}
	}
	return out
}

// termPhrase is a Term's phrase as normalised words.
type termPhrase struct {
	words []string
	label string
}

// termAt matches the first of ps that starts at token i, and returns the
// match and the token after it; words are the tokens' words. With typo, a
// word of five letters or more may differ from the phrase's by one edit.
func termAt(toks []token, words [][]string, taken []bool, i int, ps []termPhrase, typo bool) (TermMatch, int, bool) {
next:
	for _, p := range ps {
		k, n := i, 0
		for n < len(p.words) {
			for k < len(toks) && toks[k].kind == tokPunct && toks[k].raw == "-" {
				k++
			}
			if k >= len(toks) || taken[k] {
				continue next
			}
			// One token may hold several words ("gas-station").
			parts := words[k]
			if len(parts) == 0 || n+len(parts) > len(p.words) {
				continue next
			}
			for j, part := range parts {
				want := p.words[n+j]
				last := n+j == len(p.words)-1
				if part == want || last && pluralOf(part, want) {
					continue
				}
				// A slip, not a word of its own: "spots" is no "sports".
				if typo && len(want) >= 5 && !common[part] && (oneEdit(part, want) || last && oneEdit(singular(part), want)) {
					continue
				}
				continue next
			}
			n += len(parts)
			k++
		}
		return TermMatch{Span: Span{toks[i].start, toks[k-1].end}, Label: p.label}, k, true
	}
	return TermMatch{}, 0, false
}

// pluralOf says whether part is want with "s" or "es" added, or a plural
// whose singular is want.
func pluralOf(part, want string) bool {
	if w, ok := strings.CutSuffix(part, "s"); ok && w == want {
		return true
	}
	if w, ok := strings.CutSuffix(part, "es"); ok && w == want {
		return true
	}
	// singular drops at most two letters (adding a "y" for "ies")
	return len(want) >= len(part)-2 && len(want) <= len(part) && singular(part) == want
}

// OneEdit says whether a and b differ by exactly one inserted, deleted,
// replaced or swapped letter: "saltyest" and "saltiest", "hotest" and
// "hottest".
func OneEdit(a, b string) bool { return oneEdit(a, b) }

// oneEdit says whether a and b differ by exactly one inserted, deleted,
// replaced or swapped letter.
func oneEdit(a, b string) bool {
	if d := utf8.RuneCountInString(a) - utf8.RuneCountInString(b); d > 1 || d < -1 {
		return false // checked before the letters are copied
	}
	x, y := []rune(a), []rune(b)
	if len(x) < len(y) {
		x, y = y, x
	}
	if len(x)-len(y) > 1 || a == b {
		return false
	}
	i := 0
	for i < len(y) && x[i] == y[i] {
		i++
	}
	switch {
	case len(x) != len(y): // one letter more in x
		return string(x[i+1:]) == string(y[i:])
	case i+1 < len(y) && x[i] == y[i+1] && x[i+1] == y[i]: // swapped
		return string(x[i+2:]) == string(y[i+2:])
	}
	return string(x[i+1:]) == string(y[i+1:])
}

// countTerms sets each term's count from the count whose noun it ends
// ("two nice cafes") or that stands just before it with no noun of its
// own ("2 'cafe' locations").
func countTerms(text string, ts []TermMatch, qs []Quantity) []TermMatch {
	for i := range ts {
		for _, q := range qs {
			if q.Kind != Count || q.Start >= ts[i].Start {
				continue
			}
			if q.End >= ts[i].End || q.Head == "" && strings.Trim(text[q.End:ts[i].Start], " '\"‘“") == "" {
				ts[i].Count = int(q.Value)
			}
		}
	}
	return ts
}

// namesBesideDates reads again, without the date's words, the names
// that ran into a date: a feast's capitalised name joined to its place
// by a connector ("Semana Santa en Sevilla", "Pfingsten am Bodensee")
// leaves the place.
func namesBesideDates(text string, toks []token, taken []bool, runOn []Mention, g Gazetteer, caseless bool) []Mention {
	if len(runOn) == 0 {
		return nil
	}
	masked := slices.Clone(toks)
	for k := range masked {
		masked[k].masked = masked[k].masked || taken[k]
	}
	var out []Mention
	for _, m := range findMentions(text, masked, g, caseless) {
		if slices.Contains(taken[m.first:m.last+1], true) {
			continue
		}
		if slices.ContainsFunc(runOn, func(r Mention) bool { return r.first <= m.first && m.last <= r.last }) {
			out = append(out, m)
		}
	}
	return out
}
