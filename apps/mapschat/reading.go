package mapschat

import (
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// How the policy reads a message before deciding: the shared understand
// package reads it once; names it took for faraway places that are the
// words of a maps request here ("atm", "bank", "charge", "centre") are
// then no place, and a town written without the last word of its name
// ("Rehoboth" for Rehoboth Beach) is the nearby town before a faraway
// homonym; the message is read again with that correction.

// farKm is how far from the map's centre a place is faraway: a name read
// as a place beyond it needs to be written as a name.
const farKm = 250

// nearKm bounds the town a shortened name may be.
const nearKm = 150

// nameEnds are the generic last words of town names people leave out
// ("Rehoboth" for Rehoboth Beach, "Ocean" for Ocean City).
var nameEnds = []string{"beach", "city", "springs", "heights", "village", "falls", "harbor", "harbour",
	"island", "point", "hills", "park", "junction", "station", "town"}

// readText reads text as understand does, then again with the names that
// are no place here corrected; towns written in lower case are added.
func (a *Assistant) readText(text string, here *Loc, withTerms bool) *understand.Reading {
	return a.withLowerTowns(a.readCased(text, here, withTerms), here, withTerms)
}

// readCased reads text with the names that are no place here corrected.
func (a *Assistant) readCased(text string, here *Loc, withTerms bool) *understand.Reading {
	opts := understand.Options{Gazetteer: a.o.Gazetteer, Prefer: a.o.Prefer}
	if withTerms {
		opts.Terms = terms
	}
	if here != nil && here.Point != nil {
		opts.Near = &understand.Place{Lat: here.Point.Lat, Lng: here.Point.Lng, HasPoint: true}
	}
	rd := understand.Read(text, opts)
	if a.o.Gazetteer == nil {
		return rd
	}
	cased := strings.ToLower(text) != text
	fix := map[string][]understand.Place{}
	// A name read away can uncover another to correct: "the post" (a
	// town's other name) read away leaves "post office", which a
	// landmark an hour away is called. A few rounds at most.
	for range 3 {
		n := len(fix)
		for _, m := range rd.Mentions {
			if m.Place == nil || m.Role == understand.RoleRegion || m.Quoted {
				continue
			}
			key := understand.Normalize(m.Text)
			if _, done := fix[key]; done {
				continue
			}
			if repl, ok := a.correct(text, m, key, cased, here); ok {
				fix[key] = repl
				if repl == nil && isTermKey(key) {
					for _, w := range strings.Fields(key) {
						fix[w] = nil // "post" of "post office": no town either
					}
				}
			}
		}
		if len(fix) == n {
			break
		}
		opts.Gazetteer = remapped{g: a.o.Gazetteer, fix: fix}
		rd = understand.Read(text, opts)
	}
	return rd
}

// correct says whether the mention m is to be read otherwise: as no place
// (nil), or as the nearby places returned.
func (a *Assistant) correct(text string, m understand.Mention, key string, cased bool, here *Loc) ([]understand.Place, bool) {
	p := *m.Place
	lower := strings.ToLower(m.Text) == m.Text
	local := a.isLocal(p, here, farKm)
	if isTermKey(key) && !(local && !lower) {
		return nil, true // "atm", "bank", "parks": a kind of place
	}
	if !local && p.Kind == understand.KindCity {
		// before a small far place read as a word: "bethany" in lower
		// case is Bethany Beach nearby, not a word nor Bethany, WV
		for _, end := range nameEnds {
			for _, q := range a.o.Gazetteer.Lookup(key + " " + end) {
				if q.Kind == understand.KindCity && q.Match == understand.MatchName && a.isLocal(q, here, nearKm) {
					q.Match = understand.MatchAlternate
					return []understand.Place{q}, true
				}
			}
		}
	}
	if isWord(m, lower, local) {
		return nil, true
	}
	if local {
		return nil, false
	}
	before := strings.ToLower(text[:m.Start])
	switch {
	case lower && cased:
		return nil, true // "charge", "rain" in a written sentence: words
	case lower && p.Match != understand.MatchName:
		return nil, true // "st" of "1st", "bank" as an alternate name
	case strings.HasSuffix(strings.ToLower(m.Text), "'s") || strings.HasSuffix(m.Text, "’s"):
		return nil, true // "Lucky's": a business, not a town
	case reVerbAfter.MatchString(before):
		return nil, true // "we'll manage": a verb, not Manage in Belgium
	case lower && followsTerm(before):
		return nil, true // "store" of "grocery store": a word of the kind
	case lower && (strings.HasSuffix(before, "the ") || strings.HasSuffix(before, "town ") || strings.HasSuffix(before, "city ")):
		return nil, true // "the centre", "town centre"
	}
	return nil, false
}

// isLocal says whether p is within km of the map's centre, or, with no
// centre, in a region the maps cover.
func (a *Assistant) isLocal(p understand.Place, here *Loc, km float64) bool {
	if here != nil && here.Point != nil {
		return p.HasPoint && distKm(here.Point.Lat, here.Point.Lng, p.Lat, p.Lng) <= km
	}
	for _, r := range a.o.Prefer {
		if p.Country == r.Country && (r.Kind == understand.KindCountry || p.Region == r.Name) {
			return true
		}
	}
	return len(a.o.Prefer) == 0
}

func distKm(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h)))
}

