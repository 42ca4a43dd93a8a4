package understand

import (
	"regexp"
	"slices"
	"strings"
)

// A place taken back as it is written: "in Seville ..., sorry, not
// Seville, Málaga", "Porto - sorry, I mean Braga", "to Milton, scratch
// that, Lewes", "make it Dover, not Smyrna". The place taken back names
// nothing the text asks about; the one said in its stead takes its role
// when the words give it none of its own.

// Retraction is a mention the text takes back and the one said in its
// stead, as indices into Reading.Mentions; Successor is -1 when the text
// names none ("in Lisbon, not Porto": Porto is taken back, Lisbon stood
// before it).
type Retraction struct {
	Taken     int `json:"taken"`
	Successor int `json:"successor"`
	// Aside says the place is put aside where it is first named
	// ("staying in Málaga, not Seville" with no Seville before): the
	// text excludes it rather than takes back what it said, and a caller
	// may read it as a place to keep away from.
	Aside bool `json:"aside,omitempty"`
}

// retractCue, between two places, says the second replaces the first:
// "I mean", "no wait", "no sorry", "make it", "scratch that", "or
// rather". "Actually" alone is not enough: "I live in Leeds. Actually my
// sister lives in York" keeps both; "sorry" alone is enough only as all
// the words between (sorryGap).
var retractCue = regexp.MustCompile(`\b(?:wait,? no|no,? wait|no no|no,? sorry|sorry,? no|actually,? no|make (?:it|that)|i mean|i meant|or rather|scratch (?:that|it)|scratch|(?:forget|strike) (?:that|it)|correction|change (?:it|that) to|oops)\b`)

// sorryGap is the whole of the words between two places when "sorry" is
// all that takes the first back, the second's preposition said again or
// not: "the elevation of Rehoboth Beach, sorry, of Lewes", "Leeds -
// sorry - York", "from Dover sorry from Milton". "Sorry" with more words
// ("in Leeds, sorry to ask, is York ...") takes nothing back.
var sorryGap = regexp.MustCompile(`^[\s,;:–—-]*(?:oh,?\s+|oops,?\s+)?sorry[\s,;:.…–—-]*(?:(?:from|to|of|in|at|via|near|for|into|towards?)\s+(?:the\s+)?)?$`)

// restatedEnd ends the words between a place and a word in lower case
// read as the place said in its stead: "to Seaford, I mean laurel", "to
// Milford - no wait not milford, laurel".
var restatedEnd = regexp.MustCompile(`\b(?:wait,? no|no,? wait|no,? sorry|sorry,? no|i mean|i meant|make (?:it|that)|or rather|scratch(?: that| it)?)(?:,?\s*not)?[\s,:;–—-]*$`)

// restatedAfter says whether text[end:start] joins a place to a word
// the caller should read as a name in its stead, even in lower case.
func restatedAfter(text string, end, start int) bool {
	if start < end || start-end > maxRetractGap {
		return false
	}
	gap := strings.ToLower(text[end:start])
	return !strings.ContainsAny(gap, ".?!\n") && (restatedEnd.MatchString(gap) || sorryGap.MatchString(gap))
}

// struckOut says whether m is a place struck out where it is written
// ("not Ordino", "scratch Ordino"): a region after it and a comma is the
// place in its stead ("not Ordino, Canillo"), no region of it.
func struckOut(toks []token, m *Mention) bool {
	if m.first == 0 {
		return false
	}
	switch toks[m.first-1].low {
	case "not", "scratch", "strike":
		return true
	}
	return false
}

// madeInto after "make it" makes the trip into something, no place in
// another's stead: "make it a long weekend in Porto".
var madeInto = regexp.MustCompile(`^\s+(?:a|an|into)\s`)

// notBefore ends the words before a place taken back by "not": "sorry,
// not Seville, Málaga", "no, not Leeds - York".
var notBefore = regexp.MustCompile(`\bnot\s+(?:in\s+|from\s+|to\s+|near\s+|at\s+)?$`)

// notThen joins a place taken back by "not" to the one said in its
// stead: "not Seville, Málaga", "not Leeds but York".
var notThen = regexp.MustCompile(`^\s*(?:,|;|-|–|—|:)?\s*(?:but\s+)?(?:rather\s+)?(?:in\s+|to\s+|at\s+)?$`)

// insteadOf ends the words after a place and before one it puts aside:
// "Málaga, not Seville", "Dover instead of Smyrna", "York rather than
// Leeds".
var insteadOf = regexp.MustCompile(`^\s*,?\s*(?:and\s+)?(?:not|instead of|rather than)\s+$`)

// maxRetractGap is how far apart, in bytes, a place and a cue that puts
// another in its stead may be.
const maxRetractGap = 60

