package understand

import (
	"cmp"
	"fmt"
	"math"

	"github.com/cairn-agents/cairn/geo/sphere"
	"slices"
	"strings"
)

// Alternative is one joint reading of all the places of a text, as the
// trace shows it: each place's qualified name, in the order of the
// mentions, and its score (higher is more coherent).
type Alternative struct {
	Score  float64  `json:"score"`
	Places []string `json:"places"`
}

// structure reads qualifiers, lists and roles.
func structure(toks []token, ms []Mention) {
	// Qualifiers: a region right after a name, after a comma or "in" or
	// nothing ("Dover, DE", "Dover in Delaware", "Dover Delaware").
	for k := 1; k < len(ms); k++ {
		prev, cur := &ms[k-1], &ms[k]
		if !between(toks, prev.end, cur.begin, ",", "in", ",in", "(", ",(", "in(") {
			continue
		}
		if thingIn(toks, prev) {
			continue // qualified.go: "Las Fallas in Valencia" is an event, in a place
		}
		regions := regionReadings(cur.cands)
		if struckOut(toks, prev) && len(withinAny(prev.cands, regions)) == 0 {
			continue // retractions.go: "not Ordino, Canillo" puts Canillo in Ordino's stead
		}
		if prev.Role == RoleRegion && (prev.Place != nil || len(regionReadings(prev.cands)) > 0 && len(townReadings(prev.cands)) == 0) {
			continue // a region's region ("Delaware, USA") qualifies nothing more
		}
		if len(regions) == 0 && locality(toks, prev, cur) {
			// A town after a landmark or an unknown name is its address:
			// "Symphony Suites, Yishun, Singapore".
			regions = townReadings(cur.cands)
		}
		if len(regions) == 0 {
			continue
		}
		// "from Dover in Delaware" qualifies; "from Newark, Dover" does not
		// (Dover is no region), and a region with a cue of its own ("to
		// Delaware") is a place, not a qualifier.
		if r, _, _ := cueBefore(toks, cur.first); r != RoleNone && r != RoleIn {
			continue
		}
		// "from Ohio, in São Paulo": a region after "in" that holds no
		// reading of the name before it is a place of its own.
		if between(toks, prev.end, cur.begin, ",in", "in") && len(prev.cands) > 0 && len(withinAny(prev.cands, regions)) == 0 {
			continue
		}
		cur.Role, cur.cands = RoleRegion, regions
		prev.qual = k
		prev.Qualifier = cur.Text
	}
	// Lists: names separated only by commas, "and", "or", "&", "/".
	group := 0
	for k := 0; k < len(ms); k++ {
		if ms[k].Role == RoleRegion {
			continue
		}
		end := ms[k].end
		if ms[k].qual >= 0 {
			end = ms[ms[k].qual].end
			if end < len(toks) && toks[end].raw == ")" {
				end++ // "Milford (Delaware), Dover"
			}
		}
		n := nextPlace(ms, k)
		if n < 0 || !between(toks, end, ms[n].begin, ",", "and", "or", "&", "/", ",and", ",or", "as well as", "plus") {
			continue
		}
		if ms[k].Group == 0 {
			group++
			ms[k].Group = group
		}
		ms[n].Group = ms[k].Group
	}
	// Roles from the cue before each name; a list's later names take the
	// first's.
	firstOf := map[int]int{} // group -> its first name
	for k := range ms {
		m := &ms[k]
		if m.Role == RoleRegion {
			continue
		}
		role, dir, c := cueBefore(toks, m.first)
		cue := cueText(toks, c, m.first)
		if f, ok := firstOf[m.Group]; ok && role == RoleNone && m.Group > 0 {
			role, dir, cue = ms[f].Role, ms[f].Direction, ms[f].Cue
		} else if !ok && m.Group > 0 {
			firstOf[m.Group] = k
		}
		m.Role, m.Direction, m.Cue = role, dir, cue
	}
	// "Wilmington to Dover", "Wilmington → Dover": no cue before the first
	// name, but the second's is "to".
	for k := range ms {
		if ms[k].Role != RoleNone {
			continue
		}
		if n := nextPlace(ms, k); n >= 0 && ms[n].Role == RoleTo {
			end := ms[k].end
			if ms[k].qual >= 0 {
				end = ms[ms[k].qual].end
			}
			if _, _, c := cueBefore(toks, ms[n].first); c >= 0 && c-end <= 1 {
				ms[k].Role = RoleFrom // the cue stays empty: no word said it
			}
		}
	}
	// A region written after the last name of a list is every name's:
	// "Newark, Dover and Middletown, Delaware".
	lastQual := map[int]int{} // group -> the qualified last name
	for k := range ms {
		if ms[k].Group == 0 || ms[k].qual < 0 {
			continue
		}
		if n := nextPlace(ms, k); n >= 0 && ms[n].Group == ms[k].Group {
			continue // not the last of its list
		}
		lastQual[ms[k].Group] = k
	}
	for j := range ms {
		if k, ok := lastQual[ms[j].Group]; ok && j != k && ms[j].qual < 0 && ms[j].Role != RoleRegion {
			ms[j].qual, ms[j].Qualifier = ms[k].qual, ms[k].Qualifier
		}
	}
	// A qualifier's own qualifier is written too: "Yishun, Singapore".
	for j := range ms {
		q := ms[j].qual
		for seen := 0; q >= 0 && ms[q].qual >= 0 && seen < 4; seen++ {
			q = ms[q].qual
			ms[j].Qualifier += ", " + ms[q].Text
		}
	}
}