// remapped is a gazetteer with some keys read otherwise.
type remapped struct {
	g   understand.Gazetteer
	fix map[string][]understand.Place
}

func (r remapped) Lookup(key string) []understand.Place {
	if ps, ok := r.fix[key]; ok {
		return ps
	}
	return r.g.Lookup(key)
}

func (r remapped) Spell(key string, maxEdits int) []understand.Place {
	if _, ok := r.fix[key]; ok {
		return nil
	}
	if s, ok := r.g.(understand.Speller); ok {
		return s.Spell(key, maxEdits)
	}
	return nil
}

// termKeys are the terms' phrases as Normalize folds them.
var termKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range terms {
		m[understand.Normalize(t.Phrase)] = true
	}
	return m
}()

// isTermKey says whether key is a term's phrase, or its plural.
func isTermKey(key string) bool {
	if termKeys[key] {
		return true
	}
	for _, s := range []string{"s", "es"} {
		if k, ok := strings.CutSuffix(key, s); ok && termKeys[k] {
			return true
		}
	}
	return false
}

var (
	// reVerbAfter is a subject with its modal: the word after it is a
	// verb ("we'll manage", "I can reach").
	reVerbAfter = regexp.MustCompile(`\b(?:i|we|you|they|he|she)(?:'ll|’ll|ll| will| can| could| should| would| might| must|'d|’d)\s+$`)
	// reNearestOne is the first of the last list: "the nearest one", and
	// in a learner's grammar "the more near one", "the most close place".
	reNearestOne = regexp.MustCompile(`\b(?:the )?(?:nearest|closest|(?:more|most) (?:near|close|nearer|closer)) (?:one|place|of them)\b`)
	// reThisPlace points at the place spoken of with a noun: "this hotel".
	reThisPlace = regexp.MustCompile(`\b(this|that|the same) ([a-z]+(?: [a-z]+)?)\b`)
	// reWeather asks what the maps do not know.
	reWeather = regexp.MustCompile(`\b(weather|forecast|rain|raining|rainy|snow|snowing|sunny|temperature|storm|stormy|windy|humid|humidity|thunderstorms?)\b`)
	// reTransit is public transport, as people name it.
	reTransit = regexp.MustCompile(`\b(public transport(ation)?|public transit|mass transit|by (bus|train|rail|subway|metro|tram|coach))\b`)
	// reModeDropped is a mode written with its last letter dropped: "walkin".
	reModeDropped = regexp.MustCompile(`\b(walk|driv|bik|cycl)in['’]?(?:\s|$)`)
	// reModeVerbForm is a travel verb in a form the reader leaves as no
	// mode, with the route it goes: "if her brother walks it", "he
	// cycles there instead", "she drove that".
	reModeVerbForm = regexp.MustCompile(`\b(walk|driv|drov|cycl|bik)(?:es|s|ed|e)\s+(?:it|there|that|instead|over|back)\b`)
	// reFollowTo changes one end of the last route: "and to Lewes", "what about from Dover".
	reFollowTo = regexp.MustCompile(`^(?:(?:ok(?:ay)?|and|so|then|now|what about|how about|or)[,.!]?\s+)+(?:(?:going|driving|walking|cycling|heading)\s+)?(to|from)\s`)
	// reCompare asks which of several places is nearer.
	reCompare = regexp.MustCompile(`\b(closer|nearer|further|farther|quicker|faster|shorter|longer)\b`)
	// reHereWords are words that stand for where the person is.
	reHereWords = regexp.MustCompile(`^(?:(?:up|are|we|am|i|is|it|here|now|right|currently|at|the|moment|this|place|spot|location|point|where|we're|i'm)\s*)+$`)
	// reBareDetail is a detail asked alone: "hours?", "phone number?".
	reBareDetail = regexp.MustCompile(`^(?:and |what about |how about |what are |what's |whats |what is )?(?:the |its |their |it's )?(opening hours|hours|open now|open|phone number|phone|number|telephone|website|address|rating|reviews?)\s*[?.!]*$`)
)