// Retractions are the places r's text takes back, in the order written:
// a place followed by a cue and another place ("Porto, I mean Braga"),
// a place taken back by "not" before the one in its stead ("not Seville,
// Málaga": every Seville of the text), and a place put aside after
// another ("Málaga, not Seville", "Dover instead of Smyrna": every
// Smyrna). Regions written after a place only qualify it and are never
// taken back on their own.
func (r *Reading) Retractions() []Retraction {
	low := strings.ToLower(r.Text)
	var idx []int // the mentions that are places, not qualifiers
	for i, m := range r.Mentions {
		if m.Role != RoleRegion {
			idx = append(idx, i)
		}
	}
	var out []Retraction
	taken := map[int]bool{}
	takeBack := func(name Mention, before int, successor int) {
		for _, k := range idx {
			if k < before && !taken[k] && sameName(r.Mentions[k], name) {
				taken[k] = true
				out = append(out, Retraction{Taken: k, Successor: successor})
			}
		}
	}
	for a, i := range idx {
		x := r.Mentions[i]
		if taken[i] {
			continue
		}
		// The next place of another name; x said again in between is part
		// of the taking back ("scratch Milton, Lewes", "not Seville,
		// Málaga").
		b := a + 1
		for b < len(idx) && sameName(r.Mentions[idx[b]], x) {
			b++
		}
		if b == len(idx) {
			break
		}
		j := idx[b]
		y := r.Mentions[j]
		last := r.Mentions[idx[b-1]] // the last x before y
		if y.Start < last.End {
			continue // mentions a caller added out of order, or overlapping
		}
		gap := low[x.End:y.Start]
		cued := len(gap) <= maxRetractGap && !strings.ContainsAny(gap, "?!\n") && (retractCueIn(gap) || sorryGap.MatchString(gap))
		negated := notBefore.MatchString(low[:last.Start]) && notThen.MatchString(low[last.End:y.Start])
		if cued || negated {
			takeBack(x, j, j)
		}
	}
	// "Málaga, not Seville", "Dover instead of Smyrna": every such
	// Smyrna is taken back, the place before it stays and is said in the
	// stead of a Smyrna named before ("to Smyrna. Make it Dover, not
	// Smyrna"); with none before, Smyrna is only put aside.
	for b := 1; b < len(idx); b++ {
		y, prev := r.Mentions[idx[b]], r.Mentions[idx[b-1]]
		if taken[idx[b]] || sameName(y, prev) || y.Start < prev.End || !insteadOf.MatchString(low[prev.End:y.Start]) {
			continue
		}
		takeBack(y, idx[b-1], idx[b-1])
		earlier := len(out)
		takeBack(y, len(r.Mentions), -1)
		if earlier == 0 || !slices.ContainsFunc(out[:earlier], func(t Retraction) bool { return sameName(r.Mentions[t.Taken], y) }) {
			for k := earlier; k < len(out); k++ {
				out[k].Aside = true
			}
		}
	}
	slices.SortFunc(out, func(p, q Retraction) int { return p.Taken - q.Taken })
	return out
}

// retractCueIn says whether gap holds a cue that puts the place after it
// in the stead of the one before: not "make it a long weekend".
func retractCueIn(gap string) bool {
	for _, c := range retractCue.FindAllStringIndex(gap, -1) {
		if !strings.HasPrefix(gap[c[0]:], "make") || !madeInto.MatchString(gap[c[1]:]) {
			return true
		}
	}
	return false
}

// sameName says whether two mentions name one place: the same reading,
// or the same words when neither was found.
func sameName(a, b Mention) bool {
	if a.Place != nil && b.Place != nil {
		return a.Place.Name == b.Place.Name && a.Place.CountryCode == b.Place.CountryCode && a.Place.Kind == b.Place.Kind
	}
	return strings.EqualFold(strings.TrimSpace(a.Text), strings.TrimSpace(b.Text))
}

// WithoutRetracted is r's mentions less those the text takes back, each
// place said in another's stead holding the role and cue of the first one
// it replaces when its own words give it none ("in Seville ..., sorry,
// not Seville, Málaga": Málaga is where the text is, as Seville was).
// The qualifier of a place taken back goes with it. r is not changed.
func (r *Reading) WithoutRetracted() []Mention {
	return r.without(r.Retractions())
}

// WithoutTakenBack is WithoutRetracted keeping the places only put
// aside where first named ("Dover instead of Smyrna" with no Smyrna
// before), for a caller that reads them as places to keep away from.
func (r *Reading) WithoutTakenBack() []Mention {
	return r.without(slices.DeleteFunc(r.Retractions(), func(t Retraction) bool { return t.Aside }))
}

// without is r's mentions less those rs take back, each successor given
// the role of the first one it replaces.
func (r *Reading) without(rs []Retraction) []Mention {
	if len(rs) == 0 {
		return r.Mentions
	}
	out := slices.Clone(r.Mentions)
	gone := make([]bool, len(out))
	given := map[int]bool{}
	for _, t := range rs {
		gone[t.Taken] = true
		// its qualifier: the region written just after it
		if q := t.Taken + 1; q < len(out) && out[q].Role == RoleRegion && out[t.Taken].Qualifier != "" {
			gone[q] = true
		}
		if s := t.Successor; s >= 0 && !given[s] && (out[s].Role == RoleNone || out[s].Role == RoleIn) && out[t.Taken].Role != RoleNone {
			out[s].Role, out[s].Cue, given[s] = out[t.Taken].Role, out[t.Taken].Cue, true
		}
	}
	kept := out[:0]
	for i, m := range out {
		if !gone[i] {
			kept = append(kept, m)
		}
	}
	return kept
}