// cueText is the words of a cue from token c up to the name at i, lower
// case, without articles and punctuation.
func cueText(toks []token, c, i int) string {
	if c < 0 {
		return ""
	}
	var w []string
	for k := c; k < i; k++ {
		if toks[k].kind != tokPunct && toks[k].low != "the" {
			w = append(w, toks[k].low)
		}
	}
	return strings.Join(w, " ")
}

// nextPlace is the index of the next mention after k that is not a
// qualifier, or -1.
func nextPlace(ms []Mention, k int) int {
	for n := k + 1; n < len(ms); n++ {
		if ms[n].Role != RoleRegion {
			return n
		}
	}
	return -1
}

// between says whether tokens [i, j) are nothing or one of the phrases
// (words and punctuation written together, "," "and" ",and").
func between(toks []token, i, j int, phrases ...string) bool {
	if i >= j {
		return true
	}
	if j-i > 3 {
		return false
	}
	var b strings.Builder
	for k := i; k < j; k++ {
		if k > i && toks[k].kind != tokPunct && b.Len() > 0 && !strings.HasSuffix(b.String(), ",") {
			b.WriteByte(' ')
		}
		b.WriteString(toks[k].low)
	}
	return slices.Contains(phrases, b.String())
}

// locality says whether cur, written after prev and a comma, is the
// town of prev's address: prev is a landmark or unknown, cur a town.
func locality(toks []token, prev, cur *Mention) bool {
	if prev.end >= len(toks) || !toks[prev.end].isPunct(",") && toks[prev.end].low != "in" {
		return false
	}
	for _, p := range prev.cands {
		if p.Kind != KindLandmark {
			return false
		}
	}
	return len(townReadings(cur.cands)) > 0
}

func townReadings(ps []Place) []Place {
	var out []Place
	for _, p := range ps {
		if p.Kind == KindCity {
			out = append(out, p)
		}
	}
	return out
}

func regionReadings(ps []Place) []Place {
	var out []Place
	for _, p := range ps {
		if p.Kind == KindRegion || p.Kind == KindCountry || p.Kind == KindContinent {
			out = append(out, p)
		}
	}
	return out
}

// maxReadings bounds the readings of one name the joint choice weighs.
const maxReadings = 10

// beamWidth bounds the partial joint readings kept.
const beamWidth = 64