// refine adds what the message points at that understand leaves out:
// "the nearest one" of a list, "this hotel" for the place spoken of.
func refine(rd *understand.Reading, low string, mem Memory) *understand.Reading {
	out := *withListedPicks(withNamedOnes(closestListed(rd, low, mem), low, mem), low, mem)
	out.References = slices.Clone(out.References)
	overlaps := func(s, e int) bool {
		for _, r := range out.References {
			if r.Start < e && s < r.End {
				return true
			}
		}
		return false
	}
	role := func(s int) understand.Role {
		before := strings.TrimSpace(low[:s])
		switch {
		case strings.HasSuffix(before, "from"):
			return understand.RoleFrom
		case strings.HasSuffix(before, "to") || strings.HasSuffix(before, "until") || strings.HasSuffix(before, "till"):
			return understand.RoleTo
		}
		return understand.RoleNone
	}
	if len(mem.Results) > 0 && len(low) == len(rd.Text) {
		for _, ix := range reNearestOne.FindAllStringIndex(low, -1) {
			if !overlaps(ix[0], ix[1]) {
				out.References = append(out.References, understand.Reference{Span: understand.Span{Start: ix[0], End: ix[1]},
					Text: rd.Text[ix[0]:ix[1]], Kind: understand.RefNth, Index: 1, Role: role(ix[0])})
			}
		}
	}
	if (mem.Subject != nil || len(mem.Results) == 1) && len(low) == len(rd.Text) {
		for _, m := range reThisPlace.FindAllStringSubmatchIndex(low, -1) {
			s, e := m[0], m[1]
			noun := low[m[4]:m[5]]
			if !isTermKey(understand.Normalize(noun)) {
				w, _, _ := strings.Cut(noun, " ")
				if !isTermKey(understand.Normalize(w)) && w != "place" && w != "spot" {
					continue
				}
				e = m[4] + len(w)
			}
			if overlaps(s, e) {
				continue
			}
			out.References = append(out.References, understand.Reference{Span: understand.Span{Start: s, End: e},
				Text: rd.Text[s:e], Kind: understand.RefIt, Role: role(s)})
			out.Terms = slices.DeleteFunc(slices.Clone(out.Terms), func(t understand.TermMatch) bool {
				return t.Start < e && s < t.End
			})
		}
	}
	return &out
}

// chainOf is a name several places share ("Starbucks"): a brand, searched
// for near a place rather than placed. A name a kind is searched near
// ("a bakery close to the Green") is where, not what.
func chainOf(rd *understand.Reading) (understand.Mention, bool) {
	for _, m := range rd.Mentions {
		if m.Role == understand.RoleNear && slices.ContainsFunc(rd.Terms, func(t understand.TermMatch) bool { return t.End <= m.Start }) {
			continue
		}
		if m.Place != nil && m.Place.Kind == understand.KindLandmark && m.Readings > 1 && m.Role != understand.RoleFrom && m.Role != understand.RoleTo {
			return m, true
		}
	}
	return understand.Mention{}, false
}

// without is rd less the mention m.
func without(rd *understand.Reading, m understand.Mention) *understand.Reading {
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), func(x understand.Mention) bool { return x.Span == m.Span })
	return &out
}

// resultNamed finds an earlier result the message names by the start of
// its name: "Lucky's" for Lucky's Coffee Shop, "the Home2 Suites".
func resultNamed(low string, mem Memory) *Place {
	if p := mentionsResult(low, mem); p != nil {
		return p
	}
	for i := range mem.Results {
		words := strings.Fields(strings.ToLower(mem.Results[i].Name))
		if len(words) < 2 {
			continue
		}
		lead := words[0]
		if len(words) > 2 {
			lead += " " + words[1]
		}
		leads := []string{lead}
		if strings.HasSuffix(words[0], "'s") || strings.HasSuffix(words[0], "’s") {
			leads = append(leads, words[0])
		} else if !strings.Contains(lead, " ") {
			continue
		}
		for _, l := range leads {
			if len(l) >= 5 && hasWords(low, l) {
				return &mem.Results[i]
			}
		}
	}
	return nil
}

// followsTerm says whether the text before a word ends with a kind of
// place ("grocery ", "coffee "): the word is then part of the kind.
func followsTerm(before string) bool {
	f := strings.Fields(before)
	return len(f) > 0 && before != strings.TrimRight(before, " ") && isTermKey(understand.Normalize(f[len(f)-1]))
}