// variable is one name to read, shared by its repeated mentions.
type variable struct {
	mentions []int
	cands    []Place
	prior    []float64
	favoured []bool // the reading got Options.Prefer's weight
}

// choose picks the joint reading of all places that is most coherent and
// fills each mention's Place. It returns the readings weighed, best
// first, and notes on close choices and names not found in a region.
func choose(ms []Mention, prefer []Place, near *Place) (alts []Alternative, notes []string) {
	// Regions the text names anywhere lend weight to places inside them,
	// a region its own name too ("Delaware" is the state before the town
	// in Ohio), except where the name is a big town's own: Manchester,
	// England, not the Jamaican parish.
	contextOf := func(key string, cands []Place) []Place {
		self := !slices.ContainsFunc(cands, bigTown)
		var context []Place
		for _, m := range ms {
			if (m.Role == RoleRegion || m.Role == RoleIn || m.Role == RoleNone) && (self || Normalize(m.Text) != key) {
				context = append(context, regionReadings(m.cands)...)
			}
		}
		return context
	}
	// A qualifier read within its own qualifier: "Yishun, Singapore".
	for k := range ms {
		if q := ms[k].qual; ms[k].Role == RoleRegion && q >= 0 {
			if in := withinAny(ms[k].cands, ms[q].cands); len(in) > 0 {
				ms[k].cands = in
			}
		}
	}
	var vars []variable
	byKey := map[string]int{}
	for k, m := range ms {
		if m.Role == RoleRegion || len(m.cands) == 0 {
			continue
		}
		key := Normalize(m.Text) + "|" + Normalize(m.Qualifier)
		if v, ok := byKey[key]; ok {
			vars[v].mentions = append(vars[v].mentions, k)
			continue
		}
		cands := dedupe(m.cands)
		if m.Role != RoleIn {
			cands = townsOverRegions(cands)
		}
		if m.qual >= 0 {
			if in := withinAny(cands, ms[m.qual].cands); len(in) > 0 {
				cands = in
			} else {
				notes = append(notes, fmt.Sprintf("no place named %q in %q is known; read without the region", m.Text, m.Qualifier))
			}
		}
		v := variable{mentions: []int{k}}
		context := contextOf(Normalize(m.Text), cands)
		for _, c := range cands {
			v.cands = append(v.cands, c)
			v.prior = append(v.prior, prior(c, m.Role, context, prefer, near))
			v.favoured = append(v.favoured, inAny(c, prefer))
		}
		// People mean a place by its name: when the name is some place's
		// own, its other readings (Newark once called Milford, İzmir once
		// Smyrna) count less.
		// An alternate name that is a city's exonym (Cologne for Köln,
		// Bruges for Brugge, Ghent for Gent: a city far larger than any
		// town of that own name, or than the villages that share it) is
		// worth what its own name is: people writing it mean the city.
		if slices.ContainsFunc(v.cands, func(c Place) bool { return c.Match == MatchName }) {
			own := ownNamePopulation(v.cands)
			for i, c := range v.cands {
				switch {
				case exonym(c, own):
					v.prior[i] += ownNameWorth
				case c.Match == MatchAlternate:
					v.prior[i] -= 1.5
				}
			}
		}
		sortByPrior(&v)
		if len(v.cands) > maxReadings {
			v.cands, v.prior, v.favoured = v.cands[:maxReadings], v.prior[:maxReadings], v.favoured[:maxReadings]
		}
		byKey[key] = len(vars)
		vars = append(vars, v)
	}
	if len(vars) == 0 {
		readQualifiers(ms)
		return nil, notes
	}
	// What each two readings of two names are worth together, once.
	pairs := make([][][]float64, len(vars)) // [later var][earlier var][later cand*n+earlier cand]
	for vi := range vars {
		pairs[vi] = make([][]float64, vi)
		for pj := 0; pj < vi; pj++ {
			m := make([]float64, len(vars[vi].cands)*len(vars[pj].cands))
			for ci, c := range vars[vi].cands {
				for pc, d := range vars[pj].cands {
					m[ci*len(vars[pj].cands)+pc] = pair(c, d)
				}
			}
			pairs[vi][pj] = m
		}
	}
	type partial struct {
		pick  []int
		score float64
	}
	type step struct {
		parent, cand int
		score        float64
	}
	beam := []partial{{}}
	var next []step
	for vi, v := range vars {
		next = next[:0]
		for bi, p := range beam {
			for ci := range v.cands {
				s := p.score + v.prior[ci]
				for pj, pc := range p.pick {
					s += pairs[vi][pj][ci*len(vars[pj].cands)+pc]
				}
				next = append(next, step{bi, ci, s})
			}
		}
		// Best first; ties by the earlier partial and reading, so the
		// choice never depends on the sort.
		slices.SortFunc(next, func(a, b step) int {
			return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.parent, b.parent), cmp.Compare(a.cand, b.cand))
		})
		kept := make([]partial, min(len(next), beamWidth))
		for i := range kept {
			st := next[i]
			kept[i] = partial{append(append(make([]int, 0, vi+1), beam[st.parent].pick...), st.cand), st.score}
		}
		beam = kept
	}
	best := beam[0]
	for vi, v := range vars {
		c := v.cands[best.pick[vi]]
		if far, km := farSpelling(vars, best.pick, vi); far {
			// "Blorptown" is not "Bloomtown", Missouri, when the other
			// places are in Delaware: the name stays unknown.
			notes = append(notes, fmt.Sprintf("no place named %q is known (the nearest spelling, %s, lies %.0f km from the other places)",
				ms[v.mentions[0]].Text, c.Qualified(), km))
			for _, k := range v.mentions {
				ms[k].Readings = len(ms[k].cands)
			}
			continue
		}
		for _, k := range v.mentions {
			ms[k].Place = &c
			ms[k].Readings = len(ms[k].cands)
		}
	}
	readQualifiers(ms)
	for i, p := range beam {
		if i >= 4 {
			break
		}
		a := Alternative{Score: math.Round(p.score*100) / 100}
		for vi, v := range vars {
			a.Places = append(a.Places, v.cands[p.pick[vi]].Qualified())
		}
		alts = append(alts, a)
	}
	// A name read in a preferred region over a likelier namesake
	// elsewhere is worth a note: the reader may have meant the other.
	noted := map[int]bool{}
	for vi, v := range vars {
		c := best.pick[vi]
		if !v.favoured[c] {
			continue
		}
		for o := range v.cands {
			if !v.favoured[o] && v.prior[o] > v.prior[c]-preferWeight && v.cands[o].Qualified() != v.cands[c].Qualified() {
				notes = append(notes, fmt.Sprintf("%q read as %s, where the data is, rather than %s (write the region to mean the other)",
					ms[v.mentions[0]].Text, v.cands[c].Qualified(), v.cands[o].Qualified()))
				noted[vi] = true
				break
			}
		}
	}
	// A close second that reads some name differently is worth a note.
	for _, p := range beam[1:] {
		if best.score-p.score >= closeMargin {
			break
		}
		for vi, v := range vars {
			if a, b := v.cands[p.pick[vi]], v.cands[best.pick[vi]]; p.pick[vi] != best.pick[vi] && a.Qualified() != b.Qualified() && !noted[vi] {
				notes = append(notes, fmt.Sprintf("%q read as %s rather than %s (a close choice: %.2f against %.2f)",
					ms[v.mentions[0]].Text, v.cands[best.pick[vi]].Qualified(), v.cands[p.pick[vi]].Qualified(), best.score, p.score))
				return alts, notes
			}
		}
	}
	return alts, notes
}

// readQualifiers gives each qualifier the reading that holds the place it
// qualifies, else its likeliest one.
func readQualifiers(ms []Mention) {
	for k := range ms {
		if ms[k].qual >= 0 && ms[k].Place != nil {
			q := &ms[ms[k].qual]
			for _, r := range q.cands {
				if ms[k].Place.Within(r) {
					q.Place = &r
					break
				}
			}
		}
	}
	for k := range ms {
		if ms[k].Role == RoleRegion && ms[k].Place == nil && len(ms[k].cands) > 0 {
			r := ms[k].cands[0]
			for _, c := range ms[k].cands[1:] { // the most populous town, or the region
				if c.Population > r.Population {
					r = c
				}
			}
			ms[k].Place = &r
			ms[k].Readings = len(ms[k].cands)
		}
	}
}

// area says whether a place is a region, a country or a continent: it
// has no distance to a town, only whether it holds it.
func area(p Place) bool {
	return p.Kind == KindRegion || p.Kind == KindCountry || p.Kind == KindContinent
}

// preferWeight is what lying in a preferred region adds to a reading.
const preferWeight = 1

// inAny says whether p is one of the regions or lies in one.
func inAny(p Place, regions []Place) bool {
	for _, r := range regions {
		if p.Within(r) || p.ID == r.ID {
			return true
		}
	}
	return false
}

// closeMargin is the score gap under which a choice is noted as close.
const closeMargin = 1.0

// townsOverRegions drops a region read by the same name as a town inside
// it: a trip from "Encamp" starts in the town, not its parish, and
// "Escaldes-Engordany" is les Escaldes. After "in", both stay.
func townsOverRegions(ps []Place) []Place {
	out := ps[:0:0]
	for _, p := range ps {
		if p.Kind == KindRegion && slices.ContainsFunc(ps, func(c Place) bool { return c.Kind == KindCity && c.Within(p) }) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// dedupe drops repeated readings (a place found under two keys), keeping
// the first.
func dedupe(ps []Place) []Place {
	seen := map[string]bool{}
	out := ps[:0:0]
	for _, p := range ps {
		if !seen[p.ID] {
			seen[p.ID] = true
			out = append(out, p)
		}
	}
	return out
}

// withinAny keeps the readings inside one of the regions, or within 50
// km of one of the towns, a qualifier may be.
func withinAny(ps, regions []Place) []Place {
	var out []Place
	for _, p := range ps {
		for _, r := range regions {
			if p.Within(r) || r.Kind == KindCity && p.HasPoint && r.HasPoint && haversineKm(p.Lat, p.Lng, r.Lat, r.Lng) <= 50 {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

func sortByPrior(v *variable) {
	idx := make([]int, len(v.cands))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v.prior[b], v.prior[a]) })
	cs, ps, fs := make([]Place, len(idx)), make([]float64, len(idx)), make([]bool, len(idx))
	for i, j := range idx {
		cs[i], ps[i], fs[i] = v.cands[j], v.prior[j], v.favoured[j]
	}
	v.cands, v.prior, v.favoured = cs, ps, fs
}

// prior is what a reading is worth alone: population (a tenfold town is
// worth one point), capitals and seats, its own name over an alternate,
// lying in a region the text names, and nearness to where the text is
// read from.
func prior(p Place, role Role, context, prefer []Place, near *Place) float64 {
	var s float64
	switch p.Kind {
	case KindCity:
		s = math.Log10(float64(p.Population) + 10)
		if p.Seat {
			s += 0.7
		}
		if p.Match == MatchName {
			// Its own name, not an alternate: Milford is not Newark (once
			// called Milford). Worth a hundredfold population.
			s += ownNameWorth
		}
	case KindRegion, KindCountry, KindContinent:
		s = 6.5
		// A trip's ends, stops and homes are towns: "Encamp" is the town
		// before the parish of the same name. A country is as often a
		// trip's end as a town is ("off to Malta"), so a village of its
		// name does not outweigh it.
		switch role {
		case RoleNone, RoleIn, RoleRegion:
		default:
			if p.Kind != KindCountry {
				s -= 1.5
			}
		}
	case KindLandmark:
		s = 6
	default:
		s = 6
	}
	if p.Match == MatchSpelling {
		s -= 1.5
	}
	for _, r := range context {
		if p.Within(r) {
			s += 1.5
			break
		}
	}
	if inAny(p, prefer) {
		s += preferWeight
	}
	if near != nil && near.HasPoint && p.HasPoint {
		// Three quarters of what a name's distance from another name of
		// the text costs: where a person is says less than what they
		// wrote together.
		s -= 0.75 * math.Log2(1+haversineKm(p.Lat, p.Lng, near.Lat, near.Lng)/30)
	}
	return s
}

// pair is what two readings are worth together: places near each other
// (a name 30 km from another costs one point, 90 km two, 210 km three),
// a place inside a region the text names alongside it.
func pair(a, b Place) float64 {
	if a.ID == b.ID {
		return -3 // two names for one place: unlikely
	}
	if a.HasPoint && b.HasPoint && area(a) == area(b) && !area(a) {
		return -math.Log2(1 + haversineKm(a.Lat, a.Lng, b.Lat, b.Lng)/30)
	}
	if a.Within(b) || b.Within(a) {
		return 1
	}
	return 0
}

// haversineKm is the great-circle distance in kilometres.
func haversineKm(lat1, lng1, lat2, lng2 float64) float64 {
	return sphere.Distance(lat1, lng1, lat2, lng2) / 1000
}

// farSpellingKm is how far from every other place of the text a reading
// found only by its spelling may lie before it is thought no reading.
const farSpellingKm = 500

// farSpelling says whether the chosen reading of vars[vi] was found only
// by a near spelling, lies in no preferred region, and lies more than
// farSpellingKm from every other place the text names (then also how far
// from the nearest). With no other place to measure by, it is kept.
func farSpelling(vars []variable, pick []int, vi int) (bool, float64) {
	c := vars[vi].cands[pick[vi]]
	if c.Match != MatchSpelling || !c.HasPoint || area(c) || vars[vi].favoured[pick[vi]] {
		return false, 0
	}
	nearest := math.Inf(1)
	for vj, v := range vars {
		d := v.cands[pick[vj]]
		if vj == vi || !d.HasPoint || area(d) {
			continue
		}
		nearest = math.Min(nearest, haversineKm(c.Lat, c.Lng, d.Lat, d.Lng))
	}
	return !math.IsInf(nearest, 1) && nearest > farSpellingKm, nearest
}

// ownNamePopulation is the largest population of the readings named by
// their own name.
func ownNamePopulation(ps []Place) int {
	most := 0
	for _, p := range ps {
		if p.Match == MatchName && p.Kind == KindCity {
			most = max(most, p.Population)
		}
	}
	return most
}

// ownNameWorth is what a city's own name adds to a reading (prior).
const ownNameWorth = 2

// exonym says whether an alternate reading is a city's name in another
// language (Cologne, Munich, Seville, Bruges, Lucerne) rather than a name
// it once had: a city of half a million or more, a hundredfold the
// largest town of that own name; or a city of 50,000 or more, five times
// the largest town of that own name when those are villages and small
// towns (under 20,000: Ghent, New York; Bruges, Gironde). A town of that
// own name big enough to be meant (Smyrna, Georgia, 51,000, beside İzmir
// once Smyrna) keeps the name.
func exonym(p Place, ownPopulation int) bool {
	if p.Kind != KindCity || p.Match != MatchAlternate {
		return false
	}
	return p.Population >= 500_000 && p.Population >= 100*ownPopulation ||
		p.Population >= 50_000 && ownPopulation < 20_000 && p.Population >= 5*ownPopulation
}

// bigTown says whether a reading is a town of 100,000 people or more
// named by its own name.
func bigTown(p Place) bool {
	return p.Kind == KindCity && p.Match == MatchName && p.Population >= 100_000
}
